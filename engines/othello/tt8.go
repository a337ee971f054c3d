// This file holds the 8x8 searches' transposition table: entries keyed by the
// full board (no false hits), each with a lower and an upper bound, so that
// null-window searches at different windows share what they proved.

package othello

// ttEntry is one position's bounds and best move. Scores are in the unit of
// the table's search (discs for the solver, centi-discs for the midgame).
type ttEntry struct {
	p, o         uint64
	lower, upper int16
	depth        uint8 // plies searched (empties, for the solver)
	sel          uint8 // selectivity of the search, 0 = none
	move         uint8 // best move + 1, 0 for none
	date         uint8 // the search that wrote it, for replacement
}

// tt8 is a two-way set-associative table: a position may sit in either slot
// of its pair; on a miss the shallower or older entry is replaced.
type tt8 struct {
	e    []ttEntry
	mask uint64
	date uint8
}

// newTT8 returns a table of about mb mebibytes (at least 1024 entries).
func newTT8(mb int) *tt8 {
	const size = 24
	n := uint64(1024)
	for n*2*size <= uint64(mb)<<20 {
		n *= 2
	}
	return &tt8{e: make([]ttEntry, n), mask: n - 2}
}

// clear empties the table.
func (t *tt8) clear() {
	clear(t.e)
	t.date = 0
}

// newSearch ages the entries of earlier searches.
func (t *tt8) newSearch() { t.date++ }

// probe returns the entry of (p, o), or nil.
func (t *tt8) probe(p, o uint64) *ttEntry {
	i := hash8(p, o) & t.mask
	if e := &t.e[i]; e.p == p && e.o == o && e.depth != 0 {
		return e
	}
	if e := &t.e[i+1]; e.p == p && e.o == o && e.depth != 0 {
		return e
	}
	return nil
}

// store records what a search of (p, o) to depth at selectivity sel found:
// score against the window (alpha, beta), and its best move (-1 for none).
func (t *tt8) store(p, o uint64, depth, sel int, alpha, beta, score int, move int) {
	i := hash8(p, o) & t.mask
	e := &t.e[i]
	if !(e.p == p && e.o == o) {
		e2 := &t.e[i+1]
		switch {
		case e2.p == p && e2.o == o:
			e = e2
		case e.depth == 0:
		case e2.depth == 0:
			e = e2
		default:
			// Keep the deeper entry of the current search.
			if t.worth(e2) < t.worth(e) {
				e = e2
			}
		}
		*e = ttEntry{p: p, o: o, lower: -32767, upper: 32767}
	} else if int(e.depth) < depth || int(e.depth) == depth && int(e.sel) > sel {
		// A deeper search supersedes the old bounds.
		e.lower, e.upper = -32767, 32767
	} else if int(e.depth) > depth || int(e.sel) < sel {
		// A shallower search adds nothing but may refresh the move.
		if move >= 0 && score > alpha {
			e.move = uint8(move + 1)
		}
		e.date = t.date
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
}

// worth ranks entries for replacement: entries of old searches first, then
// shallow ones.
func (t *tt8) worth(e *ttEntry) int {
	w := int(e.depth)
	if e.date == t.date {
		w += 256
	}
	return w
}
