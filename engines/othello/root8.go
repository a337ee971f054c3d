// This file holds the 8x8 search's root: iterative deepening with aspiration
// windows over a root move list kept in order of the last iteration's scores,
// and the jump to the exact solver when the end is near enough.

package othello

import (
	"math"
	"math/bits"
	"slices"
	"time"

	"qi/engines"
	"qi/engines/search"
)

// rootMove is a move at the root with the score its last search gave.
type rootMove struct {
	sq    int
	flips uint64
	score int
}

// plan8 is what one search aims at: the deepest midgame depth, from how
// many empties on it proves who wins, and from how many it solves exactly.
type plan8 struct {
	depth     int
	wldFrom   int
	solveFrom int
	// selective turns ProbCut on, for searches on the clock, with its
	// confidence.
	selective  bool
	confidence float64
	// probableFrom: from it down to wldFrom (exclusive) the plan proves
	// who wins with ProbCut in the solver (probableSel), a probable proof
	// that is not reported exact; 0 for none.
	probableFrom int
}

// iterDepths returns the depths of the iterations: midgame depths up to the
// plan's; or a few of them to order the moves and then the exact solve or
// the probable proof of who wins; or,
// for a win/loss/draw proof, the plan's midgame depths (whose choice a lost
// position keeps) and then the proof, at the depth of all the empties.
func (pl plan8) iterDepths(empties int) []int {
	var ds []int
	last := min(pl.depth, empties)
	switch {
	case empties <= pl.solveFrom, pl.probable(empties):
		// The midgame's depths only order the moves and give the
		// solver its guess.
		last = min(empties-1, max(2, (empties-10)/2))
	case empties <= pl.wldFrom:
		last = min(pl.depth, empties-1)
	}
	for d := 1; d <= last; d++ {
		ds = append(ds, d)
	}
	if empties <= max(pl.solveFrom, pl.wldFrom, pl.probableFrom) {
		ds = append(ds, empties)
	}
	return ds
}

// wld says whether the plan proves only who wins at empties.
func (pl plan8) wld(empties int) bool {
	return empties > pl.solveFrom && empties <= pl.wldFrom
}

// probable says whether the plan's proof at empties is a probable one.
func (pl plan8) probable(empties int) bool {
	return empties > max(pl.solveFrom, pl.wldFrom) && empties <= pl.probableFrom
}

// run8 searches an 8x8 position (p to move, black when black) under the
// plan, reporting each finished iteration.
func (s *searcher8) run(start time.Time, p, o uint64, pl plan8, lim engines.Limits, report func(engines.Info)) engines.Info {
	s.stopped, s.nodes, s.pollAt, s.selDepth = false, 0, 0, 0
	s.nodeCap = lim.Nodes
	s.selective, s.confidence = pl.selective, pl.confidence
	s.tt.newSearch()
	s.ett.newSearch()
	empties := 64 - bits.OnesCount64(p|o)
	moves := s.rootMoves(p, o)
	if len(lim.Moves) > 0 {
		moves = slices.DeleteFunc(moves, func(m rootMove) bool { return !lim.Allows(moveOf(m.sq)) })
	}
	if len(moves) == 0 {
		return engines.Info{Exact: true, Score: engines.Score(100 * finalDiscs(p, o))}
	}
	depths := pl.iterDepths(empties)
	if s.pool != nil {
		for _, h := range s.pool.helpers {
			h.nodes, h.pollAt, h.selDepth = 0, 0, 0
		}
		if lim.Nodes == 0 {
			// A search to a node limit stays on one thread, so that
			// it repeats exactly.
			defer s.startHelpers()()
		}
	}
	prev := 0
	iter := func(k int) (engines.Info, bool) {
		depth := depths[k-1]
		var score int
		exact := depth >= empties
		switch {
		case exact && pl.probable(empties):
			s.endSel = probableSel
			score, _ = s.wldRoot(p, o, moves, prev)
			s.endSel = 0
			exact = false
		case exact && pl.wld(empties):
			score, exact = s.wldRoot(p, o, moves, prev)
		case k == 1 || depth < 4:
			score = s.rootSearch(p, o, moves, depth, -scoreInf, scoreInf)
		default:
			if exact && s.ev != nil {
				prev = s.selectiveStages(p, o, moves, depth, prev)
			}
			score = s.aspiration(p, o, moves, depth, prev)
		}
		nodes, sel := s.workerNodes()
		info := engines.Info{
			Depth: depth, SelDepth: max(sel, depth), Score: engines.Score(score),
			Nodes: nodes, PV: s.rootPV(moves),
		}
		if s.stopped {
			return info, false
		}
		prev = score
		info.Exact = exact
		return info, true
	}
	lim.Depth = 0 // the plan holds the depth
	return search.Deepen(start, lim, len(depths), s.stop, iter, report)
}

// wldRoot proves whether the position is won, drawn or lost, with the
// window of a disc around a draw, and returns the score to report with
// whether it is exact: a draw is 0 exactly; a win is the midgame's estimate
// guess but at least a disc, a loss at most minus a disc. A won position
// plays the first winning move in the midgame's order; a lost one keeps the
// midgame's choice, the move the opponent is likeliest to get wrong (the
// proof's bounds on losing moves say nothing about that).
func (s *searcher8) wldRoot(p, o uint64, moves []rootMove, guess int) (int, bool) {
	first := moves[0].sq
	v := s.rootSearch(p, o, moves, 64-bits.OnesCount64(p|o), -100, 100)
	switch {
	case s.stopped:
		return v, false
	case v >= 100:
		return max(guess, 100), false
	case v > -100:
		return 0, true
	}
	i := slices.IndexFunc(moves, func(m rootMove) bool { return m.sq == first })
	m := moves[i]
	copy(moves[1:i+1], moves[:i])
	moves[0] = m
	s.pv[0][0], s.pvLen[0] = int8(first), 1
	return min(guess, -100), false
}

// selectiveStages solves with ProbCut at each of endStages, from the
// guess of the midgame, and returns the last stage's score: the exact
// search's guess.
func (s *searcher8) selectiveStages(p, o uint64, moves []rootMove, depth, guess int) int {
	defer func() { s.endSel = 0 }()
	for _, sel := range endStages {
		s.endSel = sel
		guess = s.aspiration(p, o, moves, depth, guess)
		if s.stopped {
			break
		}
	}
	return guess
}

// rootMoves lists the moves at the root, in the order of a shallow look: a
// pass alone when the side to move cannot play but the game goes on.
func (s *searcher8) rootMoves(p, o uint64) []rootMove {
	m := Moves8(p, o)
	if m == 0 {
		if Moves8(o, p) == 0 {
			return nil
		}
		return []rootMove{{sq: passSq}}
	}
	var list [32]midMove
	if s.ev != nil {
		s.ev.setup(&s.feat[0], p, o)
	}
	n := s.orderMid(p, o, m, true, -1, 3, 0, list[:0])
	slices.SortStableFunc(list[:n], func(a, b midMove) int { return b.val - a.val })
	moves := make([]rootMove, n)
	for i, mv := range list[:n] {
		moves[i] = rootMove{sq: mv.sq, flips: mv.flips}
	}
	return moves
}

// aspiration searches around the last iteration's score, moving the window
// to the bound a failed search returned and widening it each time. An exact
// solve starts with the narrowest window around the estimate (disc scores
// are even: (g-1, g+1) proves g), since every wider window makes the proof
// of the first move's line far dearer.
func (s *searcher8) aspiration(p, o uint64, moves []rootMove, depth, guess int) int {
	delta := 150
	if depth >= 64-bits.OnesCount64(p|o) {
		delta = 100
		guess = 200 * int(math.Round(float64(guess)/200))
	}
	alpha, beta := max(guess-delta, -scoreInf), min(guess+delta, scoreInf)
	for tries := 1; ; tries++ {
		v := s.rootSearch(p, o, moves, depth, alpha, beta)
		if s.stopped {
			return v
		}
		delta *= 2
		switch {
		case v > alpha && v < beta || alpha <= -scoreInf && beta >= scoreInf:
			return v
		case tries >= 4:
			// The table's bounds from other windows can make the
			// searches disagree (a fail high, then a fail low below
			// it): the full window settles it.
			alpha, beta = -scoreInf, scoreInf
		case v <= alpha:
			alpha, beta = max(v-delta, -scoreInf), min(v+1, scoreInf)
		default:
			alpha, beta = max(v-1, -scoreInf), min(v+delta, scoreInf)
		}
	}
}

// rootSearch searches every root move with the window (alpha, beta), keeps
// the line of the best one and moves it to the front, the others in order of
// their scores.
func (s *searcher8) rootSearch(p, o uint64, moves []rootMove, depth, alpha, beta int) int {
	if s.ev != nil {
		s.ev.setup(&s.feat[0], p, o)
	}
	s.pvLen[0] = 0
	best, bestIdx := -scoreInf, -1
	a := alpha
	for i := range moves {
		if i > 0 && s.pool != nil && s.canSplit(len(moves)-i) {
			best, bestIdx = s.splitRootMoves(p, o, moves, i, depth, alpha, beta, a, best, bestIdx)
			break
		}
		mv := &moves[i]
		var np, no uint64
		if mv.sq == passSq {
			np, no = o, p
			s.feat[1] = s.feat[0]
		} else {
			np, no = o^mv.flips, p^mv.flips^1<<mv.sq
			s.child(0, mv.sq, mv.flips, true)
		}
		// A pass uses no depth, as in the tree below.
		passed := mv.sq == passSq
		d := depth - 1
		if passed {
			d = depth
		}
		var v int
		if i == 0 {
			v = -s.pvs(np, no, false, -beta, -a, d, 1, passed)
		} else {
			v = -s.pvs(np, no, false, -a-1, -a, d, 1, passed)
			if v > a && v < beta && !s.stopped {
				if !passed {
					s.child(0, mv.sq, mv.flips, true)
				}
				v = -s.pvs(np, no, false, -beta, -a, d, 1, passed)
			}
		}
		if s.stopped {
			break
		}
		mv.score = v
		if v > best {
			best, bestIdx = v, i
			if v > a {
				a = v
				s.setPV(0, mv.sq)
				if v >= beta {
					break
				}
			}
		}
		if i > 0 && v <= a {
			mv.score = min(v, a) - 1
		}
	}
	if bestIdx > 0 {
		m := moves[bestIdx]
		copy(moves[1:bestIdx+1], moves[:bestIdx])
		moves[0] = m
	}
	if bestIdx >= 0 {
		slices.SortStableFunc(moves[1:], func(x, y rootMove) int { return y.score - x.score })
	}
	if best <= alpha && bestIdx >= 0 && (s.pvLen[0] == 0 || int(s.pv[0][0]) != moves[0].sq) {
		s.pv[0][0] = int8(moves[0].sq)
		s.pvLen[0] = 1
	}
	return best
}

// rootPV returns the line of the last root search, starting with the best
// move (which a stopped search may not have a line for).
func (s *searcher8) rootPV(moves []rootMove) []engines.Move {
	var pv []engines.Move
	if s.pvLen[0] > 0 && int(s.pv[0][0]) == moves[0].sq {
		for _, sq := range s.pv[0][:s.pvLen[0]] {
			pv = append(pv, moveOf(int(sq)))
		}
		return pv
	}
	return []engines.Move{moveOf(moves[0].sq)}
}

// moveOf turns an 8x8 search square into a move.
func moveOf(sq int) engines.Move {
	if sq == passSq {
		return Pass
	}
	return engines.Move(sq)
}
