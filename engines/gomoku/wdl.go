// This file holds gomoku's win/draw/loss estimates.

package gomoku

import (
	"fmt"

	"qi/engines"
	"qi/engines/wdl"
)

// Stage implements wdl.Game: the stones on the board.
func (g *Game) Stage(pos engines.Position) int {
	if p, ok := pos.(*Position); ok {
		return p.Stones()
	}
	return 0
}

// EstimateWDL implements engines.WDLModel by the model fitted to the rule's
// games on the board, or on 15x15 for a board without games of its own.
func (g *Game) EstimateWDL(pos engines.Position, s engines.Score) (engines.WDL, bool) {
	m, ok := wdl.Lookup(wdl.Key(g), fmt.Sprintf("gomoku %dx%d %s", DefaultSize, DefaultSize, g.rule))
	if !ok {
		return engines.WDL{}, false
	}
	return m.WDL(s, g.Stage(pos)), true
}
