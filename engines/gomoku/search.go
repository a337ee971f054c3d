// This file holds qi's gomoku search: iterative deepening over a PVS
// alpha-beta with a transposition table, whose nodes first settle what the
// threats decide (a five to make or to block, an open four), then answer an
// opponent's open three with the squares that stop it and their own fours
// only, and which at the horizon look for a win by continuous fours (VCF)
// before they trust the static evaluation.

package gomoku

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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

// levelParams are the knobs that Config.Level turns.
type levelParams struct {
	maxDepth int   // iterative deepening stops here
	vcfFours int   // the most fours a VCF may play (0: no VCF)
	vctOn    bool  // threat-space search with threes at the root
	noise    int32 // evaluation noise, centi-units either way
	width    int   // moves tried at a node beyond the first (0: all)
}

var levels = [engines.MaxLevel + 1]levelParams{
	1:  {maxDepth: 1, vcfFours: 0, noise: 250, width: 6},
	2:  {maxDepth: 2, vcfFours: 0, noise: 180, width: 6},
	3:  {maxDepth: 2, vcfFours: 1, noise: 120, width: 8},
	4:  {maxDepth: 3, vcfFours: 2, noise: 90, width: 8},
	5:  {maxDepth: 4, vcfFours: 3, noise: 60, width: 10},
	6:  {maxDepth: 5, vcfFours: 5, noise: 40, width: 12},
	7:  {maxDepth: 6, vcfFours: 8, noise: 25},
	8:  {maxDepth: 8, vcfFours: 12, noise: 10},
	9:  {maxDepth: 12, vcfFours: 20, vctOn: true},
	10: {maxDepth: 60, vcfFours: 30, vctOn: true},
}

// Options are knobs of the search below Config's level, for self-play
// matches that measure one change at a time; the zero value plays best.
type Options struct {
	// NoLeafVCF turns off the VCF search at the horizon.
	NoLeafVCF bool
	// NoThreatReplies searches every candidate against an open three
	// instead of the squares that stop it.
	NoThreatReplies bool
	// NoVCT turns off the VCT search at the root.
	NoVCT bool
	// NoVCTDefence turns off the root's check of the opponent's VCT.
	NoVCTDefence bool
	// LeafFours and LeafNodes bound the VCF at the horizon (0: defaults).
	LeafFours, LeafNodes int
	// LeafNear restricts the VCF at the horizon to fours near the last.
	LeafNear bool
	// NodeVCT is the least depth of the nodes that look for a VCT (0:
	// none), VCTNodes their budget.
	NodeVCT, VCTNodes int
	// FourExt searches fours (and so their forced blocks) without
	// spending depth, up to twice the iteration's depth.
	FourExt bool
	// LateBase and LateSlope set how many moves a non-PV node searches
	// before it drops the quiet ones: base + slope x depth (0, 0: 6 + 3d),
	// under OldPruning.
	LateBase, LateSlope int
	// OldLeaf ends the search at the horizon with a VCF for a mate and the
	// static evaluation, instead of the quiescence search of fours.
	OldLeaf bool
	// OldPruning prunes and reduces as qi did before futility, razoring,
	// move count pruning and logarithmic reductions; NoFutility and
	// NoRazor turn those two off alone.
	OldPruning, NoFutility, NoRazor bool
	// EvalAvg averages each node's evaluation with its parent's.
	EvalAvg bool
	// WholeIterations keeps only finished iterations' answers, and the
	// deepening's stop at half the soft limit even on a time a move.
	WholeIterations bool
	// The pruning's knobs (0: defaults): the futility margin a ply, the
	// razoring margin, the move counts and the reductions in percent.
	FutilityMargin, RazorMargin, MoveCountScale, ReductionScale int
}

// Set sets the option named by its lower-case field name; boolean options
// take "", "true" or "false", numbers a count.
func (o *Options) Set(name, value string) error {
	var flag *bool
	var num *int
	switch strings.ToLower(name) {
	case "leaffours":
		num = &o.LeafFours
	case "leafnodes":
		num = &o.LeafNodes
	case "nodevct":
		num = &o.NodeVCT
	case "latebase":
		num = &o.LateBase
	case "lateslope":
		num = &o.LateSlope
	case "vctnodes":
		num = &o.VCTNodes
	case "futilitymargin":
		num = &o.FutilityMargin
	case "razormargin":
		num = &o.RazorMargin
	case "movecountscale":
		num = &o.MoveCountScale
	case "reductionscale":
		num = &o.ReductionScale
	case "oldleaf":
		flag = &o.OldLeaf
	case "oldpruning":
		flag = &o.OldPruning
	case "nofutility":
		flag = &o.NoFutility
	case "norazor":
		flag = &o.NoRazor
	case "wholeiterations":
		flag = &o.WholeIterations
	case "evalavg":
		flag = &o.EvalAvg
	case "noleafvcf":
		flag = &o.NoLeafVCF
	case "nothreatreplies":
		flag = &o.NoThreatReplies
	case "novct":
		flag = &o.NoVCT
	case "novctdefence":
		flag = &o.NoVCTDefence
	case "leafnear":
		flag = &o.LeafNear
	case "fourext":
		flag = &o.FourExt
	default:
		return fmt.Errorf("unknown gomoku search option %q", name)
	}
	if num != nil {
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return fmt.Errorf("option %s: bad value %q", name, value)
		}
		*num = n
		return nil
	}
	switch value {
	case "", "true", "1":
		*flag = true
	case "false", "0":
		*flag = false
	default:
		return fmt.Errorf("option %s: bad value %q", name, value)
	}
	return nil
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
	rootDepth int   // the depth of the iteration
	vcfLeft   int64 // nodes a VCF at a leaf may still spend
	vctLeft   int64 // nodes a VCT may still spend
	vcfNear   bool  // the VCF only follows up fours near the last one

	// line holds the move made at each ply of the current line, evals the
	// static evaluation of each node (from its side to move's view).
	line  [maxPly + 2]int16
	evals [maxPly + 2]engines.Score
	raw   [maxPly + 2]engines.Score // the raw evaluation at each node's entry

	killers [maxPly + 1][2]int16
	history [2][numCells]int32
	buf     [maxPly + 1][]scored
	pv      [maxPly + 2][maxPly + 2]int16
	pvLen   [maxPly + 2]int
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
	for i := range s.buf {
		s.buf[i] = make([]scored, 0, 64)
	}
	return s
}

// Close gives the table's memory back; the searcher must not be used after.
func (s *Searcher) Close() error {
	s.tt.Close()
	return nil
}

// FirstMove implements engines.FirstMover: the move the search would try
// first at the root (the first stone's square, a five, the table's move,
// then the ordering of the candidates), found without searching.
func (s *Searcher) FirstMove(pos engines.Position) engines.Move {
	p, ok := pos.(*Position)
	if !ok || p.result != engines.None {
		return engines.NoMove
	}
	s.b.copyFrom(&p.b)
	s.stm = int(p.side)
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
	for _, sc := range s.genMoves(0, tt) {
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

// Clear implements engines.Searcher.
func (s *Searcher) Clear() {
	s.tt.Clear()
	s.vt.clear()
	s.vtt.clear()
	s.history = [2][numCells]int32{}
	s.killers = [maxPly + 1][2]int16{}
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
	if s.stop.Stopped() || (s.nodeCap > 0 && s.nodes >= s.nodeCap) {
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

// evalAt is the static evaluation of the node at ply (whose raw value its
// entry stored), averaged with its parent's under Options.EvalAvg: the
// side to move's evaluation swings with each stone, the mean less so.
func (s *Searcher) evalAt(ply int) engines.Score {
	v := s.raw[ply]
	if s.opt.EvalAvg && ply > 0 {
		v = (v - s.raw[ply-1]) / 2
	}
	return s.noisy(v)
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
	s.b.copyFrom(&p.b)
	s.stm = int(p.side)
	for i := range s.history {
		for j := range s.history[i] {
			s.history[i][j] /= 4
		}
	}

	if info, ok := s.decided(p, s.vctBudget(ctx, lim)); ok {
		info.Time = time.Since(start)
		info.Nodes = s.nodes
		if report != nil {
			report(info)
		}
		return info
	}
	s.rootMoves(p)
	if s.lv.vctOn && !s.opt.NoVCTDefence && len(s.root) > 1 {
		s.defendVCT(s.vctBudget(ctx, lim), s.timeShare(ctx, lim, start, 4))
		if s.aborted {
			// Out of time already: the best-ordered move it is.
			s.aborted = false
			s.stop.Set()
		}
	}
	if len(s.root) == 1 && !lim.Infinite && (lim.Depth == 0 || lim.Depth > 2) {
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
			if s.rootBetter && s.root[0].m != first && depth > 1 && !s.opt.WholeIterations {
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
	if d, ok := ctx.Deadline(); ok && lim.Soft > 0 && lim.Soft >= d.Sub(start)*9/10 && !s.opt.WholeIterations {
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

// vctBudget is the nodes the VCT at the root may spend: a tenth of what the
// search expects to spend (by the node limit, the soft time limit or the
// deadline), a million nodes when nothing limits the search. A fixed-depth
// search gets a budget by its depth, so that a shallow search under a long
// turn (a match at fixed depth) stays shallow and quick.
func (s *Searcher) vctBudget(ctx context.Context, lim engines.Limits) int64 {
	const nps = 500_000
	if lim.Nodes > 0 {
		return lim.Nodes / 10
	}
	if lim.Depth > 0 {
		d := int64(min(lim.Depth, 10))
		return 20_000 * d * d
	}
	t := timeFor(ctx, lim, time.Now())
	if t <= 0 {
		return 1_000_000
	}
	return max(int64(t.Seconds()*nps/10), 1000)
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

// centre returns the empty square nearest the centre.
func (s *Searcher) centre(p *Position) int {
	cx, cy := (p.game.w-1)/2, (p.game.h-1)/2
	best, bestD := -1, 1<<30
	for _, c := range s.b.inside {
		i := int(c)
		if s.b.cells[i] != Empty {
			continue
		}
		x, y := cellXY(i)
		if d := (x-cx)*(x-cx) + (y-cy)*(y-cy); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// rootMoves lists the moves the root searches: the legal candidates, only
// the defences when the opponent threatens an open four, all legal moves
// when no candidate is left.
func (s *Searcher) rootMoves(p *Position) {
	b := &s.b
	s.root = s.root[:0]
	for _, sc := range s.genMoves(0, -1) {
		s.root = append(s.root, rootMove{m: sc.m, prio: sc.score})
	}
	if len(s.root) == 0 {
		for _, m := range p.LegalMoves(nil) {
			s.root = append(s.root, rootMove{m: int16(m), prio: s.prio(int(m))})
		}
	}
	slices.SortStableFunc(s.root, func(a, c rootMove) int { return int(c.prio - a.prio) })
	_ = b
}

// genMoves fills the move buffer of ply with the moves to search, scored
// for ordering (ttMove first): the opponent's five to block, or when the
// opponent threatens an open four our fours and the squares that stop it,
// else every candidate. Black's forbidden squares are left out under renju.
func (s *Searcher) genMoves(ply int, ttMove int) []scored {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	list := s.buf[ply][:0]
	add := func(i int) {
		if !s.legal(me, i) {
			return
		}
		sc := s.prio(i)
		switch {
		case i == ttMove:
			sc += 1 << 28
		case int16(i) == s.killers[ply][0]:
			sc += 300
		case int16(i) == s.killers[ply][1]:
			sc += 200
		}
		sc += min(s.history[me][i]>>4, 400)
		list = append(list, scored{int16(i), sc})
	}
	if b.counts[opp][kFive] > 0 {
		if f, _ := s.fives(opp); f >= 0 {
			add(f)
		}
		s.buf[ply] = list
		return list
	}
	defend := !s.opt.NoThreatReplies && s.threat(opp)
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		if defend {
			// Against an open three: our fours, and the squares after
			// which the opponent has no open four to make, found among
			// those where it could make a four. The fours count at the
			// horizon too: a defence by counter-fours left out there made
			// the three a false mate that stopped the deepening.
			if b.sq[i].cls[me]&^flagForbid >= kBlock4 {
				add(i)
				continue
			}
			if b.sq[i].cls[opp]&^flagForbid < kBlock4 || !s.legal(me, i) {
				continue
			}
			// The test reads the opponent's classes only: a light move
			// skips the terms, and our own patterns are left as they were.
			light := b.light
			b.light = true
			b.putFor(i, colorOf(me), 1<<opp)
			s.stm ^= 1
			still := s.threat(opp)
			s.unmake(i)
			b.light = light
			if still {
				continue
			}
		}
		add(i)
	}
	s.buf[ply] = list
	return list
}

// pick moves the best-scored move from i on to i.
func pick(list []scored, i int) {
	best := i
	for j := i + 1; j < len(list); j++ {
		if list[j].score > list[best].score {
			best = j
		}
	}
	list[i], list[best] = list[best], list[i]
}

// rootSearch searches every root move to depth with an aspiration window
// around the last score, and sorts the root moves best first.
func (s *Searcher) rootSearch(depth int, prev engines.Score) engines.Score {
	s.rootDepth = depth
	const inf = engines.Mate + 1
	alpha, beta := -inf, inf
	if depth >= 4 && !prev.IsMate() {
		alpha, beta = prev-60, prev+60
	}
	for {
		score := s.rootWindow(depth, alpha, beta)
		if s.aborted {
			return score
		}
		switch {
		case score <= alpha && alpha > -inf:
			alpha = -inf
		case score >= beta && beta < inf:
			beta = inf
		default:
			return score
		}
	}
}

func (s *Searcher) rootWindow(depth int, alpha, beta engines.Score) engines.Score {
	best := -engines.Mate - 1
	bestIdx := -1
	seenFirst := false
	s.raw[0] = s.b.evaluate(s.stm)
	s.evals[0] = s.evalAt(0)
	for i := range s.root {
		m := int(s.root[i].m)
		s.line[0] = int16(m)
		s.make(m)
		s.count()
		var v engines.Score
		if i == 0 {
			v = -s.pvs(depth-1, 1, -beta, -alpha, qBudget)
		} else {
			v = -s.pvs(depth-1, 1, -alpha-1, -alpha, qBudget)
			if v > alpha && v < beta && !s.aborted {
				v = -s.pvs(depth-1, 1, -beta, -alpha, qBudget)
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

// open starts the node at ply for pvs and qsearch and settles what needs
// no search: a five to make, the horizon of the ply arrays (at horizon, the
// evaluation), the bounds of the fastest win and loss (which narrow alpha
// and beta), the opponent's five that cannot be blocked, and an open four.
// done says v is the node's value; otherwise block, when not -1, is the
// square of the opponent's only five, the one move the caller searches.
func (s *Searcher) open(ply, horizon int, alpha, beta *engines.Score) (v engines.Score, block int, done bool) {
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
	return 0, -1, false
}

// qBudget bounds the plies the horizon spends answering open threes.
const qBudget = 4

// pvs is the alpha-beta search of a node at ply with depth plies to go;
// below depth 0 it only answers the opponent's open threes, qb times more,
// then hands over to the quiescence search. A node away from the principal
// variation whose static evaluation is far from the window trusts it
// (futility) or only looks at its fours (razoring), and searches its quiet
// moves late in the order shallower (late move reductions) or not at all
// (move count pruning).
func (s *Searcher) pvs(depth, ply int, alpha, beta engines.Score, qb int) engines.Score {
	v, block, done := s.open(ply, maxPly-2, &alpha, &beta)
	if done {
		return v
	}
	b := &s.b
	me, opp := s.stm, 1-s.stm
	if block >= 0 {
		s.evals[ply] = -s.evals[ply-1]
		s.line[ply] = int16(block)
		s.make(block)
		s.count()
		v = -s.pvs(depth, ply+1, -beta, -alpha, qb)
		s.unmake(block)
		s.pvUpdate(ply, block)
		return v
	}
	oppThreat := s.threat(opp)
	if depth <= 0 {
		if s.opt.OldLeaf {
			if s.lv.vcfFours > 0 && !s.opt.NoLeafVCF {
				if n := s.vcfLeaf(); n > 0 {
					return engines.MateIn(ply + n)
				}
			}
			if !oppThreat || qb <= 0 {
				return s.evalAt(ply)
			}
		} else if !oppThreat || qb <= 0 {
			return s.qsearch(ply, alpha, beta, 0)
		}
	}

	pvNode := beta-alpha > 1
	key := s.key()
	ttMove := -1
	if e, ok := s.tt.Probe(key); ok {
		ttMove = int(e.Move)
		if !pvNode && e.Depth >= max(depth, 0) {
			v := search.FromTT(e.Score, ply)
			switch {
			case e.Bound == search.Exact,
				e.Bound == search.Lower && v >= beta,
				e.Bound == search.Upper && v <= alpha:
				return v
			}
		}
	}

	ev := s.evalAt(ply)
	s.evals[ply] = ev
	improving := ply < 2 || ev > s.evals[ply-2]
	if !pvNode && !oppThreat && depth > 0 {
		// Razoring: far below alpha only fours may save the node.
		if !s.opt.NoRazor && depth <= razorDepth && ev+s.razorMargin(depth) < alpha {
			return s.qsearch(ply, alpha, beta, 0)
		}
		// Futility: far above beta the opponent has no threat to spoil it.
		if !s.opt.NoFutility && depth <= futilityDepth && beta > -engines.Mate/2 &&
			ev-s.futilityMargin(depth, improving) >= beta && !b.hasFour(opp) {
			return ev
		}
	}

	// A win by threats is looked for at nodes with depth enough to pay
	// for it.
	if s.lv.vctOn && s.opt.NodeVCT > 0 && depth >= s.opt.NodeVCT {
		if n := s.nodeVCT(); n > 0 {
			return engines.MateIn(ply + n)
		}
		if s.aborted {
			return 0
		}
	}

	list := s.genMoves(ply, ttMove)
	if len(list) == 0 {
		switch {
		case b.empties == 0:
			return 0
		case oppThreat && (depth > 0 || !b.hasFour(me)):
			// Nothing stops the open four.
			return engines.MatedIn(ply + 4)
		}
		return s.evalAt(ply)
	}
	origAlpha := alpha
	best := -engines.Mate - 1
	bestMove := -1
	searched := 0
	for i := range list {
		pick(list, i)
		m := int(list[i].m)
		own, other := b.sq[m].cls[me]&^flagForbid, b.sq[m].cls[opp]&^flagForbid
		tactical := own >= kFlex3 || other >= kFlex3
		// Beyond the best few, the weakest quiet moves are not worth
		// searching away from the principal variation.
		if !pvNode && s.lv.width > 0 && searched >= s.lv.width {
			break
		}
		if s.opt.OldPruning {
			if !pvNode && depth >= 1 && searched >= s.lateLimit(depth) && !oppThreat && !tactical {
				break
			}
		} else if depth >= 1 && searched > 0 && !oppThreat && !tactical && best > engines.MatedIn(maxPly) &&
			searched >= s.moveCount(depth, improving, pvNode) {
			continue
		}
		newDepth := depth - 1
		if s.opt.FourExt && depth > 0 && ply < 2*s.rootDepth && own >= kBlock4 {
			// A four and its forced block cost no depth.
			newDepth = depth
		}
		reduce := 0
		if s.opt.OldPruning {
			if depth >= 3 && searched >= 3 && !oppThreat && !tactical {
				reduce = 1
				if searched >= 10 && depth >= 5 {
					reduce = 2
				}
			}
		} else if depth >= 2 && searched >= 1 && own < kBlock4 {
			reduce = s.reduction(depth, searched, pvNode, improving, tactical || oppThreat)
			if h := s.history[me][m]; h > 0 && reduce > 0 && h >= int32(depth*depth*4) {
				reduce--
			}
			reduce = min(reduce, newDepth-1)
			reduce = max(reduce, 0)
		}
		nq := qb
		if depth <= 0 {
			nq = qb - 1
		}
		s.line[ply] = int16(m)
		s.make(m)
		s.count()
		var v engines.Score
		if searched == 0 {
			v = -s.pvs(newDepth, ply+1, -beta, -alpha, nq)
		} else {
			v = -s.pvs(newDepth-reduce, ply+1, -alpha-1, -alpha, nq)
			if v > alpha && reduce > 0 && !s.aborted {
				v = -s.pvs(newDepth, ply+1, -alpha-1, -alpha, nq)
			}
			if v > alpha && v < beta && !s.aborted {
				v = -s.pvs(newDepth, ply+1, -beta, -alpha, nq)
			}
		}
		s.unmake(m)
		searched++
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.pvUpdate(ply, m)
				if v >= beta {
					if int16(m) != s.killers[ply][0] {
						s.killers[ply][1] = s.killers[ply][0]
						s.killers[ply][0] = int16(m)
					}
					s.history[me][m] += int32(max(depth, 1) * max(depth, 1))
					break
				}
			}
		}
	}
	if bestMove < 0 {
		return s.evalAt(ply)
	}
	s.tt.Store(key, search.Entry{Move: engines.Move(bestMove), Score: search.ToTT(best, ply), Depth: max(depth, 0), Bound: search.BoundOf(best, origAlpha, beta)})
	return best
}

// The pruning's reach: razoring and futility act at nodes this shallow.
const (
	razorDepth    = 3
	futilityDepth = 6
)

// razorMargin is how far below alpha a node's evaluation must be for
// razoring.
func (s *Searcher) razorMargin(depth int) engines.Score {
	base := 100
	if s.opt.RazorMargin > 0 {
		base = s.opt.RazorMargin
	}
	return engines.Score(base + base*depth/2)
}

// futilityMargin is how far above beta a node's evaluation must be for
// futility pruning.
func (s *Searcher) futilityMargin(depth int, improving bool) engines.Score {
	per := 90
	if s.opt.FutilityMargin > 0 {
		per = s.opt.FutilityMargin
	}
	if improving {
		depth++
	}
	return engines.Score(per * depth)
}

// moveCount is how many moves a node searches before it skips the quiet
// ones.
func (s *Searcher) moveCount(depth int, improving, pvNode bool) int {
	n := moveCounts[min(depth, len(moveCounts)-1)]
	if s.opt.MoveCountScale > 0 {
		n = n * s.opt.MoveCountScale / 100
	}
	if pvNode {
		n *= 2
	}
	if !improving {
		n = n * 2 / 3
	}
	return max(n, 2)
}

// moveCounts is the base of moveCount by depth: 3 + depth^1.3.
var moveCounts = func() [32]int {
	var t [32]int
	for d := range t {
		t[d] = 3 + int(math.Pow(float64(d), 1.3))
	}
	return t
}()

// reductions holds ln(depth) x ln(moves searched), the base of the late
// move reductions, in hundredths.
var reductions = func() [64][64]int32 {
	var t [64][64]int32
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int32(100 * math.Log(float64(d)) * math.Log(float64(n)))
		}
	}
	return t
}()

// reduction is the late move reduction of the searched-th move at depth.
func (s *Searcher) reduction(depth, searched int, pvNode, improving, tactical bool) int {
	scale := int32(60)
	if s.opt.ReductionScale > 0 {
		scale = int32(s.opt.ReductionScale)
	}
	r := reductions[min(depth, 63)][min(searched, 63)] * scale / 100
	if !pvNode && !improving {
		r += 60
	}
	if pvNode {
		r -= 80
	}
	if tactical {
		r -= 100
	}
	return int(max(r+50, 0) / 100)
}

// qsearch is the search below the horizon: the side to move may stand on
// the static evaluation or play a four, which the opponent must block; a
// five to block is blocked first. Fours after the first must lie near the
// side's previous four, as continuous fours do, so that the search stays
// small and still finds the usual wins by continuous fours.
func (s *Searcher) qsearch(ply int, alpha, beta engines.Score, qd int) engines.Score {
	v, block, done := s.open(ply, maxPly-4, &alpha, &beta)
	if done {
		return v
	}
	b := &s.b
	me := s.stm
	if block >= 0 {
		s.line[ply] = int16(block)
		s.make(block)
		s.count()
		v = -s.qsearch(ply+1, -beta, -alpha, qd)
		s.unmake(block)
		s.pvUpdate(ply, block)
		return v
	}
	stand := s.evalAt(ply)
	if stand >= beta || qd >= maxQFours || !b.hasFour(me) || s.lv.vcfFours == 0 {
		return stand
	}
	best := stand
	alpha = max(alpha, stand)
	last := -1
	if qd > 0 {
		last = int(s.line[ply-2])
	}
	var buf [32]scored
	moves := buf[:0]
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		k := b.sq[i].cls[me] &^ flagForbid
		if k < kBlock4 || k > kBlock4Flex3 || len(moves) == len(buf) || (last >= 0 && !aligned(last, i)) {
			continue
		}
		moves = append(moves, scored{int16(i), int32(k)<<16 + s.prio(i)})
	}
	slices.SortFunc(moves, func(a, c scored) int { return int(c.score - a.score) })
	for _, sc := range moves {
		m := int(sc.m)
		if !s.legal(me, m) {
			continue
		}
		s.line[ply] = int16(m)
		s.make(m)
		s.count()
		v := -s.qsearch(ply+1, -beta, -alpha, qd+1)
		s.unmake(m)
		if s.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.pvUpdate(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// maxQFours bounds the fours of one line of the quiescence search.
const maxQFours = 16

// lateLimit is how many moves a non-PV node searches before it drops the
// quiet ones (the old pruning, Options.OldPruning).
func (s *Searcher) lateLimit(depth int) int {
	if s.opt.LateBase > 0 || s.opt.LateSlope > 0 {
		return s.opt.LateBase + s.opt.LateSlope*depth
	}
	return 6 + 3*depth
}
