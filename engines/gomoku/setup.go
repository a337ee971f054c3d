// This file holds what goes beyond the engines interfaces for a front end
// that names squares by coordinates: boards set up from stones with colours
// and blocked squares, moves by x,y, take-backs of any stone, and the moves
// left to share a clock over.

package gomoku

import (
	"fmt"

	"qi/engines"
)

// Stone is a square's content for Setup: x, y from the top-left, and the
// colour (Black, White or Blocked).
type Stone struct {
	X, Y  int
	Color Color
}

// Setup returns a position holding stones, with side to move. Stones may be
// anything (counts are not checked); a square given twice, off the board or
// empty is an error, as is a board where both sides have five.
func (g *Game) Setup(stones []Stone, side engines.Side) (*Position, error) {
	b, err := newBoard(g.w, g.h, g.rule, g.wt)
	if err != nil {
		return nil, err
	}
	for _, s := range stones {
		if !b.onBoard(s.X, s.Y) {
			return nil, fmt.Errorf("stone at %d,%d is off the %dx%d board", s.X, s.Y, g.w, g.h)
		}
		if s.Color != Black && s.Color != White && s.Color != Blocked {
			return nil, fmt.Errorf("stone at %d,%d has no colour", s.X, s.Y)
		}
		i := cellIndex(s.X, s.Y)
		if b.cells[i] != Empty {
			return nil, fmt.Errorf("square %d,%d is given twice", s.X, s.Y)
		}
		b.cells[i] = s.Color
	}
	return g.setup(b, side)
}

// PlayXY plays the side to move's stone on x, y, or says why it can't.
func (p *Position) PlayXY(x, y int) error {
	m, err := p.game.Move(x, y)
	if err != nil {
		return err
	}
	// Named as the manager named it: x,y, not a square of the board's
	// notation.
	if why := p.illegal(m); why != "" {
		return fmt.Errorf("%w: "+why, engines.ErrIllegal, fmt.Sprintf("%d,%d", x, y))
	}
	p.Play(m)
	return nil
}

// TakeXY takes back the stone on x, y: the last move
// when it is that one, otherwise a stone of the set-up, which is removed
// and whose side is then to move. Blocked squares can't be taken.
func (p *Position) TakeXY(x, y int) error {
	if !p.b.onBoard(x, y) {
		return fmt.Errorf("%d,%d is off the %dx%d board", x, y, p.game.w, p.game.h)
	}
	i := cellIndex(x, y)
	c := p.b.cells[i]
	if c != Black && c != White {
		return fmt.Errorf("%d,%d holds no stone", x, y)
	}
	if n := len(p.hist); n > 0 {
		if int(p.hist[n-1].cell) != i {
			return fmt.Errorf("%d,%d is not the last move", x, y)
		}
		p.Undo()
		return nil
	}
	p.b.take(i, c)
	p.side = engines.Side(c - 1)
	p.base = engines.None
	// The stone taken may have been part of the only five.
	q, err := p.game.setup(p.b.clone(), p.side)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}

// MovesLeft estimates the moves the side to move still has to make, for
// sharing a game clock: games rarely fill the board.
func (p *Position) MovesLeft() int {
	return max(10, min(60, p.b.empties/4))
}
