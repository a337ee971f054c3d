// This file holds the book's negamax: a position's value is the best of its
// leaf's and its children's (value = max(leaf, -child)), computed from the
// positions at the end of the book back to the start.

package book

import (
	"context"
	"fmt"

	"qi/engines"
)

// combine sets e's value from its leaf and the candidates of its children
// in the book (as children lists them: links, then the leaf when it is
// valid). A value is exact when every part of it is: the leaf, each child,
// and no move outside the book left unsearched.
func combine(e *Entry, cands []Candidate, nonLinks int) {
	best, exact, level := engines.Score(noValue), true, 0
	leafSeen := false
	for _, c := range cands {
		leafSeen = leafSeen || c.Leaf
		if c.Value > best {
			best, level = c.Value, c.Level
		}
		exact = exact && c.Exact
	}
	if nonLinks > 0 && !leafSeen {
		exact = false
	}
	e.Value, e.Exact, e.Level = best, exact && best != noValue, level
}

// revalue recomputes the value of the entry of pos from the book as it is
// and stores it when it changed; it reports whether it did. b.mu must not
// be held.
func (b *Book) revalue(k *keyer, pos engines.Position) (bool, error) {
	key, sym, _, err := k.canon(pos)
	if err != nil {
		return false, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.get(key)
	if !ok {
		return false, nil
	}
	old := e
	cands, nonLinks := b.children(k, pos, sym, &e)
	combine(&e, cands, nonLinks)
	if e.Value == old.Value && e.Exact == old.Exact && e.Level == old.Level {
		return false, nil
	}
	b.over[key] = e.clone()
	return true, nil
}

// Negamax recomputes the value of every position of the book from its
// children's, deepest first, and returns how many changed and the keys of
// the roots: the positions that are no other book position's child. A
// position met again while its own value is being computed (a cycle, as
// niu jiao qi's repetitions make) lends the value it had before.
func (b *Book) Negamax(ctx context.Context) (changed int, roots []uint64, err error) {
	b.learnMu.Lock()
	defer b.learnMu.Unlock()
	all := b.entries()
	const (
		visiting = 1
		done     = 2
	)
	state := make(map[uint64]uint8, len(all))
	isChild := make(map[uint64]bool, len(all))
	byKey := make(map[uint64]*Entry, len(all))
	for _, e := range all {
		byKey[e.Key] = e
	}
	k := &keyer{}
	var visit func(e *Entry) error
	visit = func(e *Entry) error {
		state[e.Key] = visiting
		pos, err := b.packer.Unpack(e.Board)
		if err != nil {
			return fmt.Errorf("book: position %x: %w", e.Key, err)
		}
		var buf [256]engines.Move
		for _, m := range pos.LegalMoves(buf[:0]) {
			pos.Play(m)
			ck, err := k.key(pos)
			pos.Undo()
			if err != nil {
				return err
			}
			c, ok := byKey[ck]
			if !ok || ck == e.Key {
				continue
			}
			isChild[ck] = true
			if state[ck] == 0 {
				if err := visit(c); err != nil {
					return err
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		b.mu.Lock()
		cur, _ := b.get(e.Key)
		cands, nonLinks := b.children(k, pos, 0, &cur)
		combine(&cur, cands, nonLinks)
		if cur.Value != e.Value || cur.Exact != e.Exact || cur.Level != e.Level {
			changed++
			b.over[e.Key] = cur.clone()
		}
		b.mu.Unlock()
		state[e.Key] = done
		return nil
	}
	for _, e := range all {
		if state[e.Key] == 0 {
			if err := visit(e); err != nil {
				return changed, nil, err
			}
		}
	}
	for _, e := range all {
		if !isChild[e.Key] {
			roots = append(roots, e.Key)
		}
	}
	return changed, roots, nil
}
