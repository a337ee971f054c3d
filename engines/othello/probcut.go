// This file holds ProbCut's error model: how far a search of depth d may
// stray from the shallow search that predicts it, measured by
// `qi othellotrain probcut` on positions of expert games.

package othello

import "math"

// probcutSigma returns the standard deviation, in centi-discs, of the
// difference between searches of depth d and d2 at empties empty squares.
func probcutSigma(d, d2, empties int) float64 {
	// sigma = a + b*d + c*d2 + e*empties, fitted by the tool.
	v := pcA + pcB*float64(d) + pcC*float64(d2) + pcE*float64(empties)
	return math.Max(v, 100)
}

// probcutConfidence is how many standard deviations a shallow search must
// clear a bound by to cut.
const probcutConfidence = 1.5

// Fitted coefficients (see probcutSigma).
const (
	pcA = 200.0
	pcB = 20.0
	pcC = -40.0
	pcE = 5.0
)
