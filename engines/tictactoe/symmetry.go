// This file holds tic-tac-toe's engines.Symmetric and engines.Packer: the
// eight symmetries of the square, and the packed position, X's marks and
// O's as 16-bit little-endian masks (square 3*rank + file), then the side
// to move.

package tictactoe

import (
	"errors"
	"fmt"

	"qi/engines"
)

// Symmetries implements engines.Symmetric.
func (p *Position) Symmetries() int { return 8 }

// MapMove implements engines.Symmetric.
func (p *Position) MapMove(m engines.Move, k int) engines.Move { return mapSquare(m, k) }

// UnmapMove implements engines.Symmetric.
func (p *Position) UnmapMove(m engines.Move, k int) engines.Move {
	return mapSquare(m, engines.GridInverse(k))
}

func mapSquare(m engines.Move, k int) engines.Move {
	if m < 0 || m > 8 {
		return m
	}
	x, y := engines.GridMap(k, int(m)%3, int(m)/3, 3, 3)
	return engines.Move(3*y + x)
}

// Pack implements engines.Symmetric.
func (p *Position) Pack(buf []byte, k int) []byte {
	var marks [2]uint16
	for s, b := range p.marks {
		for sq := range 9 {
			if b&(1<<sq) != 0 {
				marks[s] |= 1 << mapSquare(engines.Move(sq), k)
			}
		}
	}
	return append(buf, byte(marks[0]), byte(marks[0]>>8), byte(marks[1]), byte(marks[1]>>8), byte(p.SideToMove()))
}

// Setting implements engines.Packer: tic-tac-toe has one.
func (Game) Setting() string { return "" }

// PackedLen implements engines.Packer.
func (Game) PackedLen() int { return 5 }

// Unpack implements engines.Packer; the position must be one that can arise
// in a game.
func (Game) Unpack(b []byte) (engines.Position, error) {
	if len(b) != 5 {
		return nil, fmt.Errorf("tic-tac-toe: a packed position has 5 bytes, not %d", len(b))
	}
	p := &Position{marks: [2]uint16{uint16(b[0]) | uint16(b[1])<<8, uint16(b[2]) | uint16(b[3])<<8}}
	if (p.marks[0]|p.marks[1])&^full != 0 || p.marks[0]&p.marks[1] != 0 || b[4] > 1 {
		return nil, errors.New("tic-tac-toe: a packed position has marks off the board or on one another")
	}
	if err := p.check(engines.Side(b[4])); err != nil {
		return nil, fmt.Errorf("tic-tac-toe: packed position: %w", err)
	}
	return p, nil
}
