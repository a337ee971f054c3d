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

// Moves8 returns the squares where the player with discs p can move against
// the opponent's o: the empty squares from which a line of opponent discs
// runs to one of p's. Each direction grows the runs of o-discs next to p by
// parallel prefix (Kogge-Stone), six steps folded into four.
func Moves8(p, o uint64) uint64 {
	mask := o & innerCol
	m := dirMoves(p, mask, 1) | dirMoves(p, o, 8) | dirMoves(p, mask, 7) | dirMoves(p, mask, 9)
	return m &^ (p | o)
}

func dirMoves(p, mask uint64, d uint) uint64 {
	fl := mask & (p << d)
	fr := mask & (p >> d)
	fl |= mask & (fl << d)
	fr |= mask & (fr >> d)
	pl := mask & (mask << d)
	pr := pl >> d
	d2 := d + d
	fl |= pl & (fl << d2)
	fr |= pr & (fr >> d2)
	fl |= pl & (fl << d2)
	fr |= pr & (fr >> d2)
	return fl<<d | fr>>d
}

// rays holds, for every square, the squares beyond it in each direction up to
// the edge: the first four directions go to higher bits (east, south-west,
// south, south-east), the last four to lower bits.
var rays = func() (r [64][8]uint64) {
	dirs := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := range 64 {
		for d, dd := range dirs {
			row, col := sq/8+dd[0], sq%8+dd[1]
			for row >= 0 && row < 8 && col >= 0 && col < 8 {
				r[sq][d] |= 1 << (row*8 + col)
				row, col = row+dd[0], col+dd[1]
			}
		}
	}
	return r
}()

// Flips8 returns the opponent discs that a move of p's at sq turns over (none
// when the move is not legal). Towards higher bits the first square of the ray
// that is not the opponent's is found by a carry through the opponent's discs;
// towards lower bits by counting leading zeros.
func Flips8(p, o uint64, sq int) uint64 {
	r := &rays[sq]
	var f uint64
	// Higher bits: (o | ^ray) + 1 carries through the opponent's discs on the
	// ray (and everything off it) and stops at the first other square.
	m := r[0]
	out := ((o | ^m) + 1) & m & p
	f |= (out - nonZero(out)) & m
	m = r[1]
	out = ((o | ^m) + 1) & m & p
	f |= (out - nonZero(out)) & m
	m = r[2]
	out = ((o | ^m) + 1) & m & p
	f |= (out - nonZero(out)) & m
	m = r[3]
	out = ((o | ^m) + 1) & m & p
	f |= (out - nonZero(out)) & m
	// Lower bits: the highest square of the ray that is not the opponent's.
	m = r[4]
	out = highBit(^o&m) & p
	f |= -(out << 1) & m
	m = r[5]
	out = highBit(^o&m) & p
	f |= -(out << 1) & m
	m = r[6]
	out = highBit(^o&m) & p
	f |= -(out << 1) & m
	m = r[7]
	out = highBit(^o&m) & p
	f |= -(out << 1) & m
	return f
}

// nonZero returns 1 when x is not 0, without a branch.
func nonZero(x uint64) uint64 { return (x | -x) >> 63 }

// highBit returns the highest set bit of x, 0 for 0.
func highBit(x uint64) uint64 {
	return uint64(1) << 63 >> uint(bits.LeadingZeros64(x))
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
