// Tests of building: counting games, adding given positions, searching a
// plan's items in shards or after a kill, deviations, merging and the text
// form.

package book

import (
	"bytes"
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// randomGames returns n random finished games of g.
func randomGames(g engines.Game, n int, seed uint64) []Game {
	rng := rand.New(rand.NewPCG(seed, 9))
	games := make([]Game, n)
	for i := range games {
		pos := g.Start()
		var moves []engines.Move
		for pos.Result() == engines.None {
			ms := pos.LegalMoves(nil)
			m := ms[rng.IntN(len(ms))]
			pos.Play(m)
			moves = append(moves, m)
		}
		games[i] = Game{Moves: moves, Result: pos.Result()}
	}
	return games
}

// build builds a book of g from games the way `qi book build` does, with
// opt to search the plan.
func build(t testing.TB, g engines.Game, games []Game, plies, minCount, level int, opt RunOptions) (*Book, *Plan) {
	t.Helper()
	b, err := New(g, level, plies)
	require.NoError(t, err)
	c := NewCounter(g, plies)
	for _, gm := range games {
		require.NoError(t, c.Add(gm))
	}
	p, err := c.Plan(b, minCount)
	require.NoError(t, err)
	results, err := p.Run(context.Background(), b, opt)
	require.NoError(t, err)
	p.Apply(b, results)
	_, _, err = b.Negamax(context.Background())
	require.NoError(t, err)
	return b, p
}

func TestBuildCountsPositionsAndSearchesThem(t *testing.T) {
	g := tictactoe.Game{}
	games := randomGames(g, 200, 1)
	b, p := build(t, g, games, 4, 3, 9, RunOptions{})
	assert.Equal(t, p.NewPositions(), b.Len())
	assert.Equal(t, uint64(200), b.Stats().StartGames, "every game starts at the start")
	for _, e := range b.entries() {
		assert.GreaterOrEqual(t, e.Games(), uint64(3), "every position occurs at least 3 times")
		assert.True(t, e.Exact, "level 9 solves tic-tac-toe")
	}
	cands := b.Probe(g.Start())
	require.NotEmpty(t, cands)
	assert.Equal(t, engines.Score(0), cands[0].Value)
}

func TestPlanShardsAndResumesGiveOneResult(t *testing.T) {
	g, err := othello.New(6)
	require.NoError(t, err)
	games := randomGames(g, 60, 2)
	whole, plan := build(t, g, games, 6, 2, 3, RunOptions{Threads: 2})
	require.Greater(t, plan.Len(), 10)

	// Two shards, each searching every other item, merged.
	b, err := New(g, 3, 6)
	require.NoError(t, err)
	c := NewCounter(g, 6)
	for _, gm := range games {
		require.NoError(t, c.Add(gm))
	}
	p, err := c.Plan(b, 2)
	require.NoError(t, err)
	merged := map[uint64]Result{}
	for shard := range 2 {
		res, err := p.Run(context.Background(), b, RunOptions{Only: func(i int) bool { return i%2 == shard }})
		require.NoError(t, err)
		for k, r := range res {
			merged[k] = r
		}
	}
	p.Apply(b, merged)
	_, _, err = b.Negamax(context.Background())
	require.NoError(t, err)
	assert.Equal(t, whole.entries(), b.entries(), "shards merged build the same book")

	// A run killed after some items resumes from its journal.
	journal := filepath.Join(t.TempDir(), "j")
	first, err := p.Run(context.Background(), b, RunOptions{Journal: journal, Only: func(i int) bool { return i < p.Len()/2 }})
	require.NoError(t, err)
	var doneAtStart int
	rest, err := p.Run(context.Background(), b, RunOptions{Journal: journal, Progress: func(done, total int) {
		if doneAtStart == 0 {
			doneAtStart = done
		}
	}})
	require.NoError(t, err)
	assert.Equal(t, len(first), doneAtStart, "the journal's results are not searched again")
	assert.Equal(t, merged, rest)

	// A journal of another plan is not taken for this one's.
	other, err := p.Run(context.Background(), b, RunOptions{Journal: journal, Level: 2, Progress: func(done, total int) {
		if done == 0 {
			doneAtStart = 0
		}
	}})
	require.NoError(t, err)
	assert.Zero(t, doneAtStart)
	assert.Len(t, other, p.Len())

	// Nor is a journal of full-width searches taken for selective ones.
	fullWidth := filepath.Join(t.TempDir(), "full")
	_, err = p.Run(context.Background(), b, RunOptions{Journal: fullWidth})
	require.NoError(t, err)
	header := p.JournalHeader(b, 0)
	p.Selective = true
	assert.NotEqual(t, header, p.JournalHeader(b, 0))
	doneAtStart = -1
	_, err = p.Run(context.Background(), b, RunOptions{Journal: fullWidth, Progress: func(done, total int) {
		if doneAtStart < 0 {
			doneAtStart = done
		}
	}})
	require.NoError(t, err)
	assert.Zero(t, doneAtStart, "a selective plan searches everything again")
}

func TestDeviationsGrowTheBookUntilNothingIsLeft(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	s := NewScorer(g, 9, false)
	_, err = b.Learn(context.Background(), s, Game{Moves: movesOf(t, g, "a2", "b2"), Result: engines.Draw}, -1)
	require.NoError(t, err)
	rounds, size := 0, b.Len()
	for ; rounds < 20; rounds++ {
		_, roots, err := b.Negamax(context.Background())
		require.NoError(t, err)
		p, err := b.DeviationPlan(context.Background(), roots, DeviateOptions{PerMove: 0, Cumulative: 0, Plies: 4})
		require.NoError(t, err)
		if p.Len() == 0 {
			break
		}
		res, err := p.Run(context.Background(), b, RunOptions{})
		require.NoError(t, err)
		p.Apply(b, res)
		assert.Greater(t, b.Len(), size)
		size = b.Len()
	}
	assert.Less(t, rounds, 20, "the rounds end")
	assert.Greater(t, rounds, 1)
	// Every line of best moves, 4 plies deep, is in the book now: the
	// draws' tree.
	var walk func(pos engines.Position, depth int)
	walk = func(pos engines.Position, depth int) {
		cands := b.Probe(pos)
		require.NotEmpty(t, cands, pos.Text())
		assert.Equal(t, engines.Score(0), cands[0].Value)
		if depth == 4 {
			return
		}
		for _, c := range cands {
			if c.Value == 0 {
				assert.False(t, c.Leaf, "a best move of %s at depth %d is in the book", pos.Text(), depth)
				pos.Play(c.Move)
				walk(pos, depth+1)
				pos.Undo()
			}
		}
	}
	walk(g.Start(), 0)
}

func TestMergeKeepsTheBetterSearchAndAddsGames(t *testing.T) {
	g := tictactoe.Game{}
	a, err := New(g, 9, 9)
	require.NoError(t, err)
	putLeaf(t, a, nil, "a2", 5, 3, false)
	putLeaf(t, a, []string{"b2"}, "a2", -20, 8, false)
	o, err := New(g, 9, 9)
	require.NoError(t, err)
	putLeaf(t, o, nil, "c2", 7, 4, false)           // deeper: wins
	putLeaf(t, o, []string{"b2"}, "a1", 0, 2, true) // exact: wins
	putLeaf(t, o, []string{"a1"}, "b2", 0, 2, false)
	for _, x := range []*Book{a, o} {
		x.mu.Lock()
		for _, e := range x.over {
			e.Wins = 1
		}
		x.mu.Unlock()
	}
	n, err := a.Merge(o)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.Equal(t, 3, a.Len())
	get := func(moves ...string) Entry {
		key, err := a.Key(at(t, moves...))
		require.NoError(t, err)
		e, ok := a.Lookup(key)
		require.True(t, ok)
		return e
	}
	assert.Equal(t, engines.Score(7), get().LeafValue)
	assert.Equal(t, uint32(2), get().Wins, "the games add up")
	assert.True(t, get("b2").LeafExact)
	assert.Equal(t, uint32(1), get("a1").Wins)

	p, err := a.StalePlan()
	require.NoError(t, err)
	assert.Equal(t, 0, p.Len(), "no leaf became a book position")
	_, err = a.Merge(must(New(othello8(t), 0, 0)))
	assert.ErrorContains(t, err, "cannot merge a book of othello 8x8 into one of tictactoe")
}

func TestTextRoundTrip(t *testing.T) {
	g := tictactoe.Game{}
	b, _ := build(t, g, randomGames(g, 50, 4), 3, 2, 9, RunOptions{})
	var text bytes.Buffer
	require.NoError(t, b.Export(&text))
	assert.Contains(t, text.String(), "# qi book tictactoe: level 9, plies 3, ")

	c, err := New(g, 9, 3)
	require.NoError(t, err)
	n, err := c.Import(bytes.NewReader(text.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, b.Len(), n)
	assert.Equal(t, b.entries(), c.entries())

	o, err := New(othello8(t), 0, 0)
	require.NoError(t, err)
	_, err = o.Import(bytes.NewReader(text.Bytes()))
	assert.ErrorIs(t, err, ErrFormat)
	_, err = c.Import(bytes.NewReader([]byte("x../.../... o\t+0\t0\t9\ta3\t+0\t0\t9\t1\t0\t0\n")))
	assert.ErrorContains(t, err, "line 1:")
}

func TestCounterRefusesIllegalGames(t *testing.T) {
	g := tictactoe.Game{}
	c := NewCounter(g, 9)
	require.NoError(t, c.Add(Game{Moves: movesOf(t, g, "b2", "a1"), Result: engines.Draw}))
	assert.Equal(t, 3, c.Positions())
	err := c.Add(Game{Moves: []engines.Move{0, 8, 8}, Result: engines.Draw})
	assert.ErrorContains(t, err, "move 3 (c3) is not legal")
	assert.Equal(t, 3, c.Positions(), "none of its positions counts")
	require.NoError(t, c.Add(Game{Moves: movesOf(t, g, "a1"), Random: true}))
	assert.Equal(t, 1, c.Games())
	assert.Equal(t, 2, c.Skipped)
}

func TestPositionPlanAddsEachPositionOnce(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	putLeaf(t, b, nil, "a1", 0, 9, true)
	positions := []engines.Position{
		at(t), at(t, "a1"), at(t, "c3"), // the start is in the book; c3 is a1 under a symmetry
		at(t, "b2"), at(t, "b2", "a1"), at(t, "b2", "c1"), // b2 a1 and b2 c1 are one position
	}
	p, err := b.PositionPlan(slices.Values(positions))
	require.NoError(t, err)
	assert.Equal(t, 3, p.NewPositions(), "a1, b2 and b2 a1, each once")
	assert.Equal(t, 4, p.Len(), "and the start, whose leaf a1 joins the book")
	results, err := p.Run(context.Background(), b, RunOptions{})
	require.NoError(t, err)
	p.Apply(b, results)
	_, _, err = b.Negamax(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 4, b.Len())
	var moves []string
	for _, c := range b.Probe(g.Start()) {
		if !c.Leaf {
			moves = append(moves, g.Start().MoveText(c.Move))
		}
	}
	assert.ElementsMatch(t, []string{"a1", "a3", "c1", "c3", "b2"}, moves, "the book plays the positions' moves, a1 in each corner")

	_, err = b.PositionPlan(slices.Values([]engines.Position{at(t, "a1", "b1", "a2", "b2", "a3")}))
	assert.ErrorContains(t, err, "the game is over")
}
