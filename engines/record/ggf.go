// This file holds the GGF writer and reader for othello records, as GGS
// writes them and NBoard reads them: the board and side to move in BO, the
// moves as B[F5//0.12] (move, evaluation, seconds), passes as PA, and the
// result in discs from black's view, with the flags :t (time out) and :r
// (resigned, here any other forfeit) of the GGF definition.

package record

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/othello"
)

// GGFMove writes a move of the game's notation as GGF and NBoard do: upper
// case, and PA for the pass that qi writes 0000.
func GGFMove(text string) string {
	if text == "0000" || strings.EqualFold(text, "pass") {
		return "PA"
	}
	return strings.ToUpper(text)
}

// WriteGGF writes g as GGF. start is the BO[] board the game started from
// (before its opening moves), final the board it ended on (see grid.GGFBoard),
// from which a game that ended by the rules takes its disc count. A move's
// Score is its evaluation field; GGF has no comment on a move, so the moves'
// Comments and NAGs are not written.
func WriteGGF(w io.Writer, g Game, start, final string) error {
	bw := bufio.NewWriter(w)
	text := func(s string) string { return clean(s, "[]") }
	gm := "Othello"
	if g.Game != "" && g.Game != "othello" {
		gm = g.Game
	}
	size := strings.Fields(start)
	if len(size) == 0 {
		return fmt.Errorf("ggf: no start board")
	}
	fmt.Fprintf(bw, "(;GM[%s]PC[%s]", text(gm), text(g.Site))
	if !g.Date.IsZero() {
		fmt.Fprintf(bw, "DT[%s]", g.Date.UTC().Format("2006.01.02_15:04:05.UTC"))
	}
	fmt.Fprintf(bw, "PB[%s]PW[%s]", text(g.Players[0]), text(g.Players[1]))
	res, err := ggfResult(g, final)
	if err != nil {
		return err
	}
	fmt.Fprintf(bw, "RE[%s]", res)
	if g.TimeControl != "" {
		fmt.Fprintf(bw, "TI[%s]", text(g.TimeControl))
	}
	fmt.Fprintf(bw, "TY[%s]BO[%s]", size[0], start)
	side := g.StartSide
	for _, m := range g.Moves {
		bw.WriteByte('\n')
		tag := [2]string{"B", "W"}[side]
		if m.Book {
			fmt.Fprintf(bw, "%s[%s]", tag, GGFMove(m.Text))
		} else {
			fmt.Fprintf(bw, "%s[%s/%s/%.2f]", tag, GGFMove(m.Text), ggfEval(m.Score), m.Time.Seconds())
		}
		side = side.Other()
	}
	// GGF has no comment on a move: the game's one C[] says how it ended
	// and, after it, the game's Comment.
	var comments []string
	for _, c := range []string{g.Reason, g.Comment} {
		if c != "" {
			comments = append(comments, c)
		}
	}
	if len(comments) > 0 {
		fmt.Fprintf(bw, "\nC[%s]", text(strings.Join(comments, "; ")))
	}
	bw.WriteString(";)\n")
	return bw.Flush()
}

// ggfEval writes a record score as a GGF evaluation: a number, empty for a
// forced result or none.
func ggfEval(score string) string {
	if score == "" || strings.Contains(score, "M") {
		return ""
	}
	return score
}

// ggfResult writes the result from black's (the first player's) view: the
// disc difference with empty squares going to the winner for a game ended by
// the rules, the whole board with :t or :r for a forfeit.
func ggfResult(g Game, final string) (string, error) {
	f := strings.Fields(final)
	if len(f) < 3 {
		return "", fmt.Errorf("ggf: bad final board %q", final)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return "", fmt.Errorf("ggf: bad final board %q", final)
	}
	switch g.Result {
	case engines.None:
		return "?", nil
	case engines.Draw:
		if g.Termination != "normal" {
			return "0.00:s", nil
		}
		return "0.00", nil
	}
	sign := 1
	if g.Result == engines.P2Win {
		sign = -1
	}
	switch g.Termination {
	case "normal":
	case "time forfeit":
		return fmt.Sprintf("%+d.00:t", sign*n*n), nil
	default:
		return fmt.Sprintf("%+d.00:r", sign*n*n), nil
	}
	cells := strings.Join(f[1:len(f)-1], "")
	black, white := strings.Count(cells, "*")+strings.Count(cells, "X"), strings.Count(cells, "O")
	empty := len(cells) - black - white
	diff := black - white
	switch {
	case diff > 0:
		diff += empty
	case diff < 0:
		diff -= empty
	}
	return fmt.Sprintf("%+d.00", diff), nil
}

// GGFResult reads a GGF result, black's disc difference with an optional
// flag ("+12.00", "-2:t", "0.00:s"): the winner by its sign, None when it is
// no number ("?").
func GGFResult(re string) engines.Result {
	num, _, _ := strings.Cut(re, ":")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	switch {
	case err != nil || math.IsNaN(v):
		return engines.None
	case v > 0:
		return engines.P1Win
	case v < 0:
		return engines.P2Win
	}
	return engines.Draw
}

// GGFGame is a game read from GGF: its tags (the first value of each) and
// its moves with their evaluations and times as written.
type GGFGame struct {
	Tags  map[string]string
	Moves []string
}

// ReadGGF reads the games of a GGF text, one "(;...;)" after another.
func ReadGGF(r io.Reader) ([]GGFGame, error) {
	br := bufio.NewReader(r)
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, err
	}
	s := string(data)
	var games []GGFGame
	for {
		start := strings.Index(s, "(;")
		if start < 0 {
			break
		}
		end := strings.Index(s[start+2:], ";)")
		if end < 0 {
			return nil, fmt.Errorf("ggf: a game is not closed with ;)")
		}
		body := s[start+2 : start+2+end]
		s = s[start+2+end+2:]
		g := GGFGame{Tags: map[string]string{}}
		err := ggfTags(body, func(tag, val string) error {
			if tag == "B" || tag == "W" {
				g.Moves = append(g.Moves, tag+":"+val)
			} else if _, ok := g.Tags[tag]; !ok {
				g.Tags[tag] = val
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// ParseGGF reads one othello game of GGF, "(;GM[Othello]...BO[8 ... *]B[F5]W[D6];)"
// (as NBoard's set game sends it), and returns its start position and its
// moves (each checked legal, passes written PA). Evaluations and times after
// a move ("B[F5/1.20/0.3]") are skipped.
func ParseGGF(text string) (*othello.Position, []engines.Move, error) {
	s := strings.TrimSpace(text)
	if !strings.HasPrefix(s, "(;") {
		return nil, nil, fmt.Errorf("bad GGF %q: a game starts with (;", excerpt(s))
	}
	var pos *othello.Position
	var moves []engines.Move
	err := ggfTags(s[2:], func(tag, val string) error {
		switch tag {
		case "BO":
			p, err := othello.ParseGGFBoard(val)
			if err != nil {
				return err
			}
			if pos != nil {
				return fmt.Errorf("bad GGF: two boards")
			}
			pos = p
		case "B", "W":
			if pos == nil {
				return fmt.Errorf("bad GGF: a move before the board (BO[])")
			}
			mv, _, _ := strings.Cut(val, "/")
			want := engines.P1
			if tag == "W" {
				want = engines.P2
			}
			if pos.SideToMove() != want {
				return fmt.Errorf("bad GGF: %s[%s] is not that side's turn", tag, val)
			}
			m, err := engines.Legal(pos, mv)
			if err != nil {
				return fmt.Errorf("bad GGF: move %d %s[%s]: %w", len(moves)+1, tag, val, err)
			}
			pos.Play(m)
			moves = append(moves, m)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if pos == nil {
		return nil, nil, fmt.Errorf("bad GGF: no board (BO[])")
	}
	for range moves {
		pos.Undo()
	}
	return pos, moves, nil
}

// ggfTags calls fn with each TAG[value] of a GGF game's text in order,
// passing over the spaces, ';' and ')' between them: the one reader of
// GGF's tags, for records and for NBoard's games.
func ggfTags(s string, fn func(tag, val string) error) error {
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', '\t', '\r', '\n', ';', ')':
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
			j++
		}
		if j == i || j >= len(s) || s[j] != '[' {
			return fmt.Errorf("bad GGF at %q: want a TAG[value]", excerpt(s[i:]))
		}
		k := strings.IndexByte(s[j:], ']')
		if k < 0 {
			return fmt.Errorf("bad GGF: %s[ is not closed", s[i:j])
		}
		if err := fn(s[i:j], s[j+1:j+k]); err != nil {
			return err
		}
		i = j + k + 1
	}
	return nil
}

// excerpt cuts a long text for an error message.
func excerpt(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
