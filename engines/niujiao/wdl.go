// This file holds niu jiao qi's win/draw/loss estimates.

package niujiao

import (
	"qi/engines"
	"qi/engines/wdl"
)

// Stage implements wdl.Game: always 0, one a and one b for the whole game
// (its three stones only move; how far Red has come is in the score).
func (Game) Stage(engines.Position) int { return 0 }

// EstimateWDL implements engines.WDLModel. Full strength solves every
// position: its forced results are certain in engines.WDLOf, and its other
// score, 0, is a draw. The weaker levels score a draw by repetition 0 too,
// and a position on their horizon 0 only when Red is shut in at the tip, so
// 0 is a draw at every level; their other scores get the model fitted to
// their games.
func (g Game) EstimateWDL(pos engines.Position, s engines.Score) (engines.WDL, bool) {
	if s == 0 {
		return engines.WDL{Draw: 1000}, true
	}
	m, ok := wdl.Lookup(wdl.Key(g))
	if !ok {
		return engines.WDL{}, false
	}
	return m.WDL(s, g.Stage(pos)), true
}
