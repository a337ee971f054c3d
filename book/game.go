// This file holds Game, a finished game that the book learns from or
// counts, and its line in a game log.

package book

import (
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
)

// Game is a finished game, as the book learns it.
type Game struct {
	// Start is the position the game started from; nil is the game's
	// own start.
	Start engines.Position
	// Moves are the moves played from Start.
	Moves  []engines.Move
	Result engines.Result
	// Opening counts the first moves that the players did not choose
	// (an arena's or a tournament's opening): positions before the end of
	// the opening are not learned.
	Opening int
	// Random marks a game whose moves were chosen at random (a player
	// varying its play): it tells nothing of the positions' values, and
	// learning skips it.
	Random bool
}

// start returns a copy of the game's start position in g.
func (gm *Game) start(g engines.Game) engines.Position {
	if gm.Start == nil {
		return g.Start()
	}
	return gm.Start.Clone()
}

// replay returns the start position of gm with its moves played, after
// checking that each is legal.
func (gm *Game) replay(g engines.Game) (engines.Position, error) {
	pos := gm.start(g)
	var buf [256]engines.Move
	for i, m := range gm.Moves {
		legal := false
		for _, l := range pos.LegalMoves(buf[:0]) {
			legal = legal || l == m
		}
		if !legal {
			return nil, fmt.Errorf("move %d (%s) is not legal", i+1, pos.MoveText(m))
		}
		pos.Play(m)
	}
	return pos, nil
}

// LogLine writes gm as a line of a game log of g, with its newline, after
// checking that its moves are legal.
func (gm *Game) LogLine(g engines.Game) (string, error) { return gm.logLine(g) }

// logLine writes gm as a line of a game log, tab-separated: the start
// position's text (startpos for the game's start), the moves separated by
// spaces, the result, the length of the opening, and 1 for a game of
// random moves, 0 otherwise.
func (gm *Game) logLine(g engines.Game) (string, error) {
	end, err := gm.replay(g)
	if err != nil {
		return "", err
	}
	start := "startpos"
	if gm.Start != nil {
		start = gm.Start.Text()
	}
	moves := make([]string, len(gm.Moves))
	for i := len(gm.Moves) - 1; i >= 0; i-- {
		end.Undo()
		moves[i] = end.MoveText(gm.Moves[i])
	}
	random := 0
	if gm.Random {
		random = 1
	}
	return fmt.Sprintf("%s\t%s\t%s\t%d\t%d\n", start, strings.Join(moves, " "), gm.Result, gm.Opening, random), nil
}

// parseLogLine reads a game log's line (without its newline).
func parseLogLine(g engines.Game, line string) (Game, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Game{}, fmt.Errorf("want 5 tab-separated fields, not %d", len(f))
	}
	var gm Game
	pos := g.Start()
	if f[0] != "startpos" {
		p, err := g.Parse(f[0])
		if err != nil {
			return Game{}, err
		}
		gm.Start, pos = p, p.Clone()
	}
	for _, t := range strings.Fields(f[1]) {
		m, err := engines.Legal(pos, t)
		if err != nil {
			return Game{}, fmt.Errorf("move %d: %w", len(gm.Moves)+1, err)
		}
		pos.Play(m)
		gm.Moves = append(gm.Moves, m)
	}
	switch f[2] {
	case "p1win":
		gm.Result = engines.P1Win
	case "p2win":
		gm.Result = engines.P2Win
	case "draw":
		gm.Result = engines.Draw
	case "none":
	default:
		return Game{}, fmt.Errorf("bad result %q", f[2])
	}
	// A game its moves end has the result they give: a line that says
	// another is damaged. One they do not end keeps what the line says
	// (an adjudication, a resignation), "none" if unknown.
	if r := pos.Result(); r != engines.None {
		if gm.Result != engines.None && gm.Result != r {
			return Game{}, fmt.Errorf("the moves end in %s, not %s", r, gm.Result)
		}
		gm.Result = r
	}
	var err error
	if gm.Opening, err = strconv.Atoi(f[3]); err != nil || gm.Opening < 0 {
		return Game{}, fmt.Errorf("bad opening length %q", f[3])
	}
	switch f[4] {
	case "0":
	case "1":
		gm.Random = true
	default:
		return Game{}, fmt.Errorf("bad random flag %q", f[4])
	}
	return gm, nil
}
