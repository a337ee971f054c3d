// This file holds deviations, the book growing by its own analysis as
// Edax's and Egaroucid's do: from the roots, follow every move whose value
// is within a per-move error of the best, while the errors along the line
// add up to no more than a cumulative error, and turn the leaves met so
// into book positions. A round plans them all; rounds repeat until a round
// finds none.

package book

import (
	"context"

	"qi/engines"
)

// DeviateOptions bound the lines a round of deviations follows.
type DeviateOptions struct {
	// PerMove is the most a move may lose against the best one;
	// Cumulative the most the moves of a line may lose together.
	PerMove, Cumulative engines.Score
	// Plies is how far from a root a new position may be.
	Plies int
}

// DeviationPlan returns a round of deviations from roots (keys of book
// positions, as Negamax returns them): each leaf within the errors becomes
// a new position, and every position whose leaf it is (the one it was
// found from, and any other reaching it by a transposition) gets its leaf
// searched again.
func (b *Book) DeviationPlan(ctx context.Context, roots []uint64, opt DeviateOptions) (*Plan, error) {
	p := &Plan{counts: map[uint64]*Entry{}, added: map[uint64]bool{}}
	// best holds the least error with which a position was reached: a
	// position reached again with no less error has nothing new to give.
	best := map[uint64]engines.Score{}
	k := &keyer{}
	var visit func(pos engines.Position, key uint64, sym int, lost engines.Score, depth int) error
	visit = func(pos engines.Position, key uint64, sym int, lost engines.Score, depth int) error {
		if seen, ok := best[key]; ok && seen <= lost {
			return nil
		}
		best[key] = lost
		if err := ctx.Err(); err != nil {
			return err
		}
		b.mu.RLock()
		e, ok := b.get(key)
		var cands []Candidate
		if ok {
			cands, _ = b.children(k, pos, sym, &e)
		}
		b.mu.RUnlock()
		for _, c := range cands {
			d := e.Value - c.Value
			if d > opt.PerMove || lost+d > opt.Cumulative {
				continue
			}
			pos.Play(c.Move)
			ck, csym, board, err := k.canon(pos)
			switch {
			case err != nil:
			case c.Leaf && depth+1 <= opt.Plies && pos.Result() == engines.None && !p.added[ck]:
				p.added[ck] = true
				p.Items = append(p.Items, Item{Key: ck, Board: append([]byte(nil), board...), New: true})
			case !c.Leaf:
				err = visit(pos, ck, csym, lost+d, depth+1)
			}
			pos.Undo()
			if err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range roots {
		e, ok := b.Lookup(r)
		if !ok {
			continue
		}
		pos, err := b.packer.Unpack(e.Board)
		if err != nil {
			return nil, err
		}
		if err := visit(pos, r, 0, 0, 0); err != nil {
			return nil, err
		}
	}
	if err := p.addStale(b); err != nil {
		return nil, err
	}
	return p, nil
}

// AddStart adds the game's start position to the book, searched by s,
// when it is not there: deviations grow from it.
func (b *Book) AddStart(ctx context.Context, s *Scorer) (added bool, err error) {
	start := b.game.Start()
	key, err := b.Key(start)
	if err != nil || b.has(key) || start.Result() != engines.None {
		return false, err
	}
	e, err := s.Score(ctx, start, b.has)
	if err != nil {
		return false, err
	}
	b.put(e)
	return true, nil
}
