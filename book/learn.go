// This file holds learning, NTest's and Edax's way: a finished game is
// walked from its end back to its start; each position missing from the
// book is added with a search, each counts the game's result, and where the
// best move outside the book might beat the book's choice it is searched as
// a book position of its own (a deviation); values go back up the game.

package book

import (
	"context"
	"slices"

	"qi/engines"
)

// LearnStats says what learning games did.
type LearnStats struct {
	// Games were learned; Skipped were not (random moves).
	Games, Skipped int
	// Added positions were new; Deviations of them were leaves searched
	// as positions of their own; Rescored positions got a new leaf, their
	// old one having become a book position.
	Added, Deviations, Rescored int
	// Counted positions counted the games' results.
	Counted int
}

// Add sums two stats.
func (s LearnStats) Add(o LearnStats) LearnStats {
	return LearnStats{s.Games + o.Games, s.Skipped + o.Skipped, s.Added + o.Added, s.Deviations + o.Deviations, s.Rescored + o.Rescored, s.Counted + o.Counted}
}

// Learn adds gm to the book in memory (Record keeps it in the game log;
// Save or `qi book build` keeps what was learned): the positions of its
// first Plies plies after the opening, searched by s where they are new.
// A leaf whose value is within deviation of the book's best move in a
// position of the game is searched as a position of its own; a negative
// deviation never searches them. A game of random moves is skipped.
func (b *Book) Learn(ctx context.Context, s *Scorer, gm Game, deviation engines.Score) (LearnStats, error) {
	if gm.Random {
		return LearnStats{Skipped: 1}, nil
	}
	b.learnMu.Lock()
	defer b.learnMu.Unlock()
	pos, err := gm.replay(b.game)
	if err != nil {
		return LearnStats{}, err
	}
	first := gm.start(b.game).Plies()
	n := len(gm.Moves)
	hi := min(n, b.hdr.plies-first)
	for range n - max(hi, 0) {
		pos.Undo()
	}
	// The game counts once it is learned whole: one cut short (a learner
	// closed at once) is learned again from the log.
	var st LearnStats
	for i := hi; i >= gm.Opening; i-- {
		if i < hi {
			pos.Undo()
		}
		if pos.Result() != engines.None {
			continue
		}
		dev := deviation
		if i == hi {
			// The leaf of the last position learned would go past Plies.
			dev = -1
		}
		if err := b.learnPosition(ctx, s, pos, gm.Result, dev, &st); err != nil {
			return st, err
		}
	}
	st.Games = 1
	return st, nil
}

// learnPosition adds pos to the book if it is missing, counts result in it,
// searches its leaf as a position when the leaf is within deviation of the
// best book move (never when deviation is negative), and recomputes its
// value.
func (b *Book) learnPosition(ctx context.Context, s *Scorer, pos engines.Position, result engines.Result, deviation engines.Score, st *LearnStats) error {
	k := b.keyer()
	defer b.keyers.Put(k)
	key, sym, _, err := k.canon(pos)
	if err != nil {
		return err
	}
	b.mu.RLock()
	cur, ok := b.get(key)
	b.mu.RUnlock()
	var e *Entry
	switch {
	case !ok:
		if e, err = s.Score(ctx, pos, b.has); err != nil {
			return err
		}
		st.Added++
	default:
		e = cur.clone()
		if b.stale(k, pos, sym, e) {
			if err := s.Leaf(ctx, pos, sym, e, b.has); err != nil {
				return err
			}
			st.Rescored++
		}
	}
	e.count(result, pos.SideToMove())
	st.Counted++
	b.put(e)
	if deviation >= 0 && e.Leaf != engines.NoMove && b.leafWithin(k, pos, sym, e, deviation) {
		m := pos.(engines.Symmetric).UnmapMove(e.Leaf, sym)
		pos.Play(m)
		var child *Entry
		if pos.Result() == engines.None {
			if child, err = s.Score(ctx, pos, b.has); err == nil {
				b.put(child)
				_, err = b.revalue(k, pos)
			}
		}
		pos.Undo()
		if err != nil {
			return err
		}
		if child != nil {
			st.Added++
			st.Deviations++
			if err := s.Leaf(ctx, pos, sym, e, b.has); err != nil {
				return err
			}
			b.put(e)
			if _, err := b.revalue(k, pos); err != nil {
				return err
			}
		}
	}
	_, err = b.revalue(k, pos)
	return err
}

// stale reports whether e's leaf has become a book position, or is no
// legal move (a damaged book's).
func (b *Book) stale(k *keyer, pos engines.Position, sym int, e *Entry) bool {
	if e.Leaf == engines.NoMove {
		return false
	}
	m := pos.(engines.Symmetric).UnmapMove(e.Leaf, sym)
	if !slices.Contains(pos.LegalMoves(nil), m) {
		return true
	}
	p := pos.Clone()
	p.Play(m)
	key, err := k.key(p)
	return err == nil && b.has(key)
}

// leafWithin reports whether e's leaf is worse than no book move of pos by
// more than margin: with margin 0, whether it might beat the book's choice.
func (b *Book) leafWithin(k *keyer, pos engines.Position, sym int, e *Entry, margin engines.Score) bool {
	b.mu.RLock()
	cands, _ := b.children(k, pos, sym, e)
	b.mu.RUnlock()
	for _, c := range cands {
		if !c.Leaf && c.Value > e.LeafValue+margin {
			return false
		}
	}
	return true
}
