// This file holds ProbCut's error model: how far a search of depth d may
// stray from the shallow search that predicts it, measured by
// `qi othellotrain probcut` on positions of expert games.

package othello

import "math"

// probcutSigma returns the standard deviation, in centi-discs, of the
// difference between searches of depth d and d2 at empties empty squares.
// Measured on 400 WTHOR positions (22 to 56 empties) at depths 3 to 10 with
// the embedded weights: 190 to 500 centi-discs, larger for small d2 and
// for fewer empties.
func probcutSigma(d, d2, empties int) float64 {
	v := pcA + pcB*float64(d) + pcC*float64(d2) + pcE*float64(empties)
	return math.Max(v, 100)
}

// probcutConfidence is how many standard deviations a shallow search must
// clear a bound by to cut. One cuts more than 1.5, and the depth that
// buys in the same time gains more than the wrong cuts lose: against 1.5
// at 0.25 s a move, 195-137-68 over 400 games (+51), at 0.1 s 100-77-23
// over 200 (+40).
const probcutConfidence = 1.0

// Fitted coefficients (see probcutSigma).
const (
	pcA = 516.1
	pcB = 24.05
	pcC = -62.81
	pcE = -4.56
)
