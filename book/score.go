// This file holds the Scorer, which searches the book's positions with the
// game's own searcher: the best move outside the book (the leaf) and its
// value, at the book's level.

package book

import (
	"context"
	"fmt"
	"slices"

	"qi/engines"
)

// Scorer searches positions for a book at one level. The searches of each
// position start from cleared tables, so that its leaf does not depend on
// what was searched before (nor on which process searched it). One
// goroutine uses a scorer at a time.
type Scorer struct {
	searcher engines.Searcher
	level    int
	keys     keyer
}

// deepMoves is how many moves outside the book get a full search when the
// best move of the position is in the book; more are first ranked by a
// shallow search (gomoku's hundreds of moves would cost a hundred times a
// search otherwise).
const deepMoves = 4

// NewScorer returns a scorer of g searching level plies deep (the
// othello searcher solves from the empties its depth does: SolveFrom).
// Its tables grow with the level: shallow searches fill little of them,
// and clearing them before each position would cost more than the search.
// A selective scorer prunes as searches on the clock do
// (engines.Config.Selective).
func NewScorer(g engines.Game, level int, selective bool) *Scorer {
	hashMB := 1 << min(max(level-4, 0), 6)
	return &Scorer{level: max(level, 1), searcher: g.NewSearcher(engines.Config{Level: engines.MaxLevel, HashMB: hashMB, Selective: selective})}
}

// Level returns the depth the scorer searches to.
func (s *Scorer) Level() int { return s.level }

func (s *Scorer) search(ctx context.Context, pos engines.Position, lim engines.Limits) (engines.Info, error) {
	lim.Depth = max(lim.Depth, 1)
	info := s.searcher.Search(ctx, pos, lim, nil)
	return info, ctx.Err()
}

// Score returns a new entry for pos, a position whose game goes on: its
// key and canonical board, and its leaf, the best move whose position
// inBook says is not in the book, with its value, which is also the
// entry's value until the book's negamax combines it with the children's.
func (s *Scorer) Score(ctx context.Context, pos engines.Position, inBook func(key uint64) bool) (*Entry, error) {
	key, sym, board, err := s.keys.canon(pos)
	if err != nil {
		return nil, err
	}
	e := &Entry{Key: key, Board: append([]byte(nil), board...), Leaf: engines.NoMove, LeafValue: noValue, Value: noValue}
	if err := s.Leaf(ctx, pos, sym, e, inBook); err != nil {
		return nil, err
	}
	e.Value, e.Exact, e.Level = e.LeafValue, e.LeafExact, e.LeafLevel
	return e, nil
}

// Leaf searches pos, whose entry e is in the frame of symmetry sym, for its
// best move outside the book and sets e's leaf (NoMove when every move is
// in the book). The position's own search gives it when its best move is
// outside the book; otherwise the moves outside are searched one by one
// (the best deepMoves of them by a shallow search first when there are
// many).
func (s *Scorer) Leaf(ctx context.Context, pos engines.Position, sym int, e *Entry, inBook func(key uint64) bool) error {
	if pos.Result() != engines.None {
		return fmt.Errorf("book: the game is over in %s: nothing to search", pos.Text())
	}
	var outside []engines.Move
	for _, m := range pos.LegalMoves(nil) {
		pos.Play(m)
		k, err := s.keys.key(pos)
		pos.Undo()
		if err != nil {
			return err
		}
		if !inBook(k) {
			outside = append(outside, m)
		}
	}
	e.Leaf, e.LeafValue, e.LeafExact, e.LeafLevel = engines.NoMove, noValue, false, 0
	if len(outside) == 0 {
		return nil
	}
	s.searcher.Clear()
	info, err := s.search(ctx, pos, engines.Limits{Depth: s.level})
	if err != nil {
		return err
	}
	best, value, exact := info.Best(), info.Score, info.Exact
	if !slices.Contains(outside, best) {
		if len(outside) > deepMoves {
			if outside, err = s.rank(ctx, pos, outside); err != nil {
				return err
			}
			outside = outside[:deepMoves]
		}
		best, value = engines.NoMove, noValue
		for _, m := range outside {
			v, ex, err := s.moveValue(ctx, pos, m, engines.Limits{Depth: s.level - 1})
			if err != nil {
				return err
			}
			if v > value {
				best, value, exact = m, v, ex
			}
		}
	}
	e.Leaf = pos.(engines.Symmetric).MapMove(best, sym)
	e.LeafValue, e.LeafExact, e.LeafLevel = value, exact, s.level
	return nil
}

// rankNodes bounds the shallow searches that rank moves: gomoku's threat
// searches would otherwise take most of the time.
const rankNodes = 1000

// rank orders moves by a shallow search of each, best first.
func (s *Scorer) rank(ctx context.Context, pos engines.Position, moves []engines.Move) ([]engines.Move, error) {
	type scored struct {
		m engines.Move
		v engines.Score
	}
	list := make([]scored, len(moves))
	for i, m := range moves {
		v, _, err := s.moveValue(ctx, pos, m, engines.Limits{Depth: min(2, s.level-1), Nodes: rankNodes})
		if err != nil {
			return nil, err
		}
		list[i] = scored{m, v}
	}
	slices.SortStableFunc(list, func(a, b scored) int { return int(b.v) - int(a.v) })
	out := make([]engines.Move, len(list))
	for i, x := range list {
		out[i] = x.m
	}
	return out, nil
}

// moveValue searches the position after m within lim and returns the
// move's value for the side to move of pos.
func (s *Scorer) moveValue(ctx context.Context, pos engines.Position, m engines.Move, lim engines.Limits) (engines.Score, bool, error) {
	pos.Play(m)
	defer pos.Undo()
	info, err := s.search(ctx, pos, lim)
	if err != nil {
		return 0, false, err
	}
	v, exact := info.Score, info.Exact
	if pos.Result() != engines.None {
		v, exact = terminalValue(pos, info), true
	}
	return negate(v), exact, nil
}

// terminalValue is the value of a finished game for its side to move: the
// searcher's exact score when it agrees with the result (othello's counts
// the discs), else a forced result on the board.
func terminalValue(pos engines.Position, info engines.Info) engines.Score {
	side := pos.SideToMove()
	switch pos.Result() {
	case engines.WinFor(side):
		if info.Exact && info.Score > 0 {
			return info.Score
		}
		return engines.MateIn(0)
	case engines.WinFor(side.Other()):
		if info.Exact && info.Score < 0 {
			return info.Score
		}
		return engines.MatedIn(0)
	}
	return 0
}
