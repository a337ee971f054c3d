// This file holds what the Gomocup (piskvork) dialect needs beyond the
// engines interfaces: boards set up from stones with colours and blocked
// squares, moves by x,y coordinates, take-backs of any stone, the forbidden
// squares in YXSHOWFORBID's form and the time budget of a move.

package gomoku

import (
	"fmt"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/search"
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

// Field is a Gomocup BOARD line's third number: the brain's own stone, the
// opponent's, or a blocked square.
type Field int

// The Gomocup BOARD fields.
const (
	Own      Field = 1
	Opponent Field = 2
	Wall     Field = 3
)

// BoardLine is one `x,y,field` line of Gomocup's BOARD, SWAP2BOARD or
// YXBOARD command.
type BoardLine struct {
	X, Y  int
	Field Field
}

// FromGomocup sets up the position of a Gomocup BOARD command, with the brain
// (Own) to move. Its colour follows from the counts: with as many own stones
// as the opponent's the brain is black, with one fewer white; other counts
// (free set-ups) make the brain black when the first line (in renju the
// lines come in move order) is its own or the board is empty. The stones are
// played in the order given when they alternate from black, so that
// TAKEBACK undoes them; otherwise they are set up at once.
func (g *Game) FromGomocup(lines []BoardLine) (*Position, error) {
	own, opp := 0, 0
	for _, l := range lines {
		switch l.Field {
		case Own:
			own++
		case Opponent:
			opp++
		case Wall:
		default:
			return nil, fmt.Errorf("board line %d,%d,%d: field must be 1, 2 or 3", l.X, l.Y, l.Field)
		}
	}
	ownBlack := true
	switch {
	case own == opp:
	case opp == own+1:
		ownBlack = false
	default:
		for _, l := range lines {
			if l.Field != Wall {
				ownBlack = l.Field == Own
				break
			}
		}
	}
	colorOfField := func(f Field) Color {
		switch {
		case f == Wall:
			return Blocked
		case (f == Own) == ownBlack:
			return Black
		}
		return White
	}
	side := engines.P1
	if !ownBlack {
		side = engines.P2
	}
	// Walls first, then the stones as moves if they alternate from black.
	var walls, setup []Stone
	var moves []BoardLine
	alternate := true
	for _, l := range lines {
		c := colorOfField(l.Field)
		if c == Blocked {
			walls = append(walls, Stone{l.X, l.Y, c})
			continue
		}
		if c != [2]Color{Black, White}[len(moves)%2] {
			alternate = false
		}
		moves = append(moves, l)
		setup = append(setup, Stone{l.X, l.Y, c})
	}
	if !alternate {
		return g.Setup(append(walls, setup...), side)
	}
	p, err := g.Setup(walls, engines.P1)
	if err != nil {
		return nil, err
	}
	for _, l := range moves {
		if err := p.PlayXY(l.X, l.Y); err != nil {
			// A set-up need not be a legal game (a forbidden stone, a
			// five before the end): place the stones instead.
			return g.Setup(append(walls, setup...), side)
		}
	}
	return p, nil
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

// TakeXY takes back the stone on x, y (Gomocup's TAKEBACK): the last move
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

// ShowForbid answers Yixin's YXSHOWFORBID: "FORBID" and the two-digit x and
// y of each of black's forbidden squares, then ".".
func (p *Position) ShowForbid() string {
	var sb strings.Builder
	sb.WriteString("FORBID ")
	for _, f := range p.fouls() {
		x, y := XY(f.Move)
		fmt.Fprintf(&sb, "%02d%02d", x, y)
	}
	sb.WriteByte('.')
	return sb.String()
}

// MovesLeft estimates the moves the side to move still has to make, for
// sharing a game clock: games rarely fill the board.
func (p *Position) MovesLeft() int {
	return max(10, min(60, p.b.empties/4))
}

// TimeBudget returns the soft and hard time limits of a move under
// Gomocup's limits: turn is timeout_turn (0: none), left is time_left (the
// match clock: 0 when not given and 2147483647 ms mean unlimited, a negative
// clock is spent and leaves a millisecond). It shares the clock with
// search.Budget and keeps the hard limit inside the turn time, less the
// overhead (search.Margin's; at least search.Overhead). Zero limits mean none.
func (p *Position) TimeBudget(turn, left, overhead time.Duration) (soft, hard time.Duration) {
	if left < 0 {
		return time.Millisecond, time.Millisecond
	}
	unlimited := left == 0 || left >= 2147483647*time.Millisecond
	if !unlimited {
		var lim engines.Limits
		lim.HasClock = true
		lim.Time[p.side] = left
		soft, hard = search.Budget(lim, p.side, p.MovesLeft(), overhead)
	}
	if turn > 0 {
		t := search.Keep(turn, overhead)
		if hard == 0 || hard > t {
			hard = t
		}
		if soft == 0 || soft > hard {
			soft = hard
		}
	}
	return soft, hard
}
