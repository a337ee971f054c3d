// This file holds the transposition table shared by the searches.

package search

import (
	"sync/atomic"

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

// slot packs an entry in 16 bytes: in data the move (16 bits, +1 so that
// NoMove is 0), the score (32 bits), the depth (8 bits), the bound (2 bits)
// and the generation that wrote it (6 bits), and in check the key xor data.
// Searches of several threads share a table without locks: a slot two of
// them wrote at once, a key of one with the data of the other, matches
// neither key and is not found.
type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// generations counts the generations a slot can name; Clear moves to the next.
const generations = 64

// TT is a transposition table: two slots a bucket, the first kept for the
// deepest entry, the second always replaced. Clear costs nothing: it starts a
// new generation, and entries of another one are neither found nor kept. (An
// entry 64 clears old comes back to life; it is still the truth about its
// position, since a table never changes games.) Probe and Store are safe for
// concurrent use; Clear and Close are not.
type TT struct {
	slab  *Slab[slot]
	slots []slot
	mask  uint64
	gen   uint64
}

// NewTT returns a table of at most mb mebibytes (at least 1024 entries).
func NewTT(mb int) *TT {
	n := uint64(1024)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	slab := NewSlab[slot](int(n))
	return &TT{slab: slab, slots: slab.Items(), mask: n - 2}
}

// Clear empties the table, at once whatever its size.
func (t *TT) Clear() { t.gen = (t.gen + 1) % generations }

// Close gives the table's memory back; the table must not be used after.
func (t *TT) Close() {
	t.slab.Free()
	t.slots = nil
}

// live reports whether data is an entry of the current generation.
func (t *TT) live(data uint64) bool { return data != 0 && data>>58 == t.gen }

// Probe looks key up.
func (t *TT) Probe(key uint64) (Entry, bool) {
	i := key & t.mask
	for j := i; j < i+2; j++ {
		s := &t.slots[j]
		if d := s.data.Load(); s.check.Load()^d == key && t.live(d) {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Store records e for key, keeping a deeper entry of another position in the
// bucket's first slot.
func (t *TT) Store(key uint64, e Entry) {
	i := key & t.mask
	d := pack(e) | t.gen<<58
	s := &t.slots[i]
	if old := s.data.Load(); s.check.Load()^old == key || !t.live(old) || int(uint8(old>>48)) <= e.Depth {
		s.write(key, d)
		return
	}
	t.slots[i+1].write(key, d)
}

func (s *slot) write(key, data uint64) {
	s.data.Store(data)
	s.check.Store(key ^ data)
}

func pack(e Entry) uint64 {
	return uint64(uint16(e.Move+1)) | uint64(uint32(e.Score))<<16 | uint64(uint8(e.Depth))<<48 | uint64(e.Bound&3)<<56
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  engines.Move(uint16(d)) - 1,
		Score: engines.Score(int32(uint32(d >> 16))),
		Depth: int(uint8(d >> 48)),
		Bound: Bound(d>>56) & 3,
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
