// This file holds the iterative deepening driver that the searches share.

package search

import (
	"time"

	"qi/engines"
)

// Iteration searches the root to one depth. It returns the iteration's report
// and whether it finished. An unfinished iteration's PV is only used when no
// iteration finished: a move, even a poorly searched one, beats none.
type Iteration func(depth int) (info engines.Info, finished bool)

// Deepen runs iter at depths 1, 2, ... up to maxDepth (and lim.Depth when set),
// reporting each finished iteration, until the stop flag is set, an exact result
// is found, or the soft time limit says the next iteration would not finish.
// It returns the last report with the time since start; when no iteration
// finished, a report of depth 0 with the unfinished one's first move.
func Deepen(start time.Time, lim engines.Limits, maxDepth int, stop *Stop, iter Iteration, report func(engines.Info)) engines.Info {
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	var best engines.Info
	var nodes int64
	for depth := 1; depth <= maxDepth; depth++ {
		info, finished := iter(depth)
		info.Time = time.Since(start)
		nodes = max(nodes, info.Nodes)
		if !finished {
			if len(best.PV) == 0 && len(info.PV) > 0 {
				// Its move only: the score and depth of a search cut
				// short mean nothing (a root that had no move scored yet
				// would report minus infinity).
				best = engines.Info{PV: info.PV[:1]}
			}
			break
		}
		best = info
		if report != nil {
			report(best)
		}
		if best.Exact || stop.Poll() || len(best.PV) == 0 {
			break
		}
		// An iteration costs several times the ones before it: with less
		// than half the soft budget left, the next one would not finish.
		if lim.Soft > 0 && !lim.Infinite && info.Time > lim.Soft/2 {
			break
		}
	}
	best.Time = time.Since(start)
	best.Nodes = nodes
	return best
}
