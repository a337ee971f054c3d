// This file holds the search under the root: a principal variation search
// in fractional plies. Its nodes first settle what the threats decide (open),
// then prune away from the principal variation by the static evaluation
// (razoring, futility, a null move) and by the move's place in the order and
// its threat class, reduce late moves by how likely they are to matter, and
// extend forced replies, moves that alone hold the score (singular moves)
// and attacks that keep going. Below the horizon a quiescence search of fours
// stands on the evaluation or plays a four near its last one.

package gomoku

import (
	"math"

	"qi/engines"
	"qi/engines/search"
)

// noMove marks a ply without a move: the root's parents, a null move.
const noMove = -1

// plyState is what the search keeps about one ply of the current line.
type plyState struct {
	move int16 // the move made at this ply (noMove: a null move)
	// own and opp are the mover's and the other side's classes on the
	// move's square before it was played, forbid flags kept.
	own, opp class
	eval     engines.Score // the node's static evaluation, its side to move's view
	skip     int16         // the move a singular test leaves out (noMove: none)
	killers  [2]int16
	extra    float32 // the extensions beyond a ply along the line to here
}

// history is the record of cut-offs: a move's attack and quiet scores by
// side and square, each kept within ±histRange by gravity.
type history [2][numCells][2]int16

const (
	histAttack = 0
	histQuiet  = 1
	histRange  = 10692
)

// add moves entry h by bonus towards its bound: the larger h, the less a
// bonus of its own sign adds.
func (h *history) add(side, m, kind int, bonus int) {
	bonus = max(min(bonus, histRange), -histRange)
	v := &h[side&1][m&(numCells-1)][kind&1]
	*v += int16(bonus - int(*v)*iabs(bonus)/histRange)
}

// statBonus is the history bonus of a cut-off at depth.
func statBonus(depth float32) int {
	return min(int(25*depth*depth+105*depth-157), 8927)
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// kingDistance is the king-move distance of two squares, -1 when one is no move.
func kingDistance(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	d, _ := apart(a, b)
	return d
}

// ttDepth turns a node's fractional depth into the table's whole plies (at
// most 255), floor(d) so that an entry never claims more than it searched.
func ttDepth(d float32) int {
	return max(min(int(d), 255), 0)
}

// mateBound is the least score of a proven win.
const mateBound = engines.Mate - engines.MaxPly

// Params are the search's pruning, reduction and extension settings, in
// plies and in the evaluation's centi-units; the zero value of a field is
// its default (Options.Params overrides single fields for matches).
type Params struct {
	Oppo5Ext        float32 // extension of the block of an opponent's four
	RazorScale      float32 // razoring margin's scale
	FutilityScale   float32 // futility margin a ply
	NullDepth       float32 // least depth of a null move
	NullMargin      float32 // eval above beta a null move wants at NullDepth
	NullReduction   float32 // depth a null move drops, before its share of depth
	ReductionFactor float32 // scale of the ln x ln late move reductions
	TrivialDepth    float32 // below this trivial moves are pruned
	SEDepth         float32 // least depth of a singular test
	MoveCountBase   float32 // the move count pruning keeps MoveCountBase + d^1.32 moves
	HistoryDivisor  float32 // history's weight in the order
}

// defaultParams are the settings by rule: Rapfi's published classical
// search settings turned into qi's units (its evaluation's logistic scale
// is 200, qi's 400), and tuned where the design notes say.
func defaultParams(rule Rule) Params {
	p := Params{
		Oppo5Ext:        1.3,
		RazorScale:      2,
		FutilityScale:   76,
		NullDepth:       10,
		NullMargin:      1170,
		NullReduction:   3.67,
		ReductionFactor: 1.0,
		TrivialDepth:    4.3,
		SEDepth:         6.65,
		MoveCountBase:   10,
		HistoryDivisor:  64,
	}
	switch rule {
	case Freestyle:
		// The fitted ordering puts the moves that matter early enough
		// to search fewer of them.
		p.MoveCountBase = 6
	case Standard, Caro:
		p.FutilityScale, p.NullDepth, p.NullMargin, p.NullReduction, p.ReductionFactor = 73, 11, 1076, 4.07, 0.78
		if rule == Standard {
			// Standard's forced wins are built with threes a few plies
			// below quiet moves; Rapfi's move count and gentler reductions
			// find more of them for fewer nodes (the design notes give the
			// figures).
			p.MoveCountBase, p.ReductionFactor = 3, 0.9
		}
	case Renju:
		p.FutilityScale, p.NullDepth, p.NullMargin, p.NullReduction, p.ReductionFactor = 96, 8, 1248, 4.29, 0.75
	}
	return p
}

// override sets the non-zero fields of o in p.
func (p *Params) override(o Params) {
	set := func(dst *float32, v float32) {
		if v != 0 {
			*dst = v
		}
	}
	set(&p.Oppo5Ext, o.Oppo5Ext)
	set(&p.RazorScale, o.RazorScale)
	set(&p.FutilityScale, o.FutilityScale)
	set(&p.NullDepth, o.NullDepth)
	set(&p.NullMargin, o.NullMargin)
	set(&p.NullReduction, o.NullReduction)
	set(&p.ReductionFactor, o.ReductionFactor)
	set(&p.TrivialDepth, o.TrivialDepth)
	set(&p.SEDepth, o.SEDepth)
	set(&p.MoveCountBase, o.MoveCountBase)
	set(&p.HistoryDivisor, o.HistoryDivisor)
}

// lmrTable holds ln(n) for the late move reductions.
var lmrTable = func() [256]float32 {
	var t [256]float32
	for i := 1; i < len(t); i++ {
		t[i] = float32(math.Log(float64(i)))
	}
	return t
}()

// moveCounts is the depth's part of the move count pruning's threshold, d^1.32.
var moveCounts = func() [64]float32 {
	var t [64]float32
	for d := range t {
		t[d] = float32(math.Pow(float64(d), 1.32))
	}
	return t
}()

// razorMargin is how far below alpha a node's evaluation must be for
// razoring (only below 2.6 plies).
func (s *Searcher) razorMargin(d float32) engines.Score {
	if d >= 2.6 {
		return engines.Mate
	}
	return engines.Score(max(s.par.RazorScale*(0.17*d*d+14*d+19), 0))
}

// futilityMargin is how far above beta a node's evaluation must be for
// futility pruning.
func (s *Searcher) futilityMargin(d float32, noTTCutNode, improving bool) engines.Score {
	scale := s.par.FutilityScale
	if noTTCutNode {
		scale -= 24
	}
	if improving {
		d--
	}
	return engines.Score(max(scale*d, 0))
}

// nullMargin is how far above beta the evaluation must be for a null move.
func (s *Searcher) nullMargin(d float32) engines.Score {
	if d < s.par.NullDepth {
		return engines.Mate
	}
	return engines.Score(s.par.NullMargin - min(56*d, s.par.NullMargin/2))
}

// moveCount is how many moves a node searches before it skips the rest.
func (s *Searcher) moveCount(d float32, improving bool) int {
	n := s.par.MoveCountBase + moveCounts[min(max(int(d), 0), len(moveCounts)-1)]
	if !improving {
		n /= 2
	}
	return int(n)
}

// reduction is the base late move reduction of the moveCount-th move at
// depth d.
func (s *Searcher) reduction(d float32, moveCount int, improvement engines.Score, pvNode bool, delta, rootDelta engines.Score) float32 {
	f := s.par.ReductionFactor
	r := f * lmrTable[min(int(d), 255)] * f * lmrTable[min(moveCount, 255)]
	if pvNode {
		return max(r-float32(delta)/float32(max(rootDelta, 1)), 0)
	}
	if improvement <= 0 && r > 1 {
		r++
	}
	return r
}

// complexityReduction is the extra reduction a move gets per unit of the
// position's complexity, by its kind.
func complexityReduction(rule Rule, trivial, important, distract bool) float32 {
	var t [4]float32
	switch rule {
	case Freestyle:
		t = [4]float32{0.0968, 0.0385, 0.0222, 0.0055}
	case Renju:
		t = [4]float32{0.063, 0.028, 0.023, 0.007}
	default:
		t = [4]float32{0.075, 0.024, 0.020, 0.007}
	}
	switch {
	case trivial && distract:
		return t[0]
	case trivial:
		return t[1]
	case !important:
		return t[2]
	}
	return t[3]
}

// lmrExtension is how much deeper a reduced move that beat alpha is searched
// again: more when it beat it by far, less when it barely beat the best.
func lmrExtension(newDepth, searched float32, v, alpha, best engines.Score) float32 {
	gap := engines.Score(newDepth - searched)
	ext := float32(0)
	if v > alpha+68+22*gap {
		ext++
	}
	if v > alpha+576+52*gap {
		ext++
	}
	if v < best+engines.Score(newDepth) {
		ext--
	}
	return ext
}

// play makes move m at ply, recording it in the line.
func (s *Searcher) play(ply, m int) {
	st := &s.st[ply]
	st.move = int16(m)
	st.own, st.opp = s.b.sq[m].cls[s.stm], s.b.sq[m].cls[1-s.stm]
	s.make(m)
	s.count()
}

// prevMove is the move made at ply, noMove before the root.
func (s *Searcher) prevMove(ply int) int {
	if ply < 0 {
		return noMove
	}
	return int(s.st[ply].move)
}

// ownClass is the class the mover's move at ply had for it, without the
// flag; kNone before the root.
func (s *Searcher) ownClass(ply int) class {
	if ply < 0 {
		return kNone
	}
	return s.st[ply].own &^ flagForbid
}

// pvs is the alpha-beta search of the node at ply with depth plies to go.
// cutNode says the node is expected to fail high (a null-window child of a
// node that is not).
func (s *Searcher) pvs(depth float32, ply int, alpha, beta engines.Score, cutNode bool) engines.Score {
	if depth <= 0 {
		return s.qsearch(ply, alpha, beta, 0)
	}
	pvNode := beta-alpha > 1
	st := &s.st[ply]
	v, block, done := s.enterNode(ply, maxPly-2, &alpha, &beta)
	if done {
		return v
	}
	b := &s.b
	me, opp := s.stm, 1-s.stm
	if block >= 0 {
		// The only move: it costs no depth, and a little more is given
		// so that lines of fours are seen through.
		st.eval = -s.st[ply-1].eval
		s.play(ply, block)
		v = -s.pvs(depth-1+s.par.Oppo5Ext, ply+1, -beta, -alpha, !cutNode)
		s.unmake(block)
		if !s.aborted {
			s.pvUpdate(ply, block)
		}
		return v
	}
	oppThreat := s.threat(opp)
	if ply+2 < len(s.st) {
		s.st[ply+2].killers = [2]int16{noMove, noMove}
	}

	skip := int(st.skip)
	key := s.key()
	if skip >= 0 {
		key ^= zobrist[Blocked][skip] ^ 0x2545F4914F6CDD1D
	}
	ttMove, ttHit := noMove, false
	var ttValue engines.Score
	var ttBound search.Bound
	ttD := float32(-1)
	if e, ok := s.tt.Probe(key); ok {
		ttHit = true
		ttMove = int(e.Move)
		ttValue = search.FromTT(e.Score, ply)
		ttBound = e.Bound
		ttD = float32(e.Depth)
		if ttMove >= 0 && (ttMove >= numCells || b.cells[ttMove] != Empty) {
			ttMove = noMove
		}
		if !pvNode && ttD >= depth && (ttBound == search.Exact ||
			ttBound == search.Lower && ttValue >= beta || ttBound == search.Upper && ttValue <= alpha) {
			if ttMove >= 0 && ttValue >= beta && b.sq[ttMove].cls[me]&^flagForbid < kFlex3 && !s.threat(opp) {
				s.hist.add(me, ttMove, histQuiet, statBonus(depth))
			}
			return ttValue
		}
	}

	const none = engines.Mate + 2
	eval := engines.Score(none)
	improvement := engines.Score(0)
	if oppThreat {
		// The open three must be answered: the evaluation of this node
		// says little, the parent's stands for it, and nothing is pruned
		// by it.
		st.eval = -s.st[ply-1].eval
	} else {
		st.eval = s.evalAt(ply)
		eval = st.eval
		if ttHit && !ttValue.IsMate() {
			if ttValue > eval && ttBound&search.Lower != 0 || ttValue < eval && ttBound&search.Upper != 0 {
				eval = ttValue
			}
		}
		if ply >= 2 {
			improvement = st.eval - s.st[ply-2].eval
		}
	}
	st.extra = 0
	if ply > 0 {
		st.extra = s.st[ply-1].extra
	}

	if !pvNode && !oppThreat {
		// Razoring: far below alpha only fours may save the node.
		if !s.disabled(offRazor) && (alpha < mateBound || !ttHit) && eval+s.razorMargin(depth) < alpha {
			return s.qsearch(ply, alpha, alpha+1, 0)
		}
		// Futility: far above beta the node trusts its evaluation, unless
		// the side has just played two fours in a row (an attack under
		// way).
		if !s.disabled(offFutility) && eval < mateBound && beta > -mateBound &&
			eval-s.futilityMargin(depth-1, cutNode && !ttHit, improvement > 0) >= beta &&
			!(s.ownClass(ply-2) >= kBlock4 && s.ownClass(ply-4) >= kBlock4) {
			return eval
		}
		// Null move: far above beta, passing still holds it.
		if !s.disabled(offNull) && skip < 0 && eval >= beta && s.prevMove(ply-1) >= 0 && st.eval >= beta+s.nullMargin(depth) {
			r := s.par.NullReduction + 0.17*depth
			st.move = noMove
			s.stm ^= 1
			s.count()
			v := -s.pvs(depth-r, ply+1, -beta, -beta+1, !cutNode)
			s.stm ^= 1
			if s.aborted {
				return 0
			}
			if v >= beta && beta < mateBound && beta > -mateBound {
				return min(v, mateBound-1)
			}
		}
	}

	// Without a move from the table a principal variation node searches a
	// little shallower, and one whose table move is from a shallower
	// search too.
	if pvNode && !s.disabled(offIIR) {
		if ttMove < 0 {
			depth -= 0.32
		} else if depth > 1 {
			depth -= min(max((depth-ttD)*0.28, 0), 3.6)
		}
		if depth <= 0 {
			return s.qsearch(ply, alpha, beta, 0)
		}
	}

	slot := 2 * ply
	if skip >= 0 {
		slot++
	}
	list := s.genMoves(slot, ply, ttMove)
	if len(list) == 0 {
		switch {
		case skip >= 0:
			return alpha
		case b.empties == 0:
			return 0
		case oppThreat:
			// Nothing stops the open four.
			return engines.MatedIn(ply + 4)
		}
		return s.evalAt(ply)
	}

	complexity := float32(0)
	{
		n := 1
		for k := kFlex2; k <= kBlock4Plus; k++ {
			n += int(b.counts[me][k]) + int(b.counts[opp][k])
		}
		complexity = lmrTable[min(n, 255)]
	}
	likelyFailHigh := !s.disabled(offFailHigh) && !pvNode && cutNode && eval != none && eval >= beta+s.failHighMargin(depth, oppThreat)
	lastOpp, lastOwn := s.prevMove(ply-1), s.prevMove(ply-2)
	prevOwn := s.ownClass(ply - 2)
	origAlpha := alpha
	rootDelta := s.rootDelta
	best := -engines.Mate - 1
	bestMove := noMove
	moveCount := 0
	var quiets, attacks [64]int16
	nq, na := 0, 0
	for i := range list {
		pick(list, i)
		m := int(list[i].m)
		if m == skip {
			continue
		}
		moveCount++
		own, other := b.sq[m].cls[me], b.sq[m].cls[opp]
		ownK, otherK := own&^flagForbid, other&^flagForbid
		blackFlag := b.renju && b.sq[m].cls[0]&flagForbid != 0
		important := ownK >= kFlex2x2 || otherK >= kFlex3 || blackFlag
		trivial := ownK <= kFlex1 && otherK <= kFlex1 && !blackFlag
		distOpp, distOwn := kingDistance(m, lastOpp), kingDistance(m, lastOwn)
		far := 4
		if b.renju {
			far = 5
		}
		distract := distOwn > far && distOpp > 4

		if best > -mateBound {
			if !s.disabled(offMoveCount) && moveCount >= s.moveCount(depth, improvement > 0) {
				break
			}
			if !s.disabled(offTrivial) && trivial && depth < s.par.TrivialDepth {
				continue
			}
			if oppThreat && depth < s.par.TrivialDepth && otherK < kBlock4 && distract {
				continue
			}
		}

		ext := float32(0)
		if m == ttMove {
			if !s.disabled(offSE) && skip < 0 && depth >= s.par.SEDepth && !ttValue.IsMate() && ttBound&search.Lower != 0 && ttD >= depth-2.03 {
				sBeta := max(ttValue-engines.Score(2*0.94*depth), -engines.Mate)
				if !b.renju {
					sBeta = max(ttValue-engines.Score(2*0.9*depth), -engines.Mate)
				}
				st.skip = int16(m)
				v := s.pvs(depth*0.46, ply, sBeta-1, sBeta, cutNode)
				st.skip = noMove
				if s.aborted {
					return 0
				}
				switch {
				case v < sBeta:
					ext = 1
					if !pvNode && v < sBeta-engines.Score(2*(29-min(int(depth*0.6), 9))) && st.extra < 10.8 {
						ext = 2
					}
				case sBeta >= beta:
					// Another move holds beta too.
					return sBeta
				case ttValue >= beta:
					ext = -1.5
				}
			} else {
				ext = 0.08
				if pvNode {
					ext = 0.25
				}
				if ownK >= kBlock4 && distOwn >= 0 && distOwn <= 6 {
					if distOwn <= 4 {
						ext += 0.24
					} else {
						ext += 0.05
					}
				}
			}
		}
		if likelyFailHigh {
			if ownK >= kBlock4 {
				if prevOwn >= kBlock4 {
					ext++
				}
			} else {
				ext--
			}
		}
		newDepth := depth - 1 + ext
		st.extra = max(st.extra, 0)
		if ply > 0 {
			st.extra = s.st[ply-1].extra + max(ext-1, 0)
		}

		s.play(ply, m)
		var v engines.Score
		if depth >= 2 && moveCount > 1 {
			r := s.reduction(depth, moveCount, improvement, pvNode, beta-alpha, rootDelta)
			r += complexity * complexityReduction(b.rule, trivial, important, distract)
			if pvNode {
				r -= 0.97
			}
			if cutNode && (oppThreat || !st.isKiller(m) || ownK >= kFlex3) {
				r += 1.8
			}
			if oppThreat && otherK < kBlock4 {
				if distOpp > 4 {
					r += 1.93
				}
				if distOwn > 4 {
					r += 0.96
				}
			}
			if !oppThreat && prevOwn >= kFlex3 && (ownK >= kFlex3 || distOwn >= 0 && distOwn <= 4 && ownK >= kFlex2x2) {
				r -= 0.53
			}
			if blackFlag {
				r -= 1.05
			}
			stat := int(s.hist[me][m][histAttack]) + int(s.hist[me][m][histQuiet])*780/1024 - 3322
			div := float32(12267)
			if depth > 5.4 {
				div += 4380
			}
			r -= float32(stat) / div
			d := max(min(newDepth-r, newDepth+1), 1)
			v = -s.pvs(d, ply+1, -alpha-1, -alpha, true)
			if v > alpha && d < newDepth && !s.aborted {
				e := lmrExtension(newDepth, d, v, alpha, best)
				if st.extra >= 5 {
					e = min(e, 1)
				} else {
					st.extra += max(e-1, 0)
				}
				newDepth += e
				if d < newDepth {
					v = -s.pvs(newDepth, ply+1, -alpha-1, -alpha, !cutNode)
				}
			}
		} else if !pvNode || moveCount > 1 {
			v = -s.pvs(newDepth, ply+1, -alpha-1, -alpha, !cutNode)
		}
		if pvNode && !s.aborted && (moveCount == 1 || v > alpha && v < beta) {
			v = -s.pvs(newDepth, ply+1, -beta, -alpha, false)
		}
		s.unmake(m)
		if s.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				s.pvUpdate(ply, m)
				if v >= beta {
					break
				}
				alpha = v
				// A score improvement found: the other moves are
				// searched a little shallower.
				if !s.disabled(offAlphaReduction) && depth > 2 && depth < 12 && v < 4000 && v > -4000 {
					depth--
				}
			}
		}
		if m != bestMove {
			if ownK >= kFlex3 {
				if na < len(attacks) {
					attacks[na] = int16(m)
					na++
				}
			} else if !oppThreat && nq < len(quiets) {
				quiets[nq] = int16(m)
				nq++
			}
		}
	}
	if moveCount == 0 {
		if skip >= 0 {
			return alpha
		}
		return s.evalAt(ply)
	}
	if best == -engines.Mate-1 {
		// Every move was pruned: the node stands on its evaluation.
		return s.evalAt(ply)
	}
	if bestMove >= 0 {
		s.updateHistory(ply, depth, bestMove, oppThreat, quiets[:nq], attacks[:na])
	}
	if skip < 0 {
		store := bestMove
		if store < 0 {
			store = ttMove
		}
		s.tt.Store(key, search.Entry{Move: engines.Move(store), Score: search.ToTT(best, ply), Depth: ttDepth(depth), Bound: search.BoundOf(best, origAlpha, beta)})
	}
	return best
}

// failHighMargin is how far above beta a cut node's evaluation must be for
// its quiet moves to be searched a ply shallower.
func (s *Searcher) failHighMargin(d float32, oppThreat bool) engines.Score {
	m := -18 + 30*engines.Score(d)
	if oppThreat {
		m += 174
	}
	return m
}

// isKiller reports whether m is one of the ply's killer moves.
func (st *plyState) isKiller(m int) bool {
	return st.killers[0] == int16(m) || st.killers[1] == int16(m)
}

// updateHistory rewards the best move of a node and punishes the moves of
// its kind searched before it.
func (s *Searcher) updateHistory(ply int, depth float32, best int, oppThreat bool, quiets, attacks []int16) {
	me := s.stm
	bonus := statBonus(depth)
	own := s.b.sq[best].cls[me] &^ flagForbid
	if own >= kFlex3 {
		s.hist.add(me, best, histAttack, bonus)
	} else if !oppThreat {
		s.hist.add(me, best, histQuiet, bonus)
		st := &s.st[ply]
		if st.killers[0] != int16(best) {
			st.killers[1], st.killers[0] = st.killers[0], int16(best)
		}
		for _, m := range quiets {
			s.hist.add(me, int(m), histQuiet, -bonus)
		}
	}
	for _, m := range attacks {
		s.hist.add(me, int(m), histAttack, -bonus)
	}
}

// qsearch is the search below the horizon: the side to move may stand on
// the static evaluation or play a four, which the opponent must block; a
// five to block is blocked first. The fours lie near the side's last move,
// and after the first two a four must make more than a four (a three or a
// second threat beside it) unless the two before did, so that the search
// stays small and still finds the usual wins by continuous fours.
func (s *Searcher) qsearch(ply int, alpha, beta engines.Score, qd int) engines.Score {
	v, block, done := s.enterNode(ply, maxPly-4, &alpha, &beta)
	if done {
		return v
	}
	b := &s.b
	me := s.stm
	if block >= 0 {
		s.play(ply, block)
		v = -s.qsearch(ply+1, -beta, -alpha, qd)
		s.unmake(block)
		if !s.aborted {
			s.pvUpdate(ply, block)
		}
		return v
	}
	pvNode := beta-alpha > 1
	// Lines of fours meet again in other orders: the table holds what a
	// line found (as depth 0, below every search of the main tree, whose
	// entries of depth 0 serve here too) and its move goes first.
	useTT := !s.disabled(offQTable)
	key := s.key()
	ttMove := noMove
	if useTT {
		if e, ok := s.tt.Probe(key); ok {
			v := search.FromTT(e.Score, ply)
			if !pvNode && (e.Bound == search.Exact || e.Bound == search.Lower && v >= beta || e.Bound == search.Upper && v <= alpha) {
				return v
			}
			ttMove = int(e.Move)
		}
	}
	stand := s.evalAt(ply)
	s.st[ply].eval = stand
	if stand >= beta || qd >= maxQFours || !b.hasFour(me) || s.lv.vcfFours == 0 {
		return stand
	}
	if !pvNode && !s.disabled(offQDelta) && stand+s.deltaMargin(qd) < alpha {
		return alpha
	}
	best := stand
	origAlpha := alpha
	alpha = max(alpha, stand)
	bestMove := noMove
	last := s.prevMove(ply - 2)
	plain := qd < 2 || s.ownClass(ply-2) >= kBlock4Plus && s.ownClass(ply-4) >= kBlock4Plus
	var buf [32]scored
	moves := buf[:0]
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		k := b.sq[i].cls[me] &^ flagForbid
		if k < kBlock4 || k > kBlock4Flex3 || (k == kBlock4 && !plain) || len(moves) == len(buf) || (last >= 0 && !aligned(last, i) && kingDistance(last, i) > 2) {
			continue
		}
		sc := int32(k)<<16 + s.prio(i)
		if i == ttMove {
			sc = 1 << 30
		}
		moves = append(moves, scored{int16(i), sc})
	}
	for i := range moves {
		pick(moves, i)
		m := int(moves[i].m)
		if !s.legal(me, m) {
			continue
		}
		s.play(ply, m)
		v := -s.qsearch(ply+1, -beta, -alpha, qd+1)
		s.unmake(m)
		if s.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				bestMove = m
				s.pvUpdate(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	if useTT && len(moves) > 0 {
		s.tt.Store(key, search.Entry{Move: engines.Move(bestMove), Score: search.ToTT(best, ply), Bound: search.BoundOf(best, origAlpha, beta)})
	}
	return best
}

// deltaMargin is how far below alpha a quiescence node's evaluation must be
// for its fours to be left unsearched (they rarely gain more, short of a
// win).
func (s *Searcher) deltaMargin(qd int) engines.Score {
	return engines.Score(max(4300-120*qd, 1536))
}

// maxQFours bounds the fours of one line of the quiescence search.
const maxQFours = 16
