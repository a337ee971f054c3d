// This file holds the search of several lines (UCI's MultiPV, Gomocup's
// YXNBEST, NBoard's hints), shared by every game: depth by depth, the best
// move, then the best of the moves left, and so on, each searched by the
// game's own searcher with its root kept to the moves not yet taken.

package search

import (
	"context"
	"slices"
	"time"

	"qi/engines"
)

// Lines searches the Lines best moves of a position with Inner. Each line's
// value is exact for its depth: line k is the best move of those the lines
// before it left, searched to the full depth, never a bound from line 1's
// search. Its reports number the lines in Info.Line, all the lines of a
// depth together and best first; its answer is line 1.
type Lines struct {
	Inner engines.Searcher
	Lines int
}

// Clear implements engines.Searcher.
func (l *Lines) Clear() { l.Inner.Clear() }

// Close closes the inner searcher, when it is an io.Closer.
func (l *Lines) Close() error {
	if c, ok := l.Inner.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}

// FirstMove implements engines.FirstMover through the inner searcher.
func (l *Lines) FirstMove(pos engines.Position) engines.Move {
	if fm, ok := l.Inner.(engines.FirstMover); ok {
		return fm.FirstMove(pos)
	}
	return engines.NoMove
}

// Search implements engines.Searcher. It goes one depth deeper at a time
// until a limit of lim says stop, every line is exact, or a depth brings
// nothing the one before did not (the inner searcher's own end).
func (l *Lines) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	allowed := lim.RootMoves(pos)
	k := min(max(l.Lines, 1), len(allowed))
	if k <= 1 {
		return l.Inner.Search(ctx, pos, lim, report)
	}
	maxDepth := engines.MaxPly
	if lim.Depth > 0 {
		maxDepth = lim.Depth
	}
	var best []engines.Info
	var nodes int64
	for depth := 1; depth <= maxDepth; depth++ {
		lines := make([]engines.Info, 0, k)
		left := slices.Clone(allowed)
		for len(lines) < k && ctx.Err() == nil {
			sub := engines.Limits{Depth: depth, Moves: left}
			if len(lines) == 0 && len(lim.Moves) == 0 {
				sub.Moves = nil
			}
			if lim.Nodes > 0 {
				if nodes >= lim.Nodes {
					break
				}
				sub.Nodes = lim.Nodes - nodes
			}
			info := l.Inner.Search(ctx, pos, sub, nil)
			nodes += info.Nodes
			if ctx.Err() != nil || len(info.PV) == 0 || !slices.Contains(left, info.PV[0]) ||
				lim.Nodes > 0 && nodes >= lim.Nodes {
				break
			}
			lines = append(lines, info)
			left = slices.DeleteFunc(left, func(m engines.Move) bool { return m == info.PV[0] })
		}
		if len(lines) < k {
			if len(best) == 0 && len(lines) > 0 {
				best = lines
			}
			break
		}
		// A deeper line may come out better than the one before it
		// (the first searched a shallower tree within its own depth):
		// the lines are said best first.
		slices.SortStableFunc(lines, func(a, b engines.Info) int { return int(b.Score - a.Score) })
		deeper, exact := false, true
		for i := range lines {
			lines[i].Line = i + 1
			lines[i].Time = time.Since(start)
			lines[i].Nodes = nodes
			exact = exact && lines[i].Exact
			deeper = deeper || lines[i].Depth >= depth
		}
		if !deeper {
			break
		}
		best = lines
		if report != nil {
			for _, i := range lines {
				report(i)
			}
		}
		if exact || lim.Soft > 0 && !lim.Infinite && time.Since(start) > lim.Soft/2 {
			break
		}
	}
	if len(best) == 0 {
		// Stopped before a line was done: the inner searcher's answer
		// under the same limits, which it gives at once.
		info := l.Inner.Search(ctx, pos, lim, nil)
		info.Time = time.Since(start)
		return info
	}
	answer := best[0]
	answer.Time, answer.Nodes = time.Since(start), nodes
	return answer
}
