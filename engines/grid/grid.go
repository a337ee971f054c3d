// Package grid holds the board geometry needed where a protocol or a record
// names squares by coordinates instead of by the game's notation
// (Gomocup's x,y and SGF's letter pairs), and reads the boards of position
// texts for Gomocup's BOARD, GGF's BO and cutechess FENs.
//
// Coordinates x,y count from 0 at the top-left corner, x the column, as
// Gomocup's do (y grows downward). Square names are a file letter from the
// left (a, b, c ..., no letter skipped) and a rank counted from 1 at the
// bottom, as in gomoku and tic-tac-toe: x = file, y = height - rank. This is
// the one place where the two meet; a game that converts them itself (a Namer,
// as gomoku's *Game is) is used instead.
package grid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/fen"
)

// Namer is implemented by games that convert between their square names and
// x,y coordinates themselves; Geometry then defers to them.
type Namer interface {
	// ParseSquare reads a square name and returns its coordinates.
	ParseSquare(s string) (x, y int, err error)
	// Square names the square at x, y.
	Square(x, y int) string
}

// sizer is implemented by games with a rectangular board of a chosen size
// (gomoku's *Game).
type sizer interface {
	Width() int
	Height() int
}

// Geometry is a game's board as coordinates see it.
type Geometry struct {
	W, H  int
	namer Namer
}

// ErrNoGrid says that a game's moves are not squares of a rectangular board
// (niu jiao qi's moves go from point to point).
var ErrNoGrid = errors.New("the game's moves are not squares of a rectangular board")

// Of returns the geometry of g: its size from its Width and Height methods
// or from the board of its start position's text, checked against the
// game's own move names.
func Of(g engines.Game) (Geometry, error) {
	var geo Geometry
	start := g.Start()
	if s, ok := g.(sizer); ok {
		geo.W, geo.H = s.Width(), s.Height()
	} else {
		b, err := Parse(start.Text())
		if err != nil {
			return Geometry{}, fmt.Errorf("%s: %w", g.Name(), ErrNoGrid)
		}
		geo.W, geo.H = b.W, b.H
	}
	if n, ok := g.(Namer); ok {
		geo.namer = n
	}
	if geo.W < 1 || geo.H < 1 || geo.W > 26 {
		return Geometry{}, fmt.Errorf("%s: a %dx%d board: %w", g.Name(), geo.W, geo.H, ErrNoGrid)
	}
	// Every first move must be a square, and each its own.
	seen := map[[2]int]bool{}
	for _, m := range start.LegalMoves(nil) {
		x, y, err := geo.XY(start.MoveText(m))
		if err != nil || seen[[2]int{x, y}] {
			return Geometry{}, fmt.Errorf("%s: move %s: %w", g.Name(), start.MoveText(m), ErrNoGrid)
		}
		seen[[2]int{x, y}] = true
	}
	return geo, nil
}

// XY returns the coordinates of a square name ("b2", "o15", also with
// cutechess's drop prefix "P@").
func (g Geometry) XY(square string) (x, y int, err error) {
	if g.namer != nil {
		return g.namer.ParseSquare(square)
	}
	s := strings.TrimPrefix(strings.TrimPrefix(square, "P@"), "p@")
	if len(s) < 2 {
		return 0, 0, fmt.Errorf("bad square %q", square)
	}
	f := s[0] | 0x20
	rank, err := strconv.Atoi(s[1:])
	if f < 'a' || f > 'z' || err != nil || s[1] == '+' || s[1] == '-' {
		return 0, 0, fmt.Errorf("bad square %q", square)
	}
	x, y = int(f-'a'), g.H-rank
	if !g.On(x, y) {
		return 0, 0, fmt.Errorf("square %q is off the %dx%d board", square, g.W, g.H)
	}
	return x, y, nil
}

// Square names the square at x, y.
func (g Geometry) Square(x, y int) string {
	if g.namer != nil {
		return g.namer.Square(x, y)
	}
	return string(rune('a'+x)) + strconv.Itoa(g.H-y)
}

// On reports whether x, y is on the board.
func (g Geometry) On(x, y int) bool { return x >= 0 && y >= 0 && x < g.W && y < g.H }

// Cell is what a square holds.
type Cell uint8

// The contents of a square.
const (
	Empty Cell = iota
	First
	Second
	Blocked
)

// Board is the board of a position text.
type Board struct {
	W, H int
	// Cells are row by row from the top-left.
	Cells []Cell
	Side  engines.Side
}

// At returns the content of x, y.
func (b Board) At(x, y int) Cell { return b.Cells[y*b.W+x] }

// Parse reads a board from a position text of the grid form that
// tic-tac-toe and gomoku write: the ranks from the top separated by '/', each
// a run of 'x' (first player), 'o' (second), '.' or '-' (empty), '#'
// (blocked) and counts of empty squares, then the side to move, 'x' or 'o'.
func Parse(text string) (Board, error) {
	f := strings.Fields(text)
	if len(f) != 2 || !strings.Contains(f[0], "/") {
		return Board{}, fmt.Errorf("position %q is not a grid of ranks and a side to move", text)
	}
	var b Board
	switch strings.ToLower(f[1]) {
	case "x":
	case "o":
		b.Side = engines.P2
	default:
		return Board{}, fmt.Errorf("position %q: side to move %q is neither x nor o", text, f[1])
	}
	rows := strings.Split(f[0], "/")
	b.H = len(rows)
	for _, row := range rows {
		n := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			switch {
			case c >= '0' && c <= '9':
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				k, _ := strconv.Atoi(row[i:j])
				if k == 0 || k > 64 {
					return Board{}, fmt.Errorf("position %q: bad count %q", text, row[i:j])
				}
				for range k {
					b.Cells = append(b.Cells, Empty)
				}
				n += k
				i = j - 1
				continue
			case c == 'x' || c == 'X':
				b.Cells = append(b.Cells, First)
			case c == 'o' || c == 'O':
				b.Cells = append(b.Cells, Second)
			case c == '.' || c == '-':
				b.Cells = append(b.Cells, Empty)
			case c == '#':
				b.Cells = append(b.Cells, Blocked)
			default:
				return Board{}, fmt.Errorf("position %q: unexpected %q", text, c)
			}
			n++
		}
		if b.W == 0 {
			b.W = n
		}
		if n != b.W || n == 0 {
			return Board{}, fmt.Errorf("position %q: ranks of different lengths", text)
		}
	}
	return b, nil
}

// FEN writes the board as a cutechess FEN, with the reserve of stones each
// side has left when the first player has the larger half of the board (as
// cutechess writes "3/3/3[PPPPPpppp] w - - 0 1").
func (b Board) FEN() string {
	fb := fen.Board{Width: b.W, Height: b.H, Cells: make([][]fen.Cell, b.H), Side: b.Side}
	var counts [4]int
	for y := range b.H {
		rank := b.H - 1 - y
		fb.Cells[rank] = make([]fen.Cell, b.W)
		for x := range b.W {
			c := b.At(x, y)
			counts[c]++
			switch c {
			case First:
				fb.Cells[rank][x] = fen.First
			case Second:
				fb.Cells[rank][x] = fen.Second
			}
		}
	}
	s := fen.Format(fb, 0)
	squares := b.W * b.H
	reserve := "[" + strings.Repeat("P", max(0, (squares+1)/2-counts[First])) +
		strings.Repeat("p", max(0, squares/2-counts[Second])) + "]"
	ranks, rest, _ := strings.Cut(s, " ")
	return ranks + reserve + " " + rest
}

// GGF writes a square board as a GGF BO[] tag's content: the size, the rows
// from the top ('*' first player, 'O' second, '-' empty), the side to move.
func (b Board) GGF() (string, error) {
	if b.W != b.H {
		return "", fmt.Errorf("GGF boards are square, not %dx%d", b.W, b.H)
	}
	var s strings.Builder
	s.WriteString(strconv.Itoa(b.W))
	for y := range b.H {
		s.WriteByte(' ')
		for x := range b.W {
			s.WriteByte("-*O-"[b.At(x, y)])
		}
	}
	s.WriteString(" " + [2]string{"*", "O"}[b.Side])
	return s.String(), nil
}

// ggfBoarder is implemented by positions that write their own GGF board
// (othello's).
type ggfBoarder interface {
	GGFBoard() string
}

// fenWriter is implemented by positions that write their own cutechess FEN
// (gomoku's).
type fenWriter interface {
	FEN() string
}

// GGFBoard returns the GGF BO[] content of pos: its own if it writes one,
// else the board of its position text.
func GGFBoard(pos engines.Position) (string, error) {
	if g, ok := pos.(ggfBoarder); ok {
		return g.GGFBoard(), nil
	}
	b, err := Parse(pos.Text())
	if err != nil {
		return "", err
	}
	return b.GGF()
}

// FEN returns pos as a cutechess FEN: its own if it writes one, else from the
// board of its position text; false when it has neither.
func FEN(pos engines.Position) (string, bool) {
	if f, ok := pos.(fenWriter); ok {
		return f.FEN(), true
	}
	b, err := Parse(pos.Text())
	if err != nil {
		return "", false
	}
	return b.FEN(), true
}
