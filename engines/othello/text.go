// This file holds othello's notation: squares (a1 top-left), moves, the FFO
// position text, the GGF board of the NBoard protocol, and the drawing of the
// board.

package othello

import (
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/drawing"
)

// SquareName writes square sq (row by row from a1) of an n x n board, as "f5"
// or "j10".
func SquareName(sq, n int) string {
	return string(rune('a'+sq%n)) + strconv.Itoa(sq/n+1)
}

// ParseSquare reads a square of an n x n board, in any case.
func ParseSquare(s string, n int) (int, error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, fmt.Errorf("bad square %q", s)
	}
	c := int(lower(s[0])) - 'a'
	if c < 0 || c >= n {
		return 0, fmt.Errorf("bad square %q: columns run from a to %c", s, 'a'+n-1)
	}
	r := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("bad square %q", s)
		}
		r = 10*r + int(s[i]-'0')
	}
	if s[1] == '0' || r < 1 || r > n {
		return 0, fmt.Errorf("bad square %q: rows run from 1 to %d", s, n)
	}
	return (r-1)*n + c, nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// MoveText implements engines.Position: the square in lower case, 0000 for a
// pass.
func (p *Position) MoveText(m engines.Move) string {
	if m == Pass {
		return "0000"
	}
	if m < 0 || int(m) >= p.n*p.n {
		return "(none)"
	}
	return SquareName(int(m), p.n)
}

// ParseMove implements engines.Position: a square in any case ("f5", "F5",
// also as the drop "P@f5"), or a pass written 0000, pass or PA.
func (p *Position) ParseMove(s string) (engines.Move, error) {
	return ParseMove(s, p.n)
}

// ParseMove reads a move on an n x n board (see Position.ParseMove).
func ParseMove(s string, n int) (engines.Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "0000", "pass", "pa":
		return Pass, nil
	}
	t = strings.TrimPrefix(t, "p@")
	sq, err := ParseSquare(t, n)
	if err != nil {
		return engines.NoMove, fmt.Errorf("bad move %q: want a square from a1 to %s, or pass", s, SquareName(n*n-1, n))
	}
	return engines.Move(sq), nil
}

// Text implements engines.Position: the FFO board string, the cells from a1
// row by row (X black, O white, - empty), a space and the side to move.
func (p *Position) Text() string {
	b := make([]byte, 0, p.n*p.n+2)
	for sq := range p.n * p.n {
		b = append(b, "-XO"[p.At(sq)])
	}
	b = append(b, ' ', "XO"[p.SideToMove()])
	return string(b)
}

// ParseText reads a position text of any even size from MinSize to MaxSize,
// the size following from the number of cells: X (or *) black, O white, - (or
// .) empty, then the side to move, X (or *) or O. Text after the side (the
// move list of an FFO line after ';') is refused.
func ParseText(text string) (*Position, error) {
	if err := engines.CheckASCII(text); err != nil {
		return nil, err
	}
	f := strings.Fields(text)
	if len(f) != 2 {
		return nil, fmt.Errorf("bad position %q: want the board's cells from a1 row by row (X, O, -) and the side to move, as in %q", clip(text), startText8)
	}
	cells, side := f[0], f[1]
	n := 0
	for k := MinSize; k <= MaxSize; k += 2 {
		if k*k == len(cells) {
			n = k
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("bad position %q: %d cells is no square board of an even side from %d to %d", clip(text), len(cells), MinSize, MaxSize)
	}
	var s engines.Side
	switch side {
	case "X", "x", "*", "B", "b":
		s = engines.P1
	case "O", "o", "W", "w":
		s = engines.P2
	default:
		return nil, fmt.Errorf("bad side to move %q: use X (black) or O (white)", clip(side))
	}
	grid := make([]uint8, n*n)
	for i := range n * n {
		switch cells[i] {
		case 'X', 'x', '*':
			grid[i] = cellBlack
		case 'O', 'o':
			grid[i] = cellWhite
		case '-', '.':
		default:
			return nil, fmt.Errorf("bad cell %q at %s: use X or * (black), O (white), - or . (empty)", cells[i], SquareName(i, n))
		}
	}
	return fromGrid(n, grid, s), nil
}

// clip shortens a text for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// fromGrid builds a position from cells (0 empty, 1 black, 2 white).
func fromGrid(n int, grid []uint8, side engines.Side) *Position {
	p := &Position{n: n, side: side}
	if n == 8 {
		for sq, c := range grid {
			switch c {
			case cellBlack:
				p.black |= 1 << sq
			case cellWhite:
				p.white |= 1 << sq
			}
		}
		return p
	}
	g := mailboxFor(n)
	b := &boardN{g: g, cell: append([]uint8(nil), g.empty...), toMove: cellBlack}
	for sq, c := range grid {
		if c != cellEmpty {
			b.set(g.sq[sq], c)
		}
	}
	if side == engines.P2 {
		b.toMove = cellWhite
	}
	p.bn = b
	return p
}

const startText8 = "---------------------------OX------XO--------------------------- X"

// ParseGGFBoard reads the board of a GGF record's BO[] tag: the size, the cells
// row by row from a1 (* or X black, O white, - or . empty; spaces between rows
// allowed) and the side to move (* black, O white), as in "8 ---...--- *".
func ParseGGFBoard(bo string) (*Position, error) {
	f := strings.Fields(bo)
	if len(f) < 3 {
		return nil, fmt.Errorf("bad GGF board %q: want the size, the cells and the side to move", clip(bo))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < MinSize || n > MaxSize || n%2 != 0 {
		return nil, fmt.Errorf("bad GGF board size %q: qi plays even sizes from %d to %d", clip(f[0]), MinSize, MaxSize)
	}
	cells := strings.Join(f[1:len(f)-1], "")
	if err := engines.CheckASCII(cells); err != nil {
		return nil, err
	}
	if len(cells) != n*n {
		return nil, fmt.Errorf("bad GGF board %q: %d cells for a %dx%d board", clip(bo), len(cells), n, n)
	}
	return ParseText(cells + " " + f[len(f)-1])
}

// GGFBoard writes the position as a GGF BO[] tag's content.
func (p *Position) GGFBoard() string {
	t := []byte(p.Text())
	for i, c := range t[:len(t)-2] {
		if c == 'X' {
			t[i] = '*'
		}
	}
	if t[len(t)-1] == 'X' {
		t[len(t)-1] = '*'
	}
	return strconv.Itoa(p.n) + " " + string(t)
}

// String implements engines.Position: the board with its coordinates, X black,
// O white, . empty and + where the side to move can play, the last move in
// brackets, then a legend: whose turn it is and its moves (or that it must
// pass), or who won, and the discs.
func (p *Position) String() string {
	var b strings.Builder
	legal := map[engines.Move]bool{}
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		legal[m] = true
	}
	last := Pass
	if n := len(p.hist); n > 0 {
		last = p.hist[n-1].move
	}
	b.WriteString("   ")
	for c := range p.n {
		b.WriteString(" " + string(rune('a'+c)))
	}
	b.WriteByte('\n')
	cells := make([]byte, p.n)
	for r := range p.n {
		mark := -1
		for c := range p.n {
			sq := r*p.n + c
			cells[c] = ".XO"[p.At(sq)]
			if legal[engines.Move(sq)] {
				cells[c] = '+'
			}
			if engines.Move(sq) == last {
				mark = c
			}
		}
		fmt.Fprintf(&b, "%3d%s\n", r+1, drawing.Row(cells, mark))
	}
	names := [2]string{"Black (X)", "White (O)"}
	black, white := p.Discs()
	switch res := p.Result(); res {
	case engines.None:
		if len(moves) == 1 && moves[0] == Pass {
			fmt.Fprintf(&b, "%s has no move and must pass.", names[p.SideToMove()])
		} else {
			fmt.Fprintf(&b, "%s to move (+:", names[p.SideToMove()])
			for _, m := range moves {
				b.WriteString(" " + p.MoveText(m))
			}
			b.WriteString(").")
		}
		fmt.Fprintf(&b, " Black %d, White %d.", black, white)
	case engines.Draw:
		fmt.Fprintf(&b, "A draw, %d-%d.", black, white)
	case engines.P1Win:
		fmt.Fprintf(&b, "Black wins %d-%d.", black, white)
	default:
		fmt.Fprintf(&b, "White wins %d-%d.", white, black)
	}
	if n := len(p.hist); n > 0 {
		if last == Pass {
			fmt.Fprintf(&b, " Last move: %s passed.", names[p.SideToMove().Other()])
		} else {
			b.WriteString(" " + drawing.LastMove(p.MoveText(last)))
		}
	}
	b.WriteByte('\n')
	return b.String()
}
