// Benchmarks: move making, the search's speed and the VCF solver.

package gomoku

import (
	"context"
	"testing"

	"qi/engines"
)

func benchPosition(b *testing.B) *Position {
	g := mustGame(b, 15, 15, Freestyle)
	p, err := g.ParsePosition("15/15/15/15/15/6o8/5xox7/5oxxo6/6xox6/7o7/15/15/15/15/15 x")
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func BenchmarkPlayUndo(b *testing.B) {
	p := benchPosition(b)
	moves := p.LegalMoves(nil)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m := moves[i%len(moves)]
		p.Play(m)
		p.Undo()
	}
}

func BenchmarkSearchNodes(b *testing.B) {
	p := benchPosition(b)
	s := NewSearcher(engines.Config{})
	var nodes int64
	for b.Loop() {
		s.Clear()
		info := s.Search(context.Background(), p, engines.Limits{Nodes: 200000}, nil)
		nodes += info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
