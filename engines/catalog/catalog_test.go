// The conformance test over every registered game.

package catalog

import (
	"fmt"
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

// TestSettingsAGameLacks: a board size or a rule that a game does not have
// is refused with the reason, never ignored (qi play -size 10 tictactoe).
func TestSettingsAGameLacks(t *testing.T) {
	reg := New()
	tests := []struct {
		game string
		cfg  engines.Config
		err  string // "" when the game takes the settings
	}{
		{"tictactoe", engines.Config{}, ""},
		{"tictactoe", engines.Config{BoardSize: 3}, ""},
		{"tictactoe", engines.Config{BoardSize: 10}, "tic-tac-toe is played on 3x3 only, not 10x10"},
		{"tictactoe", engines.Config{Rule: "renju"}, `tic-tac-toe has no rule sets to choose from (not "renju")`},
		{"niujiao", engines.Config{}, ""},
		{"niujiao", engines.Config{BoardSize: 9}, "niu jiao qi has one board, which has no size to set (not 9)"},
		{"niujiao", engines.Config{Rule: "freestyle"}, "niu jiao qi has no rule sets"},
		{"othello", engines.Config{BoardSize: 10}, ""},
		{"othello", engines.Config{BoardSize: 9}, "othello is played on even boards from 4x4 to 16x16, not 9x9"},
		{"othello", engines.Config{Rule: "caro"}, `othello has no rule sets to choose from (not "caro")`},
		{"gomoku", engines.Config{BoardSize: 20, Rule: "renju"}, ""},
		{"gomoku", engines.Config{BoardSize: 30}, "30"},
		{"gomoku", engines.Config{Rule: "go"}, `unknown gomoku rule "go" (known: freestyle, standard, renju, caro)`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d/%s", tt.game, tt.cfg.BoardSize, tt.cfg.Rule), func(t *testing.T) {
			_, err := reg.New(tt.game, tt.cfg)
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tt.err)
		})
	}
}
