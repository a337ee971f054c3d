// This file holds the search for a balanced move (Yixin-Board's balance
// moves, which make openings): not the best move but the one, or the pair
// of moves of both sides, after which the position is worth as near a
// given value as can be.

package search

import (
	"context"
	"time"

	"qi/engines"
)

// Balance searches for the move of pos (with Pair, the move and the
// opponent's reply to it) after which the position's value is nearest
// Bias: for one move, the value for the side to move of pos after it;
// for a pair, the value for the same side, to move again after both.
// Each candidate is searched by Inner to the depth of the iteration,
// deeper and deeper. Moves lists a position's candidates (nil: every
// legal move); the root's are those lim allows among them.
type Balance struct {
	Inner engines.Searcher
	Bias  engines.Score
	Pair  bool
	Moves func(engines.Position) []engines.Move
}

// Clear implements engines.Searcher.
func (b *Balance) Clear() { b.Inner.Clear() }

// Close closes the inner searcher, when it is an io.Closer.
func (b *Balance) Close() error {
	if c, ok := b.Inner.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}

// candidates returns the moves of pos that b looks at, of those allowed.
func (b *Balance) candidates(pos engines.Position, lim engines.Limits) []engines.Move {
	if b.Moves == nil {
		return lim.RootMoves(pos)
	}
	var ms []engines.Move
	for _, m := range b.Moves(pos) {
		if lim.Allows(m) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return lim.RootMoves(pos)
	}
	return ms
}

// value returns the value of pos for the side that moved into it plies
// ago (1: the opponent is to move; 2: that side is to move again), by a
// search of depth, with its line, its nodes and whether it went as deep
// as asked (a game's search may stop short of a depth, having seen all).
func (b *Balance) value(ctx context.Context, pos engines.Position, depth, plies int) (engines.Score, []engines.Move, int64, bool) {
	var v engines.Score
	var pv []engines.Move
	var nodes int64
	deep := false
	switch pos.Result() {
	case engines.None:
		i := b.Inner.Search(ctx, pos, engines.Limits{Depth: depth}, nil)
		v, pv, nodes, deep = i.Score, i.PV, i.Nodes, i.Depth >= depth && !i.Exact
	case engines.Draw:
	case engines.WinFor(pos.SideToMove()):
		v = engines.Mate
	default:
		v = -engines.Mate
	}
	if plies%2 == 1 {
		v = -v
	}
	// A result counts its plies from the root.
	switch {
	case v.IsMate() && v > 0:
		v -= engines.Score(plies)
	case v.IsMate():
		v += engines.Score(plies)
	}
	return v, pv, nodes, deep
}

// Search implements engines.Searcher: its reports and answer give the
// balanced line, with its value in Score.
func (b *Balance) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	first := b.candidates(pos, lim)
	if len(first) == 0 {
		return engines.Info{}
	}
	maxDepth := engines.MaxPly
	if lim.Depth > 0 {
		maxDepth = lim.Depth
	}
	var answer engines.Info
	var nodes int64
	for depth := 1; depth <= maxDepth; depth++ {
		best, bestDist, done, deeper := engines.Info{}, engines.Score(-1), true, false
		try := func(line []engines.Move, v engines.Score, pv []engines.Move) {
			if d := dist(v, b.Bias); bestDist < 0 || d < bestDist {
				best = engines.Info{Depth: depth, Score: v, PV: append(line, pv...)}
				bestDist = d
			}
		}
	moves:
		for _, m := range first {
			child := pos.Clone()
			child.Play(m)
			if !b.Pair || child.Result() != engines.None {
				v, pv, n, deep := b.value(ctx, child, depth, 1)
				nodes, deeper = nodes+n, deeper || deep
				if ctx.Err() != nil {
					done = false
					break
				}
				try([]engines.Move{m}, v, pv)
				continue
			}
			for _, r := range b.candidates(child, engines.Limits{}) {
				grand := child.Clone()
				grand.Play(r)
				v, pv, n, deep := b.value(ctx, grand, depth, 2)
				nodes, deeper = nodes+n, deeper || deep
				if ctx.Err() != nil {
					done = false
					break moves
				}
				try([]engines.Move{m, r}, v, pv)
			}
		}
		if !done && len(answer.PV) > 0 || len(best.PV) == 0 {
			// The deeper search did not finish: the last whole one
			// answers (a first one cut short answers with what it found).
			break
		}
		best.Nodes, best.Time = nodes, time.Since(start)
		answer = best
		if report != nil {
			report(answer)
		}
		if !done || !deeper || lim.Nodes > 0 && nodes >= lim.Nodes || lim.Soft > 0 && !lim.Infinite && time.Since(start) > lim.Soft/2 {
			break
		}
	}
	answer.Nodes, answer.Time = nodes, time.Since(start)
	return answer
}

// dist is how far v is from bias, a result being farther than any value.
func dist(v, bias engines.Score) engines.Score {
	if v > bias {
		return v - bias
	}
	return bias - v
}
