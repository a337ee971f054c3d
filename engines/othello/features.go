// This file holds what the training tool needs of the engine: positions
// built from cells, the evaluation's inputs of a position computed from
// scratch, the evaluation itself under given weights, and searchers that use
// given weights.

package othello

import (
	"fmt"
	"math/bits"

	"qi/engines"
	"qi/engines/othello/pattern"
)

// NewPosition returns the position of an n x n board whose cells (row by row
// from a1) are 0 empty, 1 black, 2 white, with side to move.
func NewPosition(n int, cells []uint8, side engines.Side) (*Position, error) {
	if n < MinSize || n > MaxSize || n%2 != 0 {
		return nil, fmt.Errorf("othello is played on even boards from %d to %d, not %d", MinSize, MaxSize, n)
	}
	if len(cells) != n*n {
		return nil, fmt.Errorf("%d cells for a %dx%d board", len(cells), n, n)
	}
	for i, c := range cells {
		if c > 2 {
			return nil, fmt.Errorf("bad cell %d at %s", c, SquareName(i, n))
		}
	}
	if side != engines.P1 && side != engines.P2 {
		return nil, fmt.Errorf("bad side %d", side)
	}
	return fromGrid(n, cells, side), nil
}

// Features returns the evaluation's inputs of the position for the side to
// move under set (which must be the set of the board's size): the table
// entry of every pattern instance in order, then those of the mobility rows
// (MobEntries), appended to entries, and the scalar counts (mobility and
// potential mobility of the side to move and of its opponent).
func (p *Position) Features(set *pattern.Set, entries []int) ([]int, [pattern.Scalars]int) {
	cells := make([]int8, p.n*p.n)
	me := p.SideToMove()
	for sq := range cells {
		switch c := p.At(sq); {
		case c == 0:
		case engines.Side(c-1) == me:
			cells[sq] = 1
		default:
			cells[sq] = -1
		}
	}
	for pi := range set.Patterns {
		for _, inst := range set.Patterns[pi].Instances {
			entries = append(entries, pattern.Index(inst, cells))
		}
	}
	var sc [pattern.Scalars]int
	if p.n == 8 {
		pl, op, _ := p.Bitboards()
		mp, mo := Moves8(pl, op), Moves8(op, pl)
		sc = [pattern.Scalars]int{
			bits.OnesCount64(mp), bits.OnesCount64(mo),
			bits.OnesCount64(potentialMoves(pl, op)), bits.OnesCount64(potentialMoves(op, pl)),
		}
		if set.MobRows > 0 {
			entries = MobEntries(mp, mo, set.MobRows, entries)
		}
	} else {
		m, o := p.bn.scalars()
		sc = [pattern.Scalars]int{m[0], o[0], m[1], o[1]}
	}
	for i := range sc {
		sc[i] = min(sc[i], pattern.ScalarMax)
	}
	return entries, sc
}

// Features8 is Features for an 8x8 board given as the discs of the side to
// move and of its opponent, for tools that go through millions of them: the
// table entry of every instance of set (an 8x8 set) in order, appended to
// entries, and the scalar counts.
func Features8(set *pattern.Set, p, o uint64, entries []int) ([]int, [pattern.Scalars]int) {
	for pi := range set.Patterns {
		for _, inst := range set.Patterns[pi].Instances {
			idx, w := 0, 1
			for _, sq := range inst {
				switch {
				case p>>sq&1 != 0:
					idx += w
				case o>>sq&1 != 0:
					idx -= w
				}
				w *= 3
			}
			entries = append(entries, idx+(w-1)/2)
		}
	}
	mp, mo := Moves8(p, o), Moves8(o, p)
	if set.MobRows > 0 {
		entries = MobEntries(mp, mo, set.MobRows, entries)
	}
	sc := [pattern.Scalars]int{
		bits.OnesCount64(mp), bits.OnesCount64(mo),
		bits.OnesCount64(potentialMoves(p, o)), bits.OnesCount64(potentialMoves(o, p)),
	}
	for i := range sc {
		sc[i] = min(sc[i], pattern.ScalarMax)
	}
	return entries, sc
}

// MobEntries appends the entries of the mobility rows of the legal moves mp
// of the side to move and mo of its opponent: for each distance r from the
// edge up to rows-1 (at most 3), row r, row 7-r, column r and column 7-r,
// each indexed in table r of pattern.MobRowSize entries.
func MobEntries(mp, mo uint64, rows int, entries []int) []int {
	tp, to := transpose8(mp), transpose8(mo)
	for r := range rows {
		for _, sh := range [2]int{8 * r, 8 * (7 - r)} {
			entries = append(entries, int(mp>>sh&0xff|mo>>sh&0xff<<8))
		}
		for _, sh := range [2]int{8 * r, 8 * (7 - r)} {
			entries = append(entries, int(tp>>sh&0xff|to>>sh&0xff<<8))
		}
	}
	return entries
}

// Evaluator is the static evaluation under given weights, set up once for
// evaluating many positions (Evaluate sets up its tables at every call).
type Evaluator struct {
	n  int
	w  *pattern.Weights
	e8 *eval8
	eN *evalN
}

// NewEvaluator returns the static evaluation of n x n positions under w
// (nil: the untrained evaluation).
func NewEvaluator(n int, w *pattern.Weights) *Evaluator {
	ev := &Evaluator{n: n, w: w}
	switch {
	case w == nil:
	case n == 8:
		ev.e8 = newEval8(w)
	default:
		ev.eN = newEvalN(mailboxFor(n), false)
		ev.eN.use(w)
	}
	return ev
}

// Eval returns the static evaluation of p (of the evaluator's size) for the
// side to move in centi-discs.
func (ev *Evaluator) Eval(p *Position) int {
	switch {
	case ev.e8 != nil:
		var f feats8
		pl, op, _ := p.Bitboards()
		ev.e8.setup(&f, pl, op)
		return min(max(ev.e8.score(&f, pl, op, true)*100/pattern.Scale, -evalLimit), evalLimit)
	case ev.eN != nil:
		return ev.eN.score(p.bn)
	}
	return SimpleEval(p)
}

// Evaluate returns the static evaluation of the position for the side to
// move in centi-discs under w (nil: the embedded weights of its size, or the
// untrained evaluation when there are none).
func Evaluate(p *Position, w *pattern.Weights) int {
	if w == nil {
		w = pattern.Load(p.n)
	}
	if w == nil {
		return SimpleEval(p)
	}
	if p.n == 8 {
		e := newEval8(w)
		var f feats8
		pl, op, _ := p.Bitboards()
		e.setup(&f, pl, op)
		return min(max(e.score(&f, pl, op, true)*100/pattern.Scale, -evalLimit), evalLimit)
	}
	e := newEvalN(p.bn.g, false)
	e.use(w)
	return e.score(p.bn)
}

// NewWeightedSearcher returns a searcher of the game at cfg's level that
// evaluates with w instead of the embedded weights (nil: the untrained
// evaluation), for training and for comparing weights.
func (g *Game) NewWeightedSearcher(cfg engines.Config, w *pattern.Weights) engines.Searcher {
	return &Searcher{n: g.n, level: cfg.EffectiveLevel(), hash: cfg.EffectiveHashMB(), weights: w, given: true, confidence: probcutConfidence, selectiveDepth: cfg.Selective}
}
