// This file holds tic-tac-toe's win/draw/loss estimates.

package tictactoe

import (
	"math/bits"

	"qi/engines"
	"qi/engines/wdl"
)

// Stage implements wdl.Game: the marks on the board.
func (Game) Stage(pos engines.Position) int {
	if p, ok := pos.(*Position); ok {
		return bits.OnesCount16(p.marks[0] | p.marks[1])
	}
	return 0
}

// EstimateWDL implements engines.WDLModel. Full strength searches the whole
// game, so that every score it reports is exact and engines.WDLOf makes it
// certain; the weaker levels' open-line scores get the model fitted to
// their games.
func (g Game) EstimateWDL(pos engines.Position, s engines.Score) (engines.WDL, bool) {
	m, ok := wdl.Lookup(wdl.Key(g))
	if !ok {
		return engines.WDL{}, false
	}
	return m.WDL(s, g.Stage(pos)), true
}
