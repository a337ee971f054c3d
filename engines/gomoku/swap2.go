// This file holds the SWAP2 opening helper: proposing three stones, and
// choosing to swap, to play on or to add two stones, by the engine's judgement
// of the balance.

package gomoku

import (
	"context"
	"fmt"
	"time"

	"qi/engines"
)

// Swap2Choice is a SWAP2 decision.
type Swap2Choice struct {
	// Swap takes black: the opponent plays white's next move.
	Swap bool
	// Moves are the stones to place when not swapping: three (black,
	// white, black) on the empty board, one (a move of the side to move),
	// or two (white then black, leaving the choice of colour to the
	// opponent).
	Moves []engines.Move
	// Score is the judgement of the position (side to move's view) the
	// choice was made on.
	Score engines.Score
}

// swapMargin is the advantage, in centi-units, beyond which a side is worth
// taking rather than leaving the opponent a balanced choice.
const swapMargin = 150

// Swap2 makes the SWAP2 decision for p, which holds 0, 3 or 5 stones (black
// to move on the empty board, white on 3 or 5), searching within lim under
// ctx (the time is shared among the searches it needs):
//   - 0 stones: three stones, the most balanced of Piskvork's three-stone
//     openings that fit the board (variant picks among their eight
//     symmetries);
//   - 3 stones: swap when black is clearly better, play white's move when
//     white is, else add a white and a black stone keeping the balance;
//   - 5 stones: swap when white (to move) is worse, else play white's move.
//
// Before it searches, it offers (when offer is not nil) a decision made
// without searching — the first opening that fits, or white's first move —
// and it offers each better one it comes to, so that a caller out of time
// always has one; when the time runs out before a search has settled the
// decision, that first decision is the answer.
func (s *Searcher) Swap2(ctx context.Context, p *Position, lim engines.Limits, variant int, offer func(Swap2Choice)) (Swap2Choice, error) {
	if p.result != engines.None {
		return Swap2Choice{}, fmt.Errorf("swap2: the game is over")
	}
	if offer == nil {
		offer = func(Swap2Choice) {}
	}
	// Each of n searches gets its share of the node limit, of the soft
	// limit and of the time to the deadline.
	share := func(n int) (context.Context, context.CancelFunc, engines.Limits) {
		l := lim
		if l.Nodes > 0 {
			l.Nodes = max(l.Nodes/int64(n), 1000)
		}
		if l.MoveTime > 0 {
			l.MoveTime /= time.Duration(n)
		}
		if l.Soft > 0 {
			l.Soft /= time.Duration(n)
		}
		if d, ok := ctx.Deadline(); ok {
			c, cancel := context.WithTimeout(ctx, time.Until(d)/time.Duration(n))
			return c, cancel, l
		}
		c, cancel := context.WithCancel(ctx)
		return c, cancel, l
	}
	// settled reports whether a search gave a judgement to decide on: one
	// cut short before its first iteration has a move but no score.
	search := func(q *Position, n int) (engines.Info, bool) {
		c, cancel, l := share(n)
		defer cancel()
		info := s.Search(c, q, l, nil)
		return info, info.Depth > 0 && len(info.PV) > 0
	}
	first, err := s.Swap2First(p, variant)
	if err != nil {
		return first, err
	}
	offer(first)
	if first.Swap {
		return first, nil
	}
	if p.b.stones == 0 {
		return s.swap2Open(ctx, p, search, variant, offer)
	}
	if p.b.stones == 5 {
		info, ok := search(p, 1)
		switch {
		case !ok:
			return first, nil
		case info.Score < 0:
			return Swap2Choice{Swap: true, Score: info.Score}, nil
		}
		return Swap2Choice{Moves: info.PV[:1], Score: info.Score}, nil
	}
	info, ok := search(p, 2)
	v := info.Score
	switch {
	case !ok:
		return first, nil
	case v < -swapMargin:
		return Swap2Choice{Swap: true, Score: v}, nil
	case v > swapMargin:
		return Swap2Choice{Moves: info.PV[:1], Score: v}, nil
	}
	// Balanced: white's best move and black's best reply keep it so.
	one := Swap2Choice{Moves: info.PV[:1], Score: v}
	offer(one)
	q := p.clone()
	q.Play(info.Best())
	if q.result != engines.None {
		return one, nil
	}
	reply, ok := search(q, 1)
	if !ok {
		return one, nil
	}
	return Swap2Choice{Moves: []engines.Move{info.Best(), reply.Best()}, Score: v}, nil
}

// Swap2First returns the SWAP2 decision for p made without searching: the
// first of Piskvork's three-stone openings that fits the board (0 stones),
// or white's first move (3 or 5 stones). It is what Swap2 offers first, and
// what a caller can answer with before Swap2 has run at all.
func (s *Searcher) Swap2First(p *Position, variant int) (Swap2Choice, error) {
	switch p.b.stones {
	case 0:
		cands := swap2Openings(p, variant)
		if len(cands) == 0 {
			return Swap2Choice{}, fmt.Errorf("swap2: no opening fits the %dx%d board", p.game.w, p.game.h)
		}
		return Swap2Choice{Moves: cands[0]}, nil
	case 3, 5:
		if m := s.FirstMove(p); m != engines.NoMove {
			return Swap2Choice{Moves: []engines.Move{m}}, nil
		}
		return Swap2Choice{Swap: true}, nil
	}
	return Swap2Choice{}, fmt.Errorf("swap2: %d stones on the board, want 0, 3 or 5", p.b.stones)
}

// swap2Openings lists the three-stone openings that can be played on p,
// under the symmetry variant.
func swap2Openings(p *Position, variant int) [][]engines.Move {
	var cands [][]engines.Move
	for _, o := range openingList {
		if len(o) != 3 {
			continue
		}
		t := make(Opening, len(o))
		for i, d := range o {
			t[i] = symmetry(d, variant)
		}
		ms, err := t.Moves(p.game)
		if err != nil || !playable(p, ms) {
			continue
		}
		cands = append(cands, ms)
	}
	return cands
}

// swap2Open proposes the three stones that judge most balanced (Swap2 has
// offered the first that fits).
func (s *Searcher) swap2Open(ctx context.Context, p *Position, search func(*Position, int) (engines.Info, bool), variant int, offer func(Swap2Choice)) (Swap2Choice, error) {
	cands := swap2Openings(p, variant)
	choice := Swap2Choice{Moves: cands[0]}
	judged := false
	for i, ms := range cands {
		q := p.clone()
		for _, m := range ms {
			q.Play(m)
		}
		s.Clear()
		info, ok := search(q, len(cands)-i)
		if ctx.Err() != nil || !ok {
			break
		}
		if !judged || abs(info.Score) < abs(choice.Score) {
			choice, judged = Swap2Choice{Moves: ms, Score: info.Score}, true
			offer(choice)
		}
	}
	return choice, nil
}

// playable reports whether the moves can be played in order from p and leave
// a game that goes on.
func playable(p *Position, ms []engines.Move) bool {
	q := p.clone()
	for _, m := range ms {
		if q.Legal(m) != nil {
			return false
		}
		q.Play(m)
	}
	return q.result == engines.None
}

// symmetry maps an offset by one of the eight symmetries of the square.
func symmetry(d [2]int, k int) [2]int {
	x, y := d[0], d[1]
	if k&4 != 0 {
		x, y = y, x
	}
	if k&1 != 0 {
		x = -x
	}
	if k&2 != 0 {
		y = -y
	}
	return [2]int{x, y}
}

func abs(s engines.Score) engines.Score {
	if s < 0 {
		return -s
	}
	return s
}
