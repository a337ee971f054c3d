// This file holds gomoku's engines.Symmetric and engines.Packer: the
// symmetries of the board (eight on a square, four on a rectangle) and the
// packed position, two bits a square (empty, black, white, blocked) from the
// top-left row by row, then the side to move. Every rule is the same under a
// symmetry, renju's too: the lines a symmetry maps are lines again.

package gomoku

import (
	"fmt"

	"qi/engines"
)

// Symmetries implements engines.Symmetric.
func (p *Position) Symmetries() int { return engines.GridSymmetries(p.game.w, p.game.h) }

// MapMove implements engines.Symmetric.
func (p *Position) MapMove(m engines.Move, k int) engines.Move { return p.game.mapMove(m, k) }

// UnmapMove implements engines.Symmetric.
func (p *Position) UnmapMove(m engines.Move, k int) engines.Move {
	return p.game.mapMove(m, engines.GridInverse(k))
}

func (g *Game) mapMove(m engines.Move, k int) engines.Move {
	if m < 0 || int(m) >= numCells {
		return m
	}
	x, y := XY(m)
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return m
	}
	x, y = engines.GridMap(k, x, y, g.w, g.h)
	return engines.Move(cellIndex(x, y))
}

// Pack implements engines.Symmetric.
func (p *Position) Pack(buf []byte, k int) []byte {
	w, h := p.game.w, p.game.h
	if k&4 != 0 {
		w, h = h, w
	}
	at := len(buf)
	buf = append(buf, make([]byte, p.game.PackedLen()-1)...)
	cells := buf[at:]
	for y := range p.game.h {
		for x := range p.game.w {
			c := p.b.cells[cellIndex(x, y)]
			if c == Empty {
				continue
			}
			tx, ty := engines.GridMap(k, x, y, p.game.w, p.game.h)
			i := ty*w + tx
			cells[i/4] |= byte(c) << (2 * (i % 4))
		}
	}
	return append(buf, byte(p.side))
}

// Setting implements engines.Packer: the board and the rule, "15x15 renju".
func (g *Game) Setting() string { return fmt.Sprintf("%dx%d %s", g.w, g.h, g.rule) }

// BookLevel implements engines.BookDepths: depth 4, a fraction of a second.
func (g *Game) BookLevel() int { return 4 }

// BookPlies implements engines.BookDepths: the opening and the fights that
// follow it, 20 plies.
func (g *Game) BookPlies(int) int { return 20 }

// PackedLen implements engines.Packer.
func (g *Game) PackedLen() int { return (g.w*g.h+3)/4 + 1 }

// Unpack implements engines.Packer; the position must be one Parse accepts.
func (g *Game) Unpack(b []byte) (engines.Position, error) {
	if len(b) != g.PackedLen() {
		return nil, fmt.Errorf("gomoku %s: a packed position has %d bytes, not %d", g.Setting(), g.PackedLen(), len(b))
	}
	side := b[len(b)-1]
	if side > 1 {
		return nil, fmt.Errorf("gomoku: bad side to move %d in a packed position", side)
	}
	bd, err := newBoard(g.w, g.h, g.rule, g.wt)
	if err != nil {
		return nil, err
	}
	for i := range 4 * (len(b) - 1) {
		c := Color(b[i/4] >> (2 * (i % 4)) & 3)
		switch {
		case c == Empty:
		case i >= g.w*g.h:
			return nil, fmt.Errorf("gomoku: a packed position has stones off the %dx%d board", g.w, g.h)
		default:
			bd.cells[cellIndex(i%g.w, i/g.w)] = c
		}
	}
	p, err := g.setup(bd, engines.Side(side))
	if err != nil {
		return nil, fmt.Errorf("gomoku: packed position: %w", err)
	}
	return p, nil
}
