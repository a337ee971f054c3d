// Tests of the 8x8 transposition table: entries survive packing, and
// concurrent stores and probes never yield a mixed entry.

package othello

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTTEntryPacks(t *testing.T) {
	for _, e := range []ttEntry{
		{},
		{lower: -32767, upper: 32767, depth: 60, sel: 1, move: 64, date: 255},
		{lower: -6400, upper: -2, depth: 1, move: 1, date: 7},
	} {
		assert.Equal(t, e, unpack(e.pack()))
	}
}

// TestTTConcurrentStores has goroutines store and probe positions that
// share a small table's buckets. Each position is always stored with the
// same exact score, depth and move, all derived from it, so that an entry
// probed whole is that one; a mixed entry (one writer's key, another's
// data) would show another position's fields. Run with -race.
func TestTTConcurrentStores(t *testing.T) {
	tt := newTT8(0) // 256 buckets: many positions a bucket
	defer tt.close()
	type pos struct{ p, o uint64 }
	rng := rand.New(rand.NewPCG(5, 6))
	boards := make([]pos, 4096)
	for i := range boards {
		p := rng.Uint64()
		boards[i] = pos{p, rng.Uint64() &^ p}
	}
	fields := func(i int) (score, depth, move int) {
		return i%129 - 64, 9 + i%40, i % 60
	}
	const workers, rounds = 4, 20000
	var wg sync.WaitGroup
	errs := make([]int, workers)
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for range rounds {
				i := r.IntN(len(boards))
				b := boards[i]
				score, depth, move := fields(i)
				if r.IntN(2) == 0 {
					tt.store(b.p, b.o, depth, 0, score-1, score+1, score, move)
					continue
				}
				if e, ok := tt.probe(b.p, b.o); ok {
					if int(e.lower) != score || int(e.upper) != score || int(e.depth) != depth || int(e.move) != move+1 {
						errs[w]++
					}
				}
			}
		})
	}
	wg.Wait()
	for w := range workers {
		require.Zero(t, errs[w], "worker %d probed mixed entries", w)
	}
}
