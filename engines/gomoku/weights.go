// This file exposes the evaluation as a linear model for tuning: the feature
// counts of a position and games built on other weights.

package gomoku

import (
	"fmt"
	"math"

	"qi/engines"
)

// The evaluation's features, in order: for the side to move (own) the number
// of empty squares with each direction code (counted per direction) and with
// each threat class (plus black's maybe-forbidden squares under renju), then
// the same for the opponent (opp).
const (
	numOwnFeatures = int(numCodes) + int(numClasses) + 1
	// NumFeatures is the length of a feature vector: own and opp, then a
	// constant 1 for the side to move's tempo.
	NumFeatures = 2*numOwnFeatures + 1
)

// FixedFeature reports whether feature i keeps a zero weight: the codes and
// classes of squares with next to nothing on their lines, which every empty
// square of the board has and whose counts would only add noise.
func FixedFeature(i int) bool {
	if i >= 2*numOwnFeatures {
		return false
	}
	i %= numOwnFeatures
	if i < int(numCodes) {
		c := code(i)
		return c == cDead || c == cOverline || c == cB1 || c == cF1
	}
	k := class(i - int(numCodes))
	return k == kNone || k == kFlex1
}

// FeatureNames names the features, for the tuning tool's output.
func FeatureNames() []string {
	var names []string
	for _, who := range []string{"own", "opp"} {
		for c := code(0); c < numCodes; c++ {
			names = append(names, who+" "+c.String())
		}
		for k := class(0); k < numClasses; k++ {
			names = append(names, who+" "+k.String())
		}
		names = append(names, who+" forbidden")
	}
	return append(names, "tempo")
}

// Features writes the feature counts of p into f (NumFeatures long); the
// evaluation is their dot product with the weights, the opponent's counted
// negatively.
func (p *Position) Features(f []float64) {
	clear(f[:NumFeatures])
	b := &p.b
	me := int(p.side)
	for _, c := range b.inside {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		for s, base := range [2]int{0, numOwnFeatures} {
			side := me
			if s == 1 {
				side = 1 - me
			}
			k := b.sq[i].cls[side]
			if k&flagForbid != 0 {
				f[base+numOwnFeatures-1]++
				continue
			}
			pat := b.sq[i].pats[side]
			for d := 0; d < 4; d++ {
				f[base+int(code(pat>>(4*d))&15)]++
			}
			f[base+int(numCodes)+int(k)]++
		}
	}
	for j := numOwnFeatures; j < 2*numOwnFeatures; j++ {
		f[j] = -f[j]
	}
	f[2*numOwnFeatures] = 1
}

// Weights returns the game's evaluation weights as a vector matching
// Features.
func (g *Game) Weights() []float64 {
	w := g.wt
	v := make([]float64, 0, NumFeatures)
	for _, part := range [][]int32{w.ownCode[:numCodes], w.ownClass[:numClasses+1], w.oppCode[:numCodes], w.oppClass[:numClasses+1], {w.tempo}} {
		for _, x := range part {
			v = append(v, float64(x))
		}
	}
	return v
}

// WithWeights returns the game with other evaluation weights (a vector
// matching Features, rounded to whole centi-units), for tuning and matches.
func (g *Game) WithWeights(v []float64) (*Game, error) {
	if len(v) != NumFeatures {
		return nil, fmt.Errorf("weights: %d values, want %d", len(v), NumFeatures)
	}
	var iv [NumFeatures]int32
	for i, x := range v {
		x = math.Round(x)
		if math.IsNaN(x) || x < -2000 || x > 2000 {
			return nil, fmt.Errorf("weight %d (%g) is out of range", i, v[i])
		}
		if FixedFeature(i) && x != 0 {
			return nil, fmt.Errorf("weight %d (%s) must be 0", i, FeatureNames()[i])
		}
		iv[i] = int32(x)
	}
	w := weightsOf(iv)
	c := *g
	c.wt = w
	return &c, nil
}

// Evaluate returns the static evaluation of p for the side to move.
func (p *Position) Evaluate() engines.Score { return p.b.evaluate(int(p.side)) }

// Quiet reports whether neither side can make a five or an open four with
// its next move: the positions whose value the evaluation alone must judge.
func (p *Position) Quiet() bool {
	b := &p.b
	for s := 0; s < 2; s++ {
		if b.counts[s][kFive] > 0 || b.counts[s][kFlex4] > 0 {
			return false
		}
	}
	return true
}
