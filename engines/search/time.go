// This file holds the time manager and the stop flag that searches poll.

package search

import (
	"context"
	"sync/atomic"
	"time"

	"qi/engines"
)

// Overhead is kept back from every clock for the pipe, the scheduler and the
// client's own bookkeeping, so that a move never arrives after its deadline.
const Overhead = 30 * time.Millisecond

// DefaultMovesLeft is the number of moves a clock is shared over when neither
// the client nor the game says better.
const DefaultMovesLeft = 30

// Budget returns the soft and the hard time limit of a search for side under lim
// (zero meaning none), given the game's estimate of the moves it still has to
// make (0 for "don't know"). The hard limit is the context deadline the search
// must not pass; the soft one is when it should stop starting new work.
func Budget(lim engines.Limits, side engines.Side, movesLeft int) (soft, hard time.Duration) {
	if lim.MoveTime > 0 {
		hard = keep(lim.MoveTime)
		return hard, hard
	}
	if !lim.HasClock || lim.Infinite {
		return 0, 0
	}
	left, inc := lim.Time[side], lim.Inc[side]
	mtg := lim.MovesToGo
	if mtg <= 0 {
		mtg = movesLeft
		if mtg <= 0 {
			mtg = DefaultMovesLeft
		}
	}
	avail := keep(left)
	soft = avail/time.Duration(mtg) + inc*3/4
	hard = soft * 4
	// Never bet more than a third of what is left on one move, unless the
	// increment pays for it.
	if limit := avail/3 + inc*3/4; hard > limit {
		hard = limit
	}
	if hard > avail {
		hard = avail
	}
	if soft > hard {
		soft = hard
	}
	if hard <= 0 {
		hard = time.Millisecond
		soft = hard
	}
	return soft, hard
}

// keep takes the safety overhead off d, leaving at least a tenth of it.
func keep(d time.Duration) time.Duration {
	if d <= 0 {
		return time.Millisecond
	}
	if d-Overhead < d/10 {
		return max(d/10, time.Millisecond)
	}
	return d - Overhead
}

// Stop is the flag a search polls: set when its context is done or when it
// decides to stop itself (a node limit). Reading it costs an atomic load.
type Stop struct {
	flag    atomic.Bool
	release func() bool
}

// WatchContext returns a Stop that is set when ctx is done. Call Release when
// the search ends.
func WatchContext(ctx context.Context) *Stop {
	s := &Stop{}
	s.release = context.AfterFunc(ctx, func() { s.flag.Store(true) })
	if ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s
}

// Stopped reports whether the search must stop.
func (s *Stop) Stopped() bool { return s.flag.Load() }

// Set stops the search.
func (s *Stop) Set() { s.flag.Store(true) }

// Release stops watching the context.
func (s *Stop) Release() {
	if s.release != nil {
		s.release()
	}
}
