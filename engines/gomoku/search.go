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
	"maps"
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
	// NoThreatReplies searches every candidate against an open three
	// instead of the squares that stop it.
	NoThreatReplies bool
	// NoVCT turns off the VCT search at the root.
	NoVCT bool
	// NoVCTDefence turns off the root's check of the opponent's VCT.
	NoVCTDefence bool
	// EvalAvg averages each node's evaluation with its parent's.
	EvalAvg bool
	// WholeIterations keeps only finished iterations' answers, and the
	// deepening's stop at half the soft limit even on a time a move.
	WholeIterations bool
	// Params overrides the search's settings field by field (zero: the
	// rule's default).
	Params Params
	// Off turns parts of the search off (the bits of offNames).
	Off int
	// PatternOrder orders moves by their patterns' terms in the evaluation
	// instead of the game's fitted ordering table.
	PatternOrder bool
}

// params names the settings of Params that Options.Set takes.
func (o *Options) params() map[string]*float32 {
	p := &o.Params
	return map[string]*float32{
		"oppo5ext": &p.Oppo5Ext, "razorscale": &p.RazorScale, "futilityscale": &p.FutilityScale,
		"nulldepth": &p.NullDepth, "nullmargin": &p.NullMargin, "nullreduction": &p.NullReduction,
		"reductionfactor": &p.ReductionFactor, "trivialdepth": &p.TrivialDepth, "sedepth": &p.SEDepth,
		"movecountbase": &p.MoveCountBase, "historydivisor": &p.HistoryDivisor,
	}
}

// OptionNames lists what Options.Set takes, for a tool's help: the boolean
// options, off=part+part with its parts, and the numeric settings of Params.
func OptionNames() string {
	var o Options
	flags := slices.Sorted(maps.Keys(o.flags()))
	nums := slices.Sorted(maps.Keys(o.params()))
	parts := slices.Sorted(maps.Keys(offNames))
	return strings.Join(flags, ", ") + " (true/false); off=" +
		strings.Join(parts, "|") + " joined by +; " + strings.Join(nums, ", ") + " (numbers)"
}

// flags names the boolean options that Options.Set takes.
func (o *Options) flags() map[string]*bool {
	return map[string]*bool{
		"wholeiterations": &o.WholeIterations, "evalavg": &o.EvalAvg, "nothreatreplies": &o.NoThreatReplies,
		"novct": &o.NoVCT, "novctdefence": &o.NoVCTDefence, "patternorder": &o.PatternOrder,
	}
}

// Set sets the option named by its lower-case field name; boolean options
// take "", "true" or "false", the settings of Params a number.
func (o *Options) Set(name, value string) error {
	name = strings.ToLower(name)
	if name == "off" {
		for _, part := range strings.Split(value, "+") {
			bit, ok := offNames[part]
			if !ok {
				return fmt.Errorf("option off: unknown part %q", part)
			}
			o.Off |= bit
		}
		return nil
	}
	if flag, ok := o.flags()[name]; ok {
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
	num, ok := o.params()[name]
	if !ok {
		return fmt.Errorf("unknown gomoku search option %q", name)
	}
	f, err := strconv.ParseFloat(value, 32)
	if err != nil || f <= 0 || math.IsInf(f, 0) {
		return fmt.Errorf("option %s: bad value %q", name, value)
	}
	*num = float32(f)
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
	s.ord = nil
	if !s.opt.PatternOrder {
		s.ord = p.game.ord
	}
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
	s.load(p)
	s.ageHistory()

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
	for _, sc := range s.genMoves(0, 0, -1) {
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

// genMoves fills move buffer slot with the moves to search at ply, scored
// for ordering (ttMove first): the opponent's five to block; when the
// opponent threatens an open four, the mover's fours and the squares that stop it;
// when it has a four-three to play, the mover's fours and the squares that leave it
// none (every candidate if none does); else every candidate. Black's
// forbidden squares are left out under renju.
func (s *Searcher) genMoves(slot, ply int, ttMove int) []scored {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	list := s.buf[slot][:0]
	st := &s.st[ply]
	div := int32(s.par.HistoryDivisor)
	if div <= 0 {
		div = 64
	}
	lastOpp, lastOwn := s.prevMove(ply-1), s.prevMove(ply-2)
	if ply < 2 {
		lastOwn = s.last[1-ply]
		if ply == 0 {
			lastOpp = s.last[0]
		}
	}
	add := func(i int) {
		if !s.legal(me, i) {
			return
		}
		var sc int32
		if s.ord != nil {
			sc = s.ord.score(b, me, i, lastOpp, lastOwn)
		} else {
			sc = s.prio(i)
		}
		switch {
		case i == ttMove:
			sc += 1 << 28
		case int16(i) == st.killers[0]:
			sc += 300
		case int16(i) == st.killers[1]:
			sc += 200
		}
		if b.sq[i].cls[me]&^flagForbid >= kFlex3 {
			sc += int32(s.hist[me][i][histAttack]) / div
		} else {
			sc += int32(s.hist[me][i][histQuiet]) / div
		}
		list = append(list, scored{int16(i), sc})
	}
	if b.counts[opp][kFive] > 0 {
		if f, _ := s.fives(opp); f >= 0 {
			add(f)
		}
		s.buf[slot] = list
		return list
	}
	// stops reports whether a move on i leaves the opponent without a
	// square of class k: the test reads the opponent's classes only, so a
	// light move skips the terms, and the mover's own patterns are left as they
	// were.
	stops := func(i int, k class) bool {
		if !s.renjuBlack(opp) {
			// Every square of a four's class lies within two squares
			// of the side's stones, among the candidates, and nothing
			// forbids it: counting them after the move is finding one.
			return b.countAfter(i, colorOf(me), opp, k) == 0
		}
		return !b.try(i, colorOf(me), 1<<opp, func() bool {
			if k == kFlex4 {
				return s.threat(opp)
			}
			return b.counts[opp][k] > 0 && s.find(opp, k) >= 0
		})
	}
	// defend adds the mover's fours and the other squares keep accepts (keep
	// checks that they may be played, after its cheaper tests): the replies
	// to a threat.
	defend := func(keep func(i int) bool) {
		for _, c := range b.cand {
			i := int(c)
			if b.cells[i] != Empty {
				continue
			}
			if b.sq[i].cls[me]&^flagForbid >= kBlock4 {
				add(i)
				continue
			}
			if keep(i) {
				add(i)
			}
		}
	}
	if !s.opt.NoThreatReplies && s.threat(opp) {
		// Against an open three: the mover's fours, and the squares after which
		// the opponent has no open four to make, found among those where
		// it could make a four. The fours count at the horizon too: a
		// defence by counter-fours left out there made the three a false
		// mate that stopped the deepening.
		//
		// A square where the opponent makes an open four, unflagged, stays
		// one unless the mover's stone lands on one of its lines within a pattern's
		// reach: a move off the lines of any such square (the first few
		// are kept) can't stop the threat and needs no test.
		var open4 [4]int
		n4 := 0
		for _, c := range b.cand {
			i := int(c)
			if n4 < len(open4) && b.cells[i] == Empty && b.sq[i].cls[opp] == kFlex4 {
				open4[n4] = i
				n4++
			}
		}
		defend(func(i int) bool {
			return b.sq[i].cls[opp]&^flagForbid >= kBlock4 && onLines(i, open4[:n4]) && s.legal(me, i) && stops(i, kFlex4)
		})
		s.buf[slot] = list
		return list
	}
	if !s.opt.NoThreatReplies && !s.off(offDefend43) && b.counts[opp][kBlock4Flex3] > 0 {
		// Against a four-three: the mover's fours, the squares on its lines after
		// which the opponent has none left, and the squares after which
		// the block of its four would be a four of the mover's (the block then
		// takes the tempo back). When that block is a four already, the
		// four-three forces nothing and every move stays.
		if c := s.find(opp, kBlock4Flex3); c >= 0 {
			if f := s.blockOfFour(c); f < 0 || b.sq[f].cls[me]&^flagForbid < kBlock4 || !s.legal(me, f) {
				// counters reports whether the mover's stone on i makes the block
				// on f a four of ours.
				counters := func(i int) bool {
					return b.try(i, colorOf(me), 1<<me, func() bool { return b.sq[f].cls[me]&^flagForbid >= kBlock4 })
				}
				defend(func(i int) bool {
					return s.legal(me, i) && ((i == c || aligned(c, i) && b.sq[i].cls[opp]&^flagForbid >= kBlock3) && stops(i, kBlock4Flex3) ||
						f >= 0 && i != f && aligned(f, i) && counters(i))
				})
				if len(list) > 0 {
					s.buf[slot] = list
					return list
				}
			}
		}
	}
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] == Empty {
			add(i)
		}
	}
	s.buf[slot] = list
	return list
}

// blockOfFour returns the square where the side to move must block the
// opponent's five after the opponent plays its four-three on c (-1: none).
func (s *Searcher) blockOfFour(c int) int {
	opp := 1 - s.stm
	f := -1
	s.b.try(c, colorOf(opp), 1<<opp, func() bool {
		f, _ = s.fives(opp)
		return f >= 0
	})
	return f
}

// onLines reports whether square i is each of squares or shares a line
// with it within halfLen squares, the reach of a stone on a pattern.
func onLines(i int, squares []int) bool {
	for _, f := range squares {
		if !onLine(i, f, halfLen) {
			return false
		}
	}
	return true
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
			if d >= 2 && i >= 2 && !s.off(offRootLMR) {
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
	if b.counts[me][kBlock4Flex3] > 0 && !s.off(offFourThree) && *beta > engines.MateIn(ply+5) && !b.hasFour(opp) && b.counts[opp][kFlex4] == 0 {
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
