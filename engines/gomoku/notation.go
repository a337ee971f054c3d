// This file holds the notation: square names (h8), Gomocup coordinates (7,7),
// the position text, cutechess FENs and the board drawing.
//
// The position text is the ranks from the top separated by '/', each a run of
// 'x' (black), 'o' (white), '#' (blocked) and counts of empty squares (a '.'
// is one empty square too), then the side to move, 'x' or 'o'. The empty
// 15x15 board is "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x"; black on
// h8 and white on i9, black to move:
// "15/15/15/15/15/15/8o6/7x7/15/15/15/15/15/15/15 x". The text may hold any
// stones: only the side to move is read, not checked against the counts.

package gomoku

import (
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/drawing"
	"qi/engines/fen"
)

// Move returns the move on square x, y (Gomocup coordinates: from 0, x the
// column, y the row from the top), or an error off the board.
func (g *Game) Move(x, y int) (engines.Move, error) {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return engines.NoMove, fmt.Errorf("%d,%d is off the %dx%d board", x, y, g.w, g.h)
	}
	return engines.Move(cellIndex(x, y)), nil
}

// XY returns the Gomocup coordinates of move m.
func XY(m engines.Move) (x, y int) { return cellXY(int(m)) }

// Square names a square: file letter, rank from the bottom.
func (g *Game) Square(x, y int) string {
	return string(rune('a'+x)) + strconv.Itoa(g.h-y)
}

// MoveText implements engines.Position: the square, as "h8".
func (p *Position) MoveText(m engines.Move) string {
	x, y := XY(m)
	return p.game.Square(x, y)
}

// ParseSquare reads a square name ("h8", "H8") or Gomocup coordinates
// ("7,7"), with or without cutechess's drop prefix "P@", and returns its
// coordinates.
func (g *Game) ParseSquare(s string) (x, y int, err error) {
	t := strings.TrimSpace(s)
	if len(t) > 2 && (t[0] == 'P' || t[0] == 'p') && t[1] == '@' {
		t = t[2:]
	}
	if a, b, ok := strings.Cut(t, ","); ok {
		x, errx := strconv.Atoi(strings.TrimSpace(a))
		y, erry := strconv.Atoi(strings.TrimSpace(b))
		if errx != nil || erry != nil {
			return 0, 0, fmt.Errorf("bad coordinates %q: want x,y from 0", s)
		}
		if !(x >= 0 && y >= 0 && x < g.w && y < g.h) {
			return 0, 0, fmt.Errorf("%q is off the %dx%d board", s, g.w, g.h)
		}
		return x, y, nil
	}
	if len(t) < 2 {
		return 0, 0, fmt.Errorf("bad square %q: want a file letter and a rank, as h8", s)
	}
	f := t[0] | 0x20
	if f < 'a' || f > 'z' {
		return 0, 0, fmt.Errorf("bad square %q: want a file letter and a rank, as h8", s)
	}
	rank, err := strconv.Atoi(t[1:])
	if err != nil || t[1] == '+' || t[1] == '-' {
		return 0, 0, fmt.Errorf("bad square %q: want a file letter and a rank, as h8", s)
	}
	x, y = int(f-'a'), g.h-rank
	if x >= g.w || rank < 1 || rank > g.h {
		return 0, 0, fmt.Errorf("%q is off the %dx%d board (a1 to %s)", s, g.w, g.h, g.Square(g.w-1, 0))
	}
	return x, y, nil
}

// ParseMove implements engines.Position: a square name or x,y coordinates,
// which must be an empty square of the board.
func (p *Position) ParseMove(s string) (engines.Move, error) {
	x, y, err := p.game.ParseSquare(s)
	if err != nil {
		return engines.NoMove, err
	}
	switch p.b.cells[cellIndex(x, y)] {
	case Black, White:
		return engines.NoMove, fmt.Errorf("%s is taken", p.game.Square(x, y))
	case Blocked:
		return engines.NoMove, fmt.Errorf("%s is blocked", p.game.Square(x, y))
	}
	return engines.Move(cellIndex(x, y)), nil
}

// stoneChar writes a cell in the position text (0: an empty one).
var stoneChar = [4]byte{0, 'x', 'o', '#'}

var sideChar = [2]string{"x", "o"}

// Text implements engines.Position (the format is in this file's comment).
func (p *Position) Text() string {
	var sb strings.Builder
	fen.WriteRanks(&sb, p.game.w, p.game.h, func(x, y int) byte {
		return stoneChar[p.b.cells[cellIndex(x, y)]]
	})
	sb.WriteByte(' ')
	sb.WriteString(sideChar[p.side])
	return sb.String()
}

// FEN returns the position as a cutechess FEN (P black, p white; blocked
// squares can't be written and are left empty).
func (p *Position) FEN() string {
	b := fen.Board{Width: p.game.w, Height: p.game.h, Cells: make([][]fen.Cell, p.game.h), Side: p.side}
	for rank := 0; rank < p.game.h; rank++ {
		b.Cells[rank] = make([]fen.Cell, p.game.w)
		for x := 0; x < p.game.w; x++ {
			switch p.b.cells[cellIndex(x, p.game.h-1-rank)] {
			case Black:
				b.Cells[rank][x] = fen.First
			case White:
				b.Cells[rank][x] = fen.Second
			}
		}
	}
	return fen.Format(b, 0)
}

// Parse implements engines.Game: the position text or a cutechess FEN ('P'
// black, the first player). The board must have the game's size.
func (g *Game) Parse(text string) (engines.Position, error) {
	p, err := g.ParsePosition(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// ParsePosition is Parse returning the concrete type.
func (g *Game) ParsePosition(text string) (*Position, error) {
	if err := engines.CheckASCII(text); err != nil {
		return nil, err
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty position")
	}
	b, err := newBoard(g.w, g.h, g.rule, g.wt)
	if err != nil {
		return nil, err
	}
	var side engines.Side
	if len(f) == 2 && (strings.EqualFold(f[1], "x") || strings.EqualFold(f[1], "o")) {
		if err := g.readRanks(b, f[0]); err != nil {
			return nil, err
		}
		if strings.EqualFold(f[1], "o") {
			side = engines.P2
		}
	} else if fen.Looks(text) {
		fb, err := fen.Parse(text, g.w, g.h)
		if err != nil {
			return nil, err
		}
		for rank := range fb.Cells {
			for x, c := range fb.Cells[rank] {
				switch c {
				case fen.First:
					b.cells[cellIndex(x, g.h-1-rank)] = Black
				case fen.Second:
					b.cells[cellIndex(x, g.h-1-rank)] = White
				}
			}
		}
		side = fb.Side
	} else {
		return nil, fmt.Errorf("bad position %q: want ranks from the top of x, o, # and counts of empty squares separated by '/', then x or o to move, or a cutechess FEN", text)
	}
	p, err := g.setup(b, side)
	if err != nil {
		return nil, fmt.Errorf("position %q: %w", text, err)
	}
	return p, nil
}

func (g *Game) readRanks(b *board, s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != g.h {
		return fmt.Errorf("position has %d ranks, the board %d", len(rows), g.h)
	}
	for y, row := range rows {
		x := 0
		for j := 0; j < len(row); {
			c := row[j] | 0x20
			switch {
			case row[j] >= '0' && row[j] <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, err := strconv.Atoi(row[j:k])
				if err != nil || n == 0 || n > g.w {
					return fmt.Errorf("rank %q: bad count %q", row, row[j:k])
				}
				x += n
				j = k
				if x > g.w {
					return fmt.Errorf("rank %q is longer than %d squares", row, g.w)
				}
				continue
			case row[j] == '.' || row[j] == '-':
			case c == 'x' || c == 'o' || row[j] == '#':
				if x < g.w {
					switch row[j] {
					case '#':
						b.cells[cellIndex(x, y)] = Blocked
					default:
						b.cells[cellIndex(x, y)] = Black
						if c == 'o' {
							b.cells[cellIndex(x, y)] = White
						}
					}
				}
			default:
				return fmt.Errorf("rank %q: unexpected %q (use x, o, # and counts of empty squares)", row, row[j])
			}
			x++
			j++
			if x > g.w {
				return fmt.Errorf("rank %q is longer than %d squares", row, g.w)
			}
		}
		if x != g.w {
			return fmt.Errorf("rank %q has %d squares, not %d", row, x, g.w)
		}
	}
	return nil
}

// String implements engines.Position: the board with coordinates, X black,
// O white, # blocked, the last move in brackets and, under renju, black's
// forbidden squares as *, with a legend.
func (p *Position) String() string {
	var sb strings.Builder
	w, h := p.game.w, p.game.h
	forbidden := map[int]bool{}
	for _, f := range p.fouls() {
		forbidden[int(f.Move)] = true
	}
	last := -1
	if len(p.hist) > 0 {
		last = int(p.hist[len(p.hist)-1].cell)
	}
	files := "  "
	for x := 0; x < w; x++ {
		files += " " + string(rune('a'+x))
	}
	sb.WriteString(files + "\n")
	cells := make([]byte, w)
	for y := 0; y < h; y++ {
		mark := -1
		for x := 0; x < w; x++ {
			i := cellIndex(x, y)
			if i == last {
				mark = x
			}
			cells[x] = ".XO#"[p.b.cells[i]]
			if forbidden[i] {
				cells[x] = '*'
			}
		}
		row := drawing.Row(cells, mark)
		if mark != w-1 {
			row += " "
		}
		fmt.Fprintf(&sb, "%2d%s%d\n", h-y, row, h-y)
	}
	sb.WriteString(files + "\n")
	rule := p.game.rule.String()
	rule = strings.ToUpper(rule[:1]) + rule[1:]
	side := [2]string{"black (X)", "white (O)"}
	switch p.result {
	case engines.None:
		fmt.Fprintf(&sb, "%s, %s to move.", rule, side[p.side])
	case engines.Draw:
		fmt.Fprintf(&sb, "%s, a draw.", rule)
	default:
		fmt.Fprintf(&sb, "%s, %s wins.", rule, side[p.result-engines.P1Win])
	}
	if last >= 0 {
		sb.WriteString(" " + drawing.LastMove(p.MoveText(engines.Move(last))))
	}
	if len(forbidden) > 0 {
		sb.WriteString(" * is forbidden for black.")
	}
	sb.WriteByte('\n')
	return sb.String()
}
