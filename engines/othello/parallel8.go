// This file holds the 8x8 search on several threads: young brothers wait
// (YBWC). A node with enough work below it searches its first move alone;
// then, if a worker is idle, its other moves become a split point whose
// moves are single tasks in a pool shared by every worker. The workers
// share the transposition tables and nothing else: each has its own
// board stacks, lines and pattern indices. A move that reaches beta cuts
// the split point, and every search below it stops.

package othello

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"qi/engines"
	"qi/engines/search"
)

// Kinds of split points: the node whose moves they share out.
const (
	splitNWS  = iota // nwsEnd: a null window on disc scores
	splitPVS         // pvsEnd: a wider window on disc scores
	splitMid         // pvs: the midgame, on centi-discs
	splitRoot        // rootSearch
)

// Where the searches split, by default. Below these a node's subtree
// costs little more than handing it to another thread.
const (
	// splitEndFrom: the least empties of a solver node that splits.
	splitEndFrom = 12
	// splitMidFrom: the least depth of a midgame node that splits.
	splitMidFrom = 4
	// maxSplits bounds the split points a worker owns at once, nested
	// down its line.
	maxSplits = 32
)

// splitMove is a move of a split point: its square and flips, and the
// board after it from the opponent's view.
type splitMove struct {
	sq    int
	flips uint64
	p, o  uint64
	idx   int // its index in the root's move list (root split points)
}

// split8 is a node whose moves after the first are searched by whichever
// workers are free. The fields above mu's are set by the owner before the
// split point is shared and only read after; the others are guarded by the
// pool's mutex, but for cut.
type split8 struct {
	kind   int
	parent *split8 // the split point the owner's search is a move of
	// cut says a move reached beta: searches below stop.
	cut         atomic.Bool
	black       bool
	pvNode      bool
	alpha, beta int
	depth       int // midgame depth left; empties for the solver
	empties     int
	ply         int
	feat        feats8 // the node's pattern indices (midgame)
	moves       [32]splitMove
	n           int
	root        []rootMove // the root's moves (root split points)
	// The owner's solver selectivity, whether its midgame search serves
	// the solver and whether it prunes: its tasks search alike.
	endSel              int
	inSolver, selective bool

	next, working  int  // the next move to hand out; moves being searched
	waiting        bool // the owner waits for the moves being searched
	a              int  // the window's lower bound, raised by the moves' scores
	best, bestMove int
	bestIdx        int
	pv             [maxPly + 1]int8
	pvLen          int
}

// aborted says whether the split point or one above it was cut.
func (sp *split8) aborted() bool {
	for x := sp; x != nil; x = x.parent {
		if x.cut.Load() {
			return true
		}
	}
	return false
}

// under says whether sp is a split point of the subtree of up (and not up
// itself): the only ones whose moves up's owner may search while it waits
// for up's other moves, since its own search must be able to end.
func (sp *split8) under(up *split8) bool {
	for x := sp.parent; x != nil; x = x.parent {
		if x == up {
			return true
		}
	}
	return false
}

// report records the score v of move i, searched with line after it, and
// cuts the split point when it reaches beta. The pool's mutex is held.
func (sp *split8) report(i, v int, line []int8) {
	mv := &sp.moves[i]
	if sp.kind == splitRoot {
		sp.root[mv.idx].score = v
	}
	if v > sp.best {
		sp.best, sp.bestMove, sp.bestIdx = v, mv.sq, mv.idx
		if v > sp.a {
			sp.a = v
			if sp.pvNode {
				sp.pv[0] = int8(mv.sq)
				sp.pvLen = 1 + copy(sp.pv[1:], line)
			}
			if v >= sp.beta {
				sp.cut.Store(true)
			}
		}
	}
	if sp.kind == splitRoot && v <= sp.a {
		sp.root[mv.idx].score = min(v, sp.a) - 1
	}
}

// pool8 is the workers of a search on several threads and the split
// points they share. One mutex guards the split points' bookkeeping: a
// task is a subtree of at least splitEndFrom empties or splitMidFrom
// plies, thousands of nodes, against which taking it under a lock is
// cheap; the searches themselves take no lock.
type pool8 struct {
	mu sync.Mutex
	// cond wakes the idle workers when a split point opens, and an owner
	// when the last move of its split point is searched.
	cond sync.Cond
	// open are the split points being searched.
	open []*split8
	// idle counts the workers waiting for a task, read without the lock
	// by the searches that may split.
	idle    atomic.Int32
	quit    bool
	stop    *search.Stop // the search's, when it has one
	helpers []*searcher8
	wg      sync.WaitGroup
	// The least empties (solver) and depth (midgame) at which nodes
	// split.
	splitEnd, splitMid int
}

// helperCount returns how many helpers a search of threads threads starts
// on a process of cores cores: one thread of the search's own, at most one
// a core (more would take cores from each other and from the goroutine
// that answers the client; a worker waiting for the core another holds
// delays every split point above it).
func helperCount(threads, cores int) int {
	return max(min(threads, engines.MaxThreads, cores)-1, 0)
}

// setWorkers gives s helpers so that searches use workers threads in
// all, one for none.
func (s *searcher8) setWorkers(workers int) {
	if workers <= 1 {
		s.pool = nil
		return
	}
	pl := &pool8{splitEnd: splitEndFrom, splitMid: splitMidFrom}
	pl.cond.L = &pl.mu
	pl.open = make([]*split8, 0, workers*maxSplits)
	s.pool = pl
	s.splits = make([]split8, maxSplits)
	for range workers - 1 {
		h := &searcher8{tab: s.tab, ev: s.ev, tt: s.tt, ett: s.ett, pool: pl, splits: make([]split8, maxSplits), local: make(localTT, localTTSize)}
		pl.helpers = append(pl.helpers, h)
	}
}

// startHelpers starts the helpers of s's search and returns the function
// that stops them and waits for them.
func (s *searcher8) startHelpers() (stop func()) {
	pl := s.pool
	pl.quit, pl.stop = false, s.stop
	for _, h := range pl.helpers {
		h.stop, h.stopped, h.nodeCap = s.stop, false, 0
		h.selective, h.confidence = s.selective, s.confidence
		pl.wg.Go(h.help)
	}
	return func() {
		pl.mu.Lock()
		pl.quit = true
		pl.cond.Broadcast()
		pl.mu.Unlock()
		pl.wg.Wait()
	}
}

// help is a helper's life: search tasks until the search ends.
func (s *searcher8) help() {
	pl := s.pool
	pl.mu.Lock()
	for !pl.quit {
		if sp, i, a := pl.take(nil); sp != nil {
			s.task(sp, i, a)
			continue
		}
		pl.idle.Add(1)
		pl.cond.Wait()
		pl.idle.Add(-1)
	}
	pl.mu.Unlock()
}

// take hands out the next move of an open split point, of those under up
// when up is not nil: the split point nearest the root, whose subtrees are
// the largest. It returns the split point, the move's index and the
// window's lower bound, or nil. The mutex is held.
func (pl *pool8) take(up *split8) (*split8, int, int) {
	if pl.stop != nil && pl.stop.Stopped() {
		return nil, 0, 0
	}
	var best *split8
	for _, sp := range pl.open {
		if sp.next < sp.n && (best == nil || sp.ply < best.ply) && (up == nil || sp.under(up)) && !sp.aborted() {
			best = sp
		}
	}
	if best == nil {
		return nil, 0, 0
	}
	best.next++
	best.working++
	return best, best.next - 1, best.a
}

// canSplit says whether a node with rest moves left to search should
// share them: a worker is idle, there are two or more, and s has room.
func (s *searcher8) canSplit(rest int) bool {
	return rest >= 2 && s.nsplit < len(s.splits) && s.pool.idle.Load() > 0
}

// newSplit returns the next split point of s's stack, set for a node.
func (s *searcher8) newSplit(kind, ply int, pvNode bool, alpha, beta, a, best, bestMove int) *split8 {
	sp := &s.splits[s.nsplit]
	s.nsplit++
	sp.kind, sp.parent, sp.ply, sp.pvNode = kind, s.sp, ply, pvNode
	sp.alpha, sp.beta, sp.a = alpha, beta, a
	sp.best, sp.bestMove, sp.bestIdx = best, bestMove, -1
	sp.pvLen, sp.n, sp.root = 0, 0, nil
	sp.endSel, sp.inSolver, sp.selective = s.endSel, s.inSolver, s.selective
	sp.next, sp.working, sp.waiting = 0, 0, false
	sp.cut.Store(false)
	return sp
}

// splitEnd searches the moves left of a solver node, rest, sorted here,
// on the workers that are free, and returns the node's best score and
// move with what the moves before found (best, bestMove); a window wider
// than null keeps the best line at ply.
func (s *searcher8) splitEnd(kind int, alpha, beta, a, empties, ply int, rest []endMove, best, bestMove int) (int, int) {
	slices.SortStableFunc(rest, func(x, y endMove) int { return y.val - x.val })
	sp := s.newSplit(kind, ply, kind == splitPVS, alpha, beta, a, best, bestMove)
	sp.empties, sp.depth = empties, empties
	for i, mv := range rest {
		sp.moves[i] = splitMove{sq: mv.sq, p: mv.p, o: mv.o}
	}
	sp.n = len(rest)
	s.parallel(sp)
	if sp.pvLen > 0 {
		s.pvLen[ply] = copy(s.pv[ply][:], sp.pv[:sp.pvLen])
	}
	return sp.best, sp.bestMove
}

// splitMidgame searches the moves left of a midgame node as splitEnd
// does.
func (s *searcher8) splitMidgame(p, o uint64, black bool, alpha, beta, a, depth, ply int, rest []midMove, best, bestMove int) (int, int) {
	slices.SortStableFunc(rest, func(x, y midMove) int { return y.val - x.val })
	sp := s.newSplit(splitMid, ply, beta-alpha > 1, alpha, beta, a, best, bestMove)
	sp.depth, sp.black, sp.feat = depth, black, s.feat[ply]
	for i, mv := range rest {
		sp.moves[i] = splitMove{sq: mv.sq, flips: mv.flips, p: o ^ mv.flips, o: p ^ mv.flips ^ 1<<mv.sq}
	}
	sp.n = len(rest)
	s.parallel(sp)
	if sp.pvLen > 0 {
		s.pvLen[ply] = copy(s.pv[ply][:], sp.pv[:sp.pvLen])
	}
	return sp.best, sp.bestMove
}

// splitRootMoves searches the root's moves from the from-th on as
// splitEnd does, and returns the best score and its index.
func (s *searcher8) splitRootMoves(p, o uint64, moves []rootMove, from, depth, alpha, beta, a, best, bestIdx int) (int, int) {
	sp := s.newSplit(splitRoot, 0, true, alpha, beta, a, best, -1)
	sp.bestIdx = bestIdx
	sp.depth, sp.black, sp.feat, sp.root = depth, true, s.feat[0], moves
	for i := from; i < len(moves); i++ {
		mv := moves[i]
		sp.moves[sp.n] = splitMove{sq: mv.sq, flips: mv.flips, p: o ^ mv.flips, o: p ^ mv.flips ^ 1<<mv.sq, idx: i}
		sp.n++
	}
	s.parallel(sp)
	if sp.pvLen > 0 {
		s.pvLen[0] = copy(s.pv[0][:], sp.pv[:sp.pvLen])
	}
	return sp.best, sp.bestIdx
}

// parallel shares sp's moves with the idle workers and searches them
// with them; when none is left to hand out it searches moves of split
// points below sp until every move of sp is done. It leaves s stopped when
// the search stops or a split point above sp was cut, not when sp was.
func (s *searcher8) parallel(sp *split8) {
	pl := s.pool
	pl.mu.Lock()
	pl.open = append(pl.open, sp)
	pl.cond.Broadcast()
	for {
		if sp.next < sp.n && !sp.aborted() && !s.halted() {
			sp.next++
			sp.working++
			s.task(sp, sp.next-1, sp.a)
			continue
		}
		if sp.working == 0 {
			break
		}
		if t, i, a := pl.take(sp); t != nil {
			s.task(t, i, a)
			continue
		}
		sp.waiting = true
		pl.idle.Add(1)
		pl.cond.Wait()
		pl.idle.Add(-1)
		sp.waiting = false
	}
	i := slices.Index(pl.open, sp)
	pl.open[i] = pl.open[len(pl.open)-1]
	pl.open = pl.open[:len(pl.open)-1]
	pl.mu.Unlock()
	s.nsplit--
	s.stopped = s.halted() || sp.parent.aborted()
}

// task searches move i of sp with the window's lower bound a, and reports
// its score unless the search was stopped. It is called and returns with
// the pool's mutex held, and releases it while it searches.
func (s *searcher8) task(sp *split8, i, a int) {
	pl := s.pool
	pl.mu.Unlock()
	up, endSel, inSolver, selective := s.sp, s.endSel, s.inSolver, s.selective
	s.sp, s.endSel, s.inSolver, s.selective = sp, sp.endSel, sp.inSolver, sp.selective
	mv := &sp.moves[i]
	ply := sp.ply
	s.pvLen[ply+1] = 0
	var v int
	switch sp.kind {
	case splitNWS:
		v = -s.nwsEnd(mv.p, mv.o, -sp.beta, sp.empties-1, false, ply+1)
	case splitPVS:
		v = -s.nwsEnd(mv.p, mv.o, -a-1, sp.empties-1, false, ply+1)
		if v > a && v < sp.beta && !s.stopped {
			// Other moves may have raised the bound since.
			if a2 := sp.lowerBound(pl); v <= a2 {
				a = a2
				v = -s.nwsEnd(mv.p, mv.o, -a-1, sp.empties-1, false, ply+1)
			}
			if v > a && v < sp.beta && !s.stopped {
				a = max(a, sp.lowerBound(pl))
				v = -s.pvsEnd(mv.p, mv.o, -sp.beta, -a, sp.empties-1, false, ply+1)
			}
		}
	default:
		s.feat[ply] = sp.feat
		d := sp.depth - 1
		s.child(ply, mv.sq, mv.flips, sp.black)
		v = -s.pvs(mv.p, mv.o, !sp.black, -a-1, -a, d, ply+1, false)
		if v > a && v < sp.beta && !s.stopped {
			if a2 := sp.lowerBound(pl); v <= a2 {
				a = a2
				s.child(ply, mv.sq, mv.flips, sp.black)
				v = -s.pvs(mv.p, mv.o, !sp.black, -a-1, -a, d, ply+1, false)
			}
			if v > a && v < sp.beta && !s.stopped {
				a = max(a, sp.lowerBound(pl))
				s.child(ply, mv.sq, mv.flips, sp.black)
				v = -s.pvs(mv.p, mv.o, !sp.black, -sp.beta, -a, d, ply+1, false)
			}
		}
	}
	aborted := s.stopped
	s.stopped = false
	s.sp, s.endSel, s.inSolver, s.selective = up, endSel, inSolver, selective
	pl.mu.Lock()
	if !aborted {
		sp.report(i, v, s.pv[ply+1][:s.pvLen[ply+1]])
	}
	sp.working--
	if sp.working == 0 && sp.waiting {
		pl.cond.Broadcast()
	}
}

// lowerBound returns sp's lower bound now.
func (sp *split8) lowerBound(pl *pool8) int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return sp.a
}

// halted says whether the search was told to stop.
func (s *searcher8) halted() bool { return s.stop != nil && s.stop.Stopped() }

// abort says whether the search of s must stop because a split point
// above it was cut (or it has already stopped), and stops it if so.
func (s *searcher8) abort() bool {
	if s.stopped || s.sp.aborted() {
		s.stopped = true
		return true
	}
	return false
}

// workerNodes returns the nodes every worker searched, and the deepest
// ply any reached.
func (s *searcher8) workerNodes() (int64, int) {
	nodes, sel := s.nodes, s.selDepth
	if s.pool != nil {
		for _, h := range s.pool.helpers {
			nodes += h.nodes
			sel = max(sel, h.selDepth)
		}
	}
	return nodes, sel
}

// threadsFor returns the workers a search of threads threads uses here.
func threadsFor(threads int) int {
	return 1 + helperCount(threads, runtime.GOMAXPROCS(0))
}
