// Tests of qi arena rate: the outputs of several matches make one list.

package arena

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRate(t *testing.T) {
	dir := t.TempDir()
	// A match printed every 10 games (the last line counts), a second
	// match of the same pairing the other way round, and a gauntlet.
	one := "Score of a vs b: 3 - 5 - 2  [0.400] 10\nScore of a vs b: 30 - 50 - 20  [0.400] 100\n"
	two := "Finished game 1 (b vs a): 1-0 {x}\nScore of b vs a: 50 - 30 - 20  [0.600] 100\n"
	three := "Score of c vs a: 50 - 10 - 40  [0.700] 100\nScore of c vs b: 40 - 20 - 40  [0.600] 100\n" +
		"Score of d vs c: 0 - 0 - 100  [0.500] 100\n"
	var paths []string
	for i, text := range []string{one, two, three} {
		p := filepath.Join(dir, string(rune('1'+i))+".txt")
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		paths = append(paths, p)
	}
	var out bytes.Buffer
	require.NoError(t, Rate(append([]string{"-anchor", "a=100", "-order", "a,b,c,d"}, paths...), &out, &out))
	text := out.String()
	assert.Contains(t, text, "Pairings (4)")
	assert.Contains(t, text, "  a vs b: 60 - 100 - 40  [0.400] 200  Elo -70.4 +/- ")
	assert.Contains(t, text, "100.0  anchor    300")
	assert.Contains(t, text, "   1 c       244.5")
	assert.Contains(t, text, "In order (non-decreasing):")
	// c and d drew every game and score alike: rated as one, d takes c's.
	out.Reset()
	require.NoError(t, Rate(append([]string{"-anchor", "a", "-same", "c,d", "-order", "a,b,d"}, paths...), &out, &out))
	assert.Contains(t, out.String(), "Pairings (3)")
	assert.Contains(t, out.String(), " c=d ")

	err := Rate([]string{filepath.Join(dir, "none.txt")}, &out, &out)
	assert.Error(t, err)
	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, []byte("nothing\n"), 0o644))
	assert.ErrorContains(t, Rate([]string{empty}, &out, &out), "no results read")
	assert.ErrorContains(t, Rate([]string{"-anchor", "a=x", paths[0]}, &out, &out), "is not an Elo")
	assert.ErrorContains(t, Rate([]string{"-order", "a,z", paths[0]}, &out, &out), "z played no game")
	out.Reset()
	require.NoError(t, Rate([]string{"-h"}, &out, &out))
	assert.Contains(t, out.String(), "usage: qi arena rate")
}
