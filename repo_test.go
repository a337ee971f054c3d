// Tests of the repository's own files: a merge's conflict markers never
// land in a text that no compiler reads (README, docs, deploy files).

package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNoConflictMarkers(t *testing.T) {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	root := filepath.Dir(file)
	texts := map[string]bool{".md": true, ".go": true, ".yaml": true, ".yml": true, ".json": true, ".sh": true,
		".sbatch": true, ".sub": true, ".dag": true, ".txt": true, "": true}
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !texts[filepath.Ext(path)] || !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		checked++
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d: a merge's conflict marker: %q", rel, n, line)
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 50, "the walk reads the repository's files")
}
