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
	ownCode, oppCode   [16]int32
	ownClass, oppClass [16]int32
	// tempo is the side to move's bonus.
	tempo int32
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
// standard and renju, -every 2 -epochs 60 for freestyle; twice, from
// hand-made weights) to the Gomocup 2019-2021 records of the rule's leagues
// (freestyle from the 20x20 Freestyle and Fastgame leagues). Caro has no
// records and uses standard's. The classes that quiet positions never hold
// (an open four or a five to make) keep their hand-made values, the fixed
// features (FixedFeature) zero.
var (
	freestyleWeights = weightsOf([NumFeatures]int32{
		0, 0, 0, 0, 3, 14, 21, 19, 9, 76, 75, 85, 200, 200, 400,
		0, 0, -16, -1, -29, 3, -32, 39, 206, -45, 80, 323, 500, 2000, 0,
		0, 0, 0, 0, 3, 10, 10, 7, 11, 27, 34, 71, 120, 120, 300,
		0, 0, -6, -6, -8, 4, -8, 17, 96, -35, 47, 183, 250, 1000, 0,
		5,
	})
	standardWeights = weightsOf([NumFeatures]int32{
		0, 0, 0, 0, 6, 14, 27, 32, 29, 67, 80, 91, 200, 200, 400,
		0, 0, -16, -21, -24, 2, -10, 43, 192, -27, 69, 319, 500, 2000, 0,
		0, 0, 0, 0, 5, 10, 18, 18, 28, 44, 34, 92, 120, 120, 300,
		0, 0, -6, -23, -7, 1, -2, 20, 95, -40, 65, 189, 250, 1000, 0,
		1,
	})
	renjuWeights = weightsOf([NumFeatures]int32{
		0, 0, 0, 0, 5, 14, 24, 18, 36, 65, 63, 96, 200, 200, 400,
		0, 0, -16, -23, -23, 12, -19, 23, 195, -35, 76, 325, 500, 2000, 4,
		0, 0, 0, 0, 4, 10, 18, 8, 25, 47, 14, 91, 120, 120, 300,
		0, 0, -10, -12, -12, 1, -11, -1, 105, -40, 69, 187, 250, 1000, -25,
		-1,
	})
)

// weightsOf builds weights from a vector in the order of Features.
func weightsOf(v [NumFeatures]int32) *weights {
	w := &weights{}
	i := 0
	for _, part := range [][]int32{w.ownCode[:numCodes], w.ownClass[:numClasses+1], w.oppCode[:numCodes], w.oppClass[:numClasses+1]} {
		i += copy(part, v[i:])
	}
	w.tempo = v[i]
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
	return engines.Score(b.valOwn[s] - b.valOpp[1-s] + b.weight.tempo)
}
