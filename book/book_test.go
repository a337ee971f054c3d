// Tests of the book in memory: negamax over a hand-built tree, learning a
// game and finding it again, choosing moves, leaving the book.

package book

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// at returns tic-tac-toe's start with moves played.
func at(t testing.TB, moves ...string) engines.Position {
	t.Helper()
	pos, err := engines.PlayAll(tictactoe.Game{}.Start(), moves)
	require.NoError(t, err)
	return pos
}

// movesOf reads moves played in turn from g's start.
func movesOf(t testing.TB, g engines.Game, texts ...string) []engines.Move {
	t.Helper()
	pos := g.Start()
	moves := make([]engines.Move, len(texts))
	for i, s := range texts {
		m, err := engines.Legal(pos, s)
		require.NoError(t, err, s)
		pos.Play(m)
		moves[i] = m
	}
	return moves
}

// putLeaf puts the position after moves in b with a leaf of its own, given
// on the real board.
func putLeaf(t testing.TB, b *Book, moves []string, leaf string, value engines.Score, level int, exact bool) {
	t.Helper()
	pos := at(t, moves...)
	var k keyer
	key, sym, board, err := k.canon(pos)
	require.NoError(t, err)
	e := &Entry{Key: key, Board: append([]byte(nil), board...), Leaf: engines.NoMove, LeafValue: noValue}
	if leaf != "" {
		m, err := engines.Legal(pos, leaf)
		require.NoError(t, err)
		e.Leaf = pos.(engines.Symmetric).MapMove(m, sym)
		e.LeafValue, e.LeafLevel, e.LeafExact = value, level, exact
	}
	b.put(e)
}

func TestNegamaxOfAHandBuiltTree(t *testing.T) {
	b, err := New(tictactoe.Game{}, 9, 9)
	require.NoError(t, err)
	// root: X's leaf a2 (an edge) is worth 5; b2 and a1 are in the book.
	putLeaf(t, b, nil, "a2", 5, 3, false)
	// after b2: O's leaf a2 is worth -50 for O; a1 (a corner) is in the
	// book.
	putLeaf(t, b, []string{"b2"}, "a2", -50, 4, false)
	// after b2 a1: X's leaf c3 is worth 40, searched 7 deep.
	putLeaf(t, b, []string{"b2", "a1"}, "c3", 40, 7, false)
	// after a1: O's leaf b2 is worth 10 for O.
	putLeaf(t, b, []string{"a1"}, "b2", 10, 5, false)
	changed, roots, err := b.Negamax(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 4, changed)
	rootKey, err := b.Key(at(t))
	require.NoError(t, err)
	assert.Equal(t, []uint64{rootKey}, roots, "the empty board is the only position that is no child")

	value := func(moves ...string) (engines.Score, int) {
		key, err := b.Key(at(t, moves...))
		require.NoError(t, err)
		e, ok := b.Lookup(key)
		require.True(t, ok)
		return e.Value, e.Level
	}
	v, l := value("b2", "a1")
	assert.Equal(t, engines.Score(40), v, "a position with no child in the book is worth its leaf")
	assert.Equal(t, 7, l)
	v, l = value("b2")
	assert.Equal(t, engines.Score(-40), v, "max(leaf -50, -40 from the child)")
	assert.Equal(t, 7, l, "the level is the best line's")
	v, _ = value("a1")
	assert.Equal(t, engines.Score(10), v)
	v, l = value()
	assert.Equal(t, engines.Score(40), v, "max(leaf 5, b2 gives 40, a1 gives -10)")
	assert.Equal(t, 7, l)

	cands := b.Probe(at(t))
	require.Len(t, cands, 6, "b2, the four corners (one position by symmetry) and the leaf a2")
	assert.Equal(t, "b2", at(t).MoveText(cands[0].Move))
	assert.Equal(t, engines.Score(40), cands[0].Value)
	assert.Equal(t, Candidate{Move: cands[1].Move, Value: 5, Level: 3, Leaf: true}, cands[1])
	for _, c := range cands[2:] {
		assert.Equal(t, engines.Score(-10), c.Value, at(t).MoveText(c.Move))
		assert.Contains(t, []string{"a1", "c1", "a3", "c3"}, at(t).MoveText(c.Move))
	}
	changed, _, err = b.Negamax(context.Background())
	require.NoError(t, err)
	assert.Zero(t, changed, "a second negamax changes nothing")
}

func TestNegateCountsThePly(t *testing.T) {
	for _, tc := range []struct{ in, want engines.Score }{
		{0, 0},
		{150, -150},
		{-30, 30},
		{engines.MatedIn(0), engines.MateIn(1)},
		{engines.MateIn(3), engines.MatedIn(4)},
		{noValue, noValue},
	} {
		assert.Equal(t, tc.want, negate(tc.in), "negate(%d)", tc.in)
	}
}

func TestLearnAGameThenProbeIt(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	s := NewScorer(g, 9, false)
	// X makes two threats with c1 and wins on a3: O's a2 was a mistake.
	moves := movesOf(t, g, "b2", "a2", "a1", "c3", "c1", "b1", "a3")
	st, err := b.Learn(context.Background(), s, Game{Moves: moves, Result: engines.P1Win}, 0)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Games)
	assert.Equal(t, 7, st.Counted, "every position before the end counts the game")
	assert.Positive(t, st.Deviations, "the better moves O missed are searched as positions")

	cands := b.Probe(at(t))
	require.NotEmpty(t, cands)
	assert.Equal(t, engines.Score(0), cands[0].Value, "perfect play draws")
	assert.True(t, cands[0].Exact, "tic-tac-toe is solved at level 9")
	var b2 Candidate
	for _, c := range cands {
		if at(t).MoveText(c.Move) == "b2" {
			b2 = c
		}
	}
	assert.Equal(t, Candidate{Move: b2.Move, Value: 0, Exact: true, Level: 9, Wins: 1}, b2, "b2 was played once and won")

	after := b.Probe(at(t, "b2"))
	require.NotEmpty(t, after)
	assert.Equal(t, engines.Score(0), after[0].Value, "O's best reply draws")
	for _, c := range after {
		if at(t, "b2").MoveText(c.Move) == "a2" {
			assert.Equal(t, uint32(1), c.Losses, "O lost the game with a2")
			assert.Less(t, c.Value, engines.Score(0), "a2 loses")
		}
	}

	again, err := b.Learn(context.Background(), s, Game{Moves: moves, Result: engines.P1Win}, -1)
	require.NoError(t, err)
	assert.Zero(t, again.Added, "a game learned twice, without deviations, adds no position")
	for _, c := range b.Probe(at(t)) {
		if at(t).MoveText(c.Move) == "b2" {
			assert.Equal(t, uint32(2), c.Wins, "but counts the game again")
		}
	}
	assert.Equal(t, LearnStats{Skipped: 1}, must(b.Learn(context.Background(), s, Game{Moves: moves, Random: true}, 0)))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// threeMoves returns a tic-tac-toe book whose start has three kinds of
// move: b2 worth 20, a2 5 (a leaf, inexact), the corners -10.
func threeMoves(t *testing.T) *Book {
	t.Helper()
	b, err := New(tictactoe.Game{}, 9, 9)
	require.NoError(t, err)
	putLeaf(t, b, nil, "a2", 5, 3, false)
	putLeaf(t, b, []string{"b2"}, "a2", -20, 4, false)
	putLeaf(t, b, []string{"a1"}, "b2", 10, 5, false)
	_, _, err = b.Negamax(context.Background())
	require.NoError(t, err)
	return b
}

func TestChooseWeighsMovesWithinTheRandomness(t *testing.T) {
	b := threeMoves(t)
	pos := at(t)
	best, ok := b.Choose(pos, 0, rand.New(rand.NewPCG(1, 1)))
	require.True(t, ok)
	assert.Equal(t, "b2", pos.MoveText(best.Move))
	_, ok = b.Choose(at(t, "c2"), 0, nil)
	assert.False(t, ok, "a position outside the book")

	for _, tc := range []struct {
		randomness engines.Score
		want       map[string]bool
	}{
		{0, map[string]bool{"b2": true}},
		{10, map[string]bool{"b2": true}},
		{15, map[string]bool{"b2": true, "a2": true}},
		{100, map[string]bool{"b2": true, "a2": true, "a1": true, "c1": true, "a3": true, "c3": true}},
	} {
		rng := rand.New(rand.NewPCG(2, 3))
		seen := map[string]int{}
		for range 2000 {
			c, ok := b.Choose(pos, tc.randomness, rng)
			require.True(t, ok)
			seen[pos.MoveText(c.Move)]++
		}
		for m := range seen {
			assert.True(t, tc.want[m], "randomness %d plays %s", tc.randomness, m)
		}
		assert.Len(t, seen, len(tc.want), "randomness %d plays every move within it: %v", tc.randomness, seen)
		if tc.randomness == 15 {
			assert.Greater(t, seen["b2"], 3*seen["a2"], "the best move weighs 16, a2 1")
		}
	}
}

func TestLeave(t *testing.T) {
	book := Candidate{Move: 4, Value: 50}
	exact := Candidate{Move: 4, Value: 50, Exact: true}
	for _, tc := range []struct {
		name  string
		best  Candidate
		quick engines.Info
		want  bool
	}{
		{"the search agrees", book, engines.Info{PV: []engines.Move{4}, Score: 900}, false},
		{"a little better", book, engines.Info{PV: []engines.Move{0}, Score: 120}, false},
		{"clearly better", book, engines.Info{PV: []engines.Move{0}, Score: 200}, true},
		{"worse", book, engines.Info{PV: []engines.Move{0}, Score: -100}, false},
		{"no move", book, engines.Info{Score: 900}, false},
		{"exact book, inexact search", exact, engines.Info{PV: []engines.Move{0}, Score: 900}, false},
		{"exact book, exact better search", exact, engines.Info{PV: []engines.Move{0}, Score: 60, Exact: true}, true},
	} {
		assert.Equal(t, tc.want, Leave(tc.best, tc.quick, 100), tc.name)
	}
}

func TestProbeWhileLearning(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	games := randomGames(g, 20, 7)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := NewScorer(g, 9, false)
		for _, gm := range games {
			_, err := b.Learn(context.Background(), s, gm, 0)
			assert.NoError(t, err)
		}
	}()
	rng := rand.New(rand.NewPCG(5, 6))
	for probing := true; probing; {
		select {
		case <-done:
			probing = false
		default:
		}
		if c, ok := b.Choose(g.Start(), 50, rng); ok {
			_, err := engines.Legal(g.Start(), g.Start().MoveText(c.Move))
			require.NoError(t, err, "the book's move is legal")
		}
	}
	assert.Equal(t, uint64(20), b.Stats().StartGames)
}

// TestOthelloBooksReachTheExactEndgame checks that an othello book's
// default plies end where its level's searches solve exactly, so that
// learning carries a game's exact ending up the book.
func TestOthelloBooksReachTheExactEndgame(t *testing.T) {
	tests := []struct{ size, level, plies int }{
		{8, 10, 40},
		{10, 10, 30},
		{8, 4, 52},
		{8, 20, 36},
	}
	for _, tt := range tests {
		g, err := othello.New(tt.size)
		require.NoError(t, err)
		b, err := New(g, tt.level, 0)
		require.NoError(t, err)
		assert.Equal(t, tt.plies, b.Plies(), "%dx%d level %d", tt.size, tt.size, tt.level)
	}

	g, err := othello.New(8)
	require.NoError(t, err)
	const level = 4
	s := NewScorer(g, level, false)
	rng := rand.New(rand.NewPCG(4, 2))
	checked := 0
	for range 10 {
		pos := g.Start()
		for pos.Plies() < DefaultPlies(g, level) && pos.Result() == engines.None {
			moves := pos.LegalMoves(nil)
			pos.Play(moves[rng.IntN(len(moves))])
		}
		if pos.Result() != engines.None || pos.(*othello.Position).Empties() != 60-DefaultPlies(g, level) {
			continue // a pass came: the plies were not all moves
		}
		e, err := s.Score(context.Background(), pos, func(uint64) bool { return false })
		require.NoError(t, err)
		assert.True(t, e.Exact, "the last position a level-%d book learns is solved: %s", level, pos.Text())
		checked++
	}
	assert.Positive(t, checked)
}
