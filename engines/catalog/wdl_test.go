// Tests of the games' win/draw/loss estimates: the stages of the games
// with models, and a model for every setting.

package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/wdl"
)

func TestWDLStages(t *testing.T) {
	tests := []struct {
		game string
		cfg  engines.Config
		// moves are played in order, "" the first legal move.
		moves []string
		want  []int // the stage before each move and after the last
	}{
		{"gomoku", engines.Config{Rule: "renju"}, []string{"h8", "i9", "j10"}, []int{0, 1, 2, 3}},
		{"gomoku", engines.Config{BoardSize: 20}, []string{"h8", "i9"}, []int{0, 1, 2}},
		{"othello", engines.Config{}, []string{"f5", "d6", "c3"}, []int{0, 1, 2, 3}},
		// 96 moves on 10x10 count as the 60 of 8x8.
		{"othello", engines.Config{BoardSize: 10}, []string{"", "", "", ""}, []int{0, 0, 1, 1, 2}},
	}
	reg := New()
	for _, tt := range tests {
		g, err := reg.New(tt.game, tt.cfg)
		require.NoError(t, err)
		t.Run(wdl.Key(g), func(t *testing.T) {
			wg, ok := g.(wdl.Game)
			require.True(t, ok, "a wdl.Game")
			pos := g.Start()
			got := []int{wg.Stage(pos)}
			for _, m := range tt.moves {
				if m == "" {
					m = pos.MoveText(pos.LegalMoves(nil)[0])
				}
				mv, err := engines.Legal(pos, m)
				require.NoError(t, err)
				pos.Play(mv)
				got = append(got, wg.Stage(pos))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestWDLKeys(t *testing.T) {
	reg := New()
	for _, tt := range []struct {
		game string
		cfg  engines.Config
		want string
	}{
		{"tictactoe", engines.Config{}, "tictactoe"},
		{"niujiao", engines.Config{}, "niujiao"},
		{"gomoku", engines.Config{}, "gomoku 15x15 freestyle"},
		{"gomoku", engines.Config{BoardSize: 20, Rule: "caro"}, "gomoku 20x20 caro"},
		{"othello", engines.Config{}, "othello 8x8"},
		{"othello", engines.Config{BoardSize: 10}, "othello 10x10"},
	} {
		g, err := reg.New(tt.game, tt.cfg)
		require.NoError(t, err)
		assert.Equal(t, tt.want, wdl.Key(g))
	}
}
