// This file exposes the evaluation as a linear model for tuning: the feature
// counts of a position and games built on other weights.

package gomoku

import (
	"fmt"
	"math"

	"qi/engines"
)

// The evaluation's features, in order: for the side to move (own) the number
// of empty squares with each combination of codes, then of black's
// maybe-forbidden squares under renju; the same for the opponent (opp),
// counted negatively; then a one for the position's threat mask.
const (
	numOwnFeatures = numCombos + 1
	// NumFeatures is the length of a feature vector.
	NumFeatures = 2*numOwnFeatures + numThreats
	// MaxWeight bounds a weight, so that a square's terms fit their int16.
	MaxWeight = 10000
)

// FixedFeature reports whether feature i keeps a zero weight: the
// combinations of squares with next to nothing on their lines (every code
// dead, an overline, a B1 or an F1), which most empty squares have and whose
// counts would only add noise.
func FixedFeature(i int) bool {
	if i >= 2*numOwnFeatures {
		return false
	}
	i %= numOwnFeatures
	if i == numCombos {
		return false
	}
	for _, c := range combos().codes[i] {
		if c != cDead && c != cOverline && c != cB1 && c != cF1 {
			return false
		}
	}
	return true
}

// FeatureNames names the features, for the tuning tool's output.
func FeatureNames() []string {
	var names []string
	for _, who := range []string{"own", "opp"} {
		for _, cs := range combos().codes {
			names = append(names, fmt.Sprintf("%s %v+%v+%v+%v", who, cs[3], cs[2], cs[1], cs[0]))
		}
		names = append(names, who+" forbidden")
	}
	for m := 0; m < numThreats; m++ {
		names = append(names, fmt.Sprintf("threat %04b/%04b", m&15, m>>4))
	}
	return names
}

// Features writes the feature counts of p into f (NumFeatures long); the
// evaluation is their dot product with the weights.
func (p *Position) Features(f []float64) {
	clear(f[:NumFeatures])
	b := &p.b
	me := int(p.side)
	idx := &combos().index
	for _, c := range b.inside {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		for s, base := range [2]int{0, numOwnFeatures} {
			side := me
			sign := 1.0
			if s == 1 {
				side, sign = 1-me, -1
			}
			f[base+b.combo(idx, side, i)] += sign
		}
	}
	f[2*numOwnFeatures+b.threatMask(me)] = 1
}

// Weights returns the game's evaluation weights as a vector matching
// Features.
func (g *Game) Weights() []float64 {
	w := g.wt
	v := make([]float64, 0, NumFeatures)
	for _, side := range [2]*[numCombos]int16{&w.own, &w.opp} {
		for _, x := range side {
			v = append(v, float64(x))
		}
		forbid := w.forbidOwn
		if side == &w.opp {
			forbid = w.forbidOpp
		}
		v = append(v, float64(forbid))
	}
	for _, x := range w.threat {
		v = append(v, float64(x))
	}
	return v
}

// weightsOf builds weights from a vector in the order of Features, rounded
// to whole centi-units.
func weightsOf(v []float64) (*weights, error) {
	if len(v) != NumFeatures {
		return nil, fmt.Errorf("weights: %d values, want %d", len(v), NumFeatures)
	}
	var iv [NumFeatures]int32
	for i, x := range v {
		x = math.Round(x)
		if math.IsNaN(x) || x < -MaxWeight || x > MaxWeight {
			return nil, fmt.Errorf("weight %d (%g) is out of range", i, v[i])
		}
		if FixedFeature(i) && x != 0 {
			return nil, fmt.Errorf("weight %d (%s) must be 0", i, FeatureNames()[i])
		}
		iv[i] = int32(x)
	}
	w := &weights{}
	for i := 0; i < numCombos; i++ {
		w.own[i] = int16(iv[i])
		w.opp[i] = int16(iv[numOwnFeatures+i])
	}
	w.forbidOwn = int16(iv[numCombos])
	w.forbidOpp = int16(iv[numOwnFeatures+numCombos])
	copy(w.threat[:], iv[2*numOwnFeatures:])
	w.fill()
	return w, nil
}

// WithWeights returns the game with other evaluation weights (a vector
// matching Features, rounded to whole centi-units), for tuning and matches.
func (g *Game) WithWeights(v []float64) (*Game, error) {
	w, err := weightsOf(v)
	if err != nil {
		return nil, err
	}
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
