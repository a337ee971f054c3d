// This file holds the 8x8 rules on 64-bit bitboards: square a1 is bit 0, b1 bit
// 1, ..., h8 bit 63 (row by row from the top). A board is the pair (player,
// opponent) from the side to move's view; the hot paths of the search and the
// solver work on that pair alone.

package othello

import "math/bits"

// Column masks that keep shifts from wrapping around the board's sides.
const (
	notColA  = 0xfefefefefefefefe
	notColH  = 0x7f7f7f7f7f7f7f7f
	innerCol = 0x7e7e7e7e7e7e7e7e
)

// moves8Go is Moves8 in Go: each direction grows the runs of o-discs next
// to p by parallel prefix (Kogge-Stone), six steps folded into four. The
// directions are written out so that every shift is by a constant.
func moves8Go(p, o uint64) uint64 {
	mask := o & innerCol
	// Horizontal, shifts by 1.
	fl := mask & (p << 1)
	fr := mask & (p >> 1)
	fl |= mask & (fl << 1)
	fr |= mask & (fr >> 1)
	pl := mask & (mask << 1)
	pr := pl >> 1
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	m := fl<<1 | fr>>1
	// Vertical, shifts by 8: no column wraps.
	fl = o & (p << 8)
	fr = o & (p >> 8)
	fl |= o & (fl << 8)
	fr |= o & (fr >> 8)
	pl = o & (o << 8)
	pr = pl >> 8
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	m |= fl<<8 | fr>>8
	// Diagonal, shifts by 7.
	fl = mask & (p << 7)
	fr = mask & (p >> 7)
	fl |= mask & (fl << 7)
	fr |= mask & (fr >> 7)
	pl = mask & (mask << 7)
	pr = pl >> 7
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	m |= fl<<7 | fr>>7
	// Diagonal, shifts by 9.
	fl = mask & (p << 9)
	fr = mask & (p >> 9)
	fl |= mask & (fl << 9)
	fr |= mask & (fr >> 9)
	pl = mask & (mask << 9)
	pr = pl >> 9
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	m |= fl<<9 | fr>>9
	return m &^ (p | o)
}

// lineTables are the tables of Flips8: a move's four lines (row, column and
// both diagonals) are each gathered into a byte, solved by table lookups,
// and spread back.
type lineTables struct {
	// outflank[pos][inner] is, for a move at position pos of a line whose
	// six inner cells hold the opponent where inner has a 1, the two cells
	// that would outflank: the first cell on each side that is not the
	// opponent's (the end cell if every cell before it is).
	outflank [8][64]uint8
	// between[pos][ends] is the cells strictly between pos and the cells
	// of ends, which are the outflanking discs found.
	between [8][256]uint8
	lineMasks
}

// lineMasks spread a byte over a column and mask the diagonals: what
// gathers and spreads the lines of Flips8 and of the stability tables.
type lineMasks struct {
	// colSpread[b] puts bit i of b on row i of column a.
	colSpread [256]uint64
	// diag9 and diag7 are the diagonals through each square: a1-h8 and
	// h1-a8 directions.
	diag9, diag7 [64]uint64
}

func newLineMasks() lineMasks {
	var m lineMasks
	for b := range 256 {
		for i := range 8 {
			if b>>i&1 != 0 {
				m.colSpread[b] |= 1 << (8 * i)
			}
		}
	}
	for sq := range 64 {
		r, c := sq/8, sq%8
		for s := range 64 {
			rr, cc := s/8, s%8
			if cc-rr == c-r {
				m.diag9[sq] |= 1 << s
			}
			if cc+rr == c+r {
				m.diag7[sq] |= 1 << s
			}
		}
	}
	return m
}

var lines = func() *lineTables {
	t := &lineTables{}
	for pos := range 8 {
		for inner := range 64 {
			opp := uint8(inner << 1)
			var ends uint8
			for _, d := range []int{-1, 1} {
				i := pos + d
				for i > 0 && i < 7 && opp>>i&1 != 0 {
					i += d
				}
				if i >= 0 && i < 8 {
					ends |= 1 << i
				}
			}
			t.outflank[pos][inner] = ends
		}
		for ends := range 256 {
			var b uint8
			for i := range 8 {
				if ends>>i&1 == 0 {
					continue
				}
				lo, hi := min(i, pos), max(i, pos)
				for j := lo + 1; j < hi; j++ {
					b |= 1 << j
				}
			}
			t.between[pos][ends] = b
		}
	}
	t.lineMasks = newLineMasks()
	return t
}()

// flips8Go is Flips8 by tables. Each line through sq is
// gathered into a byte with the cells in column order (rows by a shift,
// the column and the diagonals by a multiplication), the outflanking discs
// are looked up from the opponent's inner cells, and the cells between
// them and sq are spread back onto the board.
func flips8Go(p, o uint64, sq int) uint64 {
	t := lines
	sq &= 63
	r, c := uint(sq>>3), uint(sq&7)
	out := &t.outflank[c]
	btw := &t.between[c]
	// The row.
	f := uint64(btw[out[o>>(8*r+1)&0x3f]&uint8(p>>(8*r))]) << (8 * r)
	// The diagonals: each holds at most one cell a column.
	m := t.diag9[sq]
	ob, pb := (o&m)*0x0101010101010101>>57, (p&m)*0x0101010101010101>>56
	f |= uint64(btw[out[ob&0x3f]&uint8(pb)]) * 0x0101010101010101 & m
	m = t.diag7[sq]
	ob, pb = (o&m)*0x0101010101010101>>57, (p&m)*0x0101010101010101>>56
	f |= uint64(btw[out[ob&0x3f]&uint8(pb)]) * 0x0101010101010101 & m
	// The column, rows as cells.
	const colA = 0x0101010101010101
	const gather = 0x0102040810204080
	ob, pb = (o>>c&colA)*gather>>57, (p>>c&colA)*gather>>56
	f |= t.colSpread[t.between[r][t.outflank[r][ob&0x3f]&uint8(pb)]] << c
	return f
}

// popcount counts the set bits.
func popcount(x uint64) int { return bits.OnesCount64(x) }

// start8 is the initial board: d4 and e5 white, d5 and e4 black.
const (
	start8Black = 1<<(3*8+4) | 1<<(4*8+3)
	start8White = 1<<(3*8+3) | 1<<(4*8+4)
)

// potentialMoves returns the empty squares next to an opponent disc: where
// moves may appear later (potential mobility).
func potentialMoves(p, o uint64) uint64 {
	return neighbours(o) &^ (p | o)
}

// neighbours returns the squares next to the set bits of x.
func neighbours(x uint64) uint64 {
	h := (x<<1)&notColA | (x>>1)&notColH
	v := x<<8 | x>>8
	d := (x<<9)&notColA | (x<<7)&notColH | (x>>7)&notColA | (x>>9)&notColH
	return h | v | d
}
