// This file holds the PGN writer and reader.

package record

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// pgnWidth is where PGN lines wrap.
const pgnWidth = 79

// WritePGN writes g as PGN: the seven-tag roster, the game's Variant and
// Game, its FEN when it did not start from the game's start, the time
// control, the number of plies, the termination and the annotator; then the
// moves with their NAGs ($2 after a mistake) and cutechess's comments
// ({book} on the opening's moves, {score/depth time} on the engines', or
// the move's own Comment), the game's Comment, the reason the game ended,
// and the result.
func WritePGN(w io.Writer, g Game) error {
	bw := bufio.NewWriter(w)
	tag := func(name, value string) {
		value = strings.ReplaceAll(strings.ReplaceAll(clean(value, ""), `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, value)
	}
	orQ := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	date, clock := "????.??.??", ""
	if !g.Date.IsZero() {
		date, clock = g.Date.Format("2006.01.02"), g.Date.Format("15:04:05")
	}
	tag("Event", orQ(g.Event))
	tag("Site", orQ(g.Site))
	tag("Date", date)
	tag("Round", orQ(g.Round))
	tag("White", orQ(g.Players[0]))
	tag("Black", orQ(g.Players[1]))
	tag("Result", PGNResult(g.Result))
	if clock != "" {
		tag("Time", clock)
	}
	if g.Variant != "" {
		tag("Variant", g.Variant)
	}
	if g.Game != "" {
		tag("Game", g.Game)
	}
	if g.Rule != "" {
		tag("Rule", g.Rule)
	}
	if g.BoardSize != 0 {
		tag("BoardSize", strconv.Itoa(g.BoardSize))
	}
	if g.StartText != "" {
		tag("FEN", g.StartText)
		tag("SetUp", "1")
	}
	if g.TimeControl != "" {
		tag("TimeControl", g.TimeControl)
	}
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	if g.Termination != "" {
		tag("Termination", g.Termination)
	}
	if g.Annotator != "" {
		tag("Annotator", g.Annotator)
	}
	bw.WriteByte('\n')

	var tokens []string
	for i, m := range g.Moves {
		ply := i + int(g.StartSide)
		switch {
		case ply%2 == 0:
			tokens = append(tokens, fmt.Sprintf("%d.", ply/2+1))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", ply/2+1))
		}
		tokens = append(tokens, m.Text)
		if m.NAG > 0 {
			tokens = append(tokens, fmt.Sprintf("$%d", m.NAG))
		}
		if m.Book && m.Comment == "" {
			tokens = append(tokens, "{book}")
		} else {
			tokens = append(tokens, "{"+clean(m.comment(), "{}")+"}")
		}
	}
	if g.Comment != "" {
		tokens = append(tokens, "{"+clean(g.Comment, "{}")+"}")
	}
	if g.Reason != "" {
		tokens = append(tokens, "{"+clean(g.Reason, "{}")+"}")
	}
	tokens = append(tokens, PGNResult(g.Result))
	width := 0
	for _, t := range tokens {
		if width > 0 && width+1+len(t) > pgnWidth {
			bw.WriteByte('\n')
			width = 0
		}
		if width > 0 {
			bw.WriteByte(' ')
			width++
		}
		bw.WriteString(t)
		width += len(t)
	}
	bw.WriteString("\n\n")
	return bw.Flush()
}

// PGNGame is a game read from PGN.
type PGNGame struct {
	Tags map[string]string
	// Moves are the moves' texts, and Comments the comment after each
	// ("" when none).
	Moves, Comments []string
	// NAGs are the moves' assessments (Move.NAG: $1 to $6, or the
	// suffixes !, ?, !!, ??, !? and ?! on the move), 0 when none; other
	// NAGs are passed over.
	NAGs []int
	// Final is the comment after the last move that ended the game, when
	// the game has one after its moves' comments.
	Final  string
	Result string
}

// RecordMoves returns the game's moves with their NAGs and what their
// comments say in the form WritePGN writes them: {book} marks a move of
// the opening, {+0.35/12 0.051s} gives an engine's score, depth and time
// ({0.051s} a time alone). A comment in another form is the move's
// Comment, and gives it no score.
func (g PGNGame) RecordMoves() []Move {
	moves := make([]Move, len(g.Moves))
	for i, text := range g.Moves {
		m, ok := parseComment(g.Comments[i])
		if !ok {
			m.Comment = g.Comments[i]
		}
		moves[i] = m
		moves[i].Text = text
		if i < len(g.NAGs) {
			moves[i].NAG = g.NAGs[i]
		}
	}
	return moves
}

// parseComment reads what a move's comment says; ok is false when it is
// not a comment WritePGN writes of an engine's move or of the opening's.
func parseComment(c string) (m Move, ok bool) {
	f := strings.Fields(c)
	if len(f) == 1 && f[0] == "book" {
		return Move{Book: true}, true
	}
	if len(f) == 0 || len(f) > 2 {
		return Move{}, len(f) == 0
	}
	secs, ok := strings.CutSuffix(f[len(f)-1], "s")
	t, err := strconv.ParseFloat(secs, 64)
	if !ok || err != nil || t < 0 || t > 1e9 {
		return Move{}, false
	}
	m = Move{Time: time.Duration(t * float64(time.Second))}
	if len(f) == 1 {
		return m, true
	}
	score, depth, hasDepth := strings.Cut(f[0], "/")
	if _, err := ParseScore(score); err != nil {
		return Move{}, false
	}
	m.Score = score
	if hasDepth {
		if m.Depth, err = strconv.Atoi(depth); err != nil || m.Depth < 0 {
			return Move{}, false
		}
	}
	return m, true
}

var (
	pgnTag     = regexp.MustCompile(`^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$`)
	moveNumber = regexp.MustCompile(`^\d+\.+$`)
	nagToken   = regexp.MustCompile(`^\$\d{1,3}$`)
)

// suffixNAGs are the NAGs of PGN's move suffixes, longest first.
var suffixNAGs = []struct {
	suffix string
	nag    int
}{{"!!", NAGBrilliant}, {"??", NAGBlunder}, {"!?", NAGInteresting}, {"?!", NAGDubious}, {"!", NAGGood}, {"?", NAGMistake}}

// ReadPGN reads every game of a PGN text.
func ReadPGN(r io.Reader) ([]PGNGame, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var games []PGNGame
	var cur *PGNGame
	var text strings.Builder
	finish := func() error {
		if cur == nil {
			return nil
		}
		if err := parseMovetext(cur, text.String()); err != nil {
			return err
		}
		games = append(games, *cur)
		cur = nil
		text.Reset()
		return nil
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			if cur != nil && text.Len() > 0 {
				if err := finish(); err != nil {
					return nil, err
				}
			}
			m := pgnTag.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("bad PGN tag %q", line)
			}
			if cur == nil {
				cur = &PGNGame{Tags: map[string]string{}}
			}
			v := strings.ReplaceAll(strings.ReplaceAll(m[2], `\"`, `"`), `\\`, `\`)
			cur.Tags[m[1]] = v
			continue
		}
		if cur == nil {
			if line == "" {
				continue
			}
			cur = &PGNGame{Tags: map[string]string{}}
		}
		text.WriteString(line)
		text.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return games, nil
}

// parseMovetext reads the moves, comments and result of one game.
func parseMovetext(g *PGNGame, s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return fmt.Errorf("PGN comment not closed")
			}
			comment := s[i+1 : i+j]
			switch {
			case len(g.Moves) == 0:
				// Only a game that ended before its first move has
				// a comment here: why it ended.
				g.Final = comment
			case g.Comments[len(g.Moves)-1] == "":
				g.Comments[len(g.Moves)-1] = comment
			default:
				g.Final = comment
			}
			i += j + 1
		case c == ';':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			i += j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\t\r{;", rune(s[j])) {
				j++
			}
			tok := s[i:j]
			i = j
			switch {
			case moveNumber.MatchString(tok):
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				g.Result = tok
			case strings.HasPrefix(tok, "$"):
				if !nagToken.MatchString(tok) {
					return fmt.Errorf("bad PGN annotation %q: want $ and a number", tok)
				}
				if len(g.Moves) == 0 {
					return fmt.Errorf("PGN annotation %s before the first move", tok)
				}
				if n, _ := strconv.Atoi(tok[1:]); n >= NAGGood && n <= NAGDubious {
					g.NAGs[len(g.Moves)-1] = n
				}
			default:
				nag := 0
				for _, s := range suffixNAGs {
					if len(tok) > len(s.suffix) && strings.HasSuffix(tok, s.suffix) {
						tok, nag = strings.TrimSuffix(tok, s.suffix), s.nag
						break
					}
				}
				g.Moves = append(g.Moves, tok)
				g.Comments = append(g.Comments, "")
				g.NAGs = append(g.NAGs, nag)
			}
		}
	}
	if g.Result == "" {
		return fmt.Errorf("PGN game without a result")
	}
	return nil
}
