// The conformance test over every registered game.

package catalog

import (
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestEveryGameConforms(t *testing.T) {
	reg := New()
	for _, name := range reg.Names() {
		t.Run(name, func(t *testing.T) {
			g, err := reg.New(name, engines.Config{})
			require.NoError(t, err)
			require.Equal(t, name, g.Name())
			games := 30
			if testing.Short() {
				games = 5
			}
			enginetest.Conformance(t, g, games)
		})
	}
}

func TestVariants(t *testing.T) {
	reg := New()
	for _, v := range reg.VariantNames() {
		name, cfg, ok := reg.Variant(v, engines.Config{})
		require.True(t, ok, v)
		_, err := reg.New(name, cfg)
		require.NoError(t, err, v)
	}
	_, _, ok := reg.Variant("chess", engines.Config{})
	require.False(t, ok)
}

func TestEveryGameIsSymmetric(t *testing.T) {
	reg := New()
	for _, name := range reg.Names() {
		t.Run(name, func(t *testing.T) {
			g, err := reg.New(name, engines.Config{})
			require.NoError(t, err)
			enginetest.Symmetry(t, g, 3)
		})
	}
}

// TestDrawingsSayWhatHappened: every game's drawing marks the last move and
// says so, and speaks people's words about the turn and the result.
func TestDrawingsSayWhatHappened(t *testing.T) {
	reg := New()
	tests := []struct {
		game  string
		cfg   engines.Config
		moves string
		want  []string
	}{
		{"tictactoe", engines.Config{}, "b2 c1", []string{" 1  . .[O]\n", "Last move c1 in brackets."}},
		{"tictactoe", engines.Config{}, "a1 b1 a2 b2 a3", []string{" 3 [X]. .\n", "Last move a3 in brackets."}},
		{"niujiao", engines.Config{}, "", []string{"0R\n|  \\\n|   1.\n| /  \\\n2.----3.\n"}},
		{"niujiao", engines.Config{}, "01 97", []string{"|   1R\n", "6.----7b\n", "Last move 97: the stone that moved is in lower case."}},
		{"gomoku", engines.Config{}, "h8 a1", []string{" 1[O]. .", "Freestyle, black (X) to move. Last move a1 in brackets."}},
		{"othello", engines.Config{}, "d3 c5", []string{"  5 . .[O]O O", "Black (X) to move (+: b6 c6 d6 e6 f6). Black 3, White 3. Last move c5 in brackets."}},
		{"othello", engines.Config{BoardSize: 4}, "c4 d4 d3 b4 a4 d2 d1 a3 a2 c1 b1 a1", []string{"  1[O]X X X\n", "White wins 10-6. Last move a1 in brackets."}},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.moves, func(t *testing.T) {
			_, pos := enginetest.Played(t, reg, tt.game, tt.cfg, tt.moves)
			s := pos.String()
			for _, w := range tt.want {
				require.Contains(t, s, w)
			}
		})
	}
}
