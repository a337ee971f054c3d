// Tests of the records' reader: .psq files and the games of .sgf files,
// given as files or found in folders.

package gomocup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
)

// sgfRecords holds a freestyle game with names and a marked opening, a renju
// game, a game from set-up stones and one without a rule: the last two are
// not records.
const sgfRecords = `(;FF[4]GM[4]RU[0]SZ[15]PB[rapfi]PW[qi];B[hh]C[opening move];W[ih]C[opening move];B[hi];W[hg];B[gi])
(;FF[4]GM[4]RU[4]SZ[15];B[hh];W[ih];B[hi])
(;FF[4]GM[4]RU[0]SZ[15]AB[aa]AW[ba]PL[B];B[cc];W[dd])
(;FF[4]GM[4]SZ[15];B[hh];W[ih])
`

func TestWalkRecordsReadsSGF(t *testing.T) {
	dir := t.TempDir()
	psq, err := os.ReadFile(filepath.Join("testdata", "records", "0_0_10_2.psq"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.psq"), psq, 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.SGF"), []byte(sgfRecords), 0o666))
	alone := filepath.Join(t.TempDir(), "c.sgf")
	require.NoError(t, os.WriteFile(alone, []byte(sgfRecords), 0o666))

	for _, paths := range [][]string{{dir}, {filepath.Join(dir, "a.psq"), filepath.Join(dir, "b.SGF")}} {
		var got []record
		require.NoError(t, walkRecords(paths, func(r record) error {
			got = append(got, r)
			return nil
		}))
		require.Len(t, got, 3, "the .psq game and the two SGF games from the empty board with a rule")
		assert.Equal(t, gomoku.Freestyle, got[0].rule)
		assert.Equal(t, 20, got[0].w)

		fs := got[1]
		assert.Equal(t, filepath.Join(dir, "b.SGF")+"#1", fs.path)
		assert.Equal(t, gomoku.Freestyle, fs.rule)
		assert.Equal(t, "freestyle", fs.league)
		assert.Equal(t, [2]int{15, 15}, [2]int{fs.w, fs.h})
		assert.Equal(t, [][2]int{{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 8}}, fs.moves)
		assert.Equal(t, 2, fs.opening)
		assert.Equal(t, []string{"rapfi", "qi"}, fs.names)
		assert.Equal(t, gomoku.Renju, got[2].rule)
		assert.Equal(t, filepath.Join(dir, "b.SGF")+"#2", got[2].path)
	}

	// The commands take them: order fits to the moves after the opening.
	n := 0
	require.NoError(t, walkRecords([]string{alone}, func(r record) error {
		n++
		return nil
	}))
	assert.Equal(t, 2, n)
	data, _, _, err := readChoices([]string{alone}, gomoku.Freestyle, 0, "")
	require.NoError(t, err)
	assert.Len(t, data, 3, "the freestyle game's moves after its two opening moves")
	for _, tc := range []struct {
		player string
		want   int
	}{{"rapfi", 2}, {"RAPFI", 2}, {"qi", 1}, {"wine", 0}} {
		data, _, _, err := readChoices([]string{alone}, gomoku.Freestyle, 0, tc.player)
		require.NoError(t, err)
		assert.Len(t, data, tc.want, "the moves of %s", tc.player)
	}
	// A .psq record names its engines by their programs.
	all, _, _, err := readChoices([]string{filepath.Join(dir, "a.psq")}, gomoku.Freestyle, 0, "")
	require.NoError(t, err)
	first, _, _, err := readChoices([]string{filepath.Join(dir, "a.psq")}, gomoku.Freestyle, 0, "ego21")
	require.NoError(t, err)
	second, _, _, err := readChoices([]string{filepath.Join(dir, "a.psq")}, gomoku.Freestyle, 0, "renjusolver.f")
	require.NoError(t, err)
	assert.NotEmpty(t, first)
	assert.NotEmpty(t, second)
	assert.Equal(t, len(all), len(first)+len(second), "each engine's moves, and together all of them")
}

func TestWalkRecordsRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.sgf")
	require.NoError(t, os.WriteFile(bad, []byte("(;FF[4]GM[4]RU[0]SZ[15];B[h"), 0o666))
	err := walkRecords([]string{bad}, func(record) error { return nil })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.sgf")
}
