// This file holds the solver's principal-variation search and its root: an
// exact score (or a win/loss/draw verdict) with a best line.

package othello

import (
	"math/bits"
)

// passSq stands for a pass in the 8x8 searches' lines.
const passSq = 64

// pvsEnd searches a principal-variation node with the window (alpha, beta)
// and records its line at ply.
func (s *searcher8) pvsEnd(p, o uint64, alpha, beta, empties int, passed bool, ply int) int {
	s.pvLen[ply] = 0
	s.nodes++
	if s.poll() || s.sp != nil && s.abort() {
		return alpha
	}
	moves := Moves8(p, o)
	if moves == 0 {
		if passed || Moves8(o, p) == 0 {
			return finalDiscs(p, o)
		}
		v := -s.pvsEnd(o, p, -beta, -alpha, empties, true, ply+1)
		s.setPV(ply, passSq)
		return v
	}
	ttMove := -1
	if e, ok := s.ett.probe(p, o); ok {
		ttMove = int(e.move) - 1
	}
	list := s.endLists[ply][:]
	n := s.orderEnd(p, o, moves, ttMove, empties, list[:0])
	if empties > 12 && s.ev != nil {
		s.orderBySearch(p, o, list[:n], ttMove, alpha, empties, ply)
	}
	best, bestMove := noScore, -1
	a := alpha
	for i := range n {
		if i > 0 && s.pool != nil && empties >= s.pool.splitEnd && s.canSplit(n-i) {
			best, bestMove = s.splitEnd(splitPVS, alpha, beta, a, empties, ply, list[i:n], best, bestMove)
			break
		}
		pickBest(list[i:n])
		mv := &list[i]
		var v int
		if i == 0 {
			v = -s.pvsEnd(mv.p, mv.o, -beta, -a, empties-1, false, ply+1)
		} else {
			v = -s.nwsEnd(mv.p, mv.o, -a-1, empties-1, false, ply+1)
			if v > a && v < beta && !s.stopped {
				v = -s.pvsEnd(mv.p, mv.o, -beta, -a, empties-1, false, ply+1)
			}
		}
		if s.stopped {
			break
		}
		if v > best {
			best, bestMove = v, mv.sq
			if v > a {
				s.setPV(ply, mv.sq)
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	if s.stopped {
		return best
	}
	if best <= alpha {
		// Every move failed low: keep the first one's line, so that a
		// root that fails low still has a move.
		s.pvLen[ply] = 0
		s.pv[ply][0] = int8(bestMove)
		s.pvLen[ply] = 1
	}
	s.ett.store(p, o, empties, s.endSel, alpha, beta, best, bestMove)
	return best
}

// setPV makes the line at ply the move sq followed by the line at ply+1.
func (s *searcher8) setPV(ply, sq int) {
	s.pv[ply][0] = int8(sq)
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// orderBySearch gives the moves of a node (p, o) with many empties values
// from a shallow midgame search, which orders them far better than
// mobility alone, and from their fastest-first values, which still count:
// the evaluation does not see how many replies a move leaves, and at equal
// weight (a reply about as much as a disc and a third) the two together
// cut the solver's nodes on FFO #40-#49 by 15% against the evaluation
// with mobility as a tie-break. A move worse than alpha is only known to
// be worse: its search stops at that bound, since the order of the moves
// that cannot raise alpha matters little.
func (s *searcher8) orderBySearch(p, o uint64, list []endMove, ttMove, alpha, empties, ply int) {
	depth := 0
	switch {
	case empties >= 24:
		depth = 5
	case empties >= 21:
		depth = 4
	case empties >= 17:
		depth = 2
	}
	// From the child's side the node's alpha is an upper bound.
	bound := scoreInf
	if alpha > -64 {
		bound = -alpha * 100
	}
	s.ev.setup(&s.feat[ply], p, o)
	for i := range list {
		mv := &list[i]
		if mv.sq == ttMove {
			mv.val = 1 << 20
			continue
		}
		s.ev.play(&s.feat[ply+1], &s.feat[ply], mv.sq, mv.p^o, true)
		v := s.shallowSearch(mv.p, mv.o, false, -scoreInf, bound, depth, ply+1, false)
		mv.val = -v*2 + mv.val*mobilityWeight
	}
}

// mobilityWeight scales the fastest-first values against twice the
// evaluation's centi-discs in orderBySearch: 16 gives one reply of the
// opponent the weight of 1.28 discs. On FFO #40-#49, 8 and 32 with the
// former ordering depths, 12 and 24 with these, made the trees larger.
const mobilityWeight = 16

// solveRoot solves the position with the window (alpha, beta) and returns the
// score and the line that reaches it.
func (s *searcher8) solveRoot(p, o uint64, alpha, beta int) (int, []int) {
	empties := 64 - bits.OnesCount64(p|o)
	v := s.pvsEnd(p, o, alpha, beta, empties, false, 0)
	line := make([]int, s.pvLen[0])
	for i := range line {
		line[i] = int(s.pv[0][i])
	}
	return v, line
}
