// Test games whose searchers misbehave on purpose: one that thinks until it is
// stopped, one that does not stop at all.

package protocol

import (
	"context"

	"qi/engines"
	"qi/engines/search"
	"qi/engines/tictactoe"
)

// slowGame is tic-tac-toe with a searcher that keeps a core busy until it is
// stopped, polling its stop flag as a real search does.
type slowGame struct{ tictactoe.Game }

func (slowGame) Name() string { return "slow" }

func (slowGame) NewSearcher(engines.Config) engines.Searcher { return busySearcher{} }

func slowSpec() engines.Spec {
	return engines.Spec{Name: "slow", New: func(engines.Config) (engines.Game, error) { return slowGame{}, nil }}
}

type busySearcher struct{}

func (busySearcher) Clear() {}

func (busySearcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	stop := search.WatchContext(ctx)
	defer stop.Release()
	var nodes int64
	x := uint64(1)
	for !stop.Stopped() {
		for i := 0; i < 1024; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		nodes += 1024
		if lim.Nodes > 0 && nodes >= lim.Nodes || lim.Depth > 0 && nodes >= int64(lim.Depth)<<10 {
			break
		}
	}
	m := pos.LegalMoves(nil)[int(x>>63)&0]
	return engines.Info{Depth: 1, Nodes: nodes, PV: []engines.Move{m}}
}

// stuckGame is tic-tac-toe with a searcher that ignores its context until
// the test releases it.
type stuckGame struct {
	tictactoe.Game
	release <-chan struct{}
}

func (stuckGame) Name() string { return "stuck" }

func (g stuckGame) NewSearcher(engines.Config) engines.Searcher { return stuckSearcher(g) }

func stuckSpec(release <-chan struct{}) engines.Spec {
	return engines.Spec{Name: "stuck", New: func(engines.Config) (engines.Game, error) { return stuckGame{release: release}, nil }}
}

type stuckSearcher stuckGame

func (stuckSearcher) Clear() {}

func (s stuckSearcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	<-s.release
	return engines.Info{}
}

// FirstMove names the last legal move, so that a test can tell the move a
// searcher would try first from an unordered legal move (the first).
func (stuckSearcher) FirstMove(pos engines.Position) engines.Move {
	ms := pos.LegalMoves(nil)
	return ms[len(ms)-1]
}
