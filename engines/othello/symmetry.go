// This file holds othello's engines.Symmetric and engines.Packer: the eight
// symmetries of the square board (bit tricks on the 8x8 bitboards), and the
// packed position: black's discs, white's discs, each a bit per square from
// a1 row by row, then the side to move.

package othello

import (
	"fmt"
	"math/bits"

	"qi/engines"
)

// Symmetries implements engines.Symmetric: the eight of the square.
func (p *Position) Symmetries() int { return 8 }

// MapMove implements engines.Symmetric.
func (p *Position) MapMove(m engines.Move, k int) engines.Move { return mapSquare(m, k, p.n) }

// UnmapMove implements engines.Symmetric.
func (p *Position) UnmapMove(m engines.Move, k int) engines.Move {
	return mapSquare(m, engines.GridInverse(k), p.n)
}

func mapSquare(m engines.Move, k, n int) engines.Move {
	if m < 0 || int(m) >= n*n {
		return m
	}
	x, y := engines.GridMap(k, int(m)%n, int(m)/n, n, n)
	return engines.Move(y*n + x)
}

// Pack implements engines.Symmetric.
func (p *Position) Pack(buf []byte, k int) []byte {
	if p.n == 8 {
		b, w := transform8(p.black, k), transform8(p.white, k)
		buf = appendUint64(buf, b)
		buf = appendUint64(buf, w)
		return append(buf, byte(p.side))
	}
	cells := p.n * p.n
	at := len(buf)
	buf = append(buf, make([]byte, 2*bitsetLen(cells))...)
	black, white := buf[at:at+bitsetLen(cells)], buf[at+bitsetLen(cells):]
	for sq := range cells {
		var set []byte
		switch p.At(sq) {
		case 1:
			set = black
		case 2:
			set = white
		default:
			continue
		}
		to := mapSquare(engines.Move(sq), k, p.n)
		set[to/8] |= 1 << (to % 8)
	}
	return append(buf, byte(p.SideToMove()))
}

func bitsetLen(cells int) int { return (cells + 7) / 8 }

func appendUint64(buf []byte, v uint64) []byte {
	for range 8 {
		buf = append(buf, byte(v))
		v >>= 8
	}
	return buf
}

// transform8 maps a bitboard by symmetry k as engines.GridMap maps squares
// (x the column, y the row): a transposition of the a1-h8 diagonal, then the
// mirrors of the columns and of the rows.
func transform8(b uint64, k int) uint64 {
	if k&4 != 0 {
		b = transpose8(b)
	}
	if k&1 != 0 {
		b = mirrorColumns8(b)
	}
	if k&2 != 0 {
		b = bits.ReverseBytes64(b)
	}
	return b
}

// mirrorColumns8 swaps column a with h, b with g ... in every row.
func mirrorColumns8(b uint64) uint64 {
	b = (b>>1)&0x5555555555555555 | (b&0x5555555555555555)<<1
	b = (b>>2)&0x3333333333333333 | (b&0x3333333333333333)<<2
	return (b>>4)&0x0F0F0F0F0F0F0F0F | (b&0x0F0F0F0F0F0F0F0F)<<4
}

// transpose8 swaps square x, y with y, x (chessprogramming.org's flip about
// the a1-h8 diagonal).
func transpose8(b uint64) uint64 {
	t := 0x0F0F0F0F00000000 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = 0x3333000033330000 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = 0x5500550055005500 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// Setting implements engines.Packer: the board, "8x8".
func (g *Game) Setting() string { return fmt.Sprintf("%dx%d", g.n, g.n) }

// BookLevel implements engines.BookDepths: depth 10, a fraction of a second.
func (g *Game) BookLevel() int { return 10 }

// BookPlies implements engines.BookDepths. On 8x8 a book reaches the first
// position its searches surely solve exactly (2d empties, at most 24: a
// depth-d search solves from 2d+2, SolveFrom, and proves who wins from
// 2d+4), so that a learned game's exact ending goes up the book and a line
// that lost is left the next time: the book learns from its games what its
// searches could not see. Larger boards solve late (from 12 empties):
// learning that far would cost every game dozens of searches.
func (g *Game) BookPlies(level int) int {
	if g.n == 8 {
		return max(30, 60-min(2*level, 24))
	}
	return 30
}

// PackedLen implements engines.Packer.
func (g *Game) PackedLen() int { return 2*bitsetLen(g.n*g.n) + 1 }

// Unpack implements engines.Packer. It accepts any board whose squares hold
// one disc at most, as ParseText does.
func (g *Game) Unpack(b []byte) (engines.Position, error) {
	if len(b) != g.PackedLen() {
		return nil, fmt.Errorf("othello %dx%d: a packed position has %d bytes, not %d", g.n, g.n, g.PackedLen(), len(b))
	}
	cells, l := g.n*g.n, bitsetLen(g.n*g.n)
	side := b[2*l]
	if side > 1 {
		return nil, fmt.Errorf("othello: bad side to move %d in a packed position", side)
	}
	grid := make([]uint8, cells)
	for sq := range 8 * l {
		black, white := b[sq/8]>>(sq%8)&1, b[l+sq/8]>>(sq%8)&1
		switch {
		case black == 0 && white == 0:
		case sq >= cells:
			return nil, fmt.Errorf("othello: a packed position has discs off the %dx%d board", g.n, g.n)
		case black != 0 && white != 0:
			return nil, fmt.Errorf("othello: a packed position has two discs on %s", SquareName(sq, g.n))
		case black != 0:
			grid[sq] = cellBlack
		default:
			grid[sq] = cellWhite
		}
	}
	return fromGrid(g.n, grid, engines.Side(side)), nil
}
