// Benchmarks: move making, the search's speed, the depth of a second, the
// VCF set and the threat wins, and a smoke test of qi bench's measurements.

package gomoku

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

func benchGamePosition(b testing.TB, i int) *Position {
	bp := benchPositions[i]
	g := mustGame(b, bp.size, bp.size, bp.rule)
	p, err := g.ParsePosition(bp.text)
	require.NoError(b, err)
	return p
}

func BenchmarkPlayUndo(b *testing.B) {
	p := benchGamePosition(b, 1)
	moves := p.LegalMoves(nil)
	for i := 0; b.Loop(); i++ {
		m := moves[i%len(moves)]
		p.Play(m)
		p.Undo()
	}
}

// BenchmarkSearchNodes measures the search's speed: 200,000 nodes from each
// middle-game position.
func BenchmarkSearchNodes(b *testing.B) {
	var nodes int64
	for b.Loop() {
		for i := range benchPositions {
			p := benchGamePosition(b, i)
			info := NewSearcher(engines.Config{}).Search(context.Background(), p, engines.Limits{Nodes: 200000}, nil)
			nodes += info.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkDepthOneSecond reports the mean depth reached in a second from
// the middle-game positions.
func BenchmarkDepthOneSecond(b *testing.B) {
	depth, n := 0, 0
	for b.Loop() {
		for i := range benchPositions {
			p := benchGamePosition(b, i)
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			info := NewSearcher(engines.Config{}).Search(ctx, p, engines.Limits{Infinite: true}, nil)
			cancel()
			depth += info.Depth
			n++
		}
	}
	b.ReportMetric(float64(depth)/float64(n), "depth")
}

// BenchmarkVCFSet solves the VCF set.
func BenchmarkVCFSet(b *testing.B) {
	set, err := vcfSet()
	require.NoError(b, err)
	var nodes int64
	for b.Loop() {
		for _, v := range set {
			n, _, k := solveVCF(v.pos, 0)
			require.Positive(b, n)
			nodes += k
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkThreatWins reports, rule by rule, how many of the threat wins a
// search of half a million nodes finds, and the nodes it spends.
func BenchmarkThreatWins(b *testing.B) {
	for _, rule := range []Rule{Freestyle, Standard} {
		b.Run(rule.String(), func(b *testing.B) {
			set, err := threatWins(rule)
			require.NoError(b, err)
			var nodes int64
			found := 0
			for b.Loop() {
				var n int64
				found, n, err = winsFound(context.Background(), set, 500_000)
				require.NoError(b, err)
				nodes += n
			}
			b.ReportMetric(float64(found), "found")
			b.ReportMetric(float64(len(set)), "positions")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

func TestBenchQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for half a second")
	}
	g := mustGame(t, 15, 15, Freestyle)
	var names []string
	for _, b := range g.Benches(true) {
		r, err := b.Run(context.Background())
		require.NoError(t, err, b.Name)
		names = append(names, b.Name)
		if b.Name == "VCF set (Gomocup records)" {
			require.Equal(t, 42, r.Solved)
			require.Equal(t, 42, r.Of)
		}
		if strings.HasPrefix(b.Name, "threat wins") {
			require.Equal(t, 20, r.Of, b.Name)
			require.Positive(t, r.Nodes, b.Name)
		}
	}
	require.Contains(t, names, "search renju 15x15")
	require.Contains(t, names, "threat wins (Rapfi's against qi)")
	require.Contains(t, names, "threat wins, standard (Rapfi's against qi)")
	for rule, n := range map[Rule]int{Freestyle: 120, Standard: 134} {
		set, err := threatWins(rule)
		require.NoError(t, err)
		require.Len(t, set, n, rule.String())
		for _, p := range set {
			require.Equal(t, rule, p.Game().Rule())
		}
	}
	_, err := threatWins(Renju)
	require.Error(t, err)
}
