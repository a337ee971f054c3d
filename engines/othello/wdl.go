// This file holds othello's win/draw/loss estimates.

package othello

import (
	"qi/engines"
	"qi/engines/wdl"
)

// Stage implements wdl.Game: the discs placed since the start, counted as
// on 8x8, where a game places 60: boards of every size share a scale.
func (g *Game) Stage(pos engines.Position) int {
	p, ok := pos.(*Position)
	if !ok {
		return 0
	}
	moves := g.n*g.n - 4
	return max(moves-p.Empties(), 0) * 60 / moves
}

// EstimateWDL implements engines.WDLModel by the model fitted to games on
// the board, or on the nearest board that has one: 8x8 for the smaller
// boards, 10x10 for the larger.
func (g *Game) EstimateWDL(pos engines.Position, s engines.Score) (engines.WDL, bool) {
	near := "othello 8x8"
	if g.n > 8 {
		near = "othello 10x10"
	}
	m, ok := wdl.Lookup(wdl.Key(g), near)
	if !ok {
		return engines.WDL{}, false
	}
	return m.WDL(s, g.Stage(pos)), true
}
