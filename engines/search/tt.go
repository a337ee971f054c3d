// This file holds the transposition table shared by the searches.

package search

import (
	"qi/engines"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

// The kinds of stored scores.
const (
	NoBound Bound = iota
	Upper         // the value is at most the score (all moves failed low)
	Lower         // the value is at least the score (a move failed high)
	Exact
)

// BoundOf is the bound of a search's best score searched with the window
// (alpha, beta).
func BoundOf(best, alpha, beta engines.Score) Bound {
	switch {
	case best <= alpha:
		return Upper
	case best >= beta:
		return Lower
	}
	return Exact
}

// Entry is what the table stores about a position.
type Entry struct {
	Move  engines.Move
	Score engines.Score
	Depth int
	Bound Bound
}

// slot packs an entry in 16 bytes: the full key, and in data the move (16 bits,
// +1 so that NoMove is 0), the score (32 bits), the depth (8 bits) and the bound
// (8 bits).
type slot struct {
	key  uint64
	data uint64
}

// TT is a transposition table: two slots a bucket, the first kept for the
// deepest entry, the second always replaced. Not safe for concurrent use.
type TT struct {
	slots []slot
	mask  uint64
}

// NewTT returns a table of at most mb mebibytes (at least 1024 entries).
func NewTT(mb int) *TT {
	n := uint64(1024)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{slots: make([]slot, n), mask: n - 2}
}

// Clear empties the table.
func (t *TT) Clear() { clear(t.slots) }

// Probe looks key up.
func (t *TT) Probe(key uint64) (Entry, bool) {
	i := key & t.mask
	for j := i; j < i+2; j++ {
		if s := t.slots[j]; s.key == key && s.data != 0 {
			return unpack(s.data), true
		}
	}
	return Entry{}, false
}

// Store records e for key, keeping a deeper entry of another position in the
// bucket's first slot.
func (t *TT) Store(key uint64, e Entry) {
	i := key & t.mask
	d := pack(e)
	if s := t.slots[i]; s.key == key || s.data == 0 || int(uint8(s.data>>48)) <= e.Depth {
		t.slots[i] = slot{key, d}
		return
	}
	t.slots[i+1] = slot{key, d}
}

func pack(e Entry) uint64 {
	return uint64(uint16(e.Move+1)) | uint64(uint32(e.Score))<<16 | uint64(uint8(e.Depth))<<48 | uint64(e.Bound)<<56
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  engines.Move(uint16(d)) - 1,
		Score: engines.Score(int32(uint32(d >> 16))),
		Depth: int(uint8(d >> 48)),
		Bound: Bound(d >> 56),
	}
}

// ToTT turns a score at ply from the root into one relative to the node, so
// that a mate stored here means the same when found again at another ply.
func ToTT(s engines.Score, ply int) engines.Score {
	switch {
	case s > engines.Mate-engines.MaxPly:
		return s + engines.Score(ply)
	case s < -engines.Mate+engines.MaxPly:
		return s - engines.Score(ply)
	}
	return s
}

// FromTT undoes ToTT at ply.
func FromTT(s engines.Score, ply int) engines.Score {
	switch {
	case s > engines.Mate-engines.MaxPly:
		return s - engines.Score(ply)
	case s < -engines.Mate+engines.MaxPly:
		return s + engines.Score(ply)
	}
	return s
}
