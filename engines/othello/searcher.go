// This file holds othello's engines.Searcher: the levels, the plan of a
// search from its limits (how deep, from how many empties to solve
// exactly), and the dispatch to the 8x8 or the general search.

package othello

import (
	"context"
	"math/bits"
	"time"

	"qi/engines"
	"qi/engines/othello/pattern"
	"qi/engines/search"
)

// levelPlan gives levels 2..9 their midgame depth and whether they use the
// trained evaluation; their endgame is that of their depth (SolveFrom).
// Level 1 is the greedy player; level 10 plans by the limits.
var levelPlan = [engines.MaxLevel + 1]struct {
	depth   int
	trained bool
}{
	2: {1, false},
	3: {2, false},
	4: {2, true},
	5: {3, true},
	6: {4, true},
	7: {6, true},
	8: {8, true},
	9: {10, true},
}

// levelElo8 is the measured Elo of levels 1 to 10 on 8x8, on the scale
// where a random mover is 0: matches of each level against its neighbours,
// qi's alpha-beta baseline and NTest at depths 1 to 6, fitted as one rating
// list (docs/games.md, strength levels). Level 10 was measured at depth 11:
// its Elo holds there, and it is stronger with more time.
var levelElo8 = [engines.MaxLevel]int{55, 440, 673, 1401, 1675, 1851, 2128, 2372, 2568, 2644}

// LevelElo implements engines.Rated: the 8x8 table for every board, the
// only one measured.
func (g *Game) LevelElo() []int { return levelElo8[:] }

// maxSolveFrom bounds the empties from which a depth-limited search
// solves: 24 empties take seconds (see solveReach).
const maxSolveFrom = 24

// SolveFrom returns the empties from which a search of midgame depth d
// stops estimating and proves: who wins (or a draw) from wld empties, the
// exact final disc difference from exact empties; 2d+4 and 2d+2, at most
// maxSolveFrom each. This is qi's meaning of NBoard's `set depth d`, UGI's
// `go depth d` and of its levels' depths. It is Edax's rule (exact from
// 2d) four empties further, so that depth 6 proves from 16 empties as
// NTest's depth 6 does, where the proofs cost a game about what its
// midgame searches do (600 games against NTest: 110k midgame nodes a game,
// 113k in the proofs; from 18 they cost 511k). qi solving only from 12
// scored 50 Elo less against NTest (docs/games.md, othello design notes).
func SolveFrom(d int) (wld, exact int) {
	return min(2*d+4, maxSolveFrom), min(2*d+2, maxSolveFrom)
}

// SelectiveSolveFrom is SolveFrom for a search of depth d with ProbCut
// (engines.Config.Selective): it proves who wins from 12+2d/3 empties (at
// most 2d+4 and maxSolveFrom), the exact score from six fewer; NTest's
// depths too move their proofs two thirds of an empty further a ply. With
// the proofs of SolveFrom a selective depth 10 spends most of its time in
// them: against NTest at equal time (its depth 17, 0.071 s a move against
// qi's 0.074) it won 1 game of 20 and drew 1. Who wins decides a game, and
// once it is proven the searches that follow find the proof in the table:
// the exact solves two empties after the proof took a selective depth 14
// 8% of its time against NTest (at 19 and 18 empties 0.079 s and
// 0.044 s a move, NTest 0.011 s and 0.005 s), six after it 0.019 s and
// 0.012 s, with the same results in 399 games of 400 and 6% less time.
// The proof of who wins starts at most at maxSelectiveWLD empties (the
// exact score still six empties after 12+2d/3); the probable proofs
// (ProbableFrom) cover the empties before it.
func SelectiveSolveFrom(d int) (wld, exact int) {
	reach := selectiveReach(d)
	return min(reach, maxSelectiveWLD), reach - 6
}

// selectiveReach is 12+2d/3 empties, at most 2d+4 and maxSolveFrom: where
// a selective depth d would prove who wins without maxSelectiveWLD.
func selectiveReach(d int) int { return min(12+2*d/3, 2*d+4, maxSolveFrom) }

// maxSelectiveWLD bounds the empties from which a selective depth proves
// who wins for certain: a selective depth 14 reaches it; 15 and 16 would
// prove from 22, 17 from 23, 18 and more from 24. There a certain proof
// costs several times the probable one that ProbableFrom puts in its place:
// a selective depth 18 against NTest's depth 16 (40 games, the same
// openings) took 1.90 s a move at 24 empties and 0.113 s a move in all with
// certain proofs from 24, 0.19 s and 0.054 s with probable ones, which lose
// 2.5 points of results in 180 positions of 22 to 24 empties that the
// certain ones keep (docs/games.md).
const maxSelectiveWLD = 21

// ProbableFrom is, for a selective search of depth d, the most empties from
// which it proves who wins probably, with ProbCut in the solver, before
// the proofs of SelectiveSolveFrom: four empties before where they would
// start without maxSelectiveWLD, at most maxSolveFrom. Against NTest at
// depth 14, a selective depth 13 stood at 55% of the points at 24 empties
// and ended at 42% (86 games): its midgame searches lost the result at 21
// to 24 empties. NTest too proves who wins probably from 25 empties at its
// depth 14, for certain from 21.
func ProbableFrom(d int) int { return min(selectiveReach(d)+4, maxSolveFrom) }

// ProofsFrom is SelectiveSolveFrom for a selective search of depth d,
// SolveFrom for a full-width one.
func ProofsFrom(d int, selective bool) (wld, exact int) {
	if selective {
		return SelectiveSolveFrom(d)
	}
	return SolveFrom(d)
}

// Searcher is othello's searcher. Its tables are allocated at the first
// search.
type Searcher struct {
	n       int
	level   int
	hash    int
	weights *pattern.Weights
	// given says the weights were given (NewWeightedSearcher): nil then
	// means the untrained evaluation rather than the embedded weights.
	given bool
	s8    *searcher8
	sn    *searcherN
	// confidence is ProbCut's margin in standard deviations on the clock;
	// 0 turns ProbCut off.
	confidence float64
	// selectiveDepth uses ProbCut in fixed-depth searches too
	// (engines.Config.Selective).
	selectiveDepth bool
	// threads is engines.Config.Threads: how many threads the 8x8
	// searches may use.
	threads int
}

// SetProbCut sets ProbCut's confidence (the margin in standard deviations
// that a shallow search must clear to cut), used when searching on the
// clock; 0 turns ProbCut off. For measuring what it is worth.
func (s *Searcher) SetProbCut(confidence float64) { s.confidence = confidence }

// NewSearcher implements engines.Game. Config.Baseline gives the plain
// alpha-beta of package search with the untrained evaluation.
func (g *Game) NewSearcher(cfg engines.Config) engines.Searcher {
	if cfg.Baseline {
		n := g.n
		return search.NewAlphaBeta(func(pos engines.Position) engines.Score {
			return engines.Score(SimpleEval(pos.(*Position)))
		}, n*n, cfg.EffectiveHashMB())
	}
	return &Searcher{n: g.n, level: cfg.EffectiveLevel(), hash: cfg.EffectiveHashMB(), confidence: probcutConfidence, selectiveDepth: cfg.Selective, threads: cfg.Threads}
}

// SimpleEval is the untrained evaluation of a position for the side to move,
// in centi-discs: square values and mobility.
func SimpleEval(p *Position) int {
	if p.n == 8 {
		me, opp, _ := p.Bitboards()
		return simpleEval8(me, opp)
	}
	return newEvalN(p.bn.g, false).score(p.bn)
}

// Close gives the tables' memory back; the searcher must not be used after.
func (s *Searcher) Close() error {
	if s.s8 != nil {
		s.s8.tt.close()
		s.s8.ett.close()
		s.s8 = nil
	}
	if s.sn != nil {
		s.sn.tt.Close()
		s.sn = nil
	}
	return nil
}

// FirstMove implements engines.FirstMover: the best move of the last search
// of this position if the table still has it, else the move that leaves the
// opponent the worst position by the untrained evaluation (a one-ply look
// that costs microseconds).
func (s *Searcher) FirstMove(pos engines.Position) engines.Move {
	p, ok := pos.(*Position)
	if !ok {
		return engines.NoMove
	}
	moves := p.LegalMoves(nil)
	if len(moves) <= 1 {
		if len(moves) == 0 {
			return engines.NoMove
		}
		return moves[0]
	}
	if s.s8 != nil && p.n == 8 {
		me, opp, _ := p.Bitboards()
		if e, ok := s.s8.tt.probe(me, opp); ok && e.move > 0 && Moves8(me, opp)&(1<<(e.move-1)) != 0 {
			return engines.Move(e.move - 1)
		}
	}
	best, bestScore := moves[0], 0
	for i, m := range moves {
		q := p.Clone().(*Position)
		q.Play(m)
		if sc := -SimpleEval(q); i == 0 || sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best
}

// Clear implements engines.Searcher.
func (s *Searcher) Clear() {
	if s.s8 != nil {
		s.s8.tt.clear()
		s.s8.ett.clear()
		clear(s.s8.local)
		if s.s8.pool != nil {
			for _, h := range s.s8.pool.helpers {
				clear(h.local)
			}
		}
	}
	if s.sn != nil {
		s.sn.tt.Clear()
	}
}

// evalWeights returns the weights the level plays with, nil for the
// untrained evaluation.
func (s *Searcher) evalWeights() *pattern.Weights {
	if s.level < engines.MaxLevel && !levelPlan[s.level].trained {
		return nil
	}
	if s.given {
		return s.weights
	}
	return pattern.Load(s.n)
}

// Search implements engines.Searcher.
func (s *Searcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	p, ok := pos.(*Position)
	if !ok {
		var err error
		if p, err = ParseText(pos.Text()); err != nil {
			return engines.Info{}
		}
	}
	if p.Result() != engines.None {
		b, w := p.Discs()
		sc := finalScore(b, w, p.n*p.n)
		if p.SideToMove() == engines.P2 {
			sc = -sc
		}
		return engines.Info{Exact: true, Score: engines.Score(100 * sc)}
	}
	if s.level == 1 {
		return greedy(start, p, lim)
	}
	stop := search.WatchContext(ctx)
	defer stop.Release()
	pl := s.plan(ctx, start, p, lim)
	if p.n == 8 {
		if s.s8 == nil {
			s.s8 = newSearcher8(s.hash, s.evalWeights())
			s.s8.setWorkers(threadsFor(s.threads))
		}
		s.s8.stop = stop
		me, opp, _ := p.Bitboards()
		info := s.s8.run(start, me, opp, pl, lim, report)
		return info
	}
	if s.sn == nil {
		s.sn = newSearcherN(p.n, s.hash, s.evalWeights())
	}
	s.sn.stop = stop
	depth := pl.depth
	if p.Empties() <= pl.solveFrom {
		depth = p.Empties()
	}
	return s.sn.run(start, p.bn, depth, lim, report)
}

// plan decides how deep to search and from how many empties to solve.
func (s *Searcher) plan(ctx context.Context, start time.Time, p *Position, lim engines.Limits) plan8 {
	empties := p.Empties()
	var pl plan8
	if s.level < engines.MaxLevel {
		pl = plan8{depth: levelPlan[s.level].depth}
		if lim.Depth > 0 {
			pl.depth = min(pl.depth, lim.Depth)
		}
		pl.wldFrom, pl.solveFrom = SolveFrom(pl.depth)
	} else {
		pl = s.fullPlan(ctx, empties, p.n, lim)
	}
	if p.n != 8 {
		// The general board has no solver of its own: searching to the
		// end is slower, so it starts later, and it proves no win/loss/
		// draw alone.
		pl.solveFrom = min(pl.solveFrom, 12)
		if lim.Depth >= empties {
			pl.solveFrom = empties
		}
		pl.wldFrom = pl.solveFrom
	}
	return pl
}

// fullPlan is the plan of full strength: by the depth asked for, else by
// the time (ProbCut on, the solve as far as the time reaches), else the
// whole game.
func (s *Searcher) fullPlan(ctx context.Context, empties, n int, lim engines.Limits) plan8 {
	pl := plan8{depth: empties, solveFrom: 20}
	switch {
	case lim.Depth > 0:
		pl.depth = lim.Depth
		pl.selective = s.selectiveDepth && s.confidence > 0
		pl.confidence = s.confidence
		pl.wldFrom, pl.solveFrom = ProofsFrom(lim.Depth, pl.selective)
		if pl.selective {
			pl.probableFrom = ProbableFrom(lim.Depth)
		}
		if lim.Depth >= empties {
			pl.solveFrom = empties
		}
	case lim.Soft > 0 || hasDeadline(ctx):
		budget := lim.Soft
		if d, ok := ctx.Deadline(); ok && (budget == 0 || time.Until(d) < budget) {
			budget = time.Until(d)
		}
		pl.solveFrom = solveReach(n, budget)
		pl.selective = s.confidence > 0
		pl.confidence = s.confidence
	}
	return pl
}

func hasDeadline(ctx context.Context) bool {
	_, ok := ctx.Deadline()
	return ok
}

// solveReach returns the most empties the solver is expected to solve in
// about budget on an n x n board. Measured on 8x8 positions of expert games
// (medians, one core of a busy machine): 0.09 s at 18 empties, 0.4 s at 20,
// 1.8 s at 22, 7 s at 24, 43 s at 26; each empty costs about 2.1 times the
// one before, and the hardest positions take two or three times the median.
func solveReach(n int, budget time.Duration) int {
	if n != 8 {
		return 10
	}
	e, t := 20, 400*time.Millisecond
	if budget < t {
		for e > 10 && budget < t {
			e--
			t = t * 10 / 21
		}
		return e
	}
	for e < 40 {
		next := t * 21 / 10
		if next > budget {
			break
		}
		e++
		t = next
	}
	return e
}

// greedy is level 1: the move that flips the most discs, the first in
// square order among equals, of the moves lim allows.
func greedy(start time.Time, p *Position, lim engines.Limits) engines.Info {
	moves := lim.RootMoves(p)
	best, bestN := moves[0], -1
	if best != Pass {
		for _, m := range moves {
			var n int
			if p.n == 8 {
				me, opp, _ := p.Bitboards()
				n = bits.OnesCount64(Flips8(me, opp, int(m)))
			} else {
				n = p.bn.flipCount(int(m))
			}
			if n > bestN {
				best, bestN = m, n
			}
		}
	}
	score := engines.Score(100 * bestN)
	if best == Pass {
		score = 0
	}
	return engines.Info{Depth: 1, SelDepth: 1, Score: score, Nodes: int64(len(moves)), Time: time.Since(start), PV: []engines.Move{best}}
}

// MovesLeft estimates the moves the side to move still has to make before
// the endgame solver takes over, for sharing a clock (search.Budget).
func (p *Position) MovesLeft() int {
	return max(1, (p.Empties()-12)/2)
}
