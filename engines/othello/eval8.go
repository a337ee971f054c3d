// This file holds the 8x8 evaluation: the pattern indices of a board kept up
// to date move by move, the trained weights of the game's stage, mobility
// tables, and the untrained evaluation that low levels and the baseline use.

package othello

import (
	"math/bits"

	"qi/engines/othello/pattern"
)

// maxInst bounds the pattern instances of the 8x8 set: a multiple of the
// eight lanes that the AVX2 evaluation gathers at a time, and 128 bytes of
// indices, which its update adds as four vectors.
const maxInst = 64

// feats8 holds the balanced-ternary index of every pattern instance, from
// black's view (+1 a black disc); white's view is the negation.
type feats8 [maxInst]int16

// featPow says that a square is digit pow (a power of 3) of instance inst.
type featPow struct {
	inst uint8
	pow  int16
}

// eval8 is the evaluation of 8x8 positions with trained weights.
type eval8 struct {
	w     *pattern.Weights
	n     int            // instances
	mid   [maxInst]int32 // index 0 of each instance's table in a stage
	bySq  [64][]featPow  // the digits each square is part of
	stage [65][]int16    // the stage table of each number of empties
	// mob is the mobility rows' tables of each number of empties, nil
	// for weights without them.
	mob [65]*mobTables
	// lanes is -1 for the instances in use, 0 for the padding: the mask
	// of the AVX2 evaluation's gathers.
	lanes [maxInst]int32
	// deltas[sq] is the digit sq adds to each instance (0 where it is
	// not part of it): the AVX2 update's vectors.
	deltas [64]feats8
}

// newEval8 prepares the evaluation with weights w.
func newEval8(w *pattern.Weights) *eval8 {
	e := &eval8{w: w}
	s := w.Set
	for pi := range s.Patterns {
		p := &s.Patterns[pi]
		for _, inst := range p.Instances {
			i := e.n
			e.mid[i] = int32(w.Offsets[pi] + p.Mid())
			pw := int16(1)
			e.lanes[i] = -1
			for _, sq := range inst {
				e.bySq[sq] = append(e.bySq[sq], featPow{uint8(i), pw})
				e.deltas[sq][i] = pw
				pw *= 3
			}
			e.n++
		}
	}
	for empties := range 65 {
		st := w.Stage[w.StageOf[empties]]
		e.stage[empties] = st
		if s.MobRows > 0 {
			// The 8x8 set has four rows; the conversion panics on
			// a set with fewer, which the evaluation cannot read.
			e.mob[empties] = (*mobTables)(st[w.MobAt:w.Bias])
		}
	}
	return e
}

// setup computes the indices of a board from scratch: by the digits of
// each disc, about eight a disc, rather than by the squares of each
// instance, whose test of each square's colour mispredicts (on FFO
// #40-#49 the solver's orderings spent 4% of its time in the latter).
func (e *eval8) setup(f *feats8, black, white uint64) {
	*f = feats8{}
	for m := black; m != 0; m &= m - 1 {
		for _, fp := range e.bySq[bits.TrailingZeros64(m)] {
			f[fp.inst] += fp.pow
		}
	}
	for m := white; m != 0; m &= m - 1 {
		for _, fp := range e.bySq[bits.TrailingZeros64(m)] {
			f[fp.inst] -= fp.pow
		}
	}
}

// play sets dst to the indices src changed by a move at sq flipping flips,
// by black when black is set.
func (e *eval8) play(dst, src *feats8, sq int, flips uint64, black bool) {
	if haveAVX2 {
		updateAVX2(dst, src, &e.deltas, sq&63, flips, !black)
		return
	}
	*dst = *src
	e.updateGo(dst, sq, flips, black)
}

// updateGo changes the indices f for a move at sq flipping flips, by black
// when black is set, without vectors: the instances of each square changed.
func (e *eval8) updateGo(f *feats8, sq int, flips uint64, black bool) {
	if black {
		for _, fp := range e.bySq[sq] {
			f[fp.inst] += fp.pow
		}
		for ; flips != 0; flips &= flips - 1 {
			for _, fp := range e.bySq[bits.TrailingZeros64(flips)] {
				f[fp.inst] += 2 * fp.pow
			}
		}
		return
	}
	for _, fp := range e.bySq[sq] {
		f[fp.inst] -= fp.pow
	}
	for ; flips != 0; flips &= flips - 1 {
		for _, fp := range e.bySq[bits.TrailingZeros64(flips)] {
			f[fp.inst] -= 2 * fp.pow
		}
	}
}

// score evaluates the board (p to move, p black when black is set) in
// weight units (pattern.Scale a disc).
func (e *eval8) score(f *feats8, p, o uint64, black bool) int {
	empties := 64 - bits.OnesCount64(p|o)
	st := e.stage[empties]
	sum := int(st[e.w.Bias])
	if haveAVX2 {
		// The patterns' tables come before the scalars in st, so that
		// a gather's four bytes at a table's last entry stay inside it.
		sum += scoreAVX2(f, &e.mid, &e.lanes, &st[0], !black)
	} else {
		sum += e.patternsGo(f, st, black)
	}
	sc := st[e.w.ScalarAt:]
	const k = pattern.ScalarMax + 1
	mp, mo := Moves8(p, o), Moves8(o, p)
	sum += int(sc[min(bits.OnesCount64(mp), pattern.ScalarMax)])
	sum += int(sc[k+min(bits.OnesCount64(mo), pattern.ScalarMax)])
	sum += int(sc[2*k+min(bits.OnesCount64(potentialMoves(p, o)), pattern.ScalarMax)])
	sum += int(sc[3*k+min(bits.OnesCount64(potentialMoves(o, p)), pattern.ScalarMax)])
	if t := e.mob[empties]; t != nil {
		sum += mobRows(t, mp, mo)
	}
	return sum
}

// mobRows sums the weights of the mobility rows of the legal moves mp and mo
// in t, the set's four tables (as MobEntries indexes them): unrolled, so
// that each line's shifts are constants, which Go checks for nothing.
func mobRows(t *mobTables, mp, mo uint64) int {
	tp, to := transpose8(mp), transpose8(mo)
	return mobLine(t, 0, mp, mo, 0) + mobLine(t, 0, mp, mo, 56) +
		mobLine(t, 0, tp, to, 0) + mobLine(t, 0, tp, to, 56) +
		mobLine(t, 1, mp, mo, 8) + mobLine(t, 1, mp, mo, 48) +
		mobLine(t, 1, tp, to, 8) + mobLine(t, 1, tp, to, 48) +
		mobLine(t, 2, mp, mo, 16) + mobLine(t, 2, mp, mo, 40) +
		mobLine(t, 2, tp, to, 16) + mobLine(t, 2, tp, to, 40) +
		mobLine(t, 3, mp, mo, 24) + mobLine(t, 3, mp, mo, 32) +
		mobLine(t, 3, tp, to, 24) + mobLine(t, 3, tp, to, 32)
}

// mobTables are the four mobility-row tables of a stage.
type mobTables [4 * pattern.MobRowSize]int16

// mobLine is the weight in table r of the line of mp and mo sh bits up.
func mobLine(t *mobTables, r int, mp, mo uint64, sh uint) int {
	return int(t[(r*pattern.MobRowSize|int(mp>>sh&0xff)|int(mo>>sh&0xff)<<8)&(len(t)-1)])
}

// patternsGo sums the weights of the pattern instances in the stage table
// st, one at a time.
func (e *eval8) patternsGo(f *feats8, st []int16, black bool) int {
	sum := 0
	if black {
		for i := range e.n {
			sum += int(st[e.mid[i]+int32(f[i])])
		}
		return sum
	}
	for i := range e.n {
		sum += int(st[e.mid[i]-int32(f[i])])
	}
	return sum
}

// Scores of the untrained evaluation: a square's worth, and a move's.
var squareWorth = [64]int{
	100, -20, 10, 5, 5, 10, -20, 100,
	-20, -50, -2, -2, -2, -2, -50, -20,
	10, -2, -1, -1, -1, -1, -2, 10,
	5, -2, -1, -1, -1, -1, -2, 5,
	5, -2, -1, -1, -1, -1, -2, 5,
	10, -2, -1, -1, -1, -1, -2, 10,
	-20, -50, -2, -2, -2, -2, -50, -20,
	100, -20, 10, 5, 5, 10, -20, 100,
}

// simpleEval8 is the classic hand-made evaluation in centi-discs: square
// values and mobility.
func simpleEval8(p, o uint64) int {
	s := 0
	for m := p; m != 0; m &= m - 1 {
		s += squareWorth[bits.TrailingZeros64(m)]
	}
	for m := o; m != 0; m &= m - 1 {
		s -= squareWorth[bits.TrailingZeros64(m)]
	}
	mob := bits.OnesCount64(Moves8(p, o)) - bits.OnesCount64(Moves8(o, p))
	return s + 30*mob
}
