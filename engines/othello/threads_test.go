// Tests of the search on several threads: exact scores equal to one
// thread's, the workers' sharing of tables and split points (the
// TestThreads tests are short enough for -race), stopping, and node
// limits staying on one thread.

package othello

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// threadedSearcher returns a full-strength 8x8 searcher on workers
// threads, as many as asked whatever the cores, so that more threads than
// cores are tested too.
func threadedSearcher(t testing.TB, workers, hashMB int) *Searcher {
	t.Helper()
	g, err := New(8)
	require.NoError(t, err)
	s := g.NewSearcher(engines.Config{HashMB: hashMB, Threads: workers}).(*Searcher)
	s.s8 = newSearcher8(s.hash, s.evalWeights())
	s.s8.setWorkers(workers)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// solveAll solves each case with s, checking its score and move.
func solveAll(t *testing.T, s *Searcher, cases []ffoCase, first int) {
	t.Helper()
	for i, c := range cases {
		s.Clear()
		info := solve(t, s, c.pos)
		require.Equal(t, 100*c.score, int(info.Score), "FFO #%d", first+i)
		checkSolved(t, s, c, info)
		_, err := playLine(c.pos, info.PV)
		require.NoError(t, err, "FFO #%d: the line is legal", first+i)
	}
}

// TestParallelFFO solves FFO positions on 2, 4 and 8 threads (more than
// the cores of most machines that test): every score is one thread's.
// `qi solve -threads N` checks the whole files (docs/games.md).
func TestParallelFFO(t *testing.T) {
	easy := readFFO(t, "testdata/ffo-1-39.obf")
	hard := readFFO(t, "testdata/ffo-40-59.obf")
	threads := []int{2, 4, 8}
	if testing.Short() {
		easy, hard, threads = easy[:8], nil, []int{2, 4}
	} else {
		easy, hard = easy[:25], hard[:1]
	}
	for _, w := range threads {
		t.Run(fmt.Sprintf("%d threads", w), func(t *testing.T) {
			s := threadedSearcher(t, w, 64)
			solveAll(t, s, easy, 1)
			solveAll(t, s, hard, 40)
		})
	}
}

// TestThreadsSolve solves a few FFO positions on 2, 4 and 8 threads with
// split points down to few empties, many of them: under -race, it checks
// that the solver's workers share only what they may.
func TestThreadsSolve(t *testing.T) {
	cases := readFFO(t, "testdata/ffo-1-39.obf")[:3]
	for _, w := range []int{2, 4, 8} {
		s := threadedSearcher(t, w, 8)
		s.s8.pool.splitEnd, s.s8.pool.splitMid = 8, 2
		solveAll(t, s, cases, 1)
	}
}

// TestThreadsMidgame searches midgame positions to a fixed depth on 4
// threads: under -race, it checks the midgame's workers. The scores may
// differ from one thread's (the shared table changes what is cut), the
// move is legal and the line too.
func TestThreadsMidgame(t *testing.T) {
	s := threadedSearcher(t, 4, 8)
	s.s8.pool.splitMid = 2
	for _, text := range benchMidgame {
		p := parse(t, text)
		s.Clear()
		var depths []int
		info := s.Search(context.Background(), p, engines.Limits{Depth: 7}, func(i engines.Info) { depths = append(depths, i.Depth) })
		assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7}, depths)
		assert.False(t, info.Exact)
		require.NotEmpty(t, info.PV)
		_, err := playLine(p, info.PV)
		require.NoError(t, err, "%s: the line is legal", text)
	}
}

// TestThreadsStop stops searches on several threads as they report: each
// returns a legal move, and the searcher searches correctly after.
func TestThreadsStop(t *testing.T) {
	cases := readFFO(t, "testdata/ffo-1-39.obf")
	s := threadedSearcher(t, 4, 8)
	s.s8.pool.splitEnd, s.s8.pool.splitMid = 8, 2
	for _, c := range cases[:4] {
		// Stopped after the first iteration, in the middle of the next.
		ctx, cancel := context.WithCancel(context.Background())
		info := s.Search(ctx, c.pos, engines.Limits{Depth: 64}, func(engines.Info) { cancel() })
		cancel()
		require.NotEmpty(t, info.PV)
		_, err := engines.Legal(c.pos, c.pos.MoveText(info.Best()))
		require.NoError(t, err)
	}
	// A search stopped before it starts, then a whole one.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info := s.Search(ctx, cases[0].pos, engines.Limits{Depth: 64}, nil)
	require.NotEmpty(t, info.PV)
	solveAll(t, s, cases[:2], 1)
}

// TestThreadsNodeLimit checks that a search to a node limit repeats
// exactly whatever the threads: it runs on one.
func TestThreadsNodeLimit(t *testing.T) {
	p := parse(t, benchMidgame[1])
	lim := engines.Limits{Nodes: 20000}
	one := threadedSearcher(t, 1, 8).Search(context.Background(), p, lim, nil)
	four := threadedSearcher(t, 4, 8).Search(context.Background(), p, lim, nil)
	assert.Equal(t, one.Nodes, four.Nodes)
	assert.Equal(t, one.Score, four.Score)
	assert.Equal(t, one.PV, four.PV)
}

// TestThreadsSplitChain: a cut stops the searches below the split point,
// not those above it; an owner helps only below its own.
func TestThreadsSplitChain(t *testing.T) {
	var top, mid, low, other split8
	mid.parent, low.parent, other.parent = &top, &mid, &top
	mid.cut.Store(true)
	assert.True(t, low.aborted(), "below the cut")
	assert.True(t, mid.aborted(), "the cut split point itself")
	assert.False(t, top.aborted(), "above the cut")
	assert.False(t, other.aborted(), "a sibling's split point")
	assert.True(t, low.under(&top))
	assert.True(t, low.under(&mid))
	assert.False(t, mid.under(&mid), "not under itself")
	assert.False(t, other.under(&mid))
}

func TestThreadCount(t *testing.T) {
	for _, c := range []struct{ threads, cores, helpers int }{
		{0, 8, 0}, {1, 8, 0}, {2, 8, 1}, {8, 2, 1}, {4, 0, 0}, {1000, 1000, engines.MaxThreads - 1},
	} {
		assert.Equal(t, c.helpers, helperCount(c.threads, c.cores), "%d threads on %d cores", c.threads, c.cores)
	}
}
