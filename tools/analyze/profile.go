// This file holds what the analysis of each game takes by default: how deep
// it searches, from where othello is solved exactly, and how large a loss
// makes an inaccuracy, a mistake or a blunder in the game's score units.

package analyze

import (
	"fmt"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/record"
)

// profile is a game's defaults for analysis.
type profile struct {
	// depth is the search depth of a position; 0 is the game's own full
	// search, which tic-tac-toe and niu jiao qi finish exactly in
	// milliseconds.
	depth int
	// solves says the game's search solves a position exactly at a depth
	// of all its empty squares (othello), which -exact asks for.
	solves bool
	// thresholds are the losses that make a move an inaccuracy, a mistake
	// and a blunder.
	thresholds Thresholds
	// decisive is what a forced result counts for in a loss: a forced win
	// is +decisive, a forced loss -decisive, however many moves away. It
	// lies above every evaluation the game's search gives, so that no
	// evaluation loses more than a forced result does.
	decisive engines.Score
}

// profileOf returns the defaults of the game of that registry name. The
// depths analyse a 60-move game in seconds on one core (othello's in about
// one, gomoku's in ten to twenty); the thresholds of gomoku sit where a
// depth-6 search of Gomocup's engines' moves finds a loss in about one
// move in twenty (inaccuracies), one in two hundred (mistakes) and hardly
// ever (blunders), its evaluations staying within about ±15.00, below
// the 20.00 a forced result counts for.
func profileOf(game string) profile {
	switch game {
	case "othello":
		// Discs count 100 each: ?! from 2 discs, ? from 4, ?? from 8.
		// Depth 8 proves no win or loss before 20 empties (SolveFrom),
		// where -exact's solve takes over by default.
		return profile{depth: 8, solves: true, thresholds: Thresholds{200, 400, 800}, decisive: 100 * 16 * 16}
	case "gomoku":
		return profile{depth: 6, thresholds: Thresholds{300, 600, 1200}, decisive: 2000}
	}
	// Tic-tac-toe and niu jiao qi: the full search knows only results, a
	// win 1.00 above a draw, so that a result thrown away is a blunder.
	return profile{thresholds: Thresholds{25, 50, 100}, decisive: 100}
}

// Thresholds are the losses, in the game's score units, from which a move
// is an inaccuracy, a mistake and a blunder.
type Thresholds struct {
	Inaccuracy engines.Score `json:"inaccuracy"`
	Mistake    engines.Score `json:"mistake"`
	Blunder    engines.Score `json:"blunder"`
}

// The marks of a move, as the JSON names them.
const (
	Inaccuracy = "inaccuracy"
	Mistake    = "mistake"
	Blunder    = "blunder"
)

// symbol writes a mark as the table and PGN's suffixes do.
func symbol(mark string) string {
	switch mark {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// nag is a mark's NAG in annotated records.
func nag(mark string) int {
	switch mark {
	case Inaccuracy:
		return record.NAGDubious
	case Mistake:
		return record.NAGMistake
	case Blunder:
		return record.NAGBlunder
	}
	return 0
}

// clamp takes a score into ±decisive, a forced result to its end.
func (p profile) clamp(s engines.Score) engines.Score {
	switch {
	case s.IsMate() && s > 0:
		return p.decisive
	case s.IsMate():
		return -p.decisive
	}
	return max(-p.decisive, min(p.decisive, s))
}

// loss is what playing a move worth played loses against the best move,
// worth best: never below 0 (a move that its own search finds better than
// the best move's search found the best loses nothing), a forced result
// counted as ±decisive.
func (p profile) loss(best, played engines.Score) engines.Score {
	return max(0, p.clamp(best)-p.clamp(played))
}

// mark judges a move by its loss; letting a forced win go, or walking into
// a forced loss that the best move avoids, is a blunder whatever the loss.
func (p profile) mark(best, played engines.Score) string {
	won := func(s engines.Score) bool { return s.IsMate() && s > 0 }
	lost := func(s engines.Score) bool { return s.IsMate() && s < 0 }
	loss := p.loss(best, played)
	switch {
	case won(best) && !won(played), lost(played) && !lost(best):
		return Blunder
	case loss >= p.thresholds.Blunder:
		return Blunder
	case loss >= p.thresholds.Mistake:
		return Mistake
	case loss >= p.thresholds.Inaccuracy:
		return Inaccuracy
	}
	return ""
}

// limits are the search limits of the analysis, the flags' or a game's
// defaults.
type limits struct {
	depth    int
	nodes    int64
	moveTime time.Duration
	// exact solves othello positions of at most this many empties
	// exactly (0: none).
	exact int
}

// String describes the limits for the analysis's header.
func (l limits) String() string {
	var parts []string
	if l.depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.depth))
	}
	if l.nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", l.nodes))
	}
	if l.moveTime > 0 {
		parts = append(parts, fmt.Sprintf("%v a search", l.moveTime))
	}
	if len(parts) == 0 {
		parts = append(parts, "full search")
	}
	if l.exact > 0 {
		parts = append(parts, fmt.Sprintf("exact from %d empties", l.exact))
	}
	return strings.Join(parts, ", ")
}
