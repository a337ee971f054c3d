// This file holds the SGF writer and reader, in the form c-gomoku-cli writes
// gomoku games: GM[4], Gomocup's rule number in RU, the result as B+1, W+1
// or 0, the reason in TE, coordinates as two letters from the top-left
// corner, "opening move" comments on the opening and the thinking time on
// the engines' moves.

package record

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"qi/engines/grid"
)

// sgfMovesPerLine is how many engine moves c-gomoku-cli writes a line.
const sgfMovesPerLine = 8

// WriteSGF writes g as SGF on the board geo, with Gomocup's rule number. A
// game that starts from a position text gets its stones as AB/AW setup. A
// move's Comment goes to its C[] in place of the time, its NAG to SGF's
// move annotation (sgfAssessment); the annotator is AN[], the game's Comment
// GC[].
func WriteSGF(w io.Writer, g Game, geo grid.Geometry, rule int) error {
	bw := bufio.NewWriter(w)
	text := func(s string) string {
		return strings.ReplaceAll(strings.ReplaceAll(clean(s, ""), `\`, `\\`), "]", `\]`)
	}
	coord := func(x, y int) string { return string([]byte{byte('a' + x), byte('a' + y)}) }
	bw.WriteString("(;FF[4]GM[4]")
	fmt.Fprintf(bw, "GN[%d]EV[%s x %s]", g.Number, text(g.Players[0]), text(g.Players[1]))
	if !g.Date.IsZero() {
		fmt.Fprintf(bw, "DT[%s]", g.Date.Format("2006.01.02 15:04:05"))
	}
	if g.Round != "" {
		fmt.Fprintf(bw, "RO[%s]", text(g.Round))
	}
	fmt.Fprintf(bw, "RU[%d]", rule)
	if geo.W == geo.H {
		fmt.Fprintf(bw, "SZ[%d]", geo.W)
	} else {
		fmt.Fprintf(bw, "SZ[%d:%d]", geo.W, geo.H)
	}
	fmt.Fprintf(bw, "PB[%s]PW[%s]", text(g.Players[0]), text(g.Players[1]))
	fmt.Fprintf(bw, "RE[%s]TE[%s]", [...]string{"?", "B+1", "W+1", "0"}[g.Result], text(g.Reason))
	if g.Annotator != "" {
		fmt.Fprintf(bw, "AN[%s]", text(g.Annotator))
	}
	if g.Comment != "" {
		fmt.Fprintf(bw, "GC[%s]", text(g.Comment))
	}
	if g.StartText != "" {
		b, err := grid.Parse(g.StartText)
		if err != nil {
			return fmt.Errorf("sgf: the start position: %w", err)
		}
		for _, c := range []grid.Cell{grid.First, grid.Second} {
			first := true
			for y := range b.H {
				for x := range b.W {
					if b.At(x, y) != c {
						continue
					}
					if first {
						bw.WriteString([...]string{"", "AB", "AW"}[c])
						first = false
					}
					fmt.Fprintf(bw, "[%s]", coord(x, y))
				}
			}
		}
		fmt.Fprintf(bw, "PL[%s]", [2]string{"B", "W"}[g.StartSide])
	}
	bw.WriteByte('\n')
	side := g.StartSide
	perLine := 0
	for i, m := range g.Moves {
		x, y, err := geo.XY(m.Text)
		if err != nil {
			return fmt.Errorf("sgf: move %d: %w", i+1, err)
		}
		if !m.Book && i > 0 && g.Moves[i-1].Book {
			bw.WriteByte('\n')
		}
		if perLine >= sgfMovesPerLine {
			bw.WriteByte('\n')
			perLine = 0
		}
		fmt.Fprintf(bw, ";%s[%s]", [2]string{"B", "W"}[side], coord(x, y))
		switch {
		case m.Book && m.Comment == "":
			bw.WriteString("C[opening move]")
		case m.Comment != "":
			fmt.Fprintf(bw, "C[%s]", text(m.Comment))
			perLine++
		default:
			fmt.Fprintf(bw, "C[%dms]", m.Time.Milliseconds())
			perLine++
		}
		bw.WriteString(sgfAssessment(m.NAG))
		side = side.Other()
	}
	bw.WriteString(")\n\n")
	return bw.Flush()
}

// sgfAssessment writes a move's NAG as SGF's move annotation, which GUIs
// show: BM (bad move, 2 when very bad), DO (doubtful), IT (interesting), TE
// (a good move, 2 when very good); "" for none.
func sgfAssessment(nag int) string {
	switch nag {
	case NAGGood:
		return "TE[1]"
	case NAGMistake:
		return "BM[1]"
	case NAGBrilliant:
		return "TE[2]"
	case NAGBlunder:
		return "BM[2]"
	case NAGInteresting:
		return "IT[]"
	case NAGDubious:
		return "DO[]"
	}
	return ""
}

// SGFNAG reads a move node's SGF annotation back as a NAG, 0 for none.
func SGFNAG(n SGFNode) int {
	two := func(id string) bool { return len(n[id]) > 0 && n[id][0] == "2" }
	switch {
	case len(n["BM"]) > 0 && two("BM"):
		return NAGBlunder
	case len(n["BM"]) > 0:
		return NAGMistake
	case len(n["DO"]) > 0:
		return NAGDubious
	case len(n["IT"]) > 0:
		return NAGInteresting
	case len(n["TE"]) > 0 && two("TE"):
		return NAGBrilliant
	case len(n["TE"]) > 0:
		return NAGGood
	}
	return 0
}

// SGFNode is one node of an SGF game: its properties and their values.
type SGFNode map[string][]string

// ReadSGF reads the main line of every game of an SGF text.
func ReadSGF(r io.Reader) ([][]SGFNode, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	s := string(data)
	var games [][]SGFNode
	var nodes []SGFNode
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(':
			depth++
			if depth == 1 {
				nodes = nil
			}
			i++
		case c == ')':
			if depth == 0 {
				return nil, fmt.Errorf("sgf: unbalanced ')'")
			}
			depth--
			if depth == 0 {
				games = append(games, nodes)
			}
			i++
		case c == ';':
			nodes = append(nodes, SGFNode{})
			i++
		case c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
				j++
			}
			id := s[i:j]
			if len(nodes) == 0 {
				return nil, fmt.Errorf("sgf: property %s outside a node", id)
			}
			i = j
			for {
				for i < len(s) && strings.ContainsRune(" \n\r\t", rune(s[i])) {
					i++
				}
				if i >= len(s) || s[i] != '[' {
					break
				}
				var v strings.Builder
				i++
				for ; i < len(s) && s[i] != ']'; i++ {
					if s[i] == '\\' && i+1 < len(s) {
						i++
					}
					v.WriteByte(s[i])
				}
				if i >= len(s) {
					return nil, fmt.Errorf("sgf: %s[ is not closed", id)
				}
				i++
				nodes[len(nodes)-1][id] = append(nodes[len(nodes)-1][id], v.String())
			}
		case strings.ContainsRune(" \n\r\t", rune(c)):
			i++
		default:
			return nil, fmt.Errorf("sgf: unexpected %q", c)
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("sgf: unbalanced '('")
	}
	return games, nil
}

// SGFPoint reads a two-letter SGF point.
func SGFPoint(s string) (x, y int, err error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z' {
		return 0, 0, fmt.Errorf("bad SGF point %q", s)
	}
	return int(s[0] - 'a'), int(s[1] - 'a'), nil
}

// SGFSize reads the value of SZ: n or w:h.
func SGFSize(s string) (w, h int, err error) {
	a, b, rect := strings.Cut(s, ":")
	w, err = strconv.Atoi(a)
	if err != nil {
		return 0, 0, fmt.Errorf("bad SGF size %q", s)
	}
	h = w
	if rect {
		if h, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("bad SGF size %q", s)
		}
	}
	return w, h, nil
}

// SGFGame is a game of an SGF text as ReadSGFGames reads it: what a reader
// of gomoku records needs, whatever game it makes of it.
type SGFGame struct {
	// Root is the root node: the game's properties and its setup stones.
	Root SGFNode
	// W and H are SZ's sides, 0 when SZ is absent or unreadable.
	W, H int
	// Rule is RU, Gomocup's rule number, -1 when absent or unreadable.
	Rule int
	// Moves are the points of the main line's B and W properties, in order.
	Moves [][2]int
	// Opening counts the moves from the first that an "opening move"
	// comment marks, as WriteSGF and c-gomoku-cli mark an opening's moves.
	Opening int
}

// ReadSGFGames reads the main line of every game of an SGF text as moves.
// An unreadable point is an error that names its game and move.
func ReadSGFGames(r io.Reader) ([]SGFGame, error) {
	trees, err := ReadSGF(r)
	if err != nil {
		return nil, err
	}
	var games []SGFGame
	for i, nodes := range trees {
		if len(nodes) == 0 {
			continue
		}
		g := SGFGame{Root: nodes[0], Rule: -1}
		if sz := g.Root["SZ"]; len(sz) > 0 {
			if w, h, err := SGFSize(sz[0]); err == nil {
				g.W, g.H = w, h
			}
		}
		if ru := g.Root["RU"]; len(ru) > 0 {
			if n, err := strconv.Atoi(ru[0]); err == nil && n >= 0 {
				g.Rule = n
			}
		}
		for _, n := range nodes {
			for _, id := range []string{"B", "W"} {
				for _, pt := range n[id] {
					x, y, err := SGFPoint(pt)
					if err != nil {
						return nil, fmt.Errorf("game %d: move %d: %w", i+1, len(g.Moves)+1, err)
					}
					g.Moves = append(g.Moves, [2]int{x, y})
					if g.Opening == len(g.Moves)-1 && slices.Contains(n["C"], "opening move") {
						g.Opening++
					}
				}
			}
		}
		games = append(games, g)
	}
	return games, nil
}
