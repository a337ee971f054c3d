// This file holds the search of the boards other than 8x8: the same
// principal-variation search with iterative deepening, aspiration and a
// transposition table, on the general board, evaluated by trained patterns
// (10x10) or by a generic evaluation; it plays to the end of the game exactly
// when the depth reaches it.

package othello

import (
	"slices"
	"time"

	"qi/engines"
	"qi/engines/othello/pattern"
	"qi/engines/search"
)

// searcherN searches positions of one general board size.
type searcherN struct {
	g       *mailbox
	ev      *evalN
	tt      *search.TT
	stop    *search.Stop
	stopped bool
	nodes   int64
	nodeCap int64
	selDep  int
	flips   []int
	moveBuf [][]int
	pv      [][]int
	only    []engines.Move // the moves the root may play; all when empty
}

// newSearcherN returns a searcher of n x n boards evaluating with w (nil:
// the untrained evaluation).
func newSearcherN(n, hashMB int, w *pattern.Weights) *searcherN {
	s := &searcherN{g: mailboxFor(n), tt: search.NewTT(hashMB), flips: make([]int, 0, 1024)}
	s.ev = newEvalN(s.g, false)
	if w != nil {
		s.ev.use(w)
	}
	return s
}

func (s *searcherN) poll() bool {
	if !s.stopped && (s.stop != nil && s.stop.Poll() || s.nodeCap > 0 && s.nodes >= s.nodeCap) {
		s.stopped = true
	}
	return s.stopped
}

func (s *searcherN) grow(ply int) {
	for len(s.moveBuf) <= ply+1 {
		s.moveBuf = append(s.moveBuf, make([]int, 0, 64))
		s.pv = append(s.pv, make([]int, 0, 64))
	}
}

// finalN is the score of a finished game for the side to move, centi-discs.
func finalN(b *boardN) int {
	me, opp := b.toMove, 3-b.toMove
	return 100 * finalScore(b.count[me], b.count[opp], b.g.n*b.g.n)
}

// passN stands for a pass in the general search's lines.
const passN = -1

// pvsN searches b with the window (alpha, beta) depth plies deep; fail-soft.
func (s *searcherN) pvsN(b *boardN, alpha, beta, depth, ply int, passed bool, fl []int) int {
	s.grow(ply)
	s.pv[ply] = s.pv[ply][:0]
	if ply > s.selDep {
		s.selDep = ply
	}
	empties := b.g.n*b.g.n - b.count[cellBlack] - b.count[cellWhite]
	if empties == 0 {
		return finalN(b)
	}
	s.nodes++
	if depth <= 0 {
		return s.ev.score(b)
	}
	if s.nodes&0xff == 0 && s.poll() || s.stopped {
		return alpha
	}
	key := b.key ^ uint64(b.toMove)*0x5851F42D4C957F2D
	ttMove := -2
	if e, ok := s.tt.Probe(key); ok {
		ttMove = int(e.Move)
		if e.Depth >= depth && beta-alpha == 1 {
			switch {
			case e.Bound == search.Exact,
				e.Bound == search.Lower && int(e.Score) >= beta,
				e.Bound == search.Upper && int(e.Score) <= alpha:
				return int(e.Score)
			}
		}
	}
	moves := b.moves(s.moveBuf[ply][:0])
	restricted := ply == 0 && len(s.only) > 0
	if restricted {
		moves = slices.DeleteFunc(moves, func(m int) bool { return !slices.Contains(s.only, engines.Move(m)) })
	}
	s.moveBuf[ply] = moves
	if len(moves) == 0 {
		b.pass()
		defer b.pass()
		if passed || !b.hasMove() {
			return -finalN(b)
		}
		v := -s.pvsN(b, -beta, -alpha, depth, ply+1, true, fl)
		s.pv[ply] = append(append(s.pv[ply][:0], passN), s.pv[ply+1]...)
		return v
	}
	s.orderN(b, moves, ttMove, fl)
	best, bestMove := -scoreInf, moves[0]
	a := alpha
	for i, m := range moves {
		f := b.play(m, fl)
		var v int
		if i == 0 {
			v = -s.pvsN(b, -beta, -a, depth-1, ply+1, false, f)
		} else {
			v = -s.pvsN(b, -a-1, -a, depth-1, ply+1, false, f)
			if v > a && v < beta && !s.stopped {
				v = -s.pvsN(b, -beta, -a, depth-1, ply+1, false, f)
			}
		}
		b.undo(m, f[len(fl):])
		if s.stopped {
			return max(best, alpha)
		}
		if v > best {
			best, bestMove = v, m
			if v > a {
				a = v
				s.pv[ply] = append(append(s.pv[ply][:0], m), s.pv[ply+1]...)
				if v >= beta {
					break
				}
			}
		}
	}
	if !restricted {
		// A root that may not play every move has no value of its own.
		s.tt.Store(key, search.Entry{Move: engines.Move(bestMove), Score: engines.Score(best), Depth: depth, Bound: search.BoundOf(engines.Score(best), engines.Score(alpha), engines.Score(beta))})
	}
	return best
}

// orderN sorts the moves: the table's move, corners, then fewest replies.
func (s *searcherN) orderN(b *boardN, moves []int, ttMove int, fl []int) {
	if len(moves) < 2 {
		return
	}
	type scored struct{ m, v int }
	var buf [64]scored
	list := buf[:0]
	for _, m := range moves {
		v := 0
		switch {
		case m == ttMove:
			v = 1 << 20
		default:
			f := b.play(m, fl)
			v = -64 * b.mobility()
			b.undo(m, f[len(fl):])
			v += s.ev.squareValue(m)
		}
		list = append(list, scored{m, v})
	}
	slices.SortStableFunc(list, func(x, y scored) int { return y.v - x.v })
	for i := range moves {
		moves[i] = list[i].m
	}
}

// mobility counts the moves of the side to move.
func (b *boardN) mobility() int {
	n := 0
	for _, i := range b.g.sq {
		if b.legalAt(i) {
			n++
		}
	}
	return n
}

// run searches a general board with iterative deepening to depth plies, or
// to the end when that is no deeper.
func (s *searcherN) run(start time.Time, root *boardN, depth int, lim engines.Limits, report func(engines.Info)) engines.Info {
	s.stopped, s.nodes, s.selDep = false, 0, 0
	s.nodeCap, s.only = lim.Nodes, lim.Moves
	b := root.clone()
	empties := b.g.n*b.g.n - b.count[cellBlack] - b.count[cellWhite]
	moves := b.moves(nil)
	if len(moves) == 0 {
		b.pass()
		has := b.hasMove()
		b.pass()
		if !has {
			return engines.Info{Exact: true, Score: engines.Score(finalN(b))}
		}
	}
	prev := 0
	iter := func(d int) (engines.Info, bool) {
		var v int
		if d < 4 {
			v = s.pvsN(b, -scoreInf, scoreInf, d, 0, false, s.flips[:0])
		} else {
			delta := 200
			alpha, beta := prev-delta, prev+delta
			for {
				v = s.pvsN(b, alpha, beta, d, 0, false, s.flips[:0])
				if s.stopped || (v > alpha && v < beta) {
					break
				}
				if v <= alpha {
					alpha = v - delta
				} else {
					beta = v + delta
				}
				delta *= 3
			}
		}
		info := engines.Info{Depth: d, SelDepth: max(d, s.selDep), Score: engines.Score(v), Nodes: s.nodes}
		for _, m := range s.pv[0] {
			if m == passN {
				info.PV = append(info.PV, Pass)
			} else {
				info.PV = append(info.PV, engines.Move(m))
			}
		}
		if s.stopped {
			return info, false
		}
		prev = v
		info.Exact = d >= empties
		return info, len(info.PV) > 0
	}
	lim.Depth = 0
	info := search.Deepen(start, lim, max(1, min(depth, empties)), s.stop, iter, report)
	if len(info.PV) == 0 {
		// Stopped before the first iteration ended: any legal move.
		if i := slices.IndexFunc(moves, func(m int) bool { return lim.Allows(engines.Move(m)) }); i >= 0 {
			info.PV = []engines.Move{engines.Move(moves[i])}
		} else {
			info.PV = []engines.Move{Pass}
		}
	}
	return info
}

// evalN evaluates general boards: trained patterns for sizes that have
// weights, else square values and mobility.
type evalN struct {
	g      *mailbox
	w      *pattern.Weights
	insts  [][]int // padded indices of each pattern instance
	mids   []int   // index 0 of each instance in a stage table
	sqVal  []int   // untrained square values
	stages []int   // stage of each number of empties
}

func newEvalN(g *mailbox, trained bool) *evalN {
	e := &evalN{g: g}
	n := g.n
	e.sqVal = make([]int, n*n)
	for r := range n {
		for c := range n {
			er, ec := min(r, n-1-r), min(c, n-1-c)
			v := 0
			switch {
			case er == 0 && ec == 0:
				v = 100
			case er <= 1 && ec <= 1 && er == ec:
				v = -50
			case er+ec == 1:
				v = -20
			case er == 0 || ec == 0:
				v = 8
			case er == 1 || ec == 1:
				v = -3
			}
			e.sqVal[r*n+c] = v
		}
	}
	if trained {
		if w := pattern.Load(n); w != nil {
			e.use(w)
		}
	}
	return e
}

// use makes the evaluation use the trained weights w of its size.
func (e *evalN) use(w *pattern.Weights) {
	g := e.g
	e.insts, e.mids = nil, nil
	e.w = w
	e.stages = w.StageOf
	for pi := range w.Set.Patterns {
		p := &w.Set.Patterns[pi]
		for _, inst := range p.Instances {
			pad := make([]int, len(inst))
			for i, q := range inst {
				pad[i] = g.sq[q]
			}
			e.insts = append(e.insts, pad)
			e.mids = append(e.mids, w.Offsets[pi]+p.Mid())
		}
	}
}

// squareValue is a square's untrained worth, for move ordering.
func (e *evalN) squareValue(sq int) int { return e.sqVal[sq] }

// digit maps a cell to its balanced-ternary digit for black to move; white
// to move negates it.
var digit = [4]int{0, 1, -1, 0}

// score evaluates b for the side to move in centi-discs.
func (e *evalN) score(b *boardN) int {
	sign := 1
	if b.toMove == cellWhite {
		sign = -1
	}
	var v int
	if e.w != nil {
		empties := b.g.n*b.g.n - b.count[cellBlack] - b.count[cellWhite]
		st := e.w.Stage[e.stages[empties]]
		sum := int(st[e.w.Bias])
		for i, inst := range e.insts {
			idx, pw := 0, 1
			for _, q := range inst {
				idx += digit[b.cell[q]] * pw
				pw *= 3
			}
			sum += int(st[e.mids[i]+sign*idx])
		}
		me, opp := b.scalars()
		sc := st[e.w.ScalarAt:]
		const k = pattern.ScalarMax + 1
		sum += int(sc[min(me[0], pattern.ScalarMax)]) + int(sc[k+min(opp[0], pattern.ScalarMax)])
		sum += int(sc[2*k+min(me[1], pattern.ScalarMax)]) + int(sc[3*k+min(opp[1], pattern.ScalarMax)])
		v = sum * 100 / pattern.Scale
	} else {
		me, opp := b.toMove, 3-b.toMove
		for s, i := range b.g.sq {
			switch b.cell[i] {
			case me:
				v += e.sqVal[s]
			case opp:
				v -= e.sqVal[s]
			}
		}
		m, o := b.scalars()
		v += 30*(m[0]-o[0]) + 8*(o[1]-m[1])
	}
	return min(max(v, -evalLimit), evalLimit)
}

// scalars returns, for the side to move and for its opponent, the number of
// moves and of empty squares next to the other side's discs, in one pass
// over the empty squares.
func (b *boardN) scalars() (me, opp [2]int) {
	mine, theirs := b.toMove, 3-b.toMove
	for _, i := range b.g.sq {
		if b.cell[i] != cellEmpty {
			continue
		}
		var next uint8
		for _, d := range b.g.dirs {
			next |= 1 << b.cell[i+d]
		}
		if next&(1<<theirs) != 0 {
			me[1]++
			if b.flanks(i, mine) {
				me[0]++
			}
		}
		if next&(1<<mine) != 0 {
			opp[1]++
			if b.flanks(i, theirs) {
				opp[0]++
			}
		}
	}
	return me, opp
}

// flanks reports whether colour c may play at the empty padded index i.
func (b *boardN) flanks(i int, c uint8) bool {
	o := 3 - c
	for _, d := range b.g.dirs {
		j := i + d
		if b.cell[j] != o {
			continue
		}
		for j += d; b.cell[j] == o; j += d {
		}
		if b.cell[j] == c {
			return true
		}
	}
	return false
}
