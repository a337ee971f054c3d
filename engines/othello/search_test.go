// Tests of the searches and the solver: exact scores of FFO endgames and of
// small boards against plain minimax, limits, levels, and sanity of play.

package othello

import (
	"bufio"
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello/pattern"
)

// ffoCase is a line of an obf file: the position and the score of the best
// move.
type ffoCase struct {
	pos   *Position
	best  string
	score int
}

func readFFO(t testing.TB, path string) []ffoCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []ffoCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		p, err := ParseText(parts[0])
		require.NoError(t, err)
		mv, score, ok := strings.Cut(strings.TrimSpace(parts[1]), ":")
		require.True(t, ok)
		v, err := strconv.Atoi(score)
		require.NoError(t, err)
		out = append(out, ffoCase{p, strings.ToLower(mv), v})
	}
	return out
}

// solve solves p with a full-strength searcher.
func solve(t testing.TB, s engines.Searcher, p *Position) engines.Info {
	t.Helper()
	info := s.Search(context.Background(), p, engines.Limits{Depth: 64}, nil)
	require.True(t, info.Exact, "an exact solve says so")
	require.NotEmpty(t, info.PV)
	return info
}

// checkSolved checks an exact solve's score, and that its move reaches it.
func checkSolved(t *testing.T, s engines.Searcher, c ffoCase, info engines.Info) {
	t.Helper()
	require.Equal(t, 100*c.score, int(info.Score), "score of %s", c.pos.Text())
	if mv := c.pos.MoveText(info.Best()); mv != c.best {
		// Another move may score as well: check it by solving after it.
		q := c.pos.clone()
		q.Play(info.Best())
		after := solve(t, s, q)
		assert.Equal(t, -100*c.score, int(after.Score), "%s scores %+d as %s does", mv, c.score, c.best)
	}
}

func TestFFOEasy(t *testing.T) {
	cases := readFFO(t, "testdata/ffo-1-39.obf")
	if testing.Short() {
		cases = cases[:10]
	} else {
		cases = cases[:25]
	}
	s := game(t, 8).NewSearcher(engines.Config{HashMB: 32})
	for i, c := range cases {
		s.Clear()
		info := solve(t, s, c.pos)
		checkSolved(t, s, c, info)
		assert.Equal(t, c.pos.Empties(), info.Depth, "FFO #%d", i+1)
	}
}

func TestFFO40(t *testing.T) {
	if testing.Short() {
		t.Skip("FFO #40 takes a second")
	}
	c := readFFO(t, "testdata/ffo-40-59.obf")[0]
	s := game(t, 8).NewSearcher(engines.Config{HashMB: 64})
	info := solve(t, s, c.pos)
	checkSolved(t, s, c, info)
	assert.Equal(t, "a2", c.pos.MoveText(info.Best()), "A2 is the only move scoring +38")
}

// TestSelectiveBounds checks what the solve's selective stages leave in the
// table: a bound stored at a selectivity cuts searches at that selectivity,
// never the exact search, which a bound stored by an exact search does cut.
// The bounds planted say that every reply wins by 64.
func TestSelectiveBounds(t *testing.T) {
	c := readFFO(t, "testdata/ffo-1-39.obf")[0]
	g := game(t, 8).NewSearcher(engines.Config{HashMB: 16}).(*Searcher)
	p, o, _ := c.pos.Bitboards()
	empties := c.pos.Empties()
	for _, tc := range []struct {
		planted, endSel int
		right           bool
	}{
		{planted: -1, endSel: 0, right: true},
		{planted: 1, endSel: 0, right: true},
		{planted: 0, endSel: 0, right: false},
		{planted: 1, endSel: 1, right: false},
		{planted: 2, endSel: 1, right: true},
	} {
		s := newSearcher8(16, g.evalWeights())
		if tc.planted >= 0 {
			for m := Moves8(p, o); m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				f := Flips8(p, o, sq)
				s.ett.store(o^f, p^f^1<<sq, empties-1, tc.planted, 0, 1, 64, -1)
			}
		}
		s.endSel = tc.endSel
		// The null window just under the score: the position fails high.
		v := s.nwsEnd(p, o, c.score-1, empties, false, 0)
		assert.Equal(t, tc.right, v >= c.score, "bounds planted at selectivity %d, searched at %d: %d", tc.planted, tc.endSel, v)
	}
}

// TestSolveIgnoresSelectivity checks that the solver's selective stages
// prune alike whatever the midgame's selectivity: ProbCut's shallow searches
// use their own.
func TestSolveIgnoresSelectivity(t *testing.T) {
	g := game(t, 8).NewSearcher(engines.Config{HashMB: 16}).(*Searcher)
	for _, c := range readFFO(t, "testdata/ffo-1-39.obf")[:3] {
		p, o, _ := c.pos.Bitboards()
		empties := c.pos.Empties()
		for _, endSel := range []int{1, 2, probableSel} {
			var values []int
			var nodes []int64
			for _, midgame := range []struct {
				selective  bool
				confidence float64
			}{{false, 0}, {true, 0.5}, {true, 2.5}} {
				s := newSearcher8(16, g.evalWeights())
				s.selective, s.confidence, s.endSel = midgame.selective, midgame.confidence, endSel
				values = append(values, s.nwsEnd(p, o, c.score-1, empties, false, 0))
				nodes = append(nodes, s.nodes)
			}
			assert.Equal(t, values[0], values[1], "%d empties at selectivity %d", empties, endSel)
			assert.Equal(t, values[0], values[2], "%d empties at selectivity %d", empties, endSel)
			assert.Equal(t, nodes[0], nodes[1], "%d empties at selectivity %d", empties, endSel)
			assert.Equal(t, nodes[0], nodes[2], "%d empties at selectivity %d", empties, endSel)
		}
	}
}

// minimax is the plain game value for the side to move, in discs.
func minimax(p *Position) int {
	if p.Result() != engines.None {
		v := p.FinalScore()
		if p.SideToMove() == engines.P2 {
			v = -v
		}
		return v
	}
	best := -1000
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		best = max(best, -minimax(p))
		p.Undo()
	}
	return best
}

func TestExactAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ n, empties, count int }{{4, 12, 1}, {6, 11, 10}, {8, 11, 20}, {10, 9, 5}} {
		g := game(t, tc.n)
		s := g.NewSearcher(engines.Config{HashMB: 8})
		for range tc.count {
			p := StartPosition(tc.n)
			for p.Empties() > tc.empties && p.Result() == engines.None {
				moves := p.LegalMoves(nil)
				p.Play(moves[rng.IntN(len(moves))])
			}
			if p.Result() != engines.None {
				continue
			}
			root := p.Root()
			want := minimax(root.clone())
			s.Clear()
			info := solve(t, s, root)
			require.Equal(t, 100*want, int(info.Score), "%dx%d %s", tc.n, tc.n, root.Text())
			// The best move keeps the value.
			q := root.clone()
			q.Play(info.Best())
			require.Equal(t, -want, minimax(q), "%s after %s", root.Text(), root.MoveText(info.Best()))
			// The line is legal.
			_, err := playLine(root, info.PV)
			require.NoError(t, err)
		}
	}
}

// TestNullWindowBounds checks the solver's null-window searches of the last
// empties (the unrolled solvers, the stability cut-offs, the sorted nodes)
// against minimax at every window: a score above alpha is a lower bound of
// the value, one at or below it an upper bound.
func TestNullWindowBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := game(t, 8).NewSearcher(engines.Config{HashMB: 8}).(*Searcher)
	s := newSearcher8(8, g.evalWeights())
	cuts := 0
	for n := 0; n < 300; {
		empties := 3 + n%6
		pos := StartPosition(8)
		for pos.Empties() > empties && pos.Result() == engines.None {
			moves := pos.LegalMoves(nil)
			pos.Play(moves[rng.IntN(len(moves))])
		}
		if pos.Result() != engines.None {
			continue
		}
		n++
		root := pos.Root()
		want := minimax(root.clone())
		p, o, _ := root.Bitboards()
		for alpha := -65; alpha <= 64; alpha++ {
			if ub, ok := s.stabilityCut(p, o, alpha); ok && alpha >= stabilityFrom[empties] {
				require.LessOrEqual(t, want, ub, "%s: stable discs", root.Text())
				cuts++
			}
			v := s.nwsEnd(p, o, alpha, empties, false, 0)
			if v > alpha {
				require.GreaterOrEqual(t, want, v, "%s alpha %d", root.Text(), alpha)
			} else {
				require.LessOrEqual(t, want, v, "%s alpha %d", root.Text(), alpha)
			}
		}
	}
	// The positions must exercise the cut-offs.
	require.Greater(t, cuts, 1000)
}

// playLine plays a line on a copy of p.
func playLine(p *Position, pv []engines.Move) (*Position, error) {
	var texts []string
	for _, m := range pv {
		texts = append(texts, p.MoveText(m))
	}
	q, err := engines.PlayAll(p, texts)
	if err != nil {
		return nil, err
	}
	return q.(*Position), nil
}

func TestSmallBoardValue(t *testing.T) {
	// 4x4 othello is a win for white (published by several solvers); here
	// against plain minimax, empties to the winner.
	s := game(t, 4).NewSearcher(engines.Config{})
	info := s.Search(context.Background(), StartPosition(4), engines.Limits{Depth: 16}, nil)
	require.True(t, info.Exact)
	assert.Equal(t, 100*minimax(StartPosition(4)), int(info.Score))
	assert.Less(t, int(info.Score), 0, "white wins 4x4")
}

func TestTakesCorner(t *testing.T) {
	// Black can take a1, which also wins the whole edge and flips a line.
	p := parse(t, ""+
		"-OOOOOX-"+
		"-OOOXX--"+
		"-OXOX---"+
		"XXOXX---"+
		"--XOX---"+
		"---XO---"+
		"--------"+
		"-------- X")
	require.Contains(t, p.LegalMoves(nil), engines.Move(0))
	for _, level := range []int{5, 8, engines.MaxLevel} {
		s := game(t, 8).NewSearcher(engines.Config{Level: level})
		info := s.Search(context.Background(), p, engines.Limits{Depth: 6}, nil)
		assert.Equal(t, "a1", p.MoveText(info.Best()), "level %d", level)
	}
}

func TestForcedWin(t *testing.T) {
	// White to move has one move that wins everything: h8 flips the last
	// black discs.
	p := parse(t, strings.Repeat("O", 56)+"OOOOOXX- O")
	s := game(t, 8).NewSearcher(engines.Config{})
	info := s.Search(context.Background(), p, engines.Limits{Depth: 3}, nil)
	assert.True(t, info.Exact)
	assert.Equal(t, 6400, int(info.Score))
	assert.Equal(t, "h8", p.MoveText(info.Best()))
}

func TestPassAtRoot(t *testing.T) {
	p := parse(t, "XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXOO"+"XXXXXX-- O")
	for _, n := range []int{1, 5, engines.MaxLevel} {
		s := game(t, 8).NewSearcher(engines.Config{Level: n})
		info := s.Search(context.Background(), p, engines.Limits{Depth: 4}, nil)
		assert.Equal(t, []engines.Move{Pass}, info.PV[:1], "level %d", n)
	}
	// A solve through a pass at the root is exact.
	info := game(t, 8).NewSearcher(engines.Config{}).Search(context.Background(), p, engines.Limits{Depth: 64}, nil)
	assert.True(t, info.Exact)
	assert.Equal(t, 100*minimax(p.clone()), int(info.Score))
	q := parse(t, "-XXXXXXX"+"OXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX X")
	info = game(t, 8).NewSearcher(engines.Config{}).Search(context.Background(), q, engines.Limits{Depth: 64}, nil)
	assert.True(t, info.Exact)
	assert.Equal(t, 100*minimax(q.clone()), int(info.Score))
}

func TestLimits(t *testing.T) {
	g := game(t, 8)
	s := g.NewSearcher(engines.Config{HashMB: 4})
	start := StartPosition(8)
	var reports []engines.Info
	info := s.Search(context.Background(), start, engines.Limits{Depth: 5}, func(i engines.Info) { reports = append(reports, i) })
	assert.Equal(t, 5, info.Depth)
	assert.False(t, info.Exact)
	require.Len(t, reports, 5, "one report per iteration")
	for i, r := range reports {
		assert.Equal(t, i+1, r.Depth)
	}
	// A node limit stops the search near it.
	info = s.Search(context.Background(), start, engines.Limits{Nodes: 5000}, nil)
	assert.LessOrEqual(t, info.Nodes, int64(5000+2000))
	assert.NotEmpty(t, info.PV)
	// So does it in the solver, whose last empties count their nodes
	// between its polls.
	end := findEmpties(t, 20)
	info = s.Search(context.Background(), end, engines.Limits{Nodes: 20000}, nil)
	assert.LessOrEqual(t, info.Nodes, int64(20000+2000), "solver")
	assert.NotEmpty(t, info.PV)
	// A cancelled search still gives a legal move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, n := range []int{8, 10, 6} {
		p := StartPosition(n)
		info = game(t, n).NewSearcher(engines.Config{}).Search(ctx, p, engines.Limits{}, nil)
		require.NotEmpty(t, info.PV, "%dx%d", n, n)
		_, err := engines.Legal(p, p.MoveText(info.Best()))
		assert.NoError(t, err)
	}
	// A deadline is kept.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	info = s.Search(ctx, start, engines.Limits{Infinite: true}, nil)
	assert.Less(t, time.Since(t0), time.Second)
	assert.NotEmpty(t, info.PV)
}

func TestSolveFrom(t *testing.T) {
	for _, c := range []struct{ depth, wld, exact int }{
		{1, 6, 4},
		{4, 12, 10},
		{6, 16, 14},
		{8, 20, 18},
		{10, 24, 22},
		{11, 24, 24},
		{60, 24, 24},
	} {
		wld, exact := SolveFrom(c.depth)
		assert.Equal(t, c.wld, wld, "depth %d proves who wins", c.depth)
		assert.Equal(t, c.exact, exact, "depth %d solves exactly", c.depth)
	}
}

// TestPlans checks what each level and depth searches at a number of
// empties: its midgame depth, its proof of who wins, its exact solve.
func TestPlans(t *testing.T) {
	g := game(t, 8)
	for _, c := range []struct {
		level, depth, empties int
		want                  []int // the depths of the iterations
		wld                   bool
	}{
		{engines.MaxLevel, 6, 17, []int{1, 2, 3, 4, 5, 6}, false},
		{engines.MaxLevel, 6, 16, []int{1, 2, 3, 4, 5, 6, 16}, true},
		{engines.MaxLevel, 6, 15, []int{1, 2, 3, 4, 5, 6, 15}, true},
		{engines.MaxLevel, 6, 14, []int{1, 2, 14}, false},
		{engines.MaxLevel, 10, 24, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 24}, true},
		{engines.MaxLevel, 12, 24, []int{1, 2, 3, 4, 5, 6, 7, 24}, false},
		{engines.MaxLevel, 12, 25, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, false},
		{engines.MaxLevel, 20, 20, []int{1, 2, 3, 4, 5, 20}, false},
		// Levels play by their depth's plan; a depth limit lowers it.
		{7, 0, 16, []int{1, 2, 3, 4, 5, 6, 16}, true},
		{7, 0, 17, []int{1, 2, 3, 4, 5, 6}, false},
		{9, 0, 24, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 24}, true},
		{9, 6, 16, []int{1, 2, 3, 4, 5, 6, 16}, true},
		{2, 0, 6, []int{1, 6}, true},
		{2, 0, 4, []int{1, 2, 4}, false},
	} {
		s := g.NewSearcher(engines.Config{Level: c.level}).(*Searcher)
		p := findEmpties(t, c.empties)
		pl := s.plan(context.Background(), time.Now(), p, engines.Limits{Depth: c.depth})
		assert.Equal(t, c.want, pl.iterDepths(c.empties), "level %d depth %d at %d empties", c.level, c.depth, c.empties)
		assert.Equal(t, c.wld, pl.wld(c.empties), "level %d depth %d at %d empties: a proof of who wins", c.level, c.depth, c.empties)
	}
}

// findEmpties returns a position of a game of random moves with that many
// empties.
func findEmpties(t *testing.T, empties int) *Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, uint64(empties)))
	for range 100 {
		p := StartPosition(8)
		for p.Result() == engines.None && p.Empties() > empties {
			ms := p.LegalMoves(nil)
			p.Play(ms[rng.IntN(len(ms))])
		}
		if p.Empties() == empties && p.Result() == engines.None {
			return p
		}
	}
	t.Fatalf("no game reached %d empties", empties)
	return nil
}

// TestWinLossDraw checks the proofs of who wins that depth 6 makes at 15
// and 16 empties (FFO #8-#19) against the exact scores: the score's sign is
// the game's, a draw is exact, and the move played keeps the result.
func TestWinLossDraw(t *testing.T) {
	cases := readFFO(t, "testdata/ffo-1-39.obf")[7:19]
	s := game(t, 8).NewSearcher(engines.Config{HashMB: 16})
	exact := game(t, 8).NewSearcher(engines.Config{HashMB: 16})
	sign := func(v int) int { return min(max(v, -1), 1) }
	for i, c := range cases {
		require.Contains(t, []int{15, 16}, c.pos.Empties())
		info := s.Search(context.Background(), c.pos, engines.Limits{Depth: 6}, nil)
		assert.Equal(t, c.pos.Empties(), info.Depth, "FFO #%d: the proof is the last iteration", i+8)
		assert.Equal(t, sign(c.score), sign(int(info.Score)), "FFO #%d scores %+d", i+8, c.score)
		assert.Equal(t, c.score == 0, info.Exact, "FFO #%d: only a draw is exact", i+8)
		if c.score != 0 {
			assert.GreaterOrEqual(t, max(int(info.Score), -int(info.Score)), 100, "FFO #%d: a proven result is at least a disc", i+8)
		}
		q := c.pos.clone()
		q.Play(info.Best())
		after := solve(t, exact, q)
		if c.score >= 0 {
			assert.Equal(t, sign(c.score), sign(-int(after.Score)), "FFO #%d: %s keeps the result", i+8, c.pos.MoveText(info.Best()))
		}
	}
}

func TestLevels(t *testing.T) {
	g := game(t, 8)
	// Level 1 flips the most discs.
	p := parse(t, "--------"+"--------"+"--OOO---"+"--OXO---"+"--OOO---"+"--------"+"--X-----"+"-------- X")
	info := g.NewSearcher(engines.Config{Level: 1}).Search(context.Background(), p, engines.Limits{}, nil)
	best := 0
	for _, m := range p.LegalMoves(nil) {
		pl, op, _ := p.Bitboards()
		best = max(best, popcount(Flips8(pl, op, int(m))))
	}
	pl, op, _ := p.Bitboards()
	assert.Equal(t, best, popcount(Flips8(pl, op, int(info.Best()))))
	// Deeper levels search deeper.
	prev := 0
	for level := 2; level <= 9; level++ {
		info := g.NewSearcher(engines.Config{Level: level}).Search(context.Background(), StartPosition(8), engines.Limits{}, nil)
		assert.GreaterOrEqual(t, info.Depth, prev, "level %d", level)
		prev = info.Depth
	}
	assert.Equal(t, 10, prev)
	// The baseline is the plain alpha-beta, and plays legal moves.
	base := g.NewSearcher(engines.Config{Baseline: true})
	info = base.Search(context.Background(), StartPosition(8), engines.Limits{Depth: 3}, nil)
	assert.Equal(t, 3, info.Depth)
	assert.Contains(t, StartPosition(8).LegalMoves(nil), info.Best())
}

func TestSearchLeavesPosition(t *testing.T) {
	for _, n := range []int{8, 10} {
		p := StartPosition(n)
		for _, mv := range []string{"f5", "d6", "c3"} {
			m, err := engines.Legal(p, mv)
			if err != nil {
				m = p.LegalMoves(nil)[0]
			}
			p.Play(m)
		}
		before := p.Text()
		plies := p.Plies()
		info := game(t, n).NewSearcher(engines.Config{}).Search(context.Background(), p, engines.Limits{Depth: 4}, nil)
		assert.Equal(t, before, p.Text())
		assert.Equal(t, plies, p.Plies())
		_, err := playLine(p, info.PV)
		assert.NoError(t, err, "the line is legal")
	}
}

// TestIncrementalFeatures checks that the pattern indices kept move by move
// equal those computed from scratch, and the evaluation from them equals the
// one from Features: the AVX2 update and sum where the processor has them,
// and the Go ones.
func TestIncrementalFeatures(t *testing.T) {
	// The embedded weights, and weights with every table filled (the
	// embedded ones may leave some at zero).
	sets := []*pattern.Weights{syntheticWeights8()}
	if w := pattern.Load(8); w != nil {
		sets = append(sets, w)
	}
	for _, w := range sets {
		checkIncrementalFeatures(t, w)
	}
}

// syntheticWeights8 returns 8x8 weights with every entry set, tied.
func syntheticWeights8() *pattern.Weights {
	w := pattern.NewWeights(pattern.For(8), 4)
	for _, st := range w.Stage {
		for i := range st {
			st[i] = int16(i*7919%201 - 100)
		}
	}
	w.Tie()
	return w
}

func checkIncrementalFeatures(t *testing.T, w *pattern.Weights) {
	e := newEval8(w)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		p := StartPosition(8)
		var f feats8
		e.setup(&f, p.black, p.white)
		for p.Result() == engines.None {
			moves := p.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if m != Pass {
				me, opp, _ := p.Bitboards()
				flips := Flips8(me, opp, int(m))
				var played feats8
				e.play(&played, &f, int(m), flips, p.side == engines.P1)
				goOnly := f
				e.updateGo(&goOnly, int(m), flips, p.side == engines.P1)
				require.Equal(t, goOnly, played)
				f = played
			}
			p.Play(m)
			var g feats8
			e.setup(&g, p.black, p.white)
			require.Equal(t, g, f)
			me, opp, _ := p.Bitboards()
			got := e.score(&f, me, opp, p.side == engines.P1)
			if haveAVX2 {
				// The vector sum against the Go loop.
				black := p.side == engines.P1
				st := e.stage[p.Empties()]
				require.Equal(t, e.patternsGo(&f, st, black), scoreAVX2(&f, &e.mid, &e.lanes, &st[0], !black))
			}
			// From scratch through Features, as the training tool sees it.
			entries, sc := p.Features(w.Set, nil)
			fast, fastSc := Features8(w.Set, me, opp, nil)
			require.Equal(t, entries, fast)
			require.Equal(t, sc, fastSc)
			require.Equal(t, min(max(got*100/pattern.Scale, -evalLimit), evalLimit), NewEvaluator(8, w).Eval(p))
			st := w.Stage[w.StageOf[p.Empties()]]
			want := int(st[w.Bias])
			k := 0
			for pi := range w.Set.Patterns {
				for range w.Set.Patterns[pi].Instances {
					want += int(st[w.Offsets[pi]+entries[k]])
					k++
				}
			}
			for j := range 4 * w.Set.MobRows {
				want += int(st[w.MobAt+j/4*pattern.MobRowSize+entries[k]])
				k++
			}
			require.Len(t, entries, k)
			for j, v := range sc {
				want += int(st[w.ScalarAt+j*(pattern.ScalarMax+1)+v])
			}
			require.Equal(t, want, got, "%s", p.Text())
		}
	}
}

// TestSelectiveDepth checks engines.Config.Selective: a fixed-depth search
// prunes with ProbCut (fewer nodes, a legal move, a score near the
// full-width one) where it searches the midgame, and changes nothing where
// its depth solves.
func TestSelectiveDepth(t *testing.T) {
	g := game(t, 8)
	for _, c := range []struct {
		empties, depth int
		fewer          bool
	}{
		{30, 8, true},
		{10, 6, false},
	} {
		p := findEmpties(t, c.empties)
		var infos [2]engines.Info
		for i, sel := range []bool{false, true} {
			s := g.NewSearcher(engines.Config{HashMB: 4, Selective: sel})
			infos[i] = s.Search(context.Background(), p, engines.Limits{Depth: c.depth}, nil)
			require.NotEmpty(t, infos[i].PV)
			require.Contains(t, p.LegalMoves(nil), infos[i].Best(), "selective %v at %d empties", sel, c.empties)
		}
		full, sel := infos[0], infos[1]
		if !c.fewer {
			assert.Equal(t, []any{full.Score, full.Exact, full.Nodes, full.PV}, []any{sel.Score, sel.Exact, sel.Nodes, sel.PV}, "%d empties: solved alike", c.empties)
			continue
		}
		assert.Less(t, sel.Nodes, full.Nodes*2/3, "%d empties, depth %d: ProbCut prunes", c.empties, c.depth)
		assert.InDelta(t, float64(full.Score), float64(sel.Score), 400, "%d empties, depth %d: within 4 discs", c.empties, c.depth)
	}
}

// TestSelectiveSolveFrom checks the endgame of a selective depth: never
// further than the full-width depth's, NTest-like from depth 8 on, and a
// selective depth 10 leaves 20 empties to its midgame search where the
// full-width one solves them.
func TestSelectiveSolveFrom(t *testing.T) {
	for _, c := range []struct{ depth, wld, exact int }{
		{1, 6, 0}, {4, 12, 6}, {6, 16, 10}, {8, 17, 11}, {10, 18, 12},
		{12, 20, 14}, {14, 21, 15}, {16, 21, 16}, {18, 21, 18}, {30, 21, 18},
	} {
		wld, exact := SelectiveSolveFrom(c.depth)
		assert.Equal(t, []int{c.wld, c.exact}, []int{wld, exact}, "depth %d", c.depth)
		fw, fe := SolveFrom(c.depth)
		assert.LessOrEqual(t, wld, fw)
		assert.LessOrEqual(t, exact, fe)
	}
	g := game(t, 8)
	p := findEmpties(t, 20)
	var exact [2]bool
	for i, sel := range []bool{false, true} {
		info := g.NewSearcher(engines.Config{HashMB: 4, Selective: sel}).Search(context.Background(), p, engines.Limits{Depth: 10}, nil)
		require.Contains(t, p.LegalMoves(nil), info.Best())
		exact[i] = info.Exact
	}
	assert.Equal(t, [2]bool{true, false}, exact, "20 empties at depth 10: full width solves, selective searches")
}

// TestProbableProofs checks the probable proofs of a selective depth: from
// four empties before its proofs of who wins would start without their cap
// (24 at most), never for a full-width depth; at
// FFO #35-#38 (21 to 24 empties) a selective depth 13 ends with the proof,
// reports it inexact, gets the sign of the won and lost ones and plays a
// move that keeps the result. The drawn #35 and #36 it calls lost (a draw
// needs both bounds, and ProbCut may fail either), but it then plays the
// midgame's choice, which draws.
func TestProbableProofs(t *testing.T) {
	for _, c := range []struct{ depth, from int }{{6, 20}, {10, 22}, {13, 24}, {14, 24}, {30, 24}} {
		assert.Equal(t, c.from, ProbableFrom(c.depth), "depth %d", c.depth)
	}
	g := game(t, 8)
	for _, c := range []struct {
		selective bool
		empties   int
		want      []int
		probable  bool
	}{
		{true, 24, []int{1, 2, 3, 4, 5, 6, 7, 24}, true},
		{true, 21, []int{1, 2, 3, 4, 5, 21}, true},
		{true, 25, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, false},
		{true, 20, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20}, false},
		{false, 24, []int{1, 2, 3, 4, 5, 6, 7, 24}, false}, // solved exactly
	} {
		s := g.NewSearcher(engines.Config{Selective: c.selective}).(*Searcher)
		pl := s.plan(context.Background(), time.Now(), findEmpties(t, c.empties), engines.Limits{Depth: 13})
		assert.Equal(t, c.want, pl.iterDepths(c.empties), "selective %v at %d empties", c.selective, c.empties)
		assert.Equal(t, c.probable, pl.probable(c.empties), "selective %v at %d empties: a probable proof", c.selective, c.empties)
	}
	s := g.NewSearcher(engines.Config{HashMB: 16, Selective: true})
	exact := g.NewSearcher(engines.Config{HashMB: 16})
	sign := func(v int) int { return min(max(v, -1), 1) }
	for i, c := range readFFO(t, "testdata/ffo-1-39.obf")[34:38] {
		n := i + 35
		require.Contains(t, []int{21, 22, 23, 24}, c.pos.Empties(), "FFO #%d", n)
		s.Clear()
		info := s.Search(context.Background(), c.pos, engines.Limits{Depth: 13}, nil)
		assert.Equal(t, c.pos.Empties(), info.Depth, "FFO #%d: the proof is the last iteration", n)
		assert.False(t, info.Exact, "FFO #%d: a probable proof is not exact", n)
		if c.score != 0 {
			assert.Equal(t, sign(c.score), sign(int(info.Score)), "FFO #%d scores %+d", n, c.score)
		}
		q := c.pos.clone()
		q.Play(info.Best())
		after := solve(t, exact, q)
		assert.Equal(t, sign(c.score), sign(-int(after.Score)), "FFO #%d: %s keeps the result", n, c.pos.MoveText(info.Best()))
	}
}

// TestOddSquares checks the folded quadrant parities against counting the
// empties of each quadrant.
func TestOddSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 10000 {
		empty := rng.Uint64() & rng.Uint64()
		var want uint64
		for _, q := range quadrant {
			if bits.OnesCount64(empty&q)%2 == 1 {
				want |= empty & q
			}
		}
		require.Equal(t, want, oddSquares(empty), "empty %#x", empty)
	}
}

// TestEvalSymmetric checks that the evaluation under tied weights gives the
// eight images of a position the same score, and that the mobility rows read
// the lines they name.
func TestEvalSymmetric(t *testing.T) {
	w := syntheticWeights8()
	e := newEval8(w)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 10 {
		p := StartPosition(8)
		for p.Result() == engines.None && p.Empties() > 8 {
			moves := p.LegalMoves(nil)
			p.Play(moves[rng.IntN(len(moves))])
			me, opp, _ := p.Bitboards()
			mp, mo := Moves8(me, opp), Moves8(opp, me)
			entries := MobEntries(mp, mo, 4, nil)
			for r := range 4 {
				lines := [4][2]int{{8 * r, 1}, {8 * (7 - r), 1}, {r, 8}, {7 - r, 8}} // first square, step
				for i, l := range lines {
					want := 0
					for c := range 8 {
						sq := l[0] + c*l[1]
						want |= int(mp>>sq&1)<<c | int(mo>>sq&1)<<(8+c)
					}
					require.Equal(t, want, entries[4*r+i], "distance %d line %d", r, i)
				}
			}
			var f feats8
			black := p.side == engines.P1
			e.setup(&f, p.black, p.white)
			want := e.score(&f, me, opp, black)
			for s := range 8 {
				b, wh := transform8(p.black, s), transform8(p.white, s)
				e.setup(&f, b, wh)
				pm, om := b, wh
				if !black {
					pm, om = wh, b
				}
				require.Equal(t, want, e.score(&f, pm, om, black), "symmetry %d of %s", s, p.Text())
			}
		}
	}
}
