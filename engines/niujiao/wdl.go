// This file holds niu jiao qi's win/draw/loss estimates.

package niujiao

import "qi/engines"

// EstimateWDL implements engines.WDLModel by the exact mapping of full
// strength, which solves every position: its forced results are certain in
// engines.WDLOf, and its one other score, 0, is a draw. The weaker levels
// score a draw by repetition 0 too, and a position on their horizon 0 only
// when Red is shut in at the tip, so 0 is a draw at every level. Their
// other scores, Red's progress down the horn, do not tell who wins (in a
// round robin of levels 1 to 9 the side that scored itself ahead lost more
// often than it won): they have no estimate.
func (Game) EstimateWDL(_ engines.Position, s engines.Score) (engines.WDL, bool) {
	if s == 0 {
		return engines.WDL{Draw: 1000}, true
	}
	return engines.WDL{}, false
}
