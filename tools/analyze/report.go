// This file writes the analyses: a game's table or JSON line, the counts a
// run sums by player (which a batch merge adds up), and their totals.

package analyze

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"qi/tools/shard"
)

// gameReport writes the analysis of a game as -json does (a line) or as
// the table.
func gameReport(ga GameAnalysis, asJSON bool) ([]byte, error) {
	if asJSON {
		data, err := json.Marshal(ga)
		if err != nil {
			return nil, err
		}
		return append(data, '\n'), nil
	}
	var b strings.Builder
	writeTable(&b, ga)
	return []byte(b.String()), nil
}

// units writes a score or loss in the game's units, as the records write
// scores: hundredths.
func units(v int) string { return fmt.Sprintf("%.2f", float64(v)/100) }

// describe names a game with its board and rule: "gomoku 15x15 renju".
func describe(ga GameAnalysis) string {
	s := ga.Game
	if ga.BoardSize > 0 {
		s += fmt.Sprintf(" %dx%d", ga.BoardSize, ga.BoardSize)
	}
	if ga.Rule != "" {
		s += " " + ga.Rule
	}
	return s
}

// orUnknown writes a missing name as PGN does.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// writeTable writes a game's analysis for people: a header, a line per
// move, and each side's summary.
func writeTable(w io.Writer, ga GameAnalysis) {
	fmt.Fprintf(w, "Game %d: %s\n", ga.Number, ga.Source)
	fmt.Fprintf(w, "%s; %s %s, %s %s; result %s", describe(ga), ga.Sides[0].Side, orUnknown(ga.Players[0]),
		ga.Sides[1].Side, orUnknown(ga.Players[1]), ga.Result)
	if ga.Event != "" {
		fmt.Fprintf(w, "; %s", ga.Event)
	}
	fmt.Fprintln(w)
	t := ga.Thresholds
	fmt.Fprintf(w, "Analysis: %s; marks from losses of %s ?!, %s ?, %s ??\n\n", ga.Limits,
		units(int(t.Inaccuracy)), units(int(t.Mistake)), units(int(t.Blunder)))

	side, move, value := len("side"), len("move"), len("value")
	for _, m := range ga.Moves {
		side = max(side, len(m.Side))
		move = max(move, len(m.Move), len(m.Best))
		for _, v := range []*Value{m.Value, m.BestValue} {
			if v != nil {
				value = max(value, len(v.Text))
			}
		}
	}
	fmt.Fprintf(w, "%4s  %-*s  %-*s  %*s  %-*s  %*s  %6s\n", "ply", side, "side", move, "move", value, "value", move, "best", value, "value", "loss")
	for _, m := range ga.Moves {
		if m.Opening {
			fmt.Fprintf(w, "%4d  %-*s  %-*s  %*s\n", m.Ply, side, m.Side, move, m.Move, value, "book")
			continue
		}
		line := fmt.Sprintf("%4d  %-*s  %-*s  %*s  %-*s  %*s  %6s", m.Ply, side, m.Side, move, m.Move, value, m.Value.Text,
			move, m.Best, value, m.BestValue.Text, units(m.Loss))
		switch {
		case m.Forced:
			line += "  (only move)"
		case m.Mark != "":
			line += "  " + symbol(m.Mark)
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	for _, s := range ga.Sides {
		who := s.Side
		if s.Player != "" {
			who += " (" + s.Player + ")"
		}
		fmt.Fprintf(w, "%s: %s\n", who, s.text())
	}
	fmt.Fprintln(w)
}

// text says a side's summary in a line: moves, average loss, marks.
func (s SideSummary) text() string {
	return fmt.Sprintf("%d %s, average loss %s; %s, %s, %s", s.Moves, plural(s.Moves, "move", "moves"),
		units(int(math.Round(s.AverageLoss))), count(s.Inaccuracies, "inaccuracy", "inaccuracies"),
		count(s.Mistakes, "mistake", "mistakes"), count(s.Blunders, "blunder", "blunders"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func count(n int, one, many string) string { return fmt.Sprintf("%d %s", n, plural(n, one, many)) }

// counts are what a run sums over its games, by player: the counts of a
// batch manifest, which a merge adds up key by key.
type counts struct {
	Games int `json:"games"`
	// Players are keyed by the player's name in the records, or by the
	// side's name when a record names no player.
	Players map[string]*playerCounts `json:"players"`
}

// playerCounts sum one player's sides of the games: games played (a game
// of a player against itself twice), moves analysed, losses and marks.
type playerCounts struct {
	Games        int `json:"games"`
	Moves        int `json:"moves"`
	Loss         int `json:"loss"`
	Inaccuracies int `json:"inaccuracies"`
	Mistakes     int `json:"mistakes"`
	Blunders     int `json:"blunders"`
}

func newCounts() *counts { return &counts{Players: map[string]*playerCounts{}} }

// add counts a game's analysis.
func (c *counts) add(ga GameAnalysis) {
	c.Games++
	for _, s := range ga.Sides {
		key := s.Player
		if key == "" {
			key = s.Side
		}
		p := c.Players[key]
		if p == nil {
			p = &playerCounts{}
			c.Players[key] = p
		}
		p.Games++
		p.Moves += s.Moves
		p.Loss += s.Loss
		p.Inaccuracies += s.Inaccuracies
		p.Mistakes += s.Mistakes
		p.Blunders += s.Blunders
	}
}

// moves counts the moves analysed.
func (c *counts) moves() int {
	n := 0
	for _, p := range c.Players {
		n += p.Moves
	}
	return n
}

// writeTotals writes the totals of a run of several games by player, in
// name order; nothing for one game, whose table says it all.
func writeTotals(c *counts, w io.Writer) {
	if c.Games < 2 {
		return
	}
	names := make([]string, 0, len(c.Players))
	width := len("player")
	for name := range c.Players {
		names = append(names, name)
		width = max(width, len(name))
	}
	slices.Sort(names)
	fmt.Fprintf(w, "Totals of %d games:\n", c.Games)
	fmt.Fprintf(w, "%-*s  %5s  %6s  %12s  %12s  %8s  %8s\n", width, "player", "games", "moves", "average loss", "inaccuracies", "mistakes", "blunders")
	for _, name := range names {
		p := c.Players[name]
		avg := 0
		if p.Moves > 0 {
			avg = int(math.Round(float64(p.Loss) / float64(p.Moves)))
		}
		fmt.Fprintf(w, "%-*s  %5d  %6d  %12s  %12d  %8d  %8d\n", width, name, p.Games, p.Moves, units(avg), p.Inaccuracies, p.Mistakes, p.Blunders)
	}
}

// Report prints the totals of a merged analysis run, as the run of all its
// games in one process prints them after the tables; the tables (or the
// JSON) are the merge's merged.txt (merged.jsonl), the annotated records
// its merged.pgn, .sgf or .ggf.
func Report(m *shard.Manifest, w io.Writer) error {
	c := newCounts()
	if err := m.ReadCounts(c); err != nil {
		return err
	}
	writeTotals(c, w)
	return nil
}
