// This file holds othello's measurements for `qi bench`: perft speed, the
// midgame search's nodes per second, and solve times of FFO endgames.

package othello

import (
	"context"
	"fmt"
	"io"
	"time"

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

// Bench implements engines.Bencher.
func (g *Game) Bench(ctx context.Context, w io.Writer, quick bool) error {
	if g.n != 8 {
		return g.benchN(ctx, w, quick)
	}
	depth := 11
	if quick {
		depth = 9
	}
	start := time.Now()
	n := StartPosition(8).Perft(depth)
	el := time.Since(start)
	fmt.Fprintf(w, "othello perft %d: %d leaves in %.3f s (%.1fM leaves/s)\n", depth, n, el.Seconds(), float64(n)/el.Seconds()/1e6)
	if err := ctx.Err(); err != nil {
		return err
	}
	midDepth := 12
	if quick {
		midDepth = 8
	}
	s := g.NewSearcher(engines.Config{HashMB: 64})
	var nodes int64
	var took time.Duration
	for _, text := range benchMidgame {
		p, err := ParseText(text)
		if err != nil {
			return err
		}
		s.Clear()
		info := s.Search(ctx, p, engines.Limits{Depth: midDepth}, nil)
		nodes += info.Nodes
		took += info.Time
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "othello midgame depth %d, %d positions: %d nodes in %.3f s (%.2fM nodes/s)\n",
		midDepth, len(benchMidgame), nodes, took.Seconds(), float64(nodes)/took.Seconds()/1e6)
	ffo := benchFFO
	if quick {
		ffo = ffo[:1]
	}
	nodes, took = 0, 0
	for i, f := range ffo {
		p, err := ParseText(f.text)
		if err != nil {
			return err
		}
		s.Clear()
		info := s.Search(ctx, p, engines.Limits{Depth: 64}, nil)
		if err := ctx.Err(); err != nil {
			return err
		}
		if !info.Exact || int(info.Score) != 100*f.score {
			return fmt.Errorf("othello bench: FFO #%d solved as %d, not %+d", 40+i, info.Score/100, f.score)
		}
		nodes += info.Nodes
		took += info.Time
	}
	fmt.Fprintf(w, "othello FFO #40-#%d solved: %d nodes in %.3f s (%.1fM nodes/s)\n",
		40+len(ffo)-1, nodes, took.Seconds(), float64(nodes)/took.Seconds()/1e6)
	return nil
}

// benchN measures a board of another size: perft and the search's speed
// from the start.
func (g *Game) benchN(ctx context.Context, w io.Writer, quick bool) error {
	depth := 8
	if quick {
		depth = 6
	}
	start := time.Now()
	n := StartPosition(g.n).Perft(depth)
	el := time.Since(start)
	fmt.Fprintf(w, "othello %dx%d perft %d: %d leaves in %.3f s (%.2fM leaves/s)\n", g.n, g.n, depth, n, el.Seconds(), float64(n)/el.Seconds()/1e6)
	s := g.NewSearcher(engines.Config{HashMB: 64})
	info := s.Search(ctx, StartPosition(g.n), engines.Limits{Depth: depth}, nil)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(w, "othello %dx%d search depth %d from the start: %d nodes in %.3f s (%.2fM nodes/s)\n",
		g.n, g.n, depth, info.Nodes, info.Time.Seconds(), float64(info.NPS())/1e6)
	return nil
}
