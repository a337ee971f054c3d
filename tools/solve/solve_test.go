package solve

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSolveFile(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run([]string{"-hash", "8", "testdata/easy.obf"}, &out, &errs))
	text := out.String()
	assert.Equal(t, 4, strings.Count(text, " ok "), text)
	assert.Contains(t, text, "4 positions")
	assert.Contains(t, text, "4 of 4 answers right")
	assert.Contains(t, text, "g8", "FFO #1 is G8:+18")
}

// TestSolveThreads: -threads 2 finds the answers one thread finds.
func TestSolveThreads(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run([]string{"-hash", "8", "-threads", "2", "testdata/easy.obf"}, &out, &errs))
	assert.Contains(t, out.String(), "4 of 4 answers right")
}

// TestSolveJSON: -json writes a line per position and a line of totals,
// with the documented fields.
func TestSolveJSON(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run([]string{"-hash", "8", "-json", "-to", "2", "-number", "1", "testdata/easy.obf"}, &out, &errs))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	var first map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.EqualValues(t, 1, first["number"])
	assert.EqualValues(t, 18, first["score"], "FFO #1 is G8:+18")
	assert.Equal(t, "g8", first["move"])
	assert.Equal(t, "ok", first["answer"])
	for _, k := range []string{"empties", "nodes", "nps", "seconds", "pv"} {
		assert.Contains(t, first, k)
	}
	var total map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[2]), &total))
	assert.EqualValues(t, 2, total["positions"])
	assert.EqualValues(t, 2, total["right"])
	assert.EqualValues(t, 0, total["wrong"])
	assert.Empty(t, errs.String(), "no progress where stderr is no terminal")
}

func TestSolveRangeAndSizes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mixed.obf")
	// A 6x6 and a 4x4 position without answers, and a comment.
	content := "# mixed sizes\n" +
		"--XXXX-XXXXOXXXXOOXXOXOOXOOXOO--OO-- X\n" +
		"XXXX" + "XXXX" + "XXXX" + "X-OX O\n"
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	var out, errs bytes.Buffer
	require.NoError(t, Run([]string{"-from", "2", "-to", "2", path}, &out, &errs))
	assert.Contains(t, out.String(), "1 positions")
	assert.Contains(t, out.String(), "-16", "white passes, black takes everything")
	out.Reset()
	require.NoError(t, Run([]string{path}, &out, &errs))
	assert.Contains(t, out.String(), "2 positions")
}

func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.obf")
	require.NoError(t, os.WriteFile(bad, []byte("not a board X\n"), 0o644))
	var out, errs bytes.Buffer
	assert.ErrorContains(t, Run([]string{bad}, &out, &errs), "position 1: bad position")
	// A bad line is said before the table starts, even after good ones.
	assert.Empty(t, out.String())
	easy, err := os.ReadFile("testdata/easy.obf")
	require.NoError(t, err)
	mixed := filepath.Join(dir, "mixed.obf")
	require.NoError(t, os.WriteFile(mixed, append(easy, "not a board X\n"...), 0o644))
	assert.ErrorContains(t, Run([]string{mixed}, &out, &errs), "bad position")
	assert.Empty(t, out.String(), "nothing solved before the bad line is found")
	wrong := filepath.Join(dir, "wrong.obf")
	line, err := os.ReadFile("testdata/easy.obf")
	require.NoError(t, err)
	first := strings.SplitN(string(line), "\n", 2)[0]
	require.NoError(t, os.WriteFile(wrong, []byte(strings.Replace(first, "+18", "+20", 1)+"\n"), 0o644))
	err = Run([]string{wrong}, &out, &errs)
	assert.ErrorContains(t, err, "wrong")
	assert.Error(t, Run([]string{"-from", "3", "-to", "2", bad}, &out, &errs))
	assert.Error(t, Run([]string{filepath.Join(dir, "missing.obf")}, &out, &errs))
}

// TestSolveDepth: -depth searches to that depth, gives its score as an
// estimate unless the search proved it, and checks no answers.
func TestSolveDepth(t *testing.T) {
	for _, args := range [][]string{{"-depth", "4"}, {"-depth", "4", "-selective"}} {
		var out, errs bytes.Buffer
		require.NoError(t, Run(append([]string{"-hash", "8", "-json"}, append(args, "testdata/easy.obf")...), &out, &errs), "%v", args)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.Len(t, lines, 5, out.String())
		for i, line := range lines[:4] {
			var r map[string]any
			require.NoError(t, json.Unmarshal([]byte(line), &r))
			assert.NotContains(t, r, "answer", "%v: %s", args, line)
			_, exact := r["score"]
			_, estimate := r["estimate"]
			assert.NotEqual(t, exact, estimate, "%v: a score or an estimate: %s", args, line)
			if i == 0 {
				assert.True(t, estimate, "%v: a depth of 4 proves nothing at 14 empties: %s", args, line)
			}
			assert.NotEmpty(t, r["move"], "%v: %s", args, line)
		}
		var total map[string]any
		require.NoError(t, json.Unmarshal([]byte(lines[4]), &total))
		assert.EqualValues(t, 0, total["right"])
		assert.EqualValues(t, 0, total["wrong"])
	}
	var out, errs bytes.Buffer
	assert.Error(t, Run([]string{"-selective", "testdata/easy.obf"}, &out, &errs), "-selective needs -depth")
	assert.Error(t, Run([]string{"-depth", "-1", "testdata/easy.obf"}, &out, &errs))
}
