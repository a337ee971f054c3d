// This file holds qi's gomoku search: iterative deepening over a PVS
// alpha-beta with a transposition table, whose nodes first settle what the
// threats decide (a five to make or to block, an open four), then answer an
// opponent's open three with the squares that stop it and their own fours
// only, and which at the horizon look for a win by continuous fours (VCF)
// before they trust the static evaluation.

package gomoku

import (
	"context"
	"sync/atomic"
	"time"

	"qi/engines"
	"qi/engines/search"
)

// maxPly bounds the plies of one search line, forced ones included.
const maxPly = 120

// scored is a move with its ordering score.
type scored struct {
	m     int16
	score int32
}

// Searcher is qi's gomoku searcher. It keeps its transposition table between
// searches; Clear forgets it.
type Searcher struct {
	opt   Options
	lv    levelParams
	level int
	tt    *search.TT
	vt    *vcfTable
	vtt   *vctTable

	// threads is the Threads of the config: the search's own and its
	// helpers'; published is a helper's node count, for progress reports.
	threads   int
	helpers   []*Searcher
	published atomic.Int64

	b    board
	stm  int
	root []rootMove
	// rootBetter says the iteration has proved a move better than the
	// last iteration's best (a root move past the first beat alpha): the
	// root's order is worth more than the last iteration's answer.
	rootBetter bool
	iterFirst  int16 // the last iteration's best move

	stop      *search.Stop
	nodes     int64
	nodeCap   int64
	aborted   bool
	selDepth  int
	rootDepth int           // the depth of the iteration
	rootDelta engines.Score // the width of the root's window
	vcfLeft   int64         // nodes a VCF may still spend
	vctLeft   int64         // nodes a VCT may still spend
	par       Params        // the search's settings
	// ord is the game's ordering table (nil: order by the evaluation's
	// terms); last holds the game's last two moves, the opponent's then
	// the mover's (noMove when unknown), for the root's ordering.
	ord  *orderTable
	last [2]int

	// st holds each ply of the current line, raw the raw evaluation at
	// each node's entry.
	st   [maxPly + 4]plyState
	raw  [maxPly + 2]engines.Score
	hist history
	// buf holds the move lists of each ply: slot 2 x ply for the node,
	// 2 x ply + 1 for a singular test of it.
	buf   [2*maxPly + 2][]scored
	pv    [maxPly + 2][maxPly + 2]int16
	pvLen [maxPly + 2]int
}

type rootMove struct {
	m     int16
	score engines.Score
	prio  int32
}

// NewSearcher returns qi's searcher at cfg's level with cfg's table size.
func NewSearcher(cfg engines.Config) *Searcher {
	return NewSearcherOptions(cfg, Options{})
}

// NewSearcherOptions returns qi's searcher with options.
func NewSearcherOptions(cfg engines.Config, opt Options) *Searcher {
	lv := cfg.EffectiveLevel()
	s := &Searcher{opt: opt, lv: levels[lv], level: lv, tt: search.NewTT(cfg.EffectiveHashMB()), vt: newVCFTable(16), vtt: newVCTTable(16),
		threads: cfg.Threads}
	s.init()
	return s
}

// Close gives the table's memory back; the searcher must not be used after.
func (s *Searcher) Close() error {
	s.tt.Close()
	return nil
}

// load sets the searcher's board and side to move to p's, and its search
// settings to those of p's rule with the options' overrides.
func (s *Searcher) load(p *Position) {
	s.b.copyFrom(&p.b)
	s.stm = int(p.side)
	s.par = defaultParams(p.b.rule)
	s.par.override(s.opt.Params)
	s.ord = p.game.ord
	s.last = [2]int{noMove, noMove}
	for i := range s.last {
		if n := len(p.hist) - 1 - i; n >= 0 {
			s.last[i] = int(p.hist[n].cell)
		}
	}
}

// FirstMove implements engines.FirstMover: the move the search would try
// first at the root (the first stone's square, a five, the table's move,
// then the ordering of the candidates), found without searching.
func (s *Searcher) FirstMove(pos engines.Position) engines.Move {
	p, ok := pos.(*Position)
	if !ok || p.result != engines.None {
		return engines.NoMove
	}
	s.load(p)
	if s.b.stones == 0 {
		return engines.Move(s.centre(p))
	}
	if m := s.find(s.stm, kFive); m >= 0 {
		return engines.Move(m)
	}
	tt := -1
	if e, ok := s.tt.Probe(s.key()); ok {
		tt = int(e.Move)
	}
	best := scored{m: -1}
	for _, sc := range s.genMoves(0, 0, tt) {
		if best.m < 0 || sc.score > best.score {
			best = sc
		}
	}
	if best.m < 0 {
		if ms := p.LegalMoves(nil); len(ms) > 0 {
			return ms[0]
		}
		return engines.NoMove
	}
	return engines.Move(best.m)
}

// init readies the move buffers and the line.
func (s *Searcher) init() {
	for i := range s.buf {
		if s.buf[i] == nil {
			s.buf[i] = make([]scored, 0, 64)
		}
	}
	for i := range s.st {
		s.st[i] = plyState{move: noMove, skip: noMove, killers: [2]int16{noMove, noMove}}
	}
}

// ageHistory halves the history of the searches before, so that a new
// position's cut-offs soon outweigh it.
func (s *Searcher) ageHistory() {
	for c := range s.hist {
		for i := range s.hist[c] {
			s.hist[c][i][0] /= 2
			s.hist[c][i][1] /= 2
		}
	}
}

// Clear implements engines.Searcher.
func (s *Searcher) Clear() {
	s.tt.Clear()
	s.vt.clear()
	s.vtt.clear()
	s.hist = history{}
	s.init()
	for _, h := range s.helpers {
		h.vt.clear()
		h.vtt.clear()
	}
}

func (s *Searcher) key() uint64 {
	if s.stm == 1 {
		return s.b.hash ^ zobristSide
	}
	return s.b.hash
}

func (s *Searcher) make(m int) {
	s.b.put(m, colorOf(s.stm))
	s.stm ^= 1
}

func (s *Searcher) unmake(m int) {
	s.stm ^= 1
	s.b.take(m, colorOf(s.stm))
}

// poll checks the stop flag and the node limit.
func (s *Searcher) poll() {
	s.published.Store(s.nodes)
	if s.stop.Poll() || (s.nodeCap > 0 && s.nodes >= s.nodeCap) {
		s.aborted = true
	}
}

func (s *Searcher) count() {
	s.nodes++
	if s.nodes&63 == 0 {
		s.poll()
	}
}

// renjuBlack reports whether side is black under renju.
func (s *Searcher) renjuBlack(side int) bool { return side == 0 && s.b.renju }

// legal reports whether side may play empty square m.
func (s *Searcher) legal(side, m int) bool {
	return side != 0 || s.b.sq[m].cls[0]&flagForbid == 0 || s.b.foul(m) == NoFoul
}

// find returns a candidate square where side's class is k (ignoring the
// forbid flag) and it may play, or -1.
func (s *Searcher) find(side int, k class) int {
	b := &s.b
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] == Empty && b.sq[i].cls[side]&^flagForbid == k && s.legal(side, i) {
			return i
		}
	}
	return -1
}

// fives returns a square where side makes five and whether there is a
// second one.
func (s *Searcher) fives(side int) (first int, two bool) {
	b := &s.b
	if b.counts[side][kFive] == 1 && len(b.frames) > 0 {
		// A single five square is almost always on the lines of the
		// last stone, the four that made it: a look there spares the
		// scan of every candidate.
		m := int(b.frames[len(b.frames)-1].at)
		for _, step := range dirStep {
			for k := -4; k <= 4; k++ {
				if j := m + k*step; k != 0 && b.cells[j] == Empty && b.sq[j].cls[side]&^flagForbid == kFive {
					return j, false
				}
			}
		}
	}
	first = -1
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] == Empty && b.sq[i].cls[side]&^flagForbid == kFive {
			if first >= 0 {
				return first, true
			}
			first = i
		}
	}
	return first, false
}

// threat reports whether side could make an open four (or a double four)
// with its next move.
func (s *Searcher) threat(side int) bool {
	if s.b.counts[side][kFlex4] == 0 {
		return false
	}
	return !s.renjuBlack(side) || s.find(side, kFlex4) >= 0
}

func (s *Searcher) pvSet(ply, m int) {
	s.pv[ply][0] = int16(m)
	s.pvLen[ply] = 1
}

func (s *Searcher) pvUpdate(ply, m int) {
	s.pv[ply][0] = int16(m)
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// eval is the static evaluation for the side to move, with the level's
// noise.
func (s *Searcher) eval() engines.Score {
	return s.noisy(s.b.evaluate(s.stm))
}

// evalAt is the static evaluation of the node at ply, whose raw value its
// entry stored.
func (s *Searcher) evalAt(ply int) engines.Score {
	return s.noisy(s.raw[ply])
}

// noisy adds the level's noise to v and keeps it clear of the mate scores.
func (s *Searcher) noisy(v engines.Score) engines.Score {
	if s.lv.noise > 0 {
		h := s.key() * 0x9E3779B97F4A7C15
		v += engines.Score(int32(h>>40)%(2*s.lv.noise+1) - s.lv.noise)
	}
	// Keep the evaluation clear of the mate scores.
	return max(min(v, engines.Mate/2), -engines.Mate/2)
}

// prio is the ordering score of empty square m for the side to move: what
// it makes for itself and what it takes from the opponent.
func (s *Searcher) prio(m int) int32 {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	return int32(b.sq[m].vals[me].own) + int32(b.sq[m].vals[opp].own)
}

// Search implements engines.Searcher.
func (s *Searcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	p := pos.(*Position)
	s.stop = search.WatchContext(ctx)
	defer s.stop.Release()
	s.nodes, s.nodeCap, s.aborted, s.selDepth = 0, lim.Nodes, false, 0
	if p.result != engines.None {
		return engines.Info{Exact: true}
	}
	s.load(p)
	s.ageHistory()

	if info, ok := s.decided(p, s.vctBudget(ctx, lim)); ok && lim.Allows(info.Best()) {
		info.Time = time.Since(start)
		info.Nodes = s.nodes
		if report != nil {
			report(info)
		}
		return info
	}
	s.rootMoves(p, lim)
	if s.lv.vctOn && !s.opt.NoVCTDefence && len(s.root) > 1 {
		s.defendVCT(s.vctBudget(ctx, lim), s.timeShare(ctx, lim, start, 4))
		if s.aborted {
			// Out of time already: the best-ordered move it is.
			s.aborted = false
			s.stop.Set()
		}
	}
	if len(s.root) == 1 && len(lim.Moves) == 0 && !lim.Infinite && (lim.Depth == 0 || lim.Depth > 2) {
		// A forced move: a short search for its score will do.
		lim.Depth = 2
	}
	prev := engines.Score(0)
	iter := func(depth int) (engines.Info, bool) {
		first := s.root[0].m
		s.iterFirst, s.rootBetter = first, false
		score := s.rootSearch(depth, prev)
		prev = score
		info := engines.Info{Depth: depth, SelDepth: s.selDepth, Score: score, Nodes: s.nodes + s.helperNodes()}
		info.PV = make([]engines.Move, s.pvLen[0])
		for i := range info.PV {
			info.PV[i] = engines.Move(s.pv[0][i])
		}
		if len(info.PV) == 0 || info.PV[0] != engines.Move(s.root[0].m) {
			info.PV = []engines.Move{engines.Move(s.root[0].m)}
		}
		if s.aborted {
			if s.rootBetter && s.root[0].m != first && depth > 1 {
				// A move searched to the end of the unfinished iteration
				// beat the last best one: it is the better answer, with
				// the last iteration's depth to its name.
				info.Depth, info.Score = depth-1, s.root[0].score
				return info, true
			}
			return info, false
		}
		info.Exact = score.IsMate() && score > 0
		return info, true
	}
	stopHelpers := s.startHelpers(ctx, p, lim)
	info := search.Deepen(start, s.deepenLimits(ctx, lim, start), s.lv.maxDepth, s.stop, iter, report)
	info.Nodes = s.nodes + stopHelpers()
	return info
}

// deepenLimits returns the limits iterative deepening goes by. When the
// soft limit is the whole time to the deadline (a time a move, as
// Gomocup's turn limit, with nothing to save for later moves) it is
// dropped: an iteration that can't finish still answers with a better
// move if it finds one, so the deepening goes on until the deadline.
func (s *Searcher) deepenLimits(ctx context.Context, lim engines.Limits, start time.Time) engines.Limits {
	if d, ok := ctx.Deadline(); ok && lim.Soft > 0 && lim.Soft >= d.Sub(start)*9/10 {
		lim.Soft = 0
	}
	return lim
}

// decided answers the positions whose move needs no search: the first
// stone, a five to make, a lone five to block, an open four to make, a win
// by continuous fours.
func (s *Searcher) decided(p *Position, vctBudget int64) (engines.Info, bool) {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	win := func(m, plies int, line []int16) (engines.Info, bool) {
		info := engines.Info{Depth: plies, Score: engines.MateIn(plies), Exact: true, Nodes: s.nodes}
		info.PV = append(info.PV, engines.Move(m))
		for _, x := range line {
			info.PV = append(info.PV, engines.Move(x))
		}
		return info, true
	}
	if b.stones == 0 {
		return engines.Info{Depth: 1, PV: []engines.Move{engines.Move(s.centre(p))}}, true
	}
	if m := s.find(me, kFive); m >= 0 {
		return win(m, 1, nil)
	}
	if b.counts[opp][kFive] > 0 {
		return engines.Info{}, false
	}
	if m := s.find(me, kFlex4); m >= 0 {
		return win(m, 3, nil)
	}
	if s.lv.vcfFours > 0 {
		s.vcfLeft = max(vctBudget, 20000)
		if n, line := s.vcfRoot(s.lv.vcfFours); n > 0 {
			return win(int(line[0]), n, line[1:])
		}
		if s.aborted {
			return engines.Info{}, false
		}
	}
	if s.lv.vctOn && !s.opt.NoVCT && vctBudget > 0 {
		if n, m := s.vctRoot(maxVCTDepth, vctBudget); n > 0 && m >= 0 {
			return win(m, n, nil)
		}
	}
	return engines.Info{}, false
}

// maxVCTDepth bounds the threes of a VCT at the root.
const maxVCTDepth = 6

// vctBudget is the nodes the VCT at the root may spend: a hundredth of what
// the search expects to spend (by the node limit; by the soft time limit or
// the deadline, at least 1000), a million nodes when nothing limits the
// search.
// The main search finds most of those wins itself: with a tenth, the root's
// threat searches took nodes the tree would have used better. A fixed-depth
// search gets a budget by its depth, so that a shallow search under a long
// turn (a match at fixed depth) stays shallow and quick.
func (s *Searcher) vctBudget(ctx context.Context, lim engines.Limits) int64 {
	const nps = 500_000
	const share = 100
	if lim.Nodes > 0 {
		return lim.Nodes / share
	}
	if lim.Depth > 0 {
		d := int64(min(lim.Depth, 10))
		return 20_000 * d * d
	}
	t := timeFor(ctx, lim, time.Now())
	if t <= 0 {
		return 1_000_000
	}
	return max(int64(t.Seconds()*nps)/share, 1000)
}

// timeShare returns the moment a part of the search taking 1/n of its time
// should end (the zero time when nothing limits the search's time).
func (s *Searcher) timeShare(ctx context.Context, lim engines.Limits, start time.Time, n int) time.Time {
	t := timeFor(ctx, lim, start)
	if t <= 0 {
		return time.Time{}
	}
	return start.Add(t / time.Duration(n))
}

// timeFor is the time a search from start expects to take: the soft limit or
// what is left to the deadline, whichever is shorter; 0 when nothing limits it.
func timeFor(ctx context.Context, lim engines.Limits, start time.Time) time.Duration {
	t := time.Duration(0)
	if lim.Soft > 0 && !lim.Infinite {
		t = lim.Soft
	}
	if d, ok := ctx.Deadline(); ok {
		if left := d.Sub(start); t == 0 || left < t {
			t = left
		}
	}
	return t
}

// rootSearch searches every root move to depth with an aspiration window
// around the last score, widened by steps that grow with the score, and
// sorts the root moves best first.
func (s *Searcher) rootSearch(depth int, prev engines.Score) engines.Score {
	s.rootDepth = depth
	const inf = engines.Mate + 1
	alpha, beta := engines.Score(-inf), engines.Score(inf)
	delta := engines.Score(32)
	if depth >= 5 && !prev.IsMate() {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		s.rootDelta = beta - alpha
		score := s.rootWindow(depth, alpha, beta)
		if s.aborted {
			return score
		}
		switch {
		case score <= alpha && alpha > -inf:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -inf)
		case score >= beta && beta < inf:
			beta = min(score+delta, inf)
		default:
			return score
		}
		if score.IsMate() {
			alpha, beta = -inf, inf
		}
		delta = delta*(3+engines.Score(min(iabs(int(score)), 1<<20)/2048))/4 + 12
	}
}

func (s *Searcher) rootWindow(depth int, alpha, beta engines.Score) engines.Score {
	best := -engines.Mate - 1
	bestIdx := -1
	seenFirst := false
	s.raw[0] = s.b.evaluate(s.stm)
	s.st[0].eval = s.evalAt(0)
	s.st[0].extra = 0
	d := float32(depth)
	f := s.par.ReductionFactor
	for i := range s.root {
		m := int(s.root[i].m)
		s.play(0, m)
		newDepth := d - 1
		var v engines.Score
		if i == 0 {
			v = -s.pvs(newDepth, 1, -beta, -alpha, false)
		} else {
			reduced := newDepth
			if d >= 2 && i >= 2 && !s.disabled(offRootLMR) {
				// Late root moves are searched a little shallower
				// first, as at the nodes below, less the principal
				// variation's share.
				r := f*lmrTable[min(depth, 255)]*f*lmrTable[min(i+1, 255)] - 1.97
				reduced = max(newDepth-max(r, 0), 1)
			}
			v = -s.pvs(reduced, 1, -alpha-1, -alpha, true)
			if v > alpha && reduced < newDepth && !s.aborted {
				v = -s.pvs(newDepth, 1, -alpha-1, -alpha, true)
			}
			if v > alpha && v < beta && !s.aborted {
				v = -s.pvs(newDepth, 1, -beta, -alpha, false)
			}
		}
		s.unmake(m)
		if s.aborted {
			// The score of a move cut short means nothing.
			break
		}
		s.root[i].score = v
		if int16(m) == s.iterFirst {
			seenFirst = true
		} else if seenFirst && v > alpha {
			// Proved better than the moves before it in this window,
			// the last iteration's best included: a move to answer with
			// even if the iteration goes no further.
			s.rootBetter = true
		}
		if v > best {
			best, bestIdx = v, i
			if v > alpha {
				s.pvUpdate(0, m)
				alpha = v
			}
			if v >= beta {
				break
			}
		}
		if s.aborted {
			break
		}
	}
	if bestIdx > 0 {
		r := s.root[bestIdx]
		copy(s.root[1:bestIdx+1], s.root[:bestIdx])
		s.root[0] = r
	}
	if s.pvLen[0] == 0 || int(s.pv[0][0]) != int(s.root[0].m) {
		s.pvSet(0, int(s.root[0].m))
	}
	return best
}

// enterNode starts the node at ply for pvs and qsearch and settles what needs
// no search: a five to make, the horizon of the ply arrays (at horizon, the
// evaluation), the bounds of the fastest win and loss (which narrow alpha
// and beta), the opponent's five that cannot be blocked, and an open four.
// done says v is the node's value; otherwise block, when not -1, is the
// square of the opponent's only five, the one move the caller searches.
func (s *Searcher) enterNode(ply, horizon int, alpha, beta *engines.Score) (v engines.Score, block int, done bool) {
	s.pvLen[ply] = 0
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if s.aborted {
		return 0, -1, true
	}
	b := &s.b
	me, opp := s.stm, 1-s.stm
	s.raw[ply] = b.evaluate(me)
	if b.counts[me][kFive] > 0 {
		if m := s.find(me, kFive); m >= 0 {
			s.pvSet(ply, m)
			return engines.MateIn(ply + 1), -1, true
		}
	}
	if ply >= horizon {
		return s.evalAt(ply), -1, true
	}
	// Nothing beats a five next move, nothing loses faster than the
	// opponent's five after this move.
	*alpha = max(*alpha, engines.MatedIn(ply+2))
	*beta = min(*beta, engines.MateIn(ply+1))
	if *alpha >= *beta {
		return *alpha, -1, true
	}
	if b.counts[opp][kFive] > 0 {
		f, two := s.fives(opp)
		if two || !s.legal(me, f) {
			return engines.MatedIn(ply + 2), -1, true
		}
		return 0, f, false
	}
	if b.counts[me][kFlex4] > 0 {
		if m := s.find(me, kFlex4); m >= 0 {
			s.pvSet(ply, m)
			return engines.MateIn(ply + 3), -1, true
		}
	}
	if b.counts[me][kBlock4Flex3] > 0 && !s.disabled(offFourThree) && *beta > engines.MateIn(ply+5) && !b.hasFour(opp) && b.counts[opp][kFlex4] == 0 {
		if m := s.fourThree(); m >= 0 {
			s.pvSet(ply, m)
			return engines.MateIn(ply + 5), -1, true
		}
	}
	return 0, -1, false
}

// fourThree returns a four-three of the side to move that wins (-1: none
// found): after the four and its forced block the side has an open four to
// make and the opponent neither a five nor a four to answer it with. The
// caller has checked that the opponent has no four now.
func (s *Searcher) fourThree() int {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	light := b.light
	b.light = true
	defer func() { b.light = light }()
	for _, c := range b.cand {
		m := int(c)
		if b.cells[m] != Empty || b.sq[m].cls[me]&^flagForbid != kBlock4Flex3 || !s.legal(me, m) {
			continue
		}
		s.make(m)
		f, two := s.fives(me)
		win := two
		if f >= 0 && !two {
			if !s.legal(opp, f) {
				win = true
			} else {
				s.make(f)
				win = b.counts[opp][kFive] == 0 && b.counts[opp][kFlex4] == 0 && !b.hasFour(opp) && s.threat(me)
				s.unmake(f)
			}
		}
		s.unmake(m)
		if win {
			return m
		}
	}
	return -1
}
