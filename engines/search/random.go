// This file holds the random mover: the floor of every game's strength
// scale, that matches measure qi's levels against.

package search

import (
	"context"
	"math/rand/v2"
	"time"

	"qi/engines"
)

// Random plays a legal move drawn uniformly from those the limits allow,
// searching nothing.
type Random struct {
	Rand *rand.Rand
}

// Clear implements engines.Searcher.
func (r *Random) Clear() {}

// Search implements engines.Searcher.
func (r *Random) Search(_ context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	ms := lim.RootMoves(pos)
	if len(ms) == 0 {
		return engines.Info{}
	}
	info := engines.Info{Depth: 1, Nodes: 1, PV: []engines.Move{ms[r.Rand.IntN(len(ms))]}, Time: time.Since(start)}
	if report != nil {
		report(info)
	}
	return info
}
