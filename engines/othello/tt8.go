// This file holds the 8x8 searches' transposition table: 16-byte entries in
// buckets of four that share a cache line (a probe costs one memory access),
// each with a lower and an upper bound, so that null-window searches at
// different windows share what they proved; and the solver's small table of
// each thread's own for nodes with few empties.

package othello

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"qi/engines/search"
)

// ttEntry is one position's bounds and best move. Scores are in the unit of
// the table's search (discs for the solver, centi-discs for the midgame).
type ttEntry struct {
	lower, upper int16
	depth        uint8 // plies searched (empties, for the solver)
	sel          uint8 // selectivity of the search, 0 = none
	move         uint8 // best move + 1, 0 for none
	date         uint8 // the search that wrote it, for replacement
}

// pack gives an entry as one word.
func (e ttEntry) pack() uint64 {
	return uint64(uint16(e.lower)) | uint64(uint16(e.upper))<<16 |
		uint64(e.depth)<<32 | uint64(e.sel)<<40 | uint64(e.move)<<48 | uint64(e.date)<<56
}

// unpack reads an entry from its word.
func unpack(d uint64) ttEntry {
	return ttEntry{
		lower: int16(uint16(d)), upper: int16(uint16(d >> 16)),
		depth: uint8(d >> 32), sel: uint8(d >> 40), move: uint8(d >> 48), date: uint8(d >> 56),
	}
}

// ttSlot holds an entry as two words: the packed entry and its check key
// xor the packed entry. Searches on several threads share the table
// without locks: each word is loaded and stored atomically, and a slot
// whose words two writers mixed (one's data, the other's check) yields a
// key that matches no position (but by a chance of 2^-64), so that a torn
// entry is never believed. An empty slot is two zeros: key 0, which no
// salted key equals.
type ttSlot struct {
	check, data atomic.Uint64
}

// load returns the slot's key and entry word.
func (s *ttSlot) load() (key, data uint64) {
	d := s.data.Load()
	return s.check.Load() ^ d, d
}

// set writes an entry of key.
func (s *ttSlot) set(key uint64, e ttEntry) {
	d := e.pack()
	s.data.Store(d)
	s.check.Store(key ^ d)
}

// ttBucket is four entries, 64 bytes: one cache line.
type ttBucket [4]ttSlot

// tt8 is a four-way set-associative table; on a miss the shallowest entry
// of an older search, else the shallowest, is replaced. Its check keys are
// salted: clearing the table changes the salt, so that no entry written
// before is found again, at once whatever the table's size. Probes and
// stores are safe for concurrent use (see ttSlot); clear and newSearch are
// not, and happen between searches.
type tt8 struct {
	slab    *search.Slab[ttBucket]
	buckets []ttBucket
	mask    uint64
	date    uint8
	salt    uint64
}

// newTT8 returns a table of about mb mebibytes (at least 256 buckets).
func newTT8(mb int) *tt8 {
	n := uint64(256)
	for n*2*uint64(unsafe.Sizeof(ttBucket{})) <= uint64(mb)<<20 {
		n *= 2
	}
	// Large allocations start on a page, so buckets sit on cache lines.
	slab := search.NewSlab[ttBucket](int(n))
	return &tt8{slab: slab, buckets: slab.Items(), mask: n - 1}
}

// close gives the table's memory back; it must not be used after.
func (t *tt8) close() {
	t.slab.Free()
	t.buckets = nil
}

// ttKeys returns the bucket index and the check key of a board.
func ttKeys(p, o uint64) (uint64, uint64) {
	h := hash8(p, o)
	k := (o*0xD6E8FEB86659FD93 ^ bits.RotateLeft64(p*0xA0761D6478BD642F, 29)) | 1
	return h, k
}

// clear empties the table: entries under the old salt are never found again
// and, being of an older search, are the first replaced. The salt's low bit
// stays 0, so that a salted key is never 0, the mark of an empty entry.
func (t *tt8) clear() {
	t.salt = (t.salt + 0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9 &^ 1
	t.date++
}

// newSearch ages the entries of earlier searches.
func (t *tt8) newSearch() { t.date++ }

// prefetch starts loading the bucket of (p, o) into the caches, so that a
// probe of it a little later does not wait for memory.
func (t *tt8) prefetch(p, o uint64) {
	prefetch(unsafe.Pointer(&t.buckets[hash8(p, o)&t.mask]))
}

// probe returns the entry of (p, o) and whether there is one.
func (t *tt8) probe(p, o uint64) (ttEntry, bool) {
	h, k := ttKeys(p, o)
	k ^= t.salt
	b := &t.buckets[h&t.mask]
	for i := range b {
		if key, d := b[i].load(); key == k {
			return unpack(d), true
		}
	}
	return ttEntry{}, false
}

// store records what a search of (p, o) to depth at selectivity sel found:
// score against the window (alpha, beta), and its best move (-1 for none).
// Two threads storing the same position at once may lose one's bounds,
// never mix them: each writes a whole entry.
func (t *tt8) store(p, o uint64, depth, sel int, alpha, beta, score int, move int) {
	h, k := ttKeys(p, o)
	k ^= t.salt
	b := &t.buckets[h&t.mask]
	slot := -1
	var e ttEntry
	for i := range b {
		if key, d := b[i].load(); key == k {
			slot, e = i, unpack(d)
			break
		}
	}
	if slot < 0 {
		slot = 0
		w := t.worth(&b[0])
		for i := 1; i < len(b); i++ {
			if wi := t.worth(&b[i]); wi < w {
				slot, w = i, wi
			}
		}
		e = ttEntry{lower: -32767, upper: 32767}
	} else if int(e.depth) < depth || int(e.depth) == depth && int(e.sel) > sel {
		// A deeper search supersedes the old bounds.
		e.lower, e.upper = -32767, 32767
	} else if int(e.depth) > depth || int(e.sel) < sel {
		// A shallower search adds nothing but may refresh the move.
		if move >= 0 && score > alpha {
			e.move = uint8(move + 1)
		}
		e.date = t.date
		b[slot].set(k, e)
		return
	}
	e.depth, e.sel, e.date = uint8(depth), uint8(sel), t.date
	if score < beta {
		e.upper = int16(min(int(e.upper), score))
	}
	if score > alpha {
		e.lower = int16(max(int(e.lower), score))
	}
	if e.lower > e.upper {
		// Bounds of searches that disagree (move order, selectivity):
		// trust the latest.
		if score > alpha {
			e.upper = 32767
		} else {
			e.lower = -32767
		}
	}
	if move >= 0 && (score > alpha || e.move == 0) {
		e.move = uint8(move + 1)
	}
	b[slot].set(k, e)
}

// worth ranks slots for replacement: empty ones first, then entries of
// old searches, then shallow ones.
func (t *tt8) worth(s *ttSlot) int {
	key, d := s.load()
	if key == 0 {
		return -1
	}
	e := unpack(d)
	w := int(e.depth)
	if e.date == t.date {
		w += 256
	}
	return w
}

// localTT is a small direct-mapped table of one thread's own, for the
// solver's nodes with a few empties too many to be worth a probe of the
// shared table: at 2^15 entries it mostly stays in the processor's cache.
// An entry holds the whole board, so that it never answers for another.
type localTT []localEntry

// localEntry is one position's disc bounds at a selectivity, with its best
// move + 1 (0 for none).
type localEntry struct {
	p, o         uint64
	lower, upper int8
	move, sel    uint8
}

// localTTSize is the entries of a localTT: 768 KiB.
const localTTSize = 1 << 15

// probe returns the entry of (p, o), nil when there is none.
func (t localTT) probe(p, o uint64) *localEntry {
	e := &t[hash8(p, o)&(localTTSize-1)]
	if e.p != p || e.o != o {
		return nil
	}
	return e
}

// prefetch starts loading the entry of (p, o) into the caches.
func (t localTT) prefetch(p, o uint64) {
	prefetch(unsafe.Pointer(&t[hash8(p, o)&(localTTSize-1)]))
}

// store records the fail-soft score of a null-window search (alpha,
// alpha+1) at selectivity sel and its best move, replacing whatever else
// held the slot.
func (t localTT) store(p, o uint64, sel, alpha, score, move int) {
	e := &t[hash8(p, o)&(localTTSize-1)]
	if e.p != p || e.o != o || int(e.sel) != sel {
		*e = localEntry{p: p, o: o, lower: -100, upper: 100, sel: uint8(sel)}
	}
	if score > alpha {
		e.lower = int8(max(int(e.lower), score))
		e.move = uint8(move + 1)
	} else {
		e.upper = int8(min(int(e.upper), score))
		if e.move == 0 {
			e.move = uint8(move + 1)
		}
	}
}
