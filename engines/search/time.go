// This file holds the time manager and the stop flag that searches poll.

package search

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"qi/engines"
)

// Overhead is kept back from every clock for the pipe, the scheduler and the
// client's own bookkeeping, so that a move never arrives after its deadline:
// the least margin, which Margin raises on a loaded machine. On a quiet
// machine an answer is out within a few milliseconds of its deadline, and
// every millisecond more is taken from short turns (Gomocup's 100 ms).
const Overhead = 20 * time.Millisecond

// maxLate bounds what Margin adds to Overhead: a process later than that is
// not loaded but stopped, and no margin would save it.
const maxLate = time.Second

// lateHalfLife is how fast Margin forgets: a lateness seen counts half as
// much this long after.
const lateHalfLife = 4 * time.Second

// probeEvery is how often Margin.Watch wakes to see how late it wakes.
const probeEvery = 10 * time.Millisecond

// Margin is the part of every clock a process keeps back: Overhead, plus how
// late the process has lately been. On a loaded machine the scheduler keeps
// a process off the CPU for tens of milliseconds at a time, also at the
// moment its search should stop; a fixed margin is then either wasteful when
// the machine is quiet or too small when it is busy. The lateness comes from
// answers written past their deadline (Observe) and from a probe that wakes
// every few milliseconds and sees how late it wakes (Watch), so that the
// margin has grown before the first move of a loaded session, not after its
// first loss on time. A lateness is forgotten by half every lateHalfLife.
// The zero value is Overhead alone; it is safe for concurrent use.
type Margin struct {
	mu   sync.Mutex
	late time.Duration // the worst lateness, as of at
	at   time.Time
}

// Overhead returns the margin to keep back now.
func (m *Margin) Overhead() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return Overhead + m.decayed(time.Now())
}

// decayed is the lateness, forgotten as of now.
func (m *Margin) decayed(now time.Time) time.Duration {
	if m.late <= 0 {
		return 0
	}
	halves := float64(now.Sub(m.at)) / float64(lateHalfLife)
	return time.Duration(float64(m.late) * math.Exp2(-max(halves, 0)))
}

// Observe records how late the process was: how far past its hard limit an
// answer was written, or a probe woke (zero or less: in time).
func (m *Margin) Observe(late time.Duration) {
	m.observeAt(late, time.Now())
}

func (m *Margin) observeAt(late time.Duration, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if late > m.decayed(now) {
		m.late, m.at = min(late, maxLate), now
	}
}

// Watch probes the machine's load until ctx ends: it sleeps probeEvery at a
// time and observes how much later than that it wakes. The sleep is the
// system's (sleepFor) where it can be: a Go timer wakes late while a search
// computes on the processor that holds it, by as much as 20 ms on an idle
// machine, and that is no lateness of the answers (they are handed over by
// channels, which wake an idle processor at once).
func (m *Margin) Watch(ctx context.Context) {
	for ctx.Err() == nil {
		start := time.Now()
		sleepFor(ctx, probeEvery)
		if ctx.Err() != nil {
			return
		}
		m.Observe(time.Since(start) - probeEvery)
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
// decides to stop itself (a node limit), and by Poll once the context's
// deadline has passed. The context's timer alone is not enough: Go runs a
// timer on the processor that set it, and while the search computes there
// the timer can fire tens of milliseconds late.
type Stop struct {
	flag     atomic.Bool
	deadline time.Time
	release  func() bool
}

// WatchContext returns a Stop that is set when ctx is done, or found past
// its deadline by Poll. Call Release when the search ends.
func WatchContext(ctx context.Context) *Stop {
	s := &Stop{}
	s.deadline, _ = ctx.Deadline()
	s.release = context.AfterFunc(ctx, func() { s.flag.Store(true) })
	if ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s
}

// Stopped reports whether the search must stop: an atomic load, for every
// node.
func (s *Stop) Stopped() bool { return s.flag.Load() }

// Poll is Stopped that also reads the clock against the deadline, setting
// the flag once it has passed: for a search's periodic check (every few
// hundred nodes), where reading the clock costs nothing that counts.
func (s *Stop) Poll() bool {
	if s.flag.Load() {
		return true
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		s.flag.Store(true)
		return true
	}
	return false
}

// Set stops the search.
func (s *Stop) Set() { s.flag.Store(true) }

// Release stops watching the context.
func (s *Stop) Release() {
	if s.release != nil {
		s.release()
	}
}
