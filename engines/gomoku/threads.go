// This file holds the search's helper threads (lazy SMP): under Threads > 1
// helpers search the same root at staggered depths, sharing the main
// search's transposition table, so that the main search finds their
// results there and goes deeper in the same time. The main search alone
// answers; the helpers stop when it does.

package gomoku

import (
	"context"
	"runtime"
	"sync"

	"qi/engines"
	"qi/engines/search"
)

// newHelper returns a helper of s: its own board, tables of threats and
// move ordering, and s's transposition table.
func (s *Searcher) newHelper() *Searcher {
	h := &Searcher{opt: s.opt, lv: s.lv, level: s.level, tt: s.tt, vt: newVCFTable(16), vtt: newVCTTable(16)}
	h.init()
	return h
}

// startHelpers starts the helpers of a search of p under ctx, from the root
// moves s has ordered, and returns the function that stops them, waits for
// them and returns the nodes they searched. With one thread, or a node
// limit (whose searches must repeat exactly), none starts. There are never
// more threads than the process has cores (GOMAXPROCS): more only take the
// cores from the main search and from the goroutine that answers the
// client, and made moves late. Helpers are made on the search's clock, so
// none is made once the search is told to stop.
func (s *Searcher) startHelpers(ctx context.Context, p *Position, lim engines.Limits) (stop func() int64) {
	for _, h := range s.helpers {
		h.published.Store(0) // so that a search without helpers counts none
	}
	n := helperCount(s.threads, runtime.GOMAXPROCS(0))
	if n <= 0 || lim.Nodes > 0 || len(s.root) < 2 {
		return func() int64 { return 0 }
	}
	for len(s.helpers) < n && ctx.Err() == nil {
		s.helpers = append(s.helpers, s.newHelper())
	}
	n = min(n, len(s.helpers))
	hctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for i, h := range s.helpers[:n] {
		h.b.copyFrom(&p.b)
		h.stm = s.stm
		h.root = append(h.root[:0], s.root...)
		h.hist = s.hist
		h.par = s.par
		maxDepth := s.lv.maxDepth
		if lim.Depth > 0 {
			maxDepth = min(maxDepth, lim.Depth+1)
		}
		wg.Go(func() { h.help(hctx, 1+(i+1)%2, maxDepth) })
	}
	return func() int64 {
		cancel()
		wg.Wait()
		var nodes int64
		for _, h := range s.helpers[:n] {
			nodes += h.nodes
		}
		return nodes
	}
}

// helperCount returns how many helpers a search of threads threads starts
// on a process of cores cores: one thread of the search's own, at most one
// a core.
func helperCount(threads, cores int) int {
	return min(threads, engines.MaxThreads, max(cores, 1)) - 1
}

// help deepens from depth to maxDepth until ctx is done: a helper's scores
// and moves reach the main search through the table only.
func (s *Searcher) help(ctx context.Context, depth, maxDepth int) {
	s.stop = search.WatchContext(ctx)
	defer s.stop.Release()
	s.nodes, s.nodeCap, s.aborted, s.selDepth = 0, 0, false, 0
	s.init()
	prev := engines.Score(0)
	for ; depth <= maxDepth && !s.aborted; depth++ {
		s.iterFirst, s.rootBetter = s.root[0].m, false
		v := s.rootSearch(depth, prev)
		if s.aborted || v.IsMate() {
			break
		}
		prev = v
	}
	// The main search may still run: the helper waits for it to end, so
	// that it never reads a searcher the main search is done with.
	<-ctx.Done()
}

// helperNodes returns the nodes the helpers have searched so far.
func (s *Searcher) helperNodes() int64 {
	var n int64
	for _, h := range s.helpers {
		n += h.published.Load()
	}
	return n
}
