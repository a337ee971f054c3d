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

// TestWDLEstimates: every board and rule of gomoku and othello has a model,
// its own or a neighbour's; niu jiao qi maps its draws, and tic-tac-toe,
// exact at full strength, estimates nothing.
func TestWDLEstimates(t *testing.T) {
	reg := New()
	for _, name := range []string{"gomoku", "othello"} {
		spec, ok := reg.Lookup(name)
		require.True(t, ok)
		rules := spec.Rules
		if len(rules) == 0 {
			rules = []string{""}
		}
		for _, size := range spec.Sizes {
			for _, rule := range rules {
				g, err := reg.New(name, engines.Config{BoardSize: size, Rule: rule})
				require.NoError(t, err)
				pos := g.Start()
				for _, s := range []engines.Score{-300, 0, 150} {
					c, ok := engines.WDLOf(g, pos, s, false)
					require.True(t, ok, "%s at %d", wdl.Key(g), s)
					assert.Equal(t, 1000, c.Win+c.Draw+c.Loss)
					back, _ := engines.WDLOf(g, pos, -s, false)
					assert.Equal(t, c.Flip(), back)
				}
				c, _ := engines.WDLOf(g, pos, 150, false)
				assert.Greater(t, c.Win, c.Loss, "%s: ahead is more likely a win", wdl.Key(g))
			}
		}
	}
	nj, err := reg.New("niujiao", engines.Config{})
	require.NoError(t, err)
	c, ok := engines.WDLOf(nj, nj.Start(), 0, false)
	require.True(t, ok)
	assert.Equal(t, engines.WDL{Draw: 1000}, c)
	_, ok = engines.WDLOf(nj, nj.Start(), 130, false)
	assert.False(t, ok, "a weaker level's progress says nothing")
	ttt, err := reg.New("tictactoe", engines.Config{})
	require.NoError(t, err)
	c, ok = engines.WDLOf(ttt, ttt.Start(), 0, true)
	require.True(t, ok)
	assert.Equal(t, engines.WDL{Draw: 1000}, c, "full strength's exact draw")
	_, ok = engines.WDLOf(ttt, ttt.Start(), 100, false)
	assert.False(t, ok)
}
