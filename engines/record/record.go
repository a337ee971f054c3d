// Package record holds game records, each in its field's format: PGN for
// every game (cutechess's dialect, with the game's variant, the position
// text of the opening and the reason the game ended), SGF for gomoku as
// c-gomoku-cli writes it, and GGF for othello as GGS and NBoard read it, the
// writers the arena uses (and qi analyze, with its comments and marks) and
// the readers of all three, of WTHOR and of Gomocup's psq, so that records
// can be checked and processed; ReadGames replays the games of any of them
// under qi's rules; and RenLib's libraries (.lib), the trees of moves in
// which renju players keep their openings.
package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"qi/engines"
)

// Move is one move of a record.
type Move struct {
	// Text is the move in the game's notation.
	Text string
	// Book marks a move of the opening, played by the arena, not an engine.
	Book bool
	// Time is how long the engine thought.
	Time time.Duration
	// Score is the engine's last evaluation as records write it, from its
	// own view: "+0.35" (hundredths of the game's units), "-M3" (mated in
	// three moves); "" when it sent none.
	Score string
	// Depth is the depth of that evaluation, 0 when unknown.
	Depth int
	// Comment, when not empty, is what the records write about the move
	// instead of the engine's evaluation and time (an analysis of it).
	Comment string
	// NAG is PGN's numeric annotation glyph of the move, 0 for none: 1
	// good (!), 2 mistake (?), 3 brilliant (!!), 4 blunder (??), 5
	// interesting (!?), 6 dubious (?!).
	NAG int
}

// The move assessments of PGN's numeric annotation glyphs.
const (
	NAGGood        = 1
	NAGMistake     = 2
	NAGBrilliant   = 3
	NAGBlunder     = 4
	NAGInteresting = 5
	NAGDubious     = 6
)

// Game is the record of one game.
type Game struct {
	Event, Site string
	Date        time.Time
	// Round is the round, and the game in it, as "3" or "2.1".
	Round string
	// Number is the game's number in the match.
	Number int
	// Players are the engines' names by side: the first player (white in
	// PGN, black in SGF and GGF) first.
	Players [2]string
	// Game is the game's registry name, Variant its name for UCI's
	// UCI_Variant ("gomoku" is the exact-five rule there, "renju" ...).
	Game, Variant string
	// Rule is the rule set, BoardSize the board's side; zero when the
	// game has no choice.
	Rule      string
	BoardSize int
	// StartText is the position text the game started from, "" for the
	// game's own start; the opening's moves are the Book moves.
	StartText string
	// StartSide is the side to move at the start.
	StartSide engines.Side
	// TimeControl describes the time control ("10+0.1", "depth 5").
	TimeControl string
	Moves       []Move
	Result      engines.Result
	// Termination is the kind of ending: "normal", "adjudication", "time
	// forfeit", "illegal move" ... (as cutechess's PGN tag).
	Termination string
	// Reason says how the game ended, as a sentence.
	Reason string
	// Annotator names who annotated the moves (PGN's Annotator tag), ""
	// for a record that is not annotated.
	Annotator string
	// Comment is a comment on the whole game (an analysis's summary),
	// written after the moves.
	Comment string
}

// engineMoves counts the moves the engines played.
func (g Game) engineMoves() int {
	n := 0
	for _, m := range g.Moves {
		if !m.Book {
			n++
		}
	}
	return n
}

// comment writes what an engine move's record comment says: its Comment
// when it has one.
func (m Move) comment() string {
	if m.Comment != "" {
		return m.Comment
	}
	t := fmt.Sprintf("%.3fs", m.Time.Seconds())
	if m.Score == "" {
		return t
	}
	if m.Depth > 0 {
		return fmt.Sprintf("%s/%d %s", m.Score, m.Depth, t)
	}
	return m.Score + " " + t
}

// ScoreText writes an engine's evaluation as records do: a score in the
// game's units as a hundredth ("+0.35"), a forced result in moves ("+M3").
func ScoreText(s engines.Score) string {
	if s.IsMate() {
		p := s.MatePlies()
		if s > 0 {
			return fmt.Sprintf("+M%d", (p+1)/2)
		}
		return fmt.Sprintf("-M%d", p/2)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// ParseScore reads an evaluation as ScoreText writes it: "+0.35" is 35 of
// the game's units, "+M3" a win in three moves (five plies, as UCI counts
// them), "-M3" a loss in three (six plies).
func ParseScore(text string) (engines.Score, error) {
	sign, body := 1, text
	if body != "" && (body[0] == '+' || body[0] == '-') {
		if body[0] == '-' {
			sign = -1
		}
		body = body[1:]
	}
	if n, ok := strings.CutPrefix(body, "M"); ok {
		moves, err := strconv.Atoi(n)
		if err != nil || moves < 0 || 2*moves > engines.MaxPly {
			return 0, fmt.Errorf("bad score %q", text)
		}
		if sign > 0 {
			return engines.MateIn(max(2*moves-1, 0)), nil
		}
		return engines.MatedIn(2 * moves), nil
	}
	if body == "" || !strings.ContainsAny(body[:1], "0123456789") {
		return 0, fmt.Errorf("bad score %q", text)
	}
	v, err := strconv.ParseFloat(body, 64)
	if err != nil || math.Abs(v*100) >= float64(engines.Mate-engines.MaxPly) {
		return 0, fmt.Errorf("bad score %q", text)
	}
	return engines.Score(sign) * engines.Score(math.Round(v*100)), nil
}

// PGNResult writes a result as PGN does, from the first player's view.
func PGNResult(r engines.Result) string {
	switch r {
	case engines.P1Win:
		return "1-0"
	case engines.P2Win:
		return "0-1"
	case engines.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseResult reads a PGN result.
func ParseResult(s string) (engines.Result, error) {
	switch s {
	case "1-0":
		return engines.P1Win, nil
	case "0-1":
		return engines.P2Win, nil
	case "1/2-1/2":
		return engines.Draw, nil
	case "*":
		return engines.None, nil
	}
	return engines.None, fmt.Errorf("bad result %q", s)
}

// clean makes text safe inside a record's brackets and braces.
func clean(s string, drop string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(drop, r) || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}
