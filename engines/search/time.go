// This file holds the time manager and the stop flag that searches poll.

package search

import (
	"context"
	"sync/atomic"
	"time"

	"qi/engines"
)

// Overhead is kept back from every clock for the pipe, the scheduler and the
// client's own bookkeeping, so that a move never arrives after its deadline:
// the least margin, which Margin raises on a loaded machine.
const Overhead = 30 * time.Millisecond

// maxLate bounds what Margin adds to Overhead: a process later than that is
// not loaded but stopped, and no margin would save it.
const maxLate = time.Second

// Margin is the part of every clock a process keeps back: Overhead, plus how
// late its answers have lately come at their deadlines. On a loaded machine the
// scheduler can keep a process off the CPU for tens of milliseconds at the
// moment its search should stop; a fixed margin is then either wasteful when
// the machine is quiet or too small when it is busy. The zero value is
// Overhead alone. Not safe for concurrent use.
type Margin struct {
	late time.Duration
}

// Overhead returns the margin to keep back now.
func (m *Margin) Overhead() time.Duration { return Overhead + m.late }

// Observe records how far past its hard limit an answer was written (zero
// or less: in time). The margin follows the worst recent lateness and forgets
// it an eighth at every answer.
func (m *Margin) Observe(late time.Duration) {
	m.late -= m.late / 8
	if late > m.late {
		m.late = min(late, maxLate)
	}
}

// DefaultMovesLeft is the number of moves a clock is shared over when neither
// the client nor the game says better.
const DefaultMovesLeft = 30

// Budget returns the soft and the hard time limit of a search for side under lim
// (zero meaning none), given the game's estimate of the moves it still has to
// make (0 for "don't know"). The hard limit is the context deadline the search
// must not pass; the soft one is when it should stop starting new work.
// overhead is kept back from every time (Margin.Overhead; at least Overhead).
func Budget(lim engines.Limits, side engines.Side, movesLeft int, overhead time.Duration) (soft, hard time.Duration) {
	if lim.MoveTime > 0 {
		hard = Keep(lim.MoveTime, overhead)
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
	avail := Keep(left, overhead)
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

// Keep takes the overhead off d, leaving at least a tenth of it (and a
// millisecond): a clock shorter than the margin still gets a move, as quick
// as it can be.
func Keep(d, overhead time.Duration) time.Duration {
	overhead = max(overhead, Overhead)
	if d <= 0 {
		return time.Millisecond
	}
	if d-overhead < d/10 {
		return max(d/10, time.Millisecond)
	}
	return d - overhead
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
