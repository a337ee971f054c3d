// Tests of scores, the registry and the move helpers.

package engines_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/niujiao"
	"qi/engines/tictactoe"
)

func TestScoreUCI(t *testing.T) {
	tests := []struct {
		s    engines.Score
		want string
	}{
		{0, "cp 0"}, {-250, "cp -250"}, {engines.MateIn(1), "mate 1"}, {engines.MateIn(3), "mate 2"},
		{engines.MateIn(11), "mate 6"}, {engines.MatedIn(2), "mate -1"}, {engines.MatedIn(12), "mate -6"},
		{engines.MatedIn(0), "mate -0"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.s.UCI(), "%d", tt.s)
	}
	assert.True(t, engines.MateIn(5).IsMate())
	assert.Equal(t, 5, engines.MateIn(5).MatePlies())
	assert.Equal(t, 4, engines.MatedIn(4).MatePlies())
	assert.False(t, engines.Score(30000).IsMate())
}

func TestResultsAndSides(t *testing.T) {
	assert.Equal(t, engines.P2, engines.P1.Other())
	assert.Equal(t, engines.P1Win, engines.WinFor(engines.P1))
	assert.Equal(t, engines.P2Win, engines.WinFor(engines.P2))
	for r, s := range map[engines.Result]string{engines.None: "none", engines.P1Win: "p1win", engines.P2Win: "p2win", engines.Draw: "draw"} {
		assert.Equal(t, s, r.String())
	}
	assert.Equal(t, "X", engines.SideName(tictactoe.Game{}, engines.P1))
}

func TestRegistry(t *testing.T) {
	reg := engines.NewRegistry(tictactoe.Spec(), niujiao.Spec(),
		engines.Spec{Name: "gomoku", Rules: []string{"freestyle", "standard"}, New: func(c engines.Config) (engines.Game, error) { return tictactoe.Game{}, nil },
			Variants: []engines.Variant{{Name: "gomoku", Rule: "standard", BoardSize: 15}, {Name: "gomokufreestyle", Rule: "freestyle", BoardSize: 15}}})
	assert.Equal(t, []string{"tictactoe", "niujiao", "gomoku"}, reg.Names())
	assert.Equal(t, []string{"gomoku", "gomokufreestyle", "niujiao", "tictactoe"}, reg.VariantNames())
	name, cfg, ok := reg.Variant("gomoku", engines.Config{Level: 3, Rule: "renju"})
	require.True(t, ok)
	assert.Equal(t, "gomoku", name)
	assert.Equal(t, engines.Config{Level: 3, Rule: "standard", BoardSize: 15}, cfg, "the variant fixes rule and size, keeps the rest")
	name, cfg, ok = reg.Variant("NIUJIAO", engines.Config{Level: 3})
	require.True(t, ok)
	assert.Equal(t, "niujiao", name)
	assert.Equal(t, engines.Config{Level: 3}, cfg)
	_, err := reg.New("chess", engines.Config{})
	assert.ErrorContains(t, err, `unknown game "chess"`)
	g, err := reg.New("TicTacToe", engines.Config{})
	require.NoError(t, err)
	assert.Equal(t, "tictactoe", g.Name())
}

func TestConfigDefaults(t *testing.T) {
	assert.Equal(t, engines.MaxLevel, engines.Config{}.EffectiveLevel())
	assert.Equal(t, 3, engines.Config{Level: 3}.EffectiveLevel())
	assert.Equal(t, engines.MaxLevel, engines.Config{Level: 99}.EffectiveLevel())
	assert.Equal(t, engines.DefaultHashMB, engines.Config{}.EffectiveHashMB())
	assert.Equal(t, 64, engines.Config{HashMB: 64}.EffectiveHashMB())
}

func TestPlayAllAndLegal(t *testing.T) {
	start := tictactoe.Game{}.Start()
	p, err := engines.PlayAll(start, []string{"b2", "a1"})
	require.NoError(t, err)
	assert.Equal(t, 2, p.Plies())
	assert.Equal(t, 0, start.Plies(), "PlayAll works on a copy")
	_, err = engines.PlayAll(start, []string{"b2", "b2"})
	assert.ErrorIs(t, err, engines.ErrIllegal)
	assert.ErrorContains(t, err, "move 2 (b2)")
	over, err := engines.PlayAll(start, []string{"a1", "a2", "b1", "b2", "c1"})
	require.NoError(t, err)
	_, err = engines.Legal(over, "c3")
	assert.ErrorContains(t, err, "the game is over")
	assert.Equal(t, "b2 a1 c3", engines.PVText(start, []engines.Move{4, 0, 8}, " "))
}

func TestPerftAndDivide(t *testing.T) {
	p := tictactoe.Game{}.Start()
	d := engines.Divide(p, 3)
	require.Len(t, d, 9)
	var total uint64
	for _, e := range d {
		total += e.Nodes
	}
	assert.Equal(t, engines.Perft(p, 3), total)
	assert.Nil(t, engines.Divide(p, 0))
	assert.Equal(t, uint64(1), engines.Perft(p, 0))
}

func TestInfo(t *testing.T) {
	assert.Equal(t, engines.NoMove, engines.Info{}.Best())
	assert.Equal(t, engines.Move(3), engines.Info{PV: []engines.Move{3, 4}}.Best())
	assert.Equal(t, int64(0), engines.Info{Nodes: 5}.NPS())
}

// modelled is tic-tac-toe with a model that says where its estimates come
// from.
type modelled struct{ tictactoe.Game }

func (modelled) EstimateWDL(_ engines.Position, s engines.Score) (engines.WDL, bool) {
	return engines.WDL{Win: 1, Draw: 998, Loss: 1}, s != 7
}

// unmodelled is a game without a model.
type unmodelled struct{ engines.Game }

func TestWDLOf(t *testing.T) {
	pos := tictactoe.Game{}.Start()
	estimate := engines.WDL{Win: 1, Draw: 998, Loss: 1}
	tests := []struct {
		name   string
		g      engines.Game
		s      engines.Score
		exact  bool
		want   engines.WDL
		wantOK bool
	}{
		{"a forced win", modelled{}, engines.MateIn(3), false, engines.WDL{Win: 1000}, true},
		{"a forced loss", modelled{}, engines.MatedIn(4), false, engines.WDL{Loss: 1000}, true},
		{"a win on the board", unmodelled{}, engines.MateIn(0), false, engines.WDL{Win: 1000}, true},
		{"an exact draw", modelled{}, 0, true, engines.WDL{Draw: 1000}, true},
		{"an exact win by discs", unmodelled{}, 200, true, engines.WDL{Win: 1000}, true},
		{"an exact loss by discs", modelled{}, -2, true, engines.WDL{Loss: 1000}, true},
		{"an estimate", modelled{}, 150, false, estimate, true},
		{"an estimate the model lacks", modelled{}, 7, false, engines.WDL{Win: 1, Draw: 998, Loss: 1}, false},
		{"an estimate without a model", unmodelled{}, 150, false, engines.WDL{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := engines.WDLOf(tt.g, pos, tt.s, tt.exact)
			assert.Equal(t, tt.wantOK, ok)
			if ok {
				assert.Equal(t, tt.want, c)
				assert.Equal(t, 1000, c.Win+c.Draw+c.Loss)
			}
		})
	}
	assert.Equal(t, engines.WDL{Win: 3, Draw: 10, Loss: 987}, engines.WDL{Win: 987, Draw: 10, Loss: 3}.Flip())
	for _, s := range []engines.Score{1, 100, engines.MateIn(1)} {
		assert.Equal(t, engines.CertainWDL(s).Flip(), engines.CertainWDL(-s))
	}
}
