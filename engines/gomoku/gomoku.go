// Package gomoku is gomoku and renju (五子棋) on boards from 5x5 to 22x22,
// square or not, under the freestyle, standard (exactly five), renju and caro
// rules, with blocked squares for Gomocup's continuous games. The board keeps
// line patterns up to date stone by stone; the engine searches with
// threat-space searches (VCF, VCT) inside a PVS alpha-beta with iterative
// deepening and a transposition table.
//
// Squares are named a1.. with files from the left (a, b, c ..., no letter
// skipped) and rank 1 at the bottom; Gomocup's x,y coordinates count from 0
// at the top-left. Under renju black's forbidden moves (double-four,
// double-three, overline) are not legal moves: LegalMoves leaves them out and
// Play must not be given them, as Gomocup managers count them as a loss and
// engines can't play them. Black's first renju move is not held to the
// centre on input (Gomocup's renju openings start elsewhere); the engine
// plays it there.
package gomoku

import (
	"fmt"
	"strings"

	"qi/engines"
	"qi/engines/search"
)

// Rule is a rule set.
type Rule uint8

// The rule sets.
const (
	// Freestyle: five or more in a row wins, for both sides.
	Freestyle Rule = iota
	// Standard: exactly five wins, for both sides; an overline is nothing.
	Standard
	// Renju: black wins with exactly five and may not play double-fours,
	// double-threes or overlines; white wins with five or more.
	Renju
	// Caro: exactly five, not closed at both ends by the opponent's stones
	// (the edge does not close).
	Caro
)

var ruleNames = [...]string{"freestyle", "standard", "renju", "caro"}

// String names the rule as Config.Rule does.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", int(r))
}

// ParseRule reads a rule name, ignoring case; "" is freestyle.
func ParseRule(s string) (Rule, error) {
	if s == "" {
		return Freestyle, nil
	}
	for i, n := range ruleNames {
		if strings.EqualFold(s, n) {
			return Rule(i), nil
		}
	}
	return 0, fmt.Errorf("unknown gomoku rule %q (known: %s)", s, strings.Join(ruleNames[:], ", "))
}

// Gomocup rule bits (INFO rule).
const (
	GomocupExact      = 1
	GomocupContinuous = 2
	GomocupRenju      = 4
	GomocupCaro       = 8
)

// RuleFromGomocup reads Gomocup's INFO rule bit mask: 0 freestyle, 1 exactly
// five, 4 renju, 8 caro (which is exactly five: 9 too), plus 2 for
// continuous play, which is not a rule set but reported apart. Yixin-Board's
// "2 means renju" is the dialect's to map before calling this.
func RuleFromGomocup(mask int) (rule Rule, continuous bool, err error) {
	if mask < 0 || mask > 15 {
		return 0, false, fmt.Errorf("gomocup rule %d: not a bit mask of 1, 2, 4 and 8", mask)
	}
	continuous = mask&GomocupContinuous != 0
	switch {
	case mask&GomocupRenju != 0 && mask&GomocupCaro != 0:
		return 0, false, fmt.Errorf("gomocup rule %d asks for renju and caro at once", mask)
	case mask&GomocupRenju != 0:
		rule = Renju
	case mask&GomocupCaro != 0:
		rule = Caro
	case mask&GomocupExact != 0:
		rule = Standard
	default:
		rule = Freestyle
	}
	return rule, continuous, nil
}

// Gomocup returns the rule's Gomocup bit mask.
func (r Rule) Gomocup() int {
	switch r {
	case Standard:
		return GomocupExact
	case Renju:
		return GomocupRenju
	case Caro:
		return GomocupCaro
	}
	return 0
}

// fiveKinds gives what makes a five for black and for white.
func (r Rule) fiveKinds() [2]fiveKind {
	switch r {
	case Standard:
		return [2]fiveKind{fiveExact, fiveExact}
	case Renju:
		return [2]fiveKind{fiveExact, fiveFree}
	case Caro:
		return [2]fiveKind{fiveCaro, fiveCaro}
	}
	return [2]fiveKind{fiveFree, fiveFree}
}

// DefaultSize is the board side when none is set.
const DefaultSize = 15

// Spec registers gomoku, with cutechess's variant names (gomoku is the
// standard rule there, gomokufreestyle freestyle) and renju and caro, all on
// 15x15.
func Spec() engines.Spec {
	return engines.Spec{
		Name:      "gomoku",
		Placement: true,
		Title:     "gomoku and renju (五子棋): freestyle, standard, renju, caro",
		New: func(cfg engines.Config) (engines.Game, error) {
			return New(cfg)
		},
		Sizes: boardSizes(),
		Rules: ruleNames[:],
		Variants: []engines.Variant{
			{Name: "gomoku", Rule: "standard", BoardSize: DefaultSize},
			{Name: "gomokufreestyle", Rule: "freestyle", BoardSize: DefaultSize},
			{Name: "renju", Rule: "renju", BoardSize: DefaultSize},
			{Name: "caro", Rule: "caro", BoardSize: DefaultSize},
		},
	}
}

// boardSizes lists the square boards gomoku is played on, the usual first.
func boardSizes() []int {
	sizes := []int{DefaultSize}
	for n := MinSize; n <= MaxSize; n++ {
		if n != DefaultSize {
			sizes = append(sizes, n)
		}
	}
	return sizes
}

// Game is gomoku on one board under one rule.
type Game struct {
	w, h int
	rule Rule
	wt   *weights
	ord  *orderTable // nil: moves are ordered by the evaluation's terms
}

// New returns the game cfg asks for: cfg.BoardSize (0 is 15) and cfg.Rule
// ("" is freestyle).
func New(cfg engines.Config) (*Game, error) {
	rule, err := ParseRule(cfg.Rule)
	if err != nil {
		return nil, err
	}
	size := cfg.BoardSize
	if size == 0 {
		size = DefaultSize
	}
	return NewGame(size, size, rule)
}

// NewGame returns gomoku on a width x height board (Gomocup's START n and
// RECTSTART w,h) under rule.
func NewGame(width, height int, rule Rule) (*Game, error) {
	if rule > Caro {
		return nil, fmt.Errorf("unknown gomoku rule %d", rule)
	}
	if width < MinSize || height < MinSize || width > MaxSize || height > MaxSize {
		return nil, fmt.Errorf("gomoku board %dx%d: sides must be %d to %d", width, height, MinSize, MaxSize)
	}
	return &Game{w: width, h: height, rule: rule, wt: weightsFor(rule), ord: orderFor(rule)}, nil
}

// Name implements engines.Game.
func (g *Game) Name() string { return "gomoku" }

// SideName names the players: black moves first.
func (g *Game) SideName(s engines.Side) string {
	if s == engines.P1 {
		return "Black"
	}
	return "White"
}

// Width returns the number of files.
func (g *Game) Width() int { return g.w }

// Height returns the number of ranks.
func (g *Game) Height() int { return g.h }

// Rule returns the rule set.
func (g *Game) Rule() Rule { return g.rule }

// Start implements engines.Game: the empty board, black to move.
func (g *Game) Start() engines.Position { return g.NewPosition() }

// NewPosition returns the empty board, black to move.
func (g *Game) NewPosition() *Position {
	b, err := newBoard(g.w, g.h, g.rule, g.wt)
	if err != nil {
		// NewGame checked the size.
		panic(err)
	}
	return &Position{game: g, b: *b}
}

// NewSearcher implements engines.Game.
func (g *Game) NewSearcher(cfg engines.Config) engines.Searcher {
	if cfg.Baseline {
		return newBaseline(cfg)
	}
	return NewSearcher(cfg)
}

// newBaseline is the plain alpha-beta baseline: search.AlphaBeta over the
// Position interface, with the static evaluation and the moves restricted to
// squares near the stones, as a full-board branching factor would leave it
// at two plies.
func newBaseline(cfg engines.Config) engines.Searcher {
	return baseline{search.NewAlphaBeta(func(pos engines.Position) engines.Score {
		p := pos.(nearPosition).Position
		return p.b.evaluate(int(p.side))
	}, 2*cfg.EffectiveLevel(), cfg.EffectiveHashMB())}
}
