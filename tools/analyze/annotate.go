// This file writes a game's record annotated with its analysis, by the
// writers of engines/record: each move's value, the best move where it was
// another, the loss and the mark as a comment and a NAG (SGF's move
// annotation), the sides' summaries as the game's comment.

package analyze

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/grid"
	"qi/engines/record"
)

// canWrite says why a game cannot be written in format, nil when it can:
// SGF holds games played on the squares of a board (gomoku, tic-tac-toe),
// GGF othello's.
func canWrite(format record.Format, r *record.Replayed) error {
	switch format {
	case record.FormatSGF:
		if _, err := grid.Of(r.Game); err != nil || r.Name == "othello" {
			return fmt.Errorf("SGF records are written of gomoku and tic-tac-toe, not %s: write .pgn", r.Name)
		}
	case record.FormatGGF:
		if r.Name != "othello" {
			return fmt.Errorf("GGF records are othello's, not %s: write .pgn", r.Name)
		}
	}
	return nil
}

// annotate writes r's record in format with the analysis ga.
func annotate(format record.Format, r *record.Replayed, ga GameAnalysis) ([]byte, error) {
	g := r.Record
	g.Moves = append([]record.Move(nil), r.Record.Moves...)
	for i, m := range ga.Moves {
		if m.Opening {
			continue
		}
		g.Moves[i].Comment, g.Moves[i].NAG, g.Moves[i].Score = comment(m), nag(m.Mark), m.Value.Text
	}
	g.Annotator = fmt.Sprintf("qi %s analyze: %s", engines.Version, ga.Limits)
	var sides []string
	for _, s := range ga.Sides {
		sides = append(sides, s.Side+": "+s.text())
	}
	g.Comment = strings.Join(sides, "; ")
	var b bytes.Buffer
	switch format {
	case record.FormatPGN:
		if err := record.WritePGN(&b, g); err != nil {
			return nil, err
		}
	case record.FormatSGF:
		geo, err := grid.Of(r.Game)
		if err != nil {
			return nil, err
		}
		rule := 0
		if gg, ok := r.Game.(*gomoku.Game); ok {
			rule = gg.Rule().Gomocup()
		}
		if err := record.WriteSGF(&b, g, geo, rule); err != nil {
			return nil, err
		}
	case record.FormatGGF:
		start, err := grid.GGFBoard(r.Start)
		if err != nil {
			return nil, err
		}
		end := r.Final()
		final, err := grid.GGFBoard(end)
		if err != nil {
			return nil, err
		}
		if g.Termination == "" && end.Result() != engines.None {
			// A game played out ended by the rules: its discs give
			// GGF's result (one that stopped before says it resigned).
			g.Termination = "normal"
		}
		if err := record.WriteGGF(&b, g, start, final); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("annotated records are PGN, SGF or GGF")
	}
	return b.Bytes(), nil
}

// comment writes what an annotated record says of a move: its value, and
// the best move with its value and the loss where the move lost some.
func comment(m MoveAnalysis) string {
	switch {
	case m.Forced:
		return m.Value.Text + "; only move"
	case m.Best == m.Move || m.Loss == 0:
		return m.Value.Text
	}
	return fmt.Sprintf("%s; best %s %s; loss %s", m.Value.Text, m.Best, m.BestValue.Text, units(m.Loss))
}
