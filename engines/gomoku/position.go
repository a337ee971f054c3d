// This file holds the Position: a board, the side to move and the moves
// played, with the result after each, and black's forbidden squares cached
// for the position they were found in.

package gomoku

import (
	"fmt"

	"qi/engines"
)

// FoulAt is a forbidden square and why.
type FoulAt struct {
	Move engines.Move
	Foul Foul
}

// record is a move played and the result it left.
type record struct {
	cell   int16
	result engines.Result
}

// Position is a gomoku position. Moves are engines.Move values of squares
// (see Game.Move and Position.XY for coordinates).
type Position struct {
	game   *Game
	b      board
	side   engines.Side
	hist   []record
	base   engines.Result // the result of the set-up position
	result engines.Result

	// black's fouls, valid while foulHash and foulStones match the board
	foulValid  bool
	foulHash   uint64
	foulStones int
	foulList   []FoulAt
}

func moveOf(i int) engines.Move { return engines.Move(i) }

// Game returns the game of the position.
func (p *Position) Game() *Game { return p.game }

// SideToMove implements engines.Position.
func (p *Position) SideToMove() engines.Side { return p.side }

// Plies implements engines.Position.
func (p *Position) Plies() int { return len(p.hist) }

// Result implements engines.Position. A game with no legal move for the side
// to move (a full board, or black left with forbidden squares only) is a
// draw.
func (p *Position) Result() engines.Result { return p.result }

// Hash implements engines.Position.
func (p *Position) Hash() uint64 {
	if p.side == engines.P2 {
		return p.b.hash ^ zobristSide
	}
	return p.b.hash
}

// Stones returns the number of stones on the board.
func (p *Position) Stones() int { return p.b.stones }

// At returns what square x, y (from the top-left) holds; Blocked off the
// board.
func (p *Position) At(x, y int) Color {
	if !p.b.onBoard(x, y) {
		return Blocked
	}
	return p.b.cells[cellIndex(x, y)]
}

// LastMove returns the last move played, NoMove when none was.
func (p *Position) LastMove() engines.Move {
	if len(p.hist) == 0 {
		return engines.NoMove
	}
	return engines.Move(p.hist[len(p.hist)-1].cell)
}

// Clone implements engines.Position.
func (p *Position) Clone() engines.Position { return p.clone() }

func (p *Position) clone() *Position {
	c := *p
	c.b.cand = append(make([]int16, 0, cap(p.b.cand)), p.b.cand...)
	c.hist = append([]record(nil), p.hist...)
	c.foulList = append([]FoulAt(nil), p.foulList...)
	return &c
}

// Fouls returns black's forbidden squares with their fouls, in board order
// (rank by rank from the top, files from the left); none off renju. They are
// black's whichever side is to move (Gomocup's YXSHOWFORBID).
func (p *Position) Fouls() []FoulAt {
	return append([]FoulAt(nil), p.fouls()...)
}

func (p *Position) fouls() []FoulAt {
	if !p.foulValid || p.foulHash != p.b.hash || p.foulStones != p.b.stones {
		p.foulList = p.b.fouls(p.foulList[:0])
		p.foulValid, p.foulHash, p.foulStones = true, p.b.hash, p.b.stones
	}
	return p.foulList
}

// Foul returns black's foul on move m (NoFoul off renju, on an occupied
// square and on a legal one).
func (p *Position) Foul(m engines.Move) Foul {
	i := int(m)
	if i < 0 || i >= numCells || p.b.cells[i] != Empty {
		return NoFoul
	}
	return p.b.foul(i)
}

// LegalMoves implements engines.Position: every empty square, but black's
// forbidden ones under renju.
func (p *Position) LegalMoves(buf []engines.Move) []engines.Move {
	if p.result != engines.None {
		return buf
	}
	var fouls []FoulAt
	if p.side == engines.P1 && p.b.renju {
		fouls = p.fouls()
	}
	for _, i := range p.b.inside {
		if p.b.cells[i] != Empty {
			continue
		}
		if len(fouls) > 0 && fouls[0].Move == engines.Move(i) {
			fouls = fouls[1:]
			continue
		}
		buf = append(buf, engines.Move(i))
	}
	return buf
}

// Legal reports whether m may be played now, and if not why.
func (p *Position) Legal(m engines.Move) error {
	if why := p.illegal(m); why != "" {
		return fmt.Errorf("%w: "+why, engines.ErrIllegal, p.MoveText(m))
	}
	return nil
}

// illegal says why m may not be played now, as a format whose %s names the
// square ("%s is taken"), so that each notation names it its own way; ""
// when it may.
func (p *Position) illegal(m engines.Move) string {
	i := int(m)
	if i < 0 || i >= numCells || p.b.cells[i] == Blocked {
		return "%s is off the board"
	}
	if p.result != engines.None {
		return "%s: the game is over"
	}
	if p.b.cells[i] != Empty {
		return "%s is taken"
	}
	// Only a square the line patterns flag can be a foul: the rest need no
	// judging.
	if p.side == engines.P1 && p.b.sq[i].cls[0]&flagForbid != 0 {
		if f := p.b.foul(i); f != NoFoul {
			return "%s is forbidden for black: " + f.String()
		}
	}
	return ""
}

// Play implements engines.Position; m must be legal.
func (p *Position) Play(m engines.Move) {
	i := int(m)
	s := int(p.side)
	five := p.b.sq[i].cls[s]&^flagForbid == kFive
	p.b.put(i, colorOf(s))
	p.side = p.side.Other()
	switch {
	case five:
		p.result = engines.WinFor(engines.Side(s))
	default:
		p.result = p.stalemate()
	}
	p.hist = append(p.hist, record{cell: int16(i), result: p.result})
}

// stalemate returns Draw when the side to move has no legal move.
func (p *Position) stalemate() engines.Result {
	switch {
	case p.b.empties == 0:
		return engines.Draw
	case p.side == engines.P1 && p.b.renju && int(p.b.flagged) == p.b.empties:
		if len(p.fouls()) == p.b.empties {
			return engines.Draw
		}
	}
	return engines.None
}

// Undo implements engines.Position.
func (p *Position) Undo() {
	r := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.side = p.side.Other()
	p.b.take(int(r.cell), colorOf(int(p.side)))
	p.result = p.base
	if n := len(p.hist); n > 0 {
		p.result = p.hist[n-1].result
	}
}

// Command implements engines.Commander: `forbidden` lists black's forbidden
// squares as `forbidden h8:double-three ...`, just `forbidden` when there
// are none.
func (p *Position) Command(name string, args []string) ([]string, bool, error) {
	if name != "forbidden" {
		return nil, false, nil
	}
	if len(args) > 0 {
		return nil, true, fmt.Errorf("forbidden takes no arguments")
	}
	line := "forbidden"
	for _, f := range p.fouls() {
		line += " " + p.MoveText(f.Move) + ":" + f.Foul.String()
	}
	return []string{line}, true, nil
}

// setup builds a position from the cells of b (already placed) with side to
// move, judging fives already on the board.
func (g *Game) setup(b *board, side engines.Side) (*Position, error) {
	b.rebuild()
	p := &Position{game: g, b: *b, side: side}
	var won [2]bool
	for _, i := range b.inside {
		if c := b.cells[i]; c == Black || c == White {
			if b.lineFive(int(i), int(c)-1) {
				won[c-1] = true
			}
		}
	}
	switch {
	case won[0] && won[1]:
		return nil, fmt.Errorf("both sides have five in a row")
	case won[0]:
		p.base = engines.P1Win
	case won[1]:
		p.base = engines.P2Win
	default:
		p.base = p.stalemate()
	}
	p.result = p.base
	return p, nil
}
