// Tests of the search of several lines over the games: each line's value is
// the exact value of its move, as a search of that move's position alone
// gives it.

package catalog

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/search"
)

// randomPosition plays random moves from the start of g until keep says
// stop, on a game that goes on.
func randomPosition(t *testing.T, g engines.Game, seed uint64, keep func(engines.Position) bool) engines.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	for tries := 0; tries < 100; tries++ {
		pos := g.Start()
		for pos.Result() == engines.None && keep(pos) {
			ms := pos.LegalMoves(nil)
			pos.Play(ms[rng.IntN(len(ms))])
		}
		if pos.Result() == engines.None {
			return pos
		}
	}
	t.Fatal("no position found")
	return nil
}

// childValues returns the exact value of every move of pos from the side
// to move's view, each from a search of the move's position alone.
func childValues(g engines.Game, pos engines.Position, lim engines.Limits) map[engines.Move]engines.Score {
	vals := map[engines.Move]engines.Score{}
	for _, m := range pos.LegalMoves(nil) {
		c := pos.Clone()
		c.Play(m)
		v := -g.NewSearcher(engines.Config{}).Search(context.Background(), c, lim, nil).Score
		// A result counts its plies from the root, one more than from
		// the move's position.
		switch {
		case v.IsMate() && v > 0:
			v--
		case v.IsMate():
			v++
		}
		vals[m] = v
	}
	return vals
}

func TestLinesAreExact(t *testing.T) {
	reg := New()
	tests := []struct {
		game  string
		lines int
		pos   func(g engines.Game) engines.Position
		lim   func(pos engines.Position) engines.Limits
	}{
		{"tictactoe", 7, func(g engines.Game) engines.Position {
			return randomPosition(t, g, 1, func(p engines.Position) bool { return p.Plies() < 2 })
		}, func(engines.Position) engines.Limits { return engines.Limits{} }},
		{"othello", 3, func(g engines.Game) engines.Position {
			return randomPosition(t, g, 2, func(p engines.Position) bool { return p.(*othello.Position).Empties() > 11 })
		}, func(p engines.Position) engines.Limits {
			return engines.Limits{Depth: p.(*othello.Position).Empties()}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			g, err := reg.New(tc.game, engines.Config{})
			require.NoError(t, err)
			pos := tc.pos(g)
			lim := tc.lim(pos)
			vals := childValues(g, pos, engines.Limits{Depth: max(lim.Depth-1, 0)})
			want := slices.Sorted(func(yield func(engines.Score) bool) {
				for _, v := range vals {
					if !yield(-v) {
						return
					}
				}
			})
			var reports []engines.Info
			l := &search.Lines{Inner: g.NewSearcher(engines.Config{}), Lines: tc.lines}
			info := l.Search(context.Background(), pos, lim, func(i engines.Info) { reports = append(reports, i) })
			last := reports[len(reports)-tc.lines:]
			for i, r := range last {
				require.Equal(t, i+1, r.Line)
				require.True(t, r.Exact, "line %d is exact", r.Line)
				assert.Equal(t, vals[r.Best()], r.Score, "line %d: %s", r.Line, pos.MoveText(r.Best()))
				assert.Equal(t, -want[i], r.Score, "line %d has the %d-th best value", r.Line, i+1)
			}
			assert.Equal(t, last[0].PV, info.PV, "the answer is line 1")
		})
	}
}

func TestLinesOfGomoku(t *testing.T) {
	reg := New()
	g, err := reg.New("gomoku", engines.Config{})
	require.NoError(t, err)
	pos := randomPosition(t, g, 3, func(p engines.Position) bool { return p.Plies() < 12 })
	var reports []engines.Info
	l := &search.Lines{Inner: g.NewSearcher(engines.Config{}), Lines: 3}
	info := l.Search(context.Background(), pos, engines.Limits{Depth: 4}, func(i engines.Info) { reports = append(reports, i) })
	require.Len(t, reports, 12, "three lines a depth, depths 1 to 4")
	for d := 0; d < 4; d++ {
		lines := reports[3*d : 3*d+3]
		var moves []engines.Move
		for i, r := range lines {
			assert.Equal(t, i+1, r.Line)
			assert.NotContains(t, moves, r.Best(), "each line has a move of its own")
			moves = append(moves, r.Best())
			if i > 0 {
				assert.LessOrEqual(t, r.Score, lines[i-1].Score, "best first")
			}
		}
	}
	assert.Equal(t, reports[9].PV, info.PV)
	only := []engines.Move{reports[11].Best(), reports[10].Best()}
	reports = nil
	info = l.Search(context.Background(), pos, engines.Limits{Depth: 2, Moves: only}, func(i engines.Info) { reports = append(reports, i) })
	require.Len(t, reports, 4, "two lines of the two moves given, depths 1 and 2")
	assert.ElementsMatch(t, only, []engines.Move{reports[2].Best(), reports[3].Best()})
	assert.Contains(t, only, info.Best())
}

func TestBalanceFindsTheNearestValue(t *testing.T) {
	reg := New()
	g, err := reg.New("tictactoe", engines.Config{})
	require.NoError(t, err)
	pos := randomPosition(t, g, 1, func(p engines.Position) bool { return p.Plies() < 2 })
	one := childValues(g, pos, engines.Limits{})
	for _, bias := range []engines.Score{0, engines.Mate, -engines.Mate, 300} {
		b := &search.Balance{Inner: g.NewSearcher(engines.Config{}), Bias: bias}
		info := b.Search(context.Background(), pos, engines.Limits{}, nil)
		require.NotEmpty(t, info.PV)
		v := one[info.Best()]
		assert.Equal(t, v, info.Score, "bias %d: the score is the move's value", bias)
		for m, w := range one {
			assert.LessOrEqual(t, dist(v, bias), dist(w, bias), "bias %d: %s at %d is no nearer than %s at %d",
				bias, pos.MoveText(info.Best()), v, pos.MoveText(m), w)
		}
	}
	// Pairs: the value for the side to move after its move and the reply.
	start := randomPosition(t, g, 4, func(p engines.Position) bool { return p.Plies() < 1 })
	b := &search.Balance{Inner: g.NewSearcher(engines.Config{}), Bias: 0, Pair: true}
	info := b.Search(context.Background(), start, engines.Limits{}, nil)
	require.GreaterOrEqual(t, len(info.PV), 2)
	c := start.Clone()
	c.Play(info.PV[0])
	c.Play(info.PV[1])
	want := g.NewSearcher(engines.Config{}).Search(context.Background(), c, engines.Limits{}, nil).Score
	if want.IsMate() && want > 0 {
		want -= 2
	} else if want.IsMate() {
		want += 2
	}
	assert.Equal(t, want, info.Score)
	assert.Equal(t, engines.Score(0), info.Score, "a drawn pair is there to be found")
}

// dist is how far v is from bias.
func dist(v, bias engines.Score) engines.Score {
	if v > bias {
		return v - bias
	}
	return bias - v
}
