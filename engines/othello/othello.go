// Package othello is othello (reversi, 黑白棋) on 8x8 and on every even board
// from 4x4 to 16x16: the rules on bitboards for 8x8 and on a general board for
// the other sizes, perft, a pattern evaluation trained on expert games and
// self-play, a PVS midgame search and an exact endgame solver.
package othello

import (
	"fmt"
	"sync"

	"qi/engines"
	"qi/engines/othello/pattern"
)

// Spec registers othello. Config.BoardSize picks the board (0 means 8); it
// must be even, from MinSize to MaxSize.
func Spec() engines.Spec {
	return engines.Spec{
		Name:      "othello",
		Placement: true,
		Title:     "othello / reversi (黑白棋), even boards from 4x4 to 16x16",
		New: func(cfg engines.Config) (engines.Game, error) {
			return New(cfg.BoardSize)
		},
		Sizes:    []int{8, 4, 6, 10, 12, 14, 16},
		Variants: []engines.Variant{{Name: "reversi"}},
	}
}

// Game is othello on one board size.
type Game struct {
	n int
}

// New returns othello on an n x n board (0 means 8). It begins decoding the
// board's trained weights in the background: they take tens of
// milliseconds, which the first search on a clock of 0.1 s a move spent
// decoding them, answering at depth 1, when the game was chosen just
// before.
func New(n int) (*Game, error) {
	if n == 0 {
		n = 8
	}
	if n < MinSize || n > MaxSize || n%2 != 0 {
		return nil, fmt.Errorf("othello is played on even boards from %dx%d to %dx%d, not %dx%d", MinSize, MinSize, MaxSize, MaxSize, n, n)
	}
	go pattern.Load(n)
	return &Game{n: n}, nil
}

// Warm implements engines.Warmer: it returns once the board's trained
// weights are decoded.
func (g *Game) Warm() { pattern.Load(g.n) }

// Size returns the side of the board.
func (g *Game) Size() int { return g.n }

// SideName names the sides: black moves first.
func (g *Game) SideName(s engines.Side) string { return [2]string{"Black", "White"}[s] }

// Name implements engines.Game.
func (g *Game) Name() string { return "othello" }

// Start implements engines.Game: the four centre squares with white on the
// top-left and bottom-right ones, black to move.
func (g *Game) Start() engines.Position { return StartPosition(g.n) }

// StartPosition returns the initial position of an n x n board (n even, from
// MinSize to MaxSize).
func StartPosition(n int) *Position {
	if n == 8 {
		return &Position{n: 8, black: start8Black, white: start8White}
	}
	return &Position{n: n, bn: newBoardN(mailboxFor(n))}
}

// Parse implements engines.Game: the position text (see ParseText) of a board
// of the game's size.
func (g *Game) Parse(text string) (engines.Position, error) {
	p, err := ParseText(text)
	if err != nil {
		return nil, err
	}
	if p.n != g.n {
		return nil, fmt.Errorf("position %q is a %dx%d board; the game is played on %dx%d", clip(text), p.n, p.n, g.n, g.n)
	}
	return p, nil
}

// mailboxes holds the general board's geometry of each size, built on first
// use and then only read.
var mailboxes = func() (m [MaxSize + 1]func() *mailbox) {
	for n := MinSize; n <= MaxSize; n += 2 {
		m[n] = sync.OnceValue(func() *mailbox { return newMailbox(n) })
	}
	return m
}()

func mailboxFor(n int) *mailbox { return mailboxes[n]() }
