// This file holds othello's perft, by the usual convention: a pass is a move
// that uses a ply, and a finished game is a leaf that counts 1 even short of
// the full depth.

package othello

import "math/bits"

// Perft implements engines.Perfter.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if p.n == 8 {
		me, opp, _ := p.Bitboards()
		return perft8(me, opp, depth)
	}
	b := p.bn.clone()
	return perftN(b, depth, make([]int, 0, 64))
}

// perft8 counts the leaves depth >= 1 plies below the board (p to move); the
// last ply is counted from the move mask alone.
func perft8(p, o uint64, depth int) uint64 {
	moves := Moves8(p, o)
	if moves == 0 {
		if depth == 1 || Moves8(o, p) == 0 {
			return 1 // a pass, or the end of the game
		}
		return perft8(o, p, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips8(p, o, sq)
		n += perft8(o^f, p^f^1<<sq, depth-1)
	}
	return n
}

func perftN(b *boardN, depth int, flips []int) uint64 {
	moves := b.moves(make([]int, 0, 32))
	if len(moves) == 0 {
		if depth == 1 {
			return 1
		}
		b.pass()
		defer b.pass()
		if !b.hasMove() {
			return 1
		}
		return perftN(b, depth-1, flips)
	}
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, s := range moves {
		f := b.play(s, flips[:0])
		n += perftN(b, depth-1, f[len(f):])
		b.undo(s, f)
	}
	return n
}
