// Tests of the search's helper threads: with Threads > 1 the search still
// finds the tactics, leaves the position alone and answers a legal move
// (run under -race in CI: the helpers share the transposition table).

package gomoku

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

func TestThreadsSearch(t *testing.T) {
	// Helpers are at most one a core less one: four make room for the
	// three threads asked for whatever the machine.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, tt := range tactics {
		t.Run(tt.name, func(t *testing.T) {
			p := setup(t, mustGame(t, 15, 15, tt.rule), tt.black, tt.white, tt.side)
			s := p.game.NewSearcher(engines.Config{Threads: 3})
			info := s.Search(context.Background(), p, engines.Limits{Depth: 6}, nil)
			require.NotEmpty(t, info.PV)
			if tt.want != nil {
				require.Contains(t, tt.want, p.MoveText(info.Best()))
			}
			switch {
			case tt.mate > 0:
				require.True(t, info.Score.IsMate() && info.Score > 0, "score %s", info.Score.UCI())
			case tt.mate < 0:
				require.True(t, info.Score.IsMate() && info.Score < 0, "score %s", info.Score.UCI())
			}
		})
	}
	// Middle games of random moves, under each rule, searched by one
	// searcher with helpers (kept between searches) to a few depths.
	rng := rand.New(rand.NewPCG(11, 3))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		g := mustGame(t, 15, 15, rule)
		s := g.NewSearcher(engines.Config{Threads: 2})
		for range 4 {
			p := g.NewPosition()
			play(t, p, "h8")
			for p.Plies() < 8+rng.IntN(12) && p.Result() == engines.None {
				ms := p.LegalMoves(nil)
				p.Play(ms[rng.IntN(len(ms))])
			}
			if p.Result() != engines.None {
				continue
			}
			before := p.Text()
			info := s.Search(context.Background(), p, engines.Limits{Depth: 5}, nil)
			require.Equal(t, before, p.Text(), "the search leaves the position alone")
			require.NotEmpty(t, info.PV)
			require.NoError(t, p.Legal(info.Best()), "%v: %s", rule, p.MoveText(info.Best()))
		}
	}
}

// TestThreadsNodeLimit checks that a node-limited search runs on one thread
// and counts its own nodes only, after searches that had helpers. Each
// node-limited search starts from cleared tables: the threaded search
// before leaves the table as its threads' timing made it, and a search
// that starts from another table may search another tree, helpers or not.
func TestThreadsNodeLimit(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := g.NewPosition()
	play(t, p, "h8 i9 g9 i7 i8 g7")
	s := g.NewSearcher(engines.Config{Threads: 2})
	s.Search(context.Background(), p, engines.Limits{Depth: 6}, nil)
	var reported int64
	s.Clear()
	info := s.Search(context.Background(), p, engines.Limits{Nodes: 3000}, func(i engines.Info) { reported = max(reported, i.Nodes) })
	require.Less(t, info.Nodes, int64(3000+2000))
	require.LessOrEqual(t, reported, info.Nodes, "progress counts no helper of an earlier search")
	s.Search(context.Background(), p, engines.Limits{Depth: 6}, nil)
	s.Clear()
	again := s.Search(context.Background(), p, engines.Limits{Nodes: 3000}, nil)
	require.Equal(t, info.Nodes, again.Nodes, "a node-limited search repeats")
}

// TestThreadsAtMostCores: however many threads are asked for, a search
// makes no more than a thread a core. 256 threads on two cores made moves
// seconds late: each helper was made on the search's clock, and they all
// took the cores from the main search.
func TestThreadsAtMostCores(t *testing.T) {
	for _, tt := range []struct{ threads, cores, want int }{
		{1, 2, 0}, {2, 2, 1}, {256, 2, 1}, {256, 1, 0}, {3, 8, 2}, {1000, 512, engines.MaxThreads - 1}, {0, 4, -1},
	} {
		require.Equal(t, tt.want, helperCount(tt.threads, tt.cores), "%d threads on %d cores", tt.threads, tt.cores)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	g := mustGame(t, 15, 15, Freestyle)
	s := g.NewSearcher(engines.Config{Threads: engines.MaxThreads}).(*Searcher)
	p := g.NewPosition()
	play(t, p, "h8")
	play(t, p, "h9")
	info := s.Search(context.Background(), p, engines.Limits{Depth: 4}, nil)
	require.NoError(t, p.Legal(info.Best()))
	require.Len(t, s.helpers, 1, "one helper on two cores")
}
