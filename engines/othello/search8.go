// This file holds the 8x8 midgame search: principal-variation search on
// centi-disc scores with a transposition table, move ordering by table move,
// shallow searches and mobility, and a switch to the exact solver when the
// depth reaches the end of the game.

package othello

import (
	"math/bits"

	"qi/engines/othello/pattern"
	"qi/engines/search"
)

// maxPly bounds the plies of a search line (60 moves and the passes).
const maxPly = 128

// Score bounds of the midgame search, in centi-discs.
const (
	scoreInf  = 10000
	scoreMax  = 6400
	evalLimit = 6300 // evaluations stay below any won game's score but the smallest
)

// searcher8 is the 8x8 search state: tables, the stop flag, node counts,
// lines and the pattern indices of the current line.
type searcher8 struct {
	tab     *tables8
	ev      *eval8 // nil for the untrained evaluation
	tt, ett *tt8
	stop    *search.Stop
	stopped bool
	nodes   int64
	nodeCap int64
	// pollAt is the node count at which pvs and the solver next poll:
	// the shallow searches and the last empties below a node count many
	// nodes at once, so that a test of the count's low bits would miss
	// most multiples.
	pollAt int64
	// selDepth is the deepest ply reached.
	selDepth int
	// selective turns on ProbCut: a shallow search that clears a bound by
	// confidence standard deviations of the error of its depth cuts the node.
	selective  bool
	confidence float64
	// endSel is the solver's selectivity: 0 exact, else an index of
	// endConfidence, with ProbCut in the solver.
	endSel int
	// inSolver is set while the solver orders moves or tries ProbCut
	// with a midgame search.
	inSolver bool
	pv       [maxPly + 1][maxPly + 1]int8
	pvLen    [maxPly + 1]int
	feat     [maxPly + 1]feats8
	// endLists and midLists hold the move lists of the solver's and the
	// midgame's nodes by ply: a list in the frame would be zeroed at every
	// node, a fiftieth of the solver's time. The searches a node starts
	// once its list is made run at deeper plies.
	endLists [maxPly + 1][32]endMove
	midLists [maxPly + 1][32]midMove
	// pool is the workers of a search on several threads, nil on one.
	pool *pool8
	// sp is the split point whose move the worker searches, nil outside
	// any; splits are the split points it owns, nsplit of them in use.
	sp     *split8
	splits []split8
	nsplit int
	// local is the solver's table of this thread for nodes with few
	// empties.
	local localTT
}

// newSearcher8 returns a searcher with tables of hashMB mebibytes in all,
// evaluating with w (nil: the untrained evaluation).
func newSearcher8(hashMB int, w *pattern.Weights) *searcher8 {
	s := &searcher8{tab: getTables8(), local: make(localTT, localTTSize)}
	s.tt = newTT8(max(hashMB/2, 1))
	s.ett = newTT8(max(hashMB/2, 1))
	if w != nil {
		s.ev = newEval8(w)
	}
	return s
}

// pollEvery is how many nodes the search visits between polls.
const pollEvery = 256

// poll checks the stop flag and the node limit.
func (s *searcher8) poll() bool {
	s.pollAt = s.nodes + pollEvery
	if !s.stopped && (s.stop != nil && s.stop.Poll() || s.nodeCap > 0 && s.nodes >= s.nodeCap) {
		s.stopped = true
	}
	return s.stopped
}

// evaluate scores the board at ply in centi-discs; the indices at ply are
// those of the board, black says whether p is the side counted +1 there.
func (s *searcher8) evaluate(p, o uint64, black bool, ply int) int {
	var v int
	if s.ev != nil {
		v = s.ev.score(&s.feat[ply], p, o, black) * 100 / pattern.Scale
	} else {
		v = simpleEval8(p, o)
	}
	return min(max(v, -evalLimit), evalLimit)
}

// midMove is a move of the midgame's move list.
type midMove struct {
	sq    int
	flips uint64
	val   int
}

// pvs searches with the window (alpha, beta), fail-soft, depth plies deep.
func (s *searcher8) pvs(p, o uint64, black bool, alpha, beta, depth, ply int, passed bool) int {
	pvNode := beta-alpha > 1
	s.pvLen[ply] = 0
	if ply > s.selDepth {
		s.selDepth = ply
	}
	empties := 64 - bits.OnesCount64(p|o)
	if depth >= empties || ply >= maxPly-2 {
		return s.exact(p, o, alpha, beta, empties, ply)
	}
	if depth <= evalShallowMax && (s.inSolver || beta-alpha == 1) {
		return s.evalShallow(p, o, black, alpha, beta, depth, ply, passed)
	}
	s.nodes++
	if depth <= 0 {
		return s.evaluate(p, o, black, ply)
	}
	if s.nodes >= s.pollAt && s.poll() || s.stopped || s.sp != nil && s.abort() {
		return alpha
	}
	ttMove := -1
	sel := s.sel()
	if e, ok := s.tt.probe(p, o); ok {
		ttMove = int(e.move) - 1
		if int(e.depth) >= depth && int(e.sel) <= sel && !pvNode {
			if int(e.lower) >= beta {
				return int(e.lower)
			}
			if int(e.upper) <= alpha {
				return int(e.upper)
			}
		}
	}
	if s.selective && !pvNode && depth >= minProbcutDepth && depth < maxProbcutDepth {
		if v, ok := s.probcut(p, o, black, alpha, beta, depth, empties, ply); ok {
			return v
		}
	}
	moves := Moves8(p, o)
	if moves == 0 {
		if passed || Moves8(o, p) == 0 {
			return 100 * finalDiscs(p, o)
		}
		s.feat[ply+1] = s.feat[ply]
		v := -s.pvs(o, p, !black, -beta, -alpha, depth, ply+1, true)
		if pvNode {
			s.setPV(ply, passSq)
		}
		return v
	}
	list := s.midLists[ply][:]
	// The table's move is searched before the other moves are made and
	// valued (each by the evaluation or a shallow search from depth 5):
	// where it cuts, as it mostly does, that work is saved.
	lazy := ttMove >= 0 && moves>>ttMove&1 != 0
	n := 1
	if lazy {
		list[0] = midMove{sq: ttMove, flips: Flips8(p, o, ttMove)}
	} else {
		n = s.orderMid(p, o, moves, black, ttMove, depth, ply, list[:0])
	}
	best, bestMove := -scoreInf, -1
	a := alpha
	fresh := 0 // orderMid put the best first from here
	for i := 0; i < n; i++ {
		if i > 0 && s.pool != nil && depth >= s.pool.splitMid && s.canSplit(n-i) {
			best, bestMove = s.splitMidgame(p, o, black, alpha, beta, a, depth, ply, list[i:n], best, bestMove)
			if s.stopped {
				return max(best, alpha)
			}
			break
		}
		if i != fresh {
			pickMid(list[i:n])
		}
		mv := &list[i]
		np, no := o^mv.flips, p^mv.flips^1<<mv.sq
		s.child(ply, mv.sq, mv.flips, black)
		var v int
		if i == 0 {
			v = -s.pvs(np, no, !black, -beta, -a, depth-1, ply+1, false)
		} else {
			v = -s.pvs(np, no, !black, -a-1, -a, depth-1, ply+1, false)
			if v > a && v < beta && !s.stopped {
				s.child(ply, mv.sq, mv.flips, black)
				v = -s.pvs(np, no, !black, -beta, -a, depth-1, ply+1, false)
			}
		}
		if s.stopped {
			return max(best, alpha)
		}
		if v > best {
			best, bestMove = v, mv.sq
			if v > a {
				a = v
				if pvNode {
					s.setPV(ply, mv.sq)
				}
				if v >= beta {
					break
				}
			}
		}
		if lazy {
			lazy = false
			n += s.orderMid(p, o, moves&^(1<<ttMove), black, -1, depth, ply, list[1:1])
			fresh = 1
		}
	}
	s.tt.store(p, o, depth, sel, alpha, beta, best, bestMove)
	return best
}

// sel is the selectivity the table records for the search: 0 exact, 1
// with ProbCut.
func (s *searcher8) sel() int {
	if s.selective {
		return 1
	}
	return 0
}

// minProbcutDepth and maxProbcutDepth bound the depths at which ProbCut
// is tried. From two plies, the evaluation predicts: a depth-2 node is
// most of a search's nodes above the one-ply ones, and its two-ply tree
// costs far more than one evaluation. On 60 WTHOR positions (28 to 44
// empties) at selective depth 14 that took a quarter off the nodes and
// the processor time (15.3M to 11.5M), the same move in 57; against
// NTest at depth 14 it scored as ProbCut from three plies did. Its margin
// comes from probcutSigma's line, fitted from depth 3, which at depth 2
// gives 1.2 to 2.6 times the error measured there (126 to 381
// centi-discs on 400 WTHOR positions): a cautious cut.
const (
	minProbcutDepth = 2
	maxProbcutDepth = 32
)

// ProbCutDepth returns the depth of ProbCut's shallow search that predicts
// a search of depth d: about half of it, of the same parity (evaluations
// after the side to move's and after the opponent's move differ). The
// training tool measures its error model at these depths.
func ProbCutDepth(d int) int { return 2*(d/4) + d%2 }

// probcutDepth is ProbCutDepth as a table, for the search's nodes.
var probcutDepth = func() (t [maxProbcutDepth]int) {
	for d := range t {
		t[d] = ProbCutDepth(d)
	}
	return t
}()

// probcut tries to cut the node by a shallow search: when it clears beta
// (or alpha) by enough, the deep search would too. At depth 2 the shallow
// search is the evaluation, computed once for both tests.
func (s *searcher8) probcut(p, o uint64, black bool, alpha, beta, depth, empties, ply int) (int, bool) {
	d2 := probcutDepth[depth]
	margin := int(s.confidence * probcutSigma(depth, d2, empties))
	hi, lo := beta+margin, alpha-margin
	if d2 == 0 {
		v := s.evaluate(p, o, black, ply)
		switch {
		case hi < scoreMax && v >= hi:
			return beta, true
		case lo > -scoreMax && v <= lo:
			return alpha, true
		}
		return 0, false
	}
	if hi < scoreMax && s.pvs(p, o, black, hi-1, hi, d2, ply, false) >= hi {
		return beta, true
	}
	if lo > -scoreMax && s.pvs(p, o, black, lo, lo+1, d2, ply, false) <= lo {
		return alpha, true
	}
	return 0, false
}

// child sets the pattern indices at ply+1 to those after the move.
func (s *searcher8) child(ply, sq int, flips uint64, black bool) {
	if s.ev != nil {
		s.ev.play(&s.feat[ply+1], &s.feat[ply], sq, flips, black)
	}
}

// exact solves a position that the midgame search reaches with enough depth
// to see the end, with the window (alpha, beta) in centi-discs.
func (s *searcher8) exact(p, o uint64, alpha, beta, empties, ply int) int {
	a, b := floorDiv(alpha, 100), -floorDiv(-beta, 100)
	var v int
	if b-a <= 1 {
		v = s.nwsEnd(p, o, a, empties, false, ply)
	} else {
		v = s.pvsEnd(p, o, a, b, empties, false, ply)
	}
	return 100 * v
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// pickMid moves the best-valued move of list to the front.
func pickMid(list []midMove) {
	b := 0
	for i := 1; i < len(list); i++ {
		if list[i].val > list[b].val {
			b = i
		}
	}
	if b != 0 {
		list[0], list[b] = list[b], list[0]
	}
}

// orderMid fills list with the moves and their ordering values: the table's
// move first; then, deep enough, the score of a shallow search of each move;
// and always the opponent's mobility, weighted for corners, and its
// potential mobility.
func (s *searcher8) orderMid(p, o, moves uint64, black bool, ttMove, depth, ply int, list []midMove) int {
	sortDepth := -1
	switch {
	case depth >= 16:
		sortDepth = 3
	case depth >= 13:
		sortDepth = 2
	case depth >= 9:
		sortDepth = 1
	case depth >= 5:
		sortDepth = 0
	}
	n, b := 0, 0 // b: the first of the best values, put in front
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := Flips8(p, o, sq)
		np, no := o^f, p^f^1<<sq
		if depth > evalShallowMax+1 {
			// The child probes the table: its entry is asked for now,
			// so that the cache misses of the children overlap.
			s.tt.prefetch(np, no)
		}
		var val int
		if sq == ttMove {
			val = 1 << 30
		} else {
			replies := Moves8(np, no)
			val = -(bits.OnesCount64(replies)+bits.OnesCount64(replies&sqCorners))*64 -
				bits.OnesCount64(potentialMoves(np, no))*8
			if uint64(1)<<sq&sqCorners != 0 {
				val += 256
			}
			if sortDepth >= 0 {
				s.child(ply, sq, f, black)
				var v int
				if sortDepth == 0 {
					v = -s.evaluate(np, no, !black, ply+1)
				} else {
					v = -s.pvs(np, no, !black, -scoreInf, scoreInf, sortDepth, ply+1, false)
				}
				val += v * 16
			}
		}
		list = append(list, midMove{sq: sq, flips: f, val: val})
		if val > list[b].val {
			b = n
		}
		n++
	}
	if n > 0 {
		list[0], list[b] = list[b], list[0]
	}
	return n
}
