// This file holds what the Gomocup dialect makes of gomoku's boards: the
// position of a BOARD block's x,y,field lines, the forbidden squares in
// YXSHOWFORBID's form and the time of a move under Gomocup's clocks.

package protocol

import (
	"fmt"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/search"
)

// field is a Gomocup BOARD line's third number: the brain's own stone, the
// opponent's, or a blocked square.
type field int

// The Gomocup BOARD fields.
const (
	ownStone      field = 1
	opponentStone field = 2
	wall          field = 3
)

// boardLine is one `x,y,field` line of Gomocup's BOARD, SWAP2BOARD or
// YXBOARD command.
type boardLine struct {
	X, Y  int
	Field field
}

// fromBoardLines sets up the position of a Gomocup BOARD command on g, with
// the brain (ownStone) to move. Its colour follows from the counts: with as
// many own stones as the opponent's the brain is black, with one fewer
// white; other counts (free set-ups) make the brain black when the first
// line (in renju the lines come in move order) is its own or the board is
// empty. The stones are played in the order given when they alternate from
// black, so that TAKEBACK undoes them; otherwise they are set up at once.
func fromBoardLines(g *gomoku.Game, lines []boardLine) (*gomoku.Position, error) {
	own, opp := 0, 0
	for _, l := range lines {
		switch l.Field {
		case ownStone:
			own++
		case opponentStone:
			opp++
		case wall:
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
			if l.Field != wall {
				ownBlack = l.Field == ownStone
				break
			}
		}
	}
	colorOf := func(f field) gomoku.Color {
		switch {
		case f == wall:
			return gomoku.Blocked
		case (f == ownStone) == ownBlack:
			return gomoku.Black
		}
		return gomoku.White
	}
	side := engines.P1
	if !ownBlack {
		side = engines.P2
	}
	// Walls first, then the stones as moves if they alternate from black.
	var walls, setup []gomoku.Stone
	var moves []boardLine
	alternate := true
	for _, l := range lines {
		c := colorOf(l.Field)
		if c == gomoku.Blocked {
			walls = append(walls, gomoku.Stone{X: l.X, Y: l.Y, Color: c})
			continue
		}
		if c != [2]gomoku.Color{gomoku.Black, gomoku.White}[len(moves)%2] {
			alternate = false
		}
		moves = append(moves, l)
		setup = append(setup, gomoku.Stone{X: l.X, Y: l.Y, Color: c})
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

// showForbid answers Yixin's YXSHOWFORBID: "FORBID" and the two-digit x and
// y of each of black's forbidden squares, then ".".
func showForbid(p *gomoku.Position) string {
	var sb strings.Builder
	sb.WriteString("FORBID ")
	for _, f := range p.Fouls() {
		x, y := gomoku.XY(f.Move)
		fmt.Fprintf(&sb, "%02d%02d", x, y)
	}
	sb.WriteByte('.')
	return sb.String()
}

// gomocupBudget returns the soft and hard time limits of a move in p under
// Gomocup's limits: turn is timeout_turn (0: none), left is time_left (the
// match clock: 0 when not given and 2147483647 ms mean unlimited, a negative
// clock is spent and leaves a millisecond). It shares the clock with
// search.Budget and keeps the hard limit inside the turn time, less the
// overhead (search.Margin's; at least search.Overhead). Zero limits mean
// none.
func gomocupBudget(p *gomoku.Position, turn, left, overhead time.Duration) (soft, hard time.Duration) {
	if left < 0 {
		return time.Millisecond, time.Millisecond
	}
	unlimited := left == 0 || left >= unlimitedMS*time.Millisecond
	if !unlimited {
		var lim engines.Limits
		side := p.SideToMove()
		lim.HasClock = true
		lim.Time[side] = left
		soft, hard = search.Budget(lim, side, p.MovesLeft(), overhead)
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
