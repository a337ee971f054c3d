// This file holds othello's measurements for `qi bench`: perft speed, the
// midgame search's nodes per second, and solve times of FFO endgames.

package othello

import (
	"context"
	"fmt"

	"qi/engines"
)

// benchMidgame are the positions of the midgame speed test: the start and
// three middle-game positions of expert games.
var benchMidgame = []string{
	startText8,
	"------------O-----XXOO---OXXXO---XXOOXO----OXXX----OX----------- X",
	"----O------OOX----XXOO---OOXOO---OOOXX--OOOXX------X------------ X",
	"-------------O-------OOX---OOOXO---OXXXO--OXXXOO---OX----------- X",
}

// benchFFO are FFO endgame test positions #40 to #44 (20 to 23 empties) with
// their exact scores, from the FFO suite.
var benchFFO = []struct {
	text  string
	score int
}{
	{"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", 38},
	{"-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0},
	{"--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6},
	{"--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12},
	{"--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14},
}

// Benches implements engines.Bencher: perft, the midgame search's speed and
// FFO solves on 8x8; perft and a search from the start on other boards.
func (g *Game) Benches(quick bool) []engines.Bench {
	if g.n != 8 {
		return g.benchesN(quick)
	}
	depth, midDepth, ffo := 11, 12, benchFFO
	if quick {
		depth, midDepth, ffo = 9, 8, ffo[:1]
	}
	return []engines.Bench{
		{Name: fmt.Sprintf("perft %d", depth), Run: func(ctx context.Context) (engines.BenchResult, error) {
			return engines.PerftBench(func() uint64 { return StartPosition(8).Perft(depth) }), ctx.Err()
		}},
		{Name: fmt.Sprintf("midgame depth %d, %d positions", midDepth, len(benchMidgame)), Run: func(ctx context.Context) (engines.BenchResult, error) {
			s := g.NewSearcher(engines.Config{HashMB: 64})
			r := engines.BenchResult{Depth: midDepth}
			for _, text := range benchMidgame {
				p, err := ParseText(text)
				if err != nil {
					return r, err
				}
				s.Clear()
				info := s.Search(ctx, p, engines.Limits{Depth: midDepth}, nil)
				r.Nodes += info.Nodes
				r.Time += info.Time
				if err := ctx.Err(); err != nil {
					return r, err
				}
			}
			return r, nil
		}},
		{Name: fmt.Sprintf("FFO #40-#%d solved", 40+len(ffo)-1), Run: func(ctx context.Context) (engines.BenchResult, error) {
			s := g.NewSearcher(engines.Config{HashMB: 64})
			r := engines.BenchResult{Of: len(ffo)}
			for i, f := range ffo {
				p, err := ParseText(f.text)
				if err != nil {
					return r, err
				}
				s.Clear()
				info := s.Search(ctx, p, engines.Limits{Depth: 64}, nil)
				if err := ctx.Err(); err != nil {
					return r, err
				}
				if !info.Exact || int(info.Score) != 100*f.score {
					return r, fmt.Errorf("othello bench: FFO #%d solved as %d, not %+d", 40+i, info.Score/100, f.score)
				}
				r.Nodes += info.Nodes
				r.Time += info.Time
				r.Solved++
			}
			return r, nil
		}},
	}
}

// benchesN measures a board of another size: perft and the search's speed
// from the start.
func (g *Game) benchesN(quick bool) []engines.Bench {
	depth := 8
	if quick {
		depth = 6
	}
	return []engines.Bench{
		{Name: fmt.Sprintf("%dx%d perft %d", g.n, g.n, depth), Run: func(ctx context.Context) (engines.BenchResult, error) {
			return engines.PerftBench(func() uint64 { return StartPosition(g.n).Perft(depth) }), ctx.Err()
		}},
		{Name: fmt.Sprintf("%dx%d search depth %d from the start", g.n, g.n, depth), Run: func(ctx context.Context) (engines.BenchResult, error) {
			s := g.NewSearcher(engines.Config{HashMB: 64})
			info := s.Search(ctx, StartPosition(g.n), engines.Limits{Depth: depth}, nil)
			return engines.SearchBench(info), ctx.Err()
		}},
	}
}
