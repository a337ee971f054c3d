// Tests of building a book in shards: the records' searches split over
// shards, merged and taken by the build, give the book a whole build gives.

package booktool

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/shard"
)

func TestBuildInShards(t *testing.T) {
	wthor := testdata(t, "WTH_1977.wtb")
	build := []string{"-game", "othello", "-level", "2", "-plies", "10", "-min", "1", wthor}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.book")
	mustRun(t, append([]string{"build", "-book", whole}, build...)...)
	want := mustRun(t, "export", "-book", whole)

	// Three shards, as a cluster runs them: each searches its part of the
	// records' positions into its own files and leaves the book alone.
	book := filepath.Join(dir, "sharded.book")
	runs := filepath.Join(dir, "runs")
	for i := range 3 {
		out := mustRun(t, append([]string{"build", "-book", book, "-shard", []string{"0/3", "1/3", "2/3"}[i], "-outdir", runs}, build...)...)
		assert.Contains(t, out, "searched ")
		assert.NoFileExists(t, book, "a shard writes no book")
		assert.NoFileExists(t, book+".journal", "nor a journal beside it")
	}
	runDirs, err := filepath.Glob(filepath.Join(runs, "book-build-*"))
	require.NoError(t, err)
	require.Len(t, runDirs, 1, "the three shards are one run")
	_, err = qiBook(t, append([]string{"build", "-book", book, "-results", runDirs[0]}, build...)...)
	assert.ErrorContains(t, err, "merged.bkj", "the shards must be merged first")

	m, err := shard.Merge(runDirs, shard.MergeOptions{Out: filepath.Join(runDirs[0], shard.MergedName)})
	require.NoError(t, err)
	var report strings.Builder
	require.NoError(t, Report(m, &report))
	assert.Regexp(t, `^\d+ positions searched: merged.bkj\n$`, report.String())

	out := mustRun(t, append([]string{"build", "-book", book, "-results", filepath.Join(runDirs[0], shard.MergedName)}, build...)...)
	assert.Regexp(t, `searched 0 positions at depth 2 .*, \d+ more from the journal or a batch run`, out, "the build takes the shards' searches")
	assert.Equal(t, want, mustRun(t, "export", "-book", book), "the shards make the book a whole build makes")

	// Results of another search are refused: here a deeper level.
	other := filepath.Join(dir, "other.book")
	_, err = qiBook(t, "build", "-book", other, "-game", "othello", "-level", "3", "-plies", "10", "-min", "1",
		"-results", filepath.Join(runDirs[0], shard.MergedName), wthor)
	assert.ErrorContains(t, err, "belong to another search")
	assert.NoFileExists(t, other)
	// And so are full-width results for selective searches.
	_, err = qiBook(t, append([]string{"build", "-book", other, "-selective", "-results", filepath.Join(runDirs[0], shard.MergedName)}, build...)...)
	assert.ErrorContains(t, err, "belong to another search")
	assert.NoFileExists(t, other)

	_, err = qiBook(t, "build", "-book", other, "-game", "othello", "-shard", "0/2")
	assert.ErrorContains(t, err, "there are none", "a batch job needs records to split")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "whole.book, sharded.book and runs/: no other file")
}
