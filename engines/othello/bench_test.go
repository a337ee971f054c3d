// Benchmarks: move generation and flips, the evaluation, perft, the
// midgame search's speed, and FFO endgame solves.

package othello

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"qi/engines"
	"qi/engines/othello/pattern"
)

type flipCase struct {
	p, o uint64
	sq   int
}

func flipCases() []flipCase {
	rng := rand.New(rand.NewPCG(1, 1))
	var cs []flipCase
	for len(cs) < 1024 {
		p := rng.Uint64() & rng.Uint64()
		o := rng.Uint64() &^ p
		m := Moves8(p, o)
		if m == 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			cs = append(cs, flipCase{p, o, popcount(m&-m - 1)})
		}
	}
	return cs
}

func BenchmarkFlips8(b *testing.B) {
	cs := flipCases()
	var x uint64
	for i := 0; b.Loop(); i++ {
		c := cs[i&1023]
		x += Flips8(c.p, c.o, c.sq)
	}
	_ = x
}

func BenchmarkMoves8(b *testing.B) {
	cs := flipCases()
	var x uint64
	for i := 0; b.Loop(); i++ {
		c := cs[i&1023]
		x += Moves8(c.p, c.o)
	}
	_ = x
}

// evalCase is a position of a random game with its pattern indices and the
// move played from it.
type evalCase struct {
	f     feats8
	p, o  uint64
	black bool
	sq    int
	flips uint64
}

// evalCases plays random games with the trained weights' indices set up
// at each position: 4096 positions, from every stage of the game.
func evalCases(e *eval8) []evalCase {
	rng := rand.New(rand.NewPCG(5, 6))
	var cs []evalCase
	for len(cs) < 4096 {
		b, w := uint64(start8Black), uint64(start8White)
		black := true
		for len(cs) < 4096 {
			p, o := b, w
			if !black {
				p, o = w, b
			}
			m := Moves8(p, o)
			if m == 0 {
				break
			}
			k := rng.IntN(popcount(m))
			for range k {
				m &= m - 1
			}
			c := evalCase{p: p, o: o, black: black, sq: bits.TrailingZeros64(m)}
			c.flips = Flips8(p, o, c.sq)
			e.setup(&c.f, b, w)
			cs = append(cs, c)
			p, o = p^c.flips^1<<c.sq, o^c.flips
			if black {
				b, w = p, o
			} else {
				b, w = o, p
			}
			black = !black
		}
	}
	return cs
}

// BenchmarkEval8 measures the evaluation of a position from its pattern
// indices and the update of the indices by a move.
func BenchmarkEval8(b *testing.B) {
	e := newEval8(pattern.Load(8))
	cs := evalCases(e)
	b.Run("score", func(b *testing.B) {
		var x int
		for i := 0; b.Loop(); i++ {
			c := &cs[i&4095]
			x += e.score(&c.f, c.p, c.o, c.black)
		}
		_ = x
	})
	b.Run("update", func(b *testing.B) {
		var f feats8
		for i := 0; b.Loop(); i++ {
			c := &cs[i&4095]
			e.play(&f, &c.f, c.sq, c.flips, c.black)
		}
		_ = f
	})
}

// BenchmarkPerft11 is perft 11 of 8x8 (212,258,800 leaves).
func BenchmarkPerft11(b *testing.B) {
	for b.Loop() {
		if n := StartPosition(8).Perft(11); n != 212258800 {
			b.Fatal(n)
		}
	}
}

// BenchmarkPerft10x10 is perft 9 of 10x10.
func BenchmarkPerft10x10(b *testing.B) {
	for b.Loop() {
		if n := StartPosition(10).Perft(9); n != 3045812 {
			b.Fatal(n)
		}
	}
}

// BenchmarkMidgame searches the bench positions to depth 12 and reports
// nodes per second.
func BenchmarkMidgame(b *testing.B) {
	g, _ := New(8)
	s := g.NewSearcher(engines.Config{HashMB: 64})
	var nodes int64
	for b.Loop() {
		for _, text := range benchMidgame {
			p, _ := ParseText(text)
			s.Clear()
			nodes += s.Search(context.Background(), p, engines.Limits{Depth: 12}, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// midgameSet are ten midgame positions (34 to 38 empties): the first ten
// XOT openings of tools/match/opening/testdata/xot-small-head.txt, each
// played on by a depth-6 search for 14, 16 or 18 plies.
var midgameSet = []string{
	"--OO----X-OOO---XOOO----XOOOOO--XXOOOX---X-OO-----X------------- X",
	"------------X------XXO-----XXX--OOOOOOX-OOOXOX----OOXO----OXXX-- X",
	"-OOOOOO----OXO---OOXOX---OOOXXX--XXOXXO--X-OOX------------------ X",
	"------------OX-O---XOOO----OOOOX---OOXXX---OOXXX----OX-X----O--- X",
	"-----------XXO----XXOX-O--OOOXO--OOOOOO--XXOOOO---XOO----------- X",
	"-----------XOO-X--XXOOX---OOOOX---OXXOXX--OXOOXX---OOO----O----- X",
	"-----X-----XX-----XXXOX---XXOOO-OOOXOO---OOOOOO----X------------ X",
	"--O--------OOO-O--XOOOO---OXOXO---OOXXX----XXXX---XXXX---------- X",
	"--X--X---OOOOO---XOOOXXXXX-OXOX--XOOOOO--XXO-O------------------ X",
	"-----------OXX----X-XXX-O--XXXXX-OXXXOO---OOOOO----O-O---------- X",
}

// BenchmarkMidgameThreads searches midgameSet to depth 12 on 1, 2 and 4
// threads (at most one a core), each position from an empty table, and
// reports nodes per search and per second: the midgame's speed-up is the
// ratio of the times, its search overhead that of the nodes.
func BenchmarkMidgameThreads(b *testing.B) {
	g, _ := New(8)
	for _, threads := range []int{1, 2, 4} {
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			s := g.NewSearcher(engines.Config{HashMB: 64, Threads: threads})
			defer s.(*Searcher).Close()
			var nodes int64
			for b.Loop() {
				for _, text := range midgameSet {
					p, _ := ParseText(text)
					s.Clear()
					nodes += s.Search(context.Background(), p, engines.Limits{Depth: 12}, nil).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkFFO solves FFO #40 to #59 (20 to 34 empties), one sub-benchmark
// a problem named by its number, so that a range is a pattern:
// -bench 'FFO/4[0-4]$' is #40-#44. Each reports its nodes and nodes/s; the
// scores are checked.
func BenchmarkFFO(b *testing.B) {
	cases := readFFO(b, "testdata/ffo-40-59.obf")
	g, _ := New(8)
	s := g.NewSearcher(engines.Config{HashMB: 256})
	defer s.(*Searcher).Close()
	for i, c := range cases {
		b.Run(strconv.Itoa(40+i), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s.Clear()
				info := s.Search(context.Background(), c.pos, engines.Limits{Depth: 64}, nil)
				if !info.Exact || int(info.Score) != 100*c.score {
					b.Fatalf("FFO #%d: %d, want %d", 40+i, info.Score/100, c.score)
				}
				nodes += info.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
