// This file holds the 8x8 exact endgame solver: null-window searches on disc
// scores with fastest-first move ordering and a transposition table while
// many squares are empty, quadrant parity and fixed square classes near the
// end, and unrolled code for the last four empties.

package othello

import (
	"math/bits"
)

// Quadrants of the board, for parity ordering.
var quadrant = [4]uint64{0x000000000f0f0f0f, 0x00000000f0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}

// quadrantOf[sq] is the quadrant mask holding sq.
var quadrantOf = func() (q [64]uint64) {
	for sq := range 64 {
		for _, m := range quadrant {
			if m>>sq&1 != 0 {
				q[sq] = m
			}
		}
	}
	return q
}()

// neighbourMask[sq] is the squares next to sq: a move there needs an
// opponent disc among them.
var neighbourMask = func() (n [64]uint64) {
	for sq := range 64 {
		n[sq] = neighbours(1 << sq)
	}
	return n
}()

// Square classes, best first, for ordering moves where no search orders
// them: corners, the edge squares away from corners, the rest of the inside,
// the C-squares next to corners on the edges, the X-squares diagonal to them.
const (
	sqCorners = 0x8100000000000081
	sqEdgeA   = 0x3c0081818181003c
	sqC       = 0x4281000000008142
	sqX       = 0x0042000000004200
	sqMiddle  = ^uint64(sqCorners | sqEdgeA | sqC | sqX)
)

var squareClasses = [5]uint64{sqCorners, sqEdgeA, sqMiddle, sqC, sqX}

// shallowClasses orders the moves of evalShallow's one-ply nodes, where a
// cut-off comes from the first move whose evaluation clears beta: corners,
// the inside, the edges away from corners, C- and X-squares. Against the
// squares in board order, 60 WTHOR positions (28 to 44 empties) at
// selective depth 14 evaluate a sixth fewer moves (7.44M to 6.00M), 13%
// fewer nodes, in a tenth less processor time; edges before the inside
// evaluate 3% more, and ordering within a class by the discs a move flips
// evaluates 6% fewer but takes longer.
var shallowClasses = [5]uint64{sqCorners, sqMiddle, sqEdgeA, sqC, sqX}

// Depths (empty squares) at which the solver changes method.
const (
	// shallowEnd: at it and below, no table and no sorting, only parity
	// and square classes. Sorting at 6 empties too cuts the nodes (FFO
	// #40-#49 by 5% in the same time, #55 by 14% but in a tenth more
	// time); at 7 the nodes grow by a quarter.
	shallowEnd = 5
	// ttFrom: from it, the solver uses the table. A probe is a cache
	// miss (a fifth of the solver's time in a profile); below 9 empties
	// the subtree it might save costs little more than the misses.
	ttFrom = 9
	// localFrom: from it to ttFrom, the solver uses the thread's own
	// small table, which mostly stays in cache: on FFO #40-#49 13% fewer
	// nodes in about the same time (from 7, 9% fewer; from 8, 5%).
	localFrom = 6
	// etcFrom: from it, the children are looked up in the table first:
	// one miss a child, which pays only over larger subtrees.
	etcFrom = 11
	// evalOrderFrom: from it, moves are sorted by shallow searches with
	// the evaluation (from 14 to 16 empties the evaluation alone) as well
	// as by mobility: from 13 FFO #40-#49's trees were no smaller, from
	// 15 larger, and the evaluation costs more a node than mobility.
	evalOrderFrom = 14
	// endCutFrom: from it, a selective solve tries ProbCut.
	endCutFrom = 12
)

// noScore is below every disc score.
const noScore = -100

// oddSquares returns the empty squares that lie in a quadrant with an odd
// number of empties. Each quadrant's parity is folded into its corner
// square a1, e1, a5 or e5 (four columns, then four rows) and spread back
// over the quadrant, without the branches of a test per quadrant.
func oddSquares(empty uint64) uint64 {
	x := empty ^ empty>>1
	x ^= x >> 2
	x ^= x >> 8
	x ^= x >> 16
	x &= 0x0000001100000011
	return x * 0x0f * 0x01010101 & empty
}

// finalDiscs is the score of a finished game for p.
func finalDiscs(p, o uint64) int {
	return finalScore(bits.OnesCount64(p), bits.OnesCount64(o), 64)
}

// solve1 scores the last empty square x for p, whose opponent holds every
// other square.
func (s *searcher8) solve1(p uint64, x int) int {
	s.nodes++
	n2 := 2*bits.OnesCount64(p) - 64
	if f := s.tab.lastFlips(p, x); f > 0 {
		return n2 + 2 + f
	}
	o := ^p &^ (1 << x)
	if f := s.tab.lastFlips(o, x); f > 0 {
		return n2 - f
	}
	if n2 >= 0 {
		return n2 + 2
	}
	return n2
}

// solve2 searches the last two empties with the window (alpha, alpha+1).
func (s *searcher8) solve2(p, o uint64, alpha int, x1, x2 int, passed bool) int {
	s.nodes++
	best := noScore
	if o&neighbourMask[x1] != 0 {
		if f := Flips8(p, o, x1); f != 0 {
			best = -s.solve1(o^f, x2)
			if best > alpha {
				return best
			}
		}
	}
	if o&neighbourMask[x2] != 0 {
		if f := Flips8(p, o, x2); f != 0 {
			if v := -s.solve1(o^f, x1); v > best {
				best = v
			}
		}
	}
	if best == noScore {
		if passed {
			return finalDiscs(p, o)
		}
		return -s.solve2(o, p, -alpha-1, x1, x2, true)
	}
	return best
}

// solve3 searches the last three empties.
func (s *searcher8) solve3(p, o uint64, alpha int, x1, x2, x3 int, passed bool) int {
	s.nodes++
	if alpha >= stabilityFrom[3] {
		// A cut-off here saves about four nodes: on FFO #40-#49 5%
		// fewer nodes, a little faster.
		if ub, ok := s.stabilityCut(p, o, alpha); ok {
			return ub
		}
	}
	best := noScore
	if o&neighbourMask[x1] != 0 {
		if f := Flips8(p, o, x1); f != 0 {
			best = -s.solve2(o^f, p^f^1<<x1, -alpha-1, x2, x3, false)
			if best > alpha {
				return best
			}
		}
	}
	if o&neighbourMask[x2] != 0 {
		if f := Flips8(p, o, x2); f != 0 {
			if v := -s.solve2(o^f, p^f^1<<x2, -alpha-1, x1, x3, false); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if o&neighbourMask[x3] != 0 {
		if f := Flips8(p, o, x3); f != 0 {
			if v := -s.solve2(o^f, p^f^1<<x3, -alpha-1, x1, x2, false); v > best {
				best = v
			}
		}
	}
	if best == noScore {
		if passed {
			return finalDiscs(p, o)
		}
		return -s.solve3(o, p, -alpha-1, x1, x2, x3, true)
	}
	return best
}

// solve4 searches the last four empties, given in parity order.
func (s *searcher8) solve4(p, o uint64, alpha int, x1, x2, x3, x4 int, passed bool) int {
	s.nodes++
	best := noScore
	if o&neighbourMask[x1] != 0 {
		if f := Flips8(p, o, x1); f != 0 {
			best = -s.solve3(o^f, p^f^1<<x1, -alpha-1, x2, x3, x4, false)
			if best > alpha {
				return best
			}
		}
	}
	if o&neighbourMask[x2] != 0 {
		if f := Flips8(p, o, x2); f != 0 {
			if v := -s.solve3(o^f, p^f^1<<x2, -alpha-1, x1, x3, x4, false); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if o&neighbourMask[x3] != 0 {
		if f := Flips8(p, o, x3); f != 0 {
			if v := -s.solve3(o^f, p^f^1<<x3, -alpha-1, x1, x2, x4, false); v > best {
				if v > alpha {
					return v
				}
				best = v
			}
		}
	}
	if o&neighbourMask[x4] != 0 {
		if f := Flips8(p, o, x4); f != 0 {
			if v := -s.solve3(o^f, p^f^1<<x4, -alpha-1, x1, x2, x3, false); v > best {
				best = v
			}
		}
	}
	if best == noScore {
		if passed {
			return finalDiscs(p, o)
		}
		return -s.solve4(o, p, -alpha-1, x1, x2, x3, x4, true)
	}
	return best
}

// solveFew hands a position with at most four empties to the unrolled
// solvers, odd quadrants first.
func (s *searcher8) solveFew(p, o uint64, alpha int) int {
	empty := ^(p | o)
	var x [4]int
	n := 0
	odd := oddSquares(empty)
	for m := odd; m != 0; m &= m - 1 {
		x[n] = bits.TrailingZeros64(m)
		n++
	}
	for m := empty &^ odd; m != 0; m &= m - 1 {
		x[n] = bits.TrailingZeros64(m)
		n++
	}
	switch n {
	case 4:
		return s.solve4(p, o, alpha, x[0], x[1], x[2], x[3], false)
	case 3:
		return s.solve3(p, o, alpha, x[0], x[1], x[2], false)
	case 2:
		return s.solve2(p, o, alpha, x[0], x[1], false)
	case 1:
		return s.solve1(p, x[0])
	}
	s.nodes++
	return finalDiscs(p, o)
}

// nwsShallow searches a position with few empties with the window (alpha,
// alpha+1): the empty squares in odd quadrants first, each parity by square
// class, each tried as a move without generating the moves (a square
// without an opponent disc next to it is skipped at once).
func (s *searcher8) nwsShallow(p, o uint64, alpha, empties int, passed bool) int {
	if alpha >= stabilityFrom[empties] {
		// Also at 4 empties, where the cut saves a subtree of about
		// nine nodes: on FFO #40-#49 18% fewer nodes, a little faster.
		if ub, ok := s.stabilityCut(p, o, alpha); ok {
			s.nodes++
			return ub
		}
	}
	if empties <= 4 {
		return s.solveFew(p, o, alpha)
	}
	s.nodes++
	best := noScore
	empty := ^(p | o)
	odd := oddSquares(empty)
	for _, set := range [2]uint64{empty & odd, empty &^ odd} {
		for _, class := range squareClasses {
			for m := set & class; m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				if o&neighbourMask[sq] == 0 {
					continue
				}
				f := Flips8(p, o, sq)
				if f == 0 {
					continue
				}
				v := -s.nwsShallow(o^f, p^f^1<<sq, -alpha-1, empties-1, false)
				if v > best {
					if v > alpha {
						return v
					}
					best = v
				}
			}
		}
	}
	if best == noScore {
		if passed {
			return finalDiscs(p, o)
		}
		return -s.nwsShallow(o, p, -alpha-1, empties, true)
	}
	return best
}

// stabilityCut returns the bound 64 - 2*stable that the opponent's stable
// discs set on the mover's score, and whether it is at most alpha (a
// cut-off). Only that many of the opponent's discs can make the cut, so a
// count of them first spares most of the stable-disc searches.
func (s *searcher8) stabilityCut(p, o uint64, alpha int) (int, bool) {
	if 2*bits.OnesCount64(o) < 64-alpha {
		return 0, false
	}
	ub := 64 - 2*bits.OnesCount64(s.tab.stableDiscs(o, p))
	return ub, ub <= alpha
}

// stabilityFrom gives the least alpha, by empties, at which the solver looks
// for a cut-off by the opponent's stable discs: the bound 64 - 2*stable only
// cuts when alpha is high. Eight discs below Edax's thresholds: on FFO
// #40-#49 9% fewer nodes (a fifth on #45) in the same time, on #50, #51,
// #52 and #56 3%, on #55 5% in 6% more time; four below saved less,
// twelve or twenty no more. Edax tries none at 3 empties; the table
// carries its steps on (-4), which on #40-#49 cut as much as 2 or -20.
var stabilityFrom = [65]int{
	99, 99, 99, -4, -2, 0, 2, 4, 6, 8, 12, 14, 16, 18, 20, 22,
	24, 26, 28, 30, 32, 34, 36, 38, 40, 40, 42, 42, 44, 44, 46, 46,
	48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 56, 56, 56, 56, 56, 56,
	56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56,
	56,
}

// endMove is a move of the solver's move list with its ordering value.
type endMove struct {
	sq   int
	p, o uint64 // the board after the move, from the opponent's view
	val  int
}

// nwsEnd searches with the window (alpha, alpha+1) and returns a fail-soft
// score: above alpha the position is worth at least that, at or below alpha
// at most that.
func (s *searcher8) nwsEnd(p, o uint64, alpha, empties int, passed bool, ply int) int {
	if empties <= shallowEnd {
		return s.nwsShallow(p, o, alpha, empties, passed)
	}
	s.nodes++
	// Once stopped, every node returns at once: the next poll is up to
	// pollEvery nodes away, and each sibling on the way back up the tree
	// would search that far before it saw the stop.
	if s.nodes >= s.pollAt && s.poll() || s.stopped || s.sp != nil && s.abort() {
		return alpha
	}
	if alpha >= stabilityFrom[empties] {
		if ub, ok := s.stabilityCut(p, o, alpha); ok {
			return ub
		}
	}
	ttMove := -1
	if empties >= ttFrom {
		if e, ok := s.ett.probe(p, o); ok {
			if v, cut := s.tableCut(int(e.lower), int(e.upper), int(e.sel), alpha); cut {
				return v
			}
			ttMove = int(e.move) - 1
		}
	} else if empties >= localFrom {
		if e := s.local.probe(p, o); e != nil {
			if v, cut := s.tableCut(int(e.lower), int(e.upper), int(e.sel), alpha); cut {
				return v
			}
			ttMove = int(e.move) - 1
		}
	}
	moves := Moves8(p, o)
	if moves == 0 {
		if passed {
			return finalDiscs(p, o)
		}
		return -s.nwsEnd(o, p, -alpha-1, empties, true, ply+1)
	}
	best, bestMove := noScore, -1
	if ttMove >= 0 && empties < etcFrom && moves>>ttMove&1 != 0 {
		// The table's move is searched before the other moves are made
		// and valued: below etcFrom nothing needs them first, and where
		// the table's move cuts, as it mostly does, their flips and
		// ordering values are saved.
		f := Flips8(p, o, ttMove)
		best, bestMove = -s.nwsEnd(o^f, p^f^1<<ttMove, -alpha-1, empties-1, false, ply+1), ttMove
		moves &^= 1 << ttMove
		ttMove = -1
		if best > alpha || moves == 0 || s.stopped {
			return s.storeEnd(p, o, alpha, empties, best, bestMove)
		}
	}
	list := s.endLists[ply][:]
	n := s.orderEnd(p, o, moves, ttMove, empties, list[:0])
	if empties >= etcFrom {
		// Enhanced transposition cut-off: a child the table already
		// knows to be bad enough for the opponent cuts at once.
		for i := range n {
			if e, ok := s.ett.probe(list[i].p, list[i].o); ok && -int(e.upper) > alpha && int(e.sel) <= s.endSel {
				return -int(e.upper)
			}
		}
	}
	if s.endSel > 0 && empties >= endCutFrom {
		if v, ok := s.endProbcut(p, o, alpha, empties, ply); ok {
			return v
		}
	}
	sorted := empties < evalOrderFrom || s.ev == nil
	for i := range n {
		resorted := false
		if !sorted && (i > 0 || ttMove < 0) {
			// The table's move goes first without the cost of sorting
			// the others, which its cut-off often saves.
			s.orderBySearch(p, o, list[i:n], ttMove, alpha, empties, ply)
			sorted, resorted = true, true
		}
		// Young brothers wait: a move must have been searched first.
		if best != noScore && s.pool != nil && empties >= s.pool.splitEnd && s.canSplit(n-i) {
			best, bestMove = s.splitEnd(splitNWS, alpha, alpha+1, alpha, empties, ply, list[i:n], best, bestMove)
			break
		}
		if i > 0 || resorted {
			pickBest(list[i:n])
		}
		mv := &list[i]
		v := -s.nwsEnd(mv.p, mv.o, -alpha-1, empties-1, false, ply+1)
		if v > best {
			best, bestMove = v, mv.sq
			if v > alpha {
				break
			}
		}
	}
	return s.storeEnd(p, o, alpha, empties, best, bestMove)
}

// storeEnd stores a null-window search's result in the table that its
// number of empties uses, unless the search was stopped, and returns it.
func (s *searcher8) storeEnd(p, o uint64, alpha, empties, best, bestMove int) int {
	if s.stopped {
		return best
	}
	if empties >= ttFrom {
		s.ett.store(p, o, empties, s.endSel, alpha, alpha+1, best, bestMove)
	} else if empties >= localFrom {
		s.local.store(p, o, s.endSel, alpha, best, bestMove)
	}
	return best
}

// tableCut returns the bound that a table entry's bounds (lower, upper),
// found at selectivity sel, give a null-window search at alpha, and whether
// it cuts: bounds of a less exact search than the current one never do.
func (s *searcher8) tableCut(lower, upper, sel, alpha int) (int, bool) {
	switch {
	case sel > s.endSel:
		return 0, false
	case lower > alpha:
		return lower, true
	case upper <= alpha:
		return upper, true
	}
	return 0, false
}

// pickBest moves the entry of list with the highest value to the front.
func pickBest(list []endMove) {
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

// orderEnd fills list with the moves and their fastest-first values: few
// replies for the opponent first (counting corner replies twice), then few
// squares where replies may appear and many of the mover's discs stable on
// the edges (each as much as such a square: on FFO #40-#49 5% fewer nodes
// at no cost in time, where all stable discs save 8% but cost more time
// than they save), with a bonus for corners and for squares in odd
// quadrants. The table's move goes first, else the first of the best
// values, as pickBest would put it.
func (s *searcher8) orderEnd(p, o, moves uint64, ttMove, empties int, list []endMove) int {
	odd := oddSquares(^(p | o))
	// The children probe the shared table (from etcFrom empties on all of
	// them at once) or the thread's own: their entries are asked for now,
	// so that the cache misses overlap. On FFO #40-#45 the shared table's
	// prefetch saved a tenth of the time, the thread's own 7% more.
	fetch := empties > ttFrom
	fetchLocal := !fetch && empties > localFrom
	n, b := 0, 0 // b: the first of the best values, put in front
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := Flips8(p, o, sq)
		np, no := o^f, p^f^1<<sq
		if fetch {
			s.ett.prefetch(np, no)
		} else if fetchLocal {
			s.local.prefetch(np, no)
		}
		var val int
		if sq == ttMove {
			val = 1 << 20
		} else {
			replies := Moves8(np, no)
			val = -(bits.OnesCount64(replies) + bits.OnesCount64(replies&sqCorners)) << 4
			val -= bits.OnesCount64(potentialMoves(np, no))
			val += bits.OnesCount64(s.tab.edgeStableDiscs(no, np))
			if odd>>sq&1 != 0 {
				val += 4
			}
			if uint64(1)<<sq&sqCorners != 0 {
				val += 8
			}
		}
		list = append(list, endMove{sq: sq, p: np, o: no, val: val})
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

// endConfidence gives, by the solver's selectivity (0 exact), how many
// standard deviations a shallow search must clear a disc bound by to cut a
// node. Selectivity 3, the probable proofs' (see probableSel), predicts
// with selective shallow searches: its bounds serve no other.
var endConfidence = [...]float64{0: 0, 1: 2.0, 2: 1.1, 3: 2.0}

// probableSel is the selectivity of the probable proofs of who wins that a
// selective search makes a few empties before its exact ones
// (plan8.probableFrom). Their shallow searches prune with the midgame's
// ProbCut, where those of the exact solve's stages are full-width: at 24
// empties, against NTest at depth 14, the first probable proof took 0.056
// s a move instead of 0.178 (the stages with them visited fewer nodes on
// FFO #40-#49 but more on #52, 136M against 114M, so they keep theirs
// full-width). So cheapened, the proofs can afford a wide margin: on 180
// positions of 22 to 24 empties from the games of selective depths 14
// and 16 against NTest, judged by certain proofs of who wins after each
// move, the midgame search lost 12 points of results (21.9M nodes for the
// 240 positions with those at 25), the probable proofs at confidence 1.1
// 9.5 (61.8M), at 1.5 5 (132M), at 2.0 2.5 (256M), at 3.0 none (523M);
// against NTest at depth 14 (seed 9914, 400 games) 2.0 scored 57.0% in
// 0.90 times NTest's time, where 1.1 scored 52.4% in 0.77 times, and
// 53.8% over three seeds (docs/games.md).
const probableSel = 3

// endStages are the selectivities of the solve's stages before the exact
// one, least exact first: each finds the score and the best moves of the
// tree's upper nodes for a fraction of the exact search's nodes, so that
// the exact search starts with a window around its score and the moves
// the table gives are nearly always the best. On FFO #40-#49 the two
// stages cut the solver's nodes by a third (the aspiration windows of the
// midgame's guess failed up to three times on a position); three or four
// stages do no better.
var endStages = [...]int{2, 1}

// endProbcut tries to cut a node of a selective solve with the null
// window (alpha, alpha+1) by a shallow midgame search of about two fifths
// of its empties, of their parity.
func (s *searcher8) endProbcut(p, o uint64, alpha, empties, ply int) (int, bool) {
	d2 := 2*(empties/5) + empties%2
	margin := int(endConfidence[s.endSel] * probcutSigma(empties, d2, empties))
	s.ev.setup(&s.feat[ply], p, o)
	if bound := (alpha+1)*100 + margin; bound < scoreMax {
		if v := s.shallowSearch(p, o, true, bound-1, bound, d2, ply, s.endSel == probableSel); v >= bound {
			return alpha + 1, true
		}
	}
	if bound := alpha*100 - margin; bound > -scoreMax {
		if v := s.shallowSearch(p, o, true, bound, bound+1, d2, ply, s.endSel == probableSel); v <= bound {
			return alpha, true
		}
	}
	return 0, false
}

// shallowSearch is the midgame search of the solver's ordering and ProbCut:
// all its nodes of evalShallowMax plies or less skip the table. It is
// full-width but in a probable proof's ProbCut (probableSel), where it
// prunes with the midgame's ProbCut at probcutConfidence; neither follows
// the caller's selectivity, so that a solve does not depend on it.
func (s *searcher8) shallowSearch(p, o uint64, black bool, alpha, beta, depth, ply int, selective bool) int {
	inSolver, sel, conf := s.inSolver, s.selective, s.confidence
	s.inSolver, s.selective = true, selective
	if selective {
		s.confidence = probcutConfidence
	}
	v := s.pvs(p, o, black, alpha, beta, depth, ply, false)
	s.inSolver, s.selective, s.confidence = inSolver, sel, conf
	return v
}

// evalShallow searches depth plies, at most evalShallowMax, without the
// table, move ordering or lines: so near the leaves a probe's cache miss
// costs more than what the table saves.
func (s *searcher8) evalShallow(p, o uint64, black bool, alpha, beta, depth, ply int, passed bool) int {
	s.nodes++
	if depth <= 0 {
		return s.evaluate(p, o, black, ply)
	}
	moves := Moves8(p, o)
	if moves == 0 {
		if passed || Moves8(o, p) == 0 {
			return 100 * finalDiscs(p, o)
		}
		s.feat[ply+1] = s.feat[ply]
		return -s.evalShallow(o, p, !black, -beta, -alpha, depth, ply+1, true)
	}
	best := -scoreInf
	for _, class := range shallowClasses {
		for m := moves & class; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := Flips8(p, o, sq)
			s.child(ply, sq, f, black)
			v := -s.evalShallow(o^f, p^f^1<<sq, !black, -beta, -max(alpha, best), depth-1, ply+1, false)
			if v > best {
				best = v
				if v >= beta {
					return best
				}
			}
		}
	}
	return best
}

// evalShallowMax is the deepest search that evalShallow does: one ply,
// in the solver's searches and at the midgame's null-window nodes. In the
// solver two save a little more time but lose the table's moves at depth
// two, 4% more nodes on FFO #40-#49. In the midgame one ply takes
// BenchmarkMidgame's four positions to depth 12 from 7.5 s to 4.4 s
// (medians of three alternated runs), with the same scores and moves there
// and on ten other midgame positions; two are a tenth faster there but
// with ProbCut, as on the clock, a third slower than one, since ProbCut's
// shallow searches then lose the table.
const evalShallowMax = 1
