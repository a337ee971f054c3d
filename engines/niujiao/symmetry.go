// This file holds niu jiao qi's engines.Symmetric and engines.Packer. The
// horn has no symmetry but the identity: its diagonals all lean one way and
// the sides move in opposite directions. The packed position is Red's point,
// Blue's points as a 16-bit little-endian mask, and the side to move.

package niujiao

import (
	"fmt"
	"math/bits"

	"qi/engines"
)

// Symmetries implements engines.Symmetric: the identity alone.
func (p *Position) Symmetries() int { return 1 }

// MapMove implements engines.Symmetric.
func (p *Position) MapMove(m engines.Move, _ int) engines.Move { return m }

// UnmapMove implements engines.Symmetric.
func (p *Position) UnmapMove(m engines.Move, _ int) engines.Move { return m }

// Pack implements engines.Symmetric.
func (p *Position) Pack(buf []byte, _ int) []byte {
	return append(buf, byte(p.red), byte(p.blue), byte(p.blue>>8), byte(p.side))
}

// Setting implements engines.Packer: niu jiao qi has one.
func (Game) Setting() string { return "" }

// PackedLen implements engines.Packer.
func (Game) PackedLen() int { return 4 }

// Unpack implements engines.Packer: Red on one point, Blue on two others.
func (Game) Unpack(b []byte) (engines.Position, error) {
	if len(b) != 4 {
		return nil, fmt.Errorf("niu jiao qi: a packed position has 4 bytes, not %d", len(b))
	}
	s := state{red: int8(b[0]), blue: uint16(b[1]) | uint16(b[2])<<8, side: engines.Side(b[3])}
	if b[0] >= Points || s.blue>>Points != 0 || bits.OnesCount16(s.blue) != 2 || s.blue&(1<<s.red) != 0 || b[3] > 1 {
		return nil, fmt.Errorf("niu jiao qi: a packed position must hold Red on one point and Blue on two others")
	}
	return newPosition(s), nil
}
