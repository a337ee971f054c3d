// This file holds the static evaluation: every empty square scores what a
// stone of each colour would make there (its four line patterns and their
// threat class), summed over the board as the board changes. The side to move
// and its opponent have separate weights, for the tempo matters: an open
// three of the side to move becomes a four now, the opponent's must be
// answered.

package gomoku

import "qi/engines"

// weights are the evaluation terms, in centi-units.
type weights struct {
	// code and class terms for the side to move (own) and the other (opp);
	// class index numClasses is black's flagged square under renju.
	ownCode, oppCode   [numCodes]int32
	ownClass, oppClass [numClasses + 1]int32
}

// cellVal is a square's terms for one colour: with the weights of the side
// to move and with those of its opponent.
type cellVal struct {
	own, opp int16
}

// cell returns the terms of a square whose patterns are p and class k.
func (w *weights) cell(p uint16, k class) cellVal {
	if k&flagForbid != 0 {
		return cellVal{int16(w.ownClass[numClasses]), int16(w.oppClass[numClasses])}
	}
	c0, c1, c2, c3 := code(p)&15, code(p>>4)&15, code(p>>8)&15, code(p>>12)
	return cellVal{
		int16(w.ownCode[c0] + w.ownCode[c1] + w.ownCode[c2] + w.ownCode[c3] + w.ownClass[k]),
		int16(w.oppCode[c0] + w.oppCode[c1] + w.oppCode[c2] + w.oppCode[c3] + w.oppClass[k]),
	}
}

// The weights of each rule, in the order of Features: fitted by `qi gomocup
// tune` (every quiet position of the decided games: -every 1 -epochs 200 for
// standard and renju, -every 2 -epochs 60 for freestyle, from the hand-made
// weights) to the Gomocup 2019-2021 records of the rule's leagues (freestyle
// from the 20x20 Freestyle and Fastgame leagues). Caro has no records and
// uses standard's. The classes that quiet positions never hold (an open four
// or five to make) keep their hand-made values.
var (
	freestyleWeights = weightsOf([NumFeatures]int32{
		3, 0, 2, 2, 6, 14, 20, 16, 15, 74, 72, 78, 200, 200, 400,
		11, 1, -10, -2, -18, 7, -20, 38, 203, -26, 63, 312, 500, 2000, 0,
		5, 0, 3, 1, 5, 10, 12, 9, 13, 31, 38, 64, 120, 120, 300,
		-3, 2, -4, -4, -5, 4, -8, 16, 106, -19, 39, 168, 250, 1000, 0,
	})
	standardWeights = weightsOf([NumFeatures]int32{
		3, 0, -2, -2, 5, 14, 23, 24, 28, 67, 74, 84, 200, 200, 400,
		19, -2, -10, -17, -16, 8, -8, 37, 196, -14, 57, 310, 500, 2000, 0,
		4, -1, -3, -1, 7, 10, 17, 16, 24, 42, 38, 80, 120, 120, 300,
		19, -3, -5, -16, -7, 6, -3, 17, 106, -21, 54, 171, 250, 1000, 0,
	})
	renjuWeights = weightsOf([NumFeatures]int32{
		2, 0, 2, 0, 5, 14, 24, 16, 37, 64, 63, 88, 200, 200, 400,
		-5, 5, -8, -15, -13, 16, -12, 22, 197, -16, 61, 313, 500, 2000, 2,
		3, 0, 3, 0, 6, 10, 18, 9, 24, 44, 24, 78, 120, 120, 300,
		-2, 4, -6, -7, -8, 5, -8, 2, 112, -22, 55, 170, 250, 1000, -13,
	})
)

// weightsOf builds weights from a vector in the order of Features.
func weightsOf(v [NumFeatures]int32) *weights {
	w := &weights{}
	i := 0
	for _, part := range [][]int32{w.ownCode[:], w.ownClass[:], w.oppCode[:], w.oppClass[:]} {
		i += copy(part, v[i:])
	}
	return w
}

// weightsFor returns the weights qi plays rule with.
func weightsFor(rule Rule) *weights {
	switch rule {
	case Freestyle:
		return freestyleWeights
	case Renju:
		return renjuWeights
	}
	return standardWeights
}

// evaluate scores the board for side s to move.
func (b *board) evaluate(s int) engines.Score {
	return engines.Score(b.valOwn[s] - b.valOpp[1-s])
}
