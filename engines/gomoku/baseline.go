// This file holds the plain alpha-beta baseline that matches measure qi's
// own search against: search.AlphaBeta over the Position interface, the same
// static evaluation, and moves restricted to squares near the stones.

package gomoku

import (
	"context"

	"qi/engines"
	"qi/engines/search"
)

// nearPosition is a Position whose legal moves are only the squares within
// two of a stone (the centre on an empty board), for the baseline.
type nearPosition struct {
	*Position
}

// LegalMoves implements engines.Position.
func (p nearPosition) LegalMoves(buf []engines.Move) []engines.Move {
	if p.result != engines.None {
		return buf
	}
	b := &p.b
	n := len(buf)
	for _, c := range b.inside {
		i := int(c)
		if b.cells[i] == Empty && b.near[i] > 0 && (p.side != engines.P1 || b.foul(i) == NoFoul) {
			buf = append(buf, engines.Move(i))
		}
	}
	if len(buf) == n {
		return p.Position.LegalMoves(buf)
	}
	return buf
}

// NearMoves appends to buf the legal moves within two squares of a stone,
// the squares a search looks at (all legal moves on an empty board).
func (p *Position) NearMoves(buf []engines.Move) []engines.Move {
	return nearPosition{p}.LegalMoves(buf)
}

// baseline wraps search.AlphaBeta so that it searches a nearPosition.
type baseline struct {
	ab *search.AlphaBeta
}

// Search implements engines.Searcher.
func (s baseline) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	p, ok := pos.(*Position)
	if !ok {
		return s.ab.Search(ctx, pos, lim, report)
	}
	if p.b.stones == 0 && p.result == engines.None {
		// The baseline has no opening knowledge: the first stone goes in
		// the middle, as anyone would play it.
		ms := p.LegalMoves(nil)
		best := ms[0]
		cx, cy := (p.game.w-1)/2, (p.game.h-1)/2
		for _, m := range ms {
			x, y := XY(m)
			bx, by := XY(best)
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) < (bx-cx)*(bx-cx)+(by-cy)*(by-cy) {
				best = m
			}
		}
		return engines.Info{Depth: 1, PV: []engines.Move{best}}
	}
	return s.ab.Search(ctx, nearPosition{p}, lim, report)
}

// Clear implements engines.Searcher.
func (s baseline) Clear() { s.ab.Clear() }
