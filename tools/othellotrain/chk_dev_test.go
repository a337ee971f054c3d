package othellotrain

import (
	"context"
	"testing"
	"time"

	"qi/engines"
	"qi/engines/othello"
)

func TestSolveTimes(t *testing.T) {
	games, _ := readWthor([]string{"/work/shared/data/othello/wthor/WTH_2015.wtb"})
	g, _ := othello.New(8)
	s := g.NewSearcher(engines.Config{HashMB: 64})
	e := 24
	for gi := 0; gi < 4; gi++ {
		var at *othello.Position
		games[gi*37].replay(func(p *othello.Position) {
			if at == nil && p.Empties() == e && p.Result() == engines.None {
				at = p.Root()
			}
		})
		s.Clear()
		st := time.Now()
		info := s.Search(context.Background(), at, engines.Limits{Depth: 64}, func(i engines.Info) {
			t.Logf("   d%d %d nodes %d %v", i.Depth, i.Score, i.Nodes, time.Since(st))
		})
		t.Logf("%s: %d nodes %d %.3fs", at.Text(), info.Score, info.Nodes, time.Since(st).Seconds())
	}
}
