// Tests of the time manager, the transposition table, the stop flag and the
// iterative deepening driver.

package search

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestBudget(t *testing.T) {
	ms := time.Millisecond
	clock := func(p1, p2, inc time.Duration) engines.Limits {
		return engines.Limits{HasClock: true, Time: [2]time.Duration{p1, p2}, Inc: [2]time.Duration{inc, inc}}
	}
	tests := []struct {
		name       string
		lim        engines.Limits
		side       engines.Side
		movesLeft  int
		soft, hard time.Duration
	}{
		{"no limit", engines.Limits{}, engines.P1, 0, 0, 0},
		{"infinite", engines.Limits{Infinite: true, HasClock: true, Time: [2]time.Duration{time.Second, time.Second}}, engines.P1, 0, 0, 0},
		{"movetime", engines.Limits{MoveTime: 1000 * ms}, engines.P1, 0, 1000*ms - Overhead, 1000*ms - Overhead},
		{"tiny movetime", engines.Limits{MoveTime: 20 * ms}, engines.P1, 0, 2 * ms, 2 * ms},
		{"clock", clock(30000*ms+Overhead, 1, 0), engines.P1, 0, 1000 * ms, 4000 * ms},
		{"other side's clock", clock(1, 30000*ms+Overhead, 0), engines.P2, 10, 3000 * ms, 10000 * ms},
		{"increment", clock(3000*ms+Overhead, 3000*ms+Overhead, 1000*ms), engines.P1, 30, 100*ms + 750*ms, 1000*ms + 750*ms},
		{"moves to go", engines.Limits{HasClock: true, Time: [2]time.Duration{10000*ms + Overhead}, MovesToGo: 2}, engines.P1, 0, 3333333333, 3333333333},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			soft, hard := Budget(tt.lim, tt.side, tt.movesLeft, Overhead)
			assert.Equal(t, tt.soft, soft, "soft")
			assert.Equal(t, tt.hard, hard, "hard")
		})
	}
	// Whatever the clock says, the budget stays within it.
	for _, left := range []time.Duration{0, ms, 10 * ms, 100 * ms, time.Second, time.Hour} {
		for _, inc := range []time.Duration{0, 10 * ms, time.Second} {
			soft, hard := Budget(clock(left, left, inc), engines.P1, 0, Overhead)
			assert.Positive(t, hard)
			assert.LessOrEqual(t, soft, hard)
			if left > 0 {
				assert.LessOrEqual(t, hard, left, "left %v inc %v", left, inc)
			}
		}
	}
}

func TestTT(t *testing.T) {
	tt := NewTT(1)
	assert.Len(t, tt.slots, 1<<16, "1 MiB of 16-byte slots")
	_, ok := tt.Probe(12345)
	assert.False(t, ok)
	e := Entry{Move: 481, Score: -engines.Mate + 7, Depth: 12, Bound: Lower}
	tt.Store(12345, e)
	got, ok := tt.Probe(12345)
	require.True(t, ok)
	assert.Equal(t, e, got)
	tt.Store(12345, Entry{Move: engines.NoMove, Score: 5, Depth: 1, Bound: Upper})
	got, _ = tt.Probe(12345)
	assert.Equal(t, Entry{Move: engines.NoMove, Score: 5, Depth: 1, Bound: Upper}, got)
	// A shallow entry of another key in the same bucket does not push out a
	// deep one: it goes to the second slot.
	tt.Store(1, Entry{Move: 3, Score: 9, Depth: 20, Bound: Exact})
	tt.Store(1+uint64(len(tt.slots)), Entry{Move: 4, Score: 8, Depth: 2, Bound: Exact})
	a, okA := tt.Probe(1)
	b, okB := tt.Probe(1 + uint64(len(tt.slots)))
	require.True(t, okA)
	require.True(t, okB)
	assert.Equal(t, engines.Move(3), a.Move)
	assert.Equal(t, engines.Move(4), b.Move)
	tt.Clear()
	_, ok = tt.Probe(1)
	assert.False(t, ok)
}

func TestMateScoresInTT(t *testing.T) {
	for _, s := range []engines.Score{0, 500, -500, engines.MateIn(9), engines.MatedIn(4)} {
		for _, ply := range []int{0, 3, 20} {
			assert.Equal(t, s, FromTT(ToTT(s, ply), ply))
		}
	}
	// A mate in 5 from a node 3 plies deep is a mate in 2 from that node.
	assert.Equal(t, engines.MateIn(2), ToTT(engines.MateIn(5), 3))
}

func TestStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := WatchContext(ctx)
	assert.False(t, s.Stopped())
	cancel()
	require.Eventually(t, s.Stopped, 10*time.Second, time.Millisecond)
	s.Release()
	s2 := WatchContext(ctx)
	assert.True(t, s2.Stopped(), "a done context stops at once")
	s3 := WatchContext(context.Background())
	s3.Set()
	assert.True(t, s3.Stopped())
	s3.Release()
}

// lateTimer is a context whose deadline has passed while its Done channel
// has not closed yet: Go's timer for it has not fired, as happens while a
// search computes on the processor that holds the timer.
type lateTimer struct {
	context.Context
	deadline time.Time
}

func (c lateTimer) Deadline() (time.Time, bool) { return c.deadline, true }

func TestStopReadsTheDeadline(t *testing.T) {
	past := lateTimer{context.Background(), time.Now().Add(-time.Millisecond)}
	s := WatchContext(past)
	defer s.Release()
	assert.False(t, s.Stopped(), "the flag alone waits for the timer")
	assert.True(t, s.Poll(), "a passed deadline stops the search at its next poll, fired or not")
	assert.True(t, s.Stopped(), "and the flag stays set")

	future := lateTimer{context.Background(), time.Now().Add(time.Hour)}
	s2 := WatchContext(future)
	defer s2.Release()
	assert.False(t, s2.Poll(), "a deadline to come does not")
}

func TestDeepen(t *testing.T) {
	stop := WatchContext(context.Background())
	var depths []int
	iter := func(d int) (engines.Info, bool) {
		depths = append(depths, d)
		return engines.Info{Depth: d, Nodes: int64(10 * d), PV: []engines.Move{engines.Move(d)}, Exact: d == 4}, true
	}
	var reports []int
	info := Deepen(time.Now(), engines.Limits{}, 10, stop, iter, func(i engines.Info) { reports = append(reports, i.Depth) })
	assert.Equal(t, []int{1, 2, 3, 4}, depths, "an exact result ends the deepening")
	assert.Equal(t, []int{1, 2, 3, 4}, reports)
	assert.Equal(t, 4, info.Depth)

	depths = nil
	Deepen(time.Now(), engines.Limits{Depth: 2}, 10, stop, iter, nil)
	assert.Equal(t, []int{1, 2}, depths, "the depth limit")

	// An unfinished iteration does not replace a finished one, but counts
	// its nodes.
	partial := func(d int) (engines.Info, bool) {
		return engines.Info{Depth: d, Nodes: int64(100 * d), PV: []engines.Move{engines.Move(d)}}, d < 3
	}
	info = Deepen(time.Now(), engines.Limits{}, 10, stop, partial, nil)
	assert.Equal(t, 2, info.Depth)
	assert.Equal(t, engines.Move(2), info.Best())
	assert.Equal(t, int64(300), info.Nodes)

	// With nothing finished, the unfinished iteration's move is better than none.
	none := func(d int) (engines.Info, bool) { return engines.Info{Depth: d, PV: []engines.Move{7}}, false }
	info = Deepen(time.Now(), engines.Limits{}, 10, stop, none, nil)
	assert.Equal(t, engines.Move(7), info.Best())
}

func TestMargin(t *testing.T) {
	var m Margin
	assert.Equal(t, Overhead, m.Overhead(), "a quiet machine keeps the least margin")
	now := time.Now()
	m.observeAt(-5*time.Millisecond, now)
	assert.Equal(t, Overhead, m.Overhead(), "answers in time change nothing")
	m.observeAt(80*time.Millisecond, now)
	assert.InDelta(t, float64(Overhead+80*time.Millisecond), float64(m.Overhead()), float64(time.Millisecond),
		"lateness raises the margin by as much")
	m.observeAt(10*time.Millisecond, now)
	assert.InDelta(t, float64(Overhead+80*time.Millisecond), float64(m.Overhead()), float64(time.Millisecond),
		"the worst recent lateness counts")
	assert.InDelta(t, float64(40*time.Millisecond), float64(m.decayed(now.Add(lateHalfLife))), float64(time.Millisecond),
		"and is forgotten by half every half-life")
	assert.Zero(t, m.decayed(now.Add(40*lateHalfLife)), "until the margin is back to the least")
	m.observeAt(time.Hour, now)
	assert.Equal(t, maxLate, m.decayed(now), "a stopped process does not make the margin absurd")
	// The margin comes off the clock.
	_, hard := Budget(engines.Limits{MoveTime: time.Second}, engines.P1, 0, 200*time.Millisecond)
	assert.Equal(t, 800*time.Millisecond, hard)
}

func TestMarginWatchEnds(t *testing.T) {
	var m Margin
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		m.Watch(ctx)
		close(done)
	}()
	cancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the probe goes on after its context ended")
	}
	assert.LessOrEqual(t, m.Overhead(), Overhead+maxLate, "whatever it saw, the margin stays bounded")
}

func TestTTClearAndGenerations(t *testing.T) {
	tt := NewTT(1)
	e := Entry{Move: 7, Score: 3, Depth: 9, Bound: Exact}
	tt.Store(42, e)
	tt.Clear()
	_, ok := tt.Probe(42)
	assert.False(t, ok, "a cleared entry is not found")
	tt.Store(42+2, Entry{Move: 1, Score: 1, Depth: 1, Bound: Upper})
	got, ok := tt.Probe(42 + 2)
	require.True(t, ok, "a shallow entry replaces a deep one of an older generation")
	assert.Equal(t, 1, got.Depth)
	for range generations - 1 {
		tt.Clear()
	}
	got, ok = tt.Probe(42)
	require.True(t, ok, "64 clears later the generation comes round again")
	assert.Equal(t, e, got)
}

// TestTTConcurrentWriters has goroutines store and probe the same few
// buckets at once, each key with entries only it can make (the score is a
// function of the key): a probe never finds another key's entry, however
// the writes interleave. Run it under -race too.
func TestTTConcurrentWriters(t *testing.T) {
	tt := NewTT(1)
	const keys = 64
	keyOf := func(i int) uint64 { return uint64(i)<<20 | 6 } // a handful of buckets
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for n := range 20000 {
				i := (n*7 + w) % keys
				k := keyOf(i)
				tt.Store(k, Entry{Move: engines.Move(i), Score: engines.Score(i * 3), Depth: n % 30, Bound: Exact})
				if e, ok := tt.Probe(keyOf((n + w) % keys)); ok {
					j := (n + w) % keys
					if e.Move != engines.Move(j) || e.Score != engines.Score(j*3) {
						t.Errorf("key %d found entry of move %d score %d", j, e.Move, e.Score)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestBigTableMemory checks that a big table costs no memory until used,
// that clearing it touches nothing, and that closing it gives its memory back
// at once: so that a client setting a big Hash never waits for the process
// to zero it, nor finds two tables resident after a game switch.
func TestBigTableMemory(t *testing.T) {
	const mb = 128
	before := enginetest.ResidentMemory(t)
	tt := NewTT(mb)
	tt.Clear()
	assert.Less(t, enginetest.ResidentMemory(t)-before, int64(64<<20), "a new table and its clearing touch no page")
	for i := range tt.slots {
		tt.slots[i].check.Store(uint64(i))
	}
	assert.Greater(t, enginetest.ResidentMemory(t)-before, int64(mb/2)<<20, "a table used is resident")
	tt.Close()
	assert.Less(t, enginetest.ResidentMemory(t)-before, int64(64<<20), "a closed table is given back at once")
}
