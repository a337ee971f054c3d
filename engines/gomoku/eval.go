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

// defaultWeights are the terms qi plays with.
var defaultWeights = &weights{
	//          dead OL B1 F1 B2 F2  F2A F2B B3  F3  F3S B4  F4   F44  F5
	ownCode: [numCodes]int32{0, 0, 1, 3, 5, 14, 18, 22, 20, 60, 70, 50, 200, 200, 400},
	oppCode: [numCodes]int32{0, 0, 1, 2, 4, 10, 13, 16, 15, 40, 45, 35, 120, 120, 300},
	//          none f1 f2 b3 f2x2 b3+ f3 f3+ f3x2 b4 b4+ b4f3 f4 five forbid
	ownClass: [numClasses + 1]int32{0, 0, 0, 0, 10, 10, 0, 20, 200, 0, 20, 300, 500, 2000, 0},
	oppClass: [numClasses + 1]int32{0, 0, 0, 0, 6, 6, 0, 12, 120, 0, 10, 150, 250, 1000, 0},
}

// evaluate scores the board for side s to move.
func (b *board) evaluate(s int) engines.Score {
	return engines.Score(b.valOwn[s] - b.valOpp[1-s])
}
