// Tests of the gomoku records' reader: .psq files and the games of .sgf
// files, given as files or found in folders.

package record

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
)

// gomokuSGF holds a freestyle game with names and a marked opening, a renju
// game, a game from set-up stones and one without a rule: the last two are
// not read.
const gomokuSGF = `(;FF[4]GM[4]RU[0]SZ[15]PB[rapfi]PW[qi];B[hh]C[opening move];W[ih]C[opening move];B[hi];W[hg];B[gi])
(;FF[4]GM[4]RU[4]SZ[15];B[hh];W[ih];B[hi])
(;FF[4]GM[4]RU[0]SZ[15]AB[aa]AW[ba]PL[B];B[cc];W[dd])
(;FF[4]GM[4]SZ[15];B[hh];W[ih])
`

func TestWalkGomokuReadsPSQAndSGF(t *testing.T) {
	dir := t.TempDir()
	psq, err := os.ReadFile(filepath.Join("testdata", "gomocup", "0_0_10_2.psq"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.psq"), psq, 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.SGF"), []byte(gomokuSGF), 0o666))

	for _, paths := range [][]string{{dir}, {filepath.Join(dir, "a.psq"), filepath.Join(dir, "b.SGF")}} {
		var got []GomokuGame
		require.NoError(t, WalkGomoku(paths, func(r GomokuGame) error {
			got = append(got, r)
			return nil
		}))
		require.Len(t, got, 3, "the .psq game and the two SGF games from the empty board with a rule")
		assert.Equal(t, gomoku.Freestyle, got[0].Rule)
		assert.Equal(t, 20, got[0].W)
		assert.True(t, got[0].Plays("ego21", 0), "a .psq record names its engines by their programs")
		assert.True(t, got[0].Plays("RenjuSolver.F", 1))

		fs := got[1]
		assert.Equal(t, filepath.Join(dir, "b.SGF")+"#1", fs.Path)
		assert.Equal(t, gomoku.Freestyle, fs.Rule)
		assert.Equal(t, "freestyle", fs.League)
		assert.Equal(t, [2]int{15, 15}, [2]int{fs.W, fs.H})
		assert.Equal(t, [][2]int{{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 8}}, fs.Moves)
		assert.Equal(t, 2, fs.Opening)
		assert.Equal(t, []string{"rapfi", "qi"}, fs.Names)
		assert.True(t, fs.Plays("RAPFI", 0))
		assert.False(t, fs.Plays("rapfi", 1))
		assert.Equal(t, gomoku.Renju, got[2].Rule)
		assert.Equal(t, filepath.Join(dir, "b.SGF")+"#2", got[2].Path)

		final, bad, err := fs.Replay(nil)
		require.NoError(t, err)
		assert.Equal(t, -1, bad)
		assert.Equal(t, 5, final.Plies())
	}
}

func TestWalkGomokuRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.sgf")
	require.NoError(t, os.WriteFile(bad, []byte("(;FF[4]GM[4]RU[0]SZ[15];B[h"), 0o666))
	err := WalkGomoku([]string{bad}, func(GomokuGame) error { return nil })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.sgf")
}

func TestReplayStopsAtAnIllegalMove(t *testing.T) {
	g := GomokuGame{W: 15, H: 15, Rule: gomoku.Freestyle, Moves: [][2]int{{7, 7}, {8, 8}, {7, 7}}}
	_, bad, err := g.Replay(nil)
	require.NoError(t, err)
	assert.Equal(t, 2, bad)
	assert.Contains(t, g.Why, "taken")
}
