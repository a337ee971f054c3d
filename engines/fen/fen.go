// Package fen reads and writes the FENs that cutechess uses for drop games such
// as tic-tac-toe and gomoku: `3/3/3[PPPPPpppp] w - - 0 1`, ranks from the top
// separated by '/', counts of empty squares (two digits on big boards), 'P' for
// the first player's stones and 'p' for the second's, a reserve in brackets that
// is skipped, and the side to move, 'w' for the first player.
package fen

import (
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
)

// Cell is the content of a square.
type Cell uint8

// What a square can hold.
const (
	Empty Cell = iota
	First
	Second
)

// Board is a decoded FEN: Cells[rank][file], rank 0 at the bottom.
type Board struct {
	Width, Height int
	Cells         [][]Cell
	Side          engines.Side
}

// Looks reports whether s is probably a cutechess FEN rather than another
// position text: it has ranks separated by '/' holding only digits and P or p.
func Looks(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	ranks := f[0]
	if i := strings.IndexByte(ranks, '['); i >= 0 {
		ranks = ranks[:i]
	}
	if !strings.Contains(ranks, "/") {
		return false
	}
	return strings.Trim(ranks, "0123456789Pp/") == ""
}

// Parse reads a FEN of a width x height board.
func Parse(s string, width, height int) (Board, error) {
	if err := engines.CheckASCII(s); err != nil {
		return Board{}, err
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return Board{}, fmt.Errorf("empty FEN")
	}
	ranks := f[0]
	if i := strings.IndexByte(ranks, '['); i >= 0 {
		if !strings.HasSuffix(ranks, "]") {
			return Board{}, fmt.Errorf("FEN %q: unclosed reserve", f[0])
		}
		ranks = ranks[:i]
	}
	rows := strings.Split(ranks, "/")
	if len(rows) != height {
		return Board{}, fmt.Errorf("FEN %q has %d ranks, the board %d", f[0], len(rows), height)
	}
	b := Board{Width: width, Height: height, Cells: make([][]Cell, height)}
	for i, row := range rows {
		rank := height - 1 - i
		b.Cells[rank] = make([]Cell, width)
		file := 0
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, err := strconv.Atoi(row[j:k])
				if err != nil || n == 0 || n > width {
					return Board{}, fmt.Errorf("FEN rank %q: bad count %q", row, row[j:k])
				}
				file += n
				j = k
			case c == 'P' || c == 'p':
				if file < width {
					b.Cells[rank][file] = First
					if c == 'p' {
						b.Cells[rank][file] = Second
					}
				}
				file++
				j++
			default:
				return Board{}, fmt.Errorf("FEN rank %q: unexpected %q", row, c)
			}
			if file > width {
				return Board{}, fmt.Errorf("FEN rank %q is longer than %d squares", row, width)
			}
		}
		if file != width {
			return Board{}, fmt.Errorf("FEN rank %q has %d squares, not %d", row, file, width)
		}
	}
	b.Side = engines.P1
	if len(f) > 1 {
		switch f[1] {
		case "w", "W":
		case "b", "B":
			b.Side = engines.P2
		default:
			return Board{}, fmt.Errorf("FEN side to move %q is not w or b", f[1])
		}
	}
	return b, nil
}

// WriteRanks writes a w x h board's rows, the top first, separated by '/':
// the byte cell gives for each square (x from the left, row from the top),
// runs of empty squares (byte 0) as their count. cutechess's FENs and
// gomoku's position text share it.
func WriteRanks(sb *strings.Builder, w, h int, cell func(x, row int) byte) {
	for row := range h {
		if row > 0 {
			sb.WriteByte('/')
		}
		empty := 0
		for x := range w {
			c := cell(x, row)
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
	}
}

// Format writes b as a FEN with the reserve of stones each side still has out
// of perSide (0: no reserve).
func Format(b Board, perSide int) string {
	var sb strings.Builder
	counts := [3]int{}
	for _, row := range b.Cells {
		for _, c := range row {
			counts[c]++
		}
	}
	WriteRanks(&sb, b.Width, b.Height, func(x, row int) byte {
		return "\x00Pp"[b.Cells[b.Height-1-row][x]]
	})
	if perSide > 0 {
		sb.WriteByte('[')
		sb.WriteString(strings.Repeat("P", max(0, perSide-counts[First])))
		sb.WriteString(strings.Repeat("p", max(0, perSide-counts[Second])))
		sb.WriteByte(']')
	}
	side := "w"
	if b.Side == engines.P2 {
		side = "b"
	}
	fmt.Fprintf(&sb, " %s - - 0 %d", side, 1+(counts[First]+counts[Second])/2)
	return sb.String()
}
