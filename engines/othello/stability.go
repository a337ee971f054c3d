// This file holds the 8x8 tables the solver reads: flip counts of the last
// move, and stable discs (discs that can never be flipped) from the edges and
// the full lines.

package othello

import (
	"math/bits"
	"sync"
)

// tables8 are read-only tables built on first use.
type tables8 struct {
	// lastFlip[pos][line] is twice the number of discs flipped by a move at
	// pos of a full line of 8 whose other squares are the mover's where line
	// has a 1 and the opponent's where it has a 0.
	lastFlip [8][256]uint8
	// edgeStable[p<<8|o] is the set of p's discs on an edge line that no
	// sequence of moves on that line can flip.
	edgeStable [1 << 16]uint8
	lineMasks
}

var getTables8 = sync.OnceValue(newTables8)

func newTables8() *tables8 {
	t := &tables8{}
	for pos := range 8 {
		for line := range 256 {
			if line>>pos&1 != 0 {
				continue
			}
			n := 0
			for _, d := range []int{-1, 1} {
				k := 0
				i := pos + d
				for ; i >= 0 && i < 8 && line>>i&1 == 0; i += d {
					k++
				}
				if i >= 0 && i < 8 {
					n += k
				}
			}
			t.lastFlip[pos][line] = uint8(2 * n)
		}
	}
	t.buildEdgeStable()
	t.lineMasks = newLineMasks()
	return t
}

// buildEdgeStable solves every line of 8 (3^8 of them) for the discs of the
// first player that stay whatever either side plays on the line, in order of
// fewer empties first. A disc may be placed anywhere on the line (the move
// may be legal through another line), flipping what it outflanks here.
func (t *tables8) buildEdgeStable() {
	type state struct{ p, o uint8 }
	var byEmpties [9][]state
	for p := range 256 {
		for o := range 256 {
			if p&o == 0 {
				e := 8 - bits.OnesCount8(uint8(p|o))
				byEmpties[e] = append(byEmpties[e], state{uint8(p), uint8(o)})
			}
		}
	}
	flip := func(me, opp uint8, x int) uint8 {
		var f uint8
		for _, d := range []int{-1, 1} {
			var run uint8
			i := x + d
			for ; i >= 0 && i < 8 && opp>>i&1 != 0; i += d {
				run |= 1 << i
			}
			if i >= 0 && i < 8 && me>>i&1 != 0 {
				f |= run
			}
		}
		return f
	}
	for e := range 9 {
		for _, s := range byEmpties[e] {
			stable := s.p
			empty := ^(s.p | s.o)
			for x := range 8 {
				if empty>>x&1 == 0 {
					continue
				}
				// The first player moves at x.
				f := flip(s.p, s.o, x)
				np, no := s.p|f|1<<x, s.o&^f
				stable &= t.edgeStable[int(np)<<8|int(no)]
				// The second player moves at x.
				f = flip(s.o, s.p, x)
				np, no = s.p&^f, s.o|f|1<<x
				stable &= t.edgeStable[int(np)<<8|int(no)]
			}
			t.edgeStable[int(s.p)<<8|int(s.o)] = stable
		}
	}
}

// colByte gathers column c of b into a byte, row r to bit r.
func colByte(b uint64, c int) int {
	return int(((b >> c) & 0x0101010101010101) * 0x0102040810204080 >> 56)
}

// gatherByte gathers the squares of b within mask, which holds at most one
// square per column, into a byte, column c to bit c.
func gatherByte(b, mask uint64) int {
	return int((b & mask) * 0x0101010101010101 >> 56)
}

// lastFlips returns twice the number of discs that p flips by playing on the
// last empty square x, when every other square is p's or the opponent's.
func (t *tables8) lastFlips(p uint64, x int) int {
	r, c := x>>3, x&7
	n := int(t.lastFlip[c][(p>>(8*r))&0xff])
	n += int(t.lastFlip[r][colByte(p, c)])
	n += int(t.lastFlip[c][gatherByte(p, t.diag9[x])])
	n += int(t.lastFlip[c][gatherByte(p, t.diag7[x])])
	return n
}

// edgeStableDiscs returns p's discs on the four edges that moves along the
// edges cannot flip.
func (t *tables8) edgeStableDiscs(p, o uint64) uint64 {
	s := uint64(t.edgeStable[int(p&0xff)<<8|int(o&0xff)])
	s |= uint64(t.edgeStable[int(p>>56)<<8|int(o>>56)]) << 56
	s |= t.colSpread[t.edgeStable[colByte(p, 0)<<8|colByte(o, 0)]]
	s |= t.colSpread[t.edgeStable[colByte(p, 7)<<8|colByte(o, 7)]] << 7
	return s
}

// fullLines returns the squares whose row, column and each diagonal are
// full, in four masks.
func (t *tables8) fullLines(full uint64) (h, v, d9, d7 uint64) {
	x := full
	x &= x >> 1
	x &= x >> 2
	x &= x >> 4
	h = (x & 0x0101010101010101) * 0xff
	y := full
	y &= y >> 8
	y &= y >> 16
	y &= y >> 32
	v = (y & 0xff) * 0x0101010101010101
	// Diagonals of one or two squares are full as soon as their squares
	// are: they cannot hold an empty square that flips through them.
	d9 = fullRuns(full, 9, 0xff80808080808080, 0xffffc0c0c0c0c0c0, 0xfffffffff0f0f0f0,
		0x01010101010101ff, 0x030303030303ffff, 0x0f0f0f0fffffffff)
	d9 |= full & (0x0100000000000080 | 0x0201000000008040) // a8, h1; a7 b8, g1 h2
	d7 = fullRuns(full, 7, 0xff01010101010101, 0xffff030303030303, 0xffffffff0f0f0f0f,
		0x80808080808080ff, 0xc0c0c0c0c0c0ffff, 0xf0f0f0f0ffffffff)
	d7 |= full & (0x0000000000000001 | 0x8000000000000000 | 0x0000000000000102 | 0x4080000000000000)
	return
}

// fullRuns returns the squares of full whose whole line in the direction
// of shift (7 or 9) is full, without a branch: each square learns that the
// next 1, 2, 4 and 8 squares of the line are full (or off the board) from
// the squares 1, 2 and 4 steps on, towards higher squares (up1, up2, up4:
// the squares with no such step) and towards lower ones (down1, ...). A
// loop over the diagonals, a branch each, took nearly half of the
// stable-disc search's time in a profile of FFO #40-#49.
func fullRuns(full uint64, shift uint, up1, up2, up4, down1, down2, down4 uint64) uint64 {
	u := full & (full>>shift | up1)
	u &= u>>(2*shift) | up2
	u &= u>>(4*shift) | up4
	d := full & (full<<shift | down1)
	d &= d<<(2*shift) | down2
	d &= d<<(4*shift) | down4
	return u & d
}

// stableDiscs returns a subset of p's discs that can never be flipped: the
// stable edge discs, then the inner discs that are protected in every
// direction by a full line or a stable neighbour of their own colour.
func (t *tables8) stableDiscs(p, o uint64) uint64 {
	const inner = 0x007e7e7e7e7e7e00
	full := p | o
	h, v, d9, d7 := t.fullLines(full)
	stable := t.edgeStableDiscs(p, o)
	pin := p & inner
	stable |= pin & h & v & d9 & d7
	if stable == 0 {
		return 0
	}
	for {
		old := stable
		sh := stable>>1 | stable<<1 | h
		sv := stable>>8 | stable<<8 | v
		s9 := stable>>9 | stable<<9 | d9
		s7 := stable>>7 | stable<<7 | d7
		stable |= sh & sv & s9 & s7 & pin
		if stable == old {
			return stable
		}
	}
}
