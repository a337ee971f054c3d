// This file holds Position, one game of othello at one point of its record, on
// the 8x8 bitboards or on the general board of other sizes.

package othello

import (
	"math/bits"

	"qi/engines"
)

// Pass is the move of a side that cannot move while the game goes on.
const Pass engines.Move = MaxSize * MaxSize

// Position is an othello position with the moves that led to it. On 8x8 it
// keeps two bitboards; on other sizes a general board.
type Position struct {
	n int
	// 8x8: the discs of each colour and the side to move.
	black, white uint64
	side         engines.Side
	// Other sizes.
	bn    *boardN
	flips []int // the padded indices each move flipped, in move order

	hist []record
}

// record is what Undo needs to take a move back.
type record struct {
	black, white uint64 // 8x8: the board before the move
	move         engines.Move
	flipsAt      int // other sizes: where the move's flips start in flips
}

// Size returns the side of the board (8 for 8x8).
func (p *Position) Size() int { return p.n }

// SideToMove implements engines.Position: black is engines.P1.
func (p *Position) SideToMove() engines.Side {
	if p.n == 8 {
		return p.side
	}
	if p.bn.toMove == cellBlack {
		return engines.P1
	}
	return engines.P2
}

// Bitboards returns the 8x8 board as the discs of the side to move and of its
// opponent; ok is false on other sizes.
func (p *Position) Bitboards() (player, opponent uint64, ok bool) {
	if p.n != 8 {
		return 0, 0, false
	}
	if p.side == engines.P1 {
		return p.black, p.white, true
	}
	return p.white, p.black, true
}

// Discs returns the number of black and white discs.
func (p *Position) Discs() (black, white int) {
	if p.n == 8 {
		return bits.OnesCount64(p.black), bits.OnesCount64(p.white)
	}
	return p.bn.count[cellBlack], p.bn.count[cellWhite]
}

// Empties returns the number of empty squares.
func (p *Position) Empties() int {
	b, w := p.Discs()
	return p.n*p.n - b - w
}

// At returns what is on square sq (row by row from a1): 0 empty, 1 black,
// 2 white.
func (p *Position) At(sq int) int {
	if p.n == 8 {
		switch {
		case p.black>>sq&1 != 0:
			return 1
		case p.white>>sq&1 != 0:
			return 2
		}
		return 0
	}
	return int(p.bn.cell[p.bn.g.sq[sq]])
}

// canMove reports whether the side to move, or with other the opponent, has
// a move.
func (p *Position) canMove(other bool) bool {
	if p.n == 8 {
		me, opp, _ := p.Bitboards()
		if other {
			me, opp = opp, me
		}
		return Moves8(me, opp) != 0
	}
	if other {
		p.bn.pass()
		defer p.bn.pass()
	}
	return p.bn.hasMove()
}

// LegalMoves implements engines.Position: the squares the side to move can
// play, or Pass alone when it cannot move but its opponent can; none once the
// game is over.
func (p *Position) LegalMoves(buf []engines.Move) []engines.Move {
	n0 := len(buf)
	if p.n == 8 {
		me, opp, _ := p.Bitboards()
		for m := Moves8(me, opp); m != 0; m &= m - 1 {
			buf = append(buf, engines.Move(bits.TrailingZeros64(m)))
		}
	} else {
		for _, i := range p.bn.g.sq {
			if p.bn.legalAt(i) {
				buf = append(buf, engines.Move(p.bn.g.index[i]))
			}
		}
	}
	if len(buf) == n0 && p.canMove(true) {
		buf = append(buf, Pass)
	}
	return buf
}

// Play implements engines.Position; m must be legal (a square that flips
// something, or Pass).
func (p *Position) Play(m engines.Move) {
	r := record{black: p.black, white: p.white, move: m, flipsAt: len(p.flips)}
	p.hist = append(p.hist, r)
	if p.n == 8 {
		if m != Pass {
			me, opp, _ := p.Bitboards()
			f := Flips8(me, opp, int(m))
			me ^= f | 1<<m
			opp ^= f
			if p.side == engines.P1 {
				p.black, p.white = me, opp
			} else {
				p.black, p.white = opp, me
			}
		}
		p.side = p.side.Other()
		return
	}
	if m == Pass {
		p.bn.pass()
		return
	}
	p.flips = p.bn.play(int(m), p.flips)
}

// Undo implements engines.Position.
func (p *Position) Undo() {
	r := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	if p.n == 8 {
		p.black, p.white = r.black, r.white
		p.side = p.side.Other()
		return
	}
	if r.move == Pass {
		p.bn.pass()
		return
	}
	p.bn.undo(int(r.move), p.flips[r.flipsAt:])
	p.flips = p.flips[:r.flipsAt]
}

// Plies implements engines.Position.
func (p *Position) Plies() int { return len(p.hist) }

// Moves returns the moves played since the position was set up.
func (p *Position) Moves() []engines.Move {
	ms := make([]engines.Move, len(p.hist))
	for i, r := range p.hist {
		ms[i] = r.move
	}
	return ms
}

// Over reports whether neither side can move.
func (p *Position) Over() bool { return !p.canMove(false) && !p.canMove(true) }

// FinalScore returns the disc difference for black with the empty squares
// given to the winner, the score of a finished game.
func (p *Position) FinalScore() int {
	b, w := p.Discs()
	return finalScore(b, w, p.n*p.n)
}

// finalScore is a's score against b on a board of cells squares: the disc
// difference with the empties to the winner.
func finalScore(a, b, cells int) int {
	switch e := cells - a - b; {
	case a > b:
		return a - b + e
	case a < b:
		return a - b - e
	}
	return 0
}

// Result implements engines.Position.
func (p *Position) Result() engines.Result {
	if !p.Over() {
		return engines.None
	}
	switch s := p.FinalScore(); {
	case s > 0:
		return engines.P1Win
	case s < 0:
		return engines.P2Win
	}
	return engines.Draw
}

// Hash implements engines.Position: a key of the discs and the side to move.
func (p *Position) Hash() uint64 {
	if p.n == 8 {
		me, opp, _ := p.Bitboards()
		return hash8(me, opp) ^ uint64(p.side)*0x5851F42D4C957F2D
	}
	return p.bn.key ^ uint64(p.bn.toMove)*0x5851F42D4C957F2D
}

// hash8 mixes a board into a table key.
func hash8(p, o uint64) uint64 {
	h := p*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(o*0xC2B2AE3D27D4EB4F, 31)
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

// Clone implements engines.Position.
func (p *Position) Clone() engines.Position { return p.clone() }

func (p *Position) clone() *Position {
	c := *p
	c.hist = append([]record(nil), p.hist...)
	if p.bn != nil {
		c.bn = p.bn.clone()
		c.flips = append([]int(nil), p.flips...)
	}
	return &c
}

// Root returns a copy of the position without its history.
func (p *Position) Root() *Position {
	c := p.clone()
	c.hist = nil
	c.flips = nil
	return c
}
