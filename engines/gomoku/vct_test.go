// Tests of the VCT search's budget: the nodes it spends, VCFs included,
// stay near what it was given.

package gomoku

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"qi/engines"
	"qi/engines/search"
)

// TestVCTBudget checks that vctRoot spends about the nodes it is given. The
// VCFs it runs at its nodes used to come on top, up to leafVCF each: in
// the renju position below (black to move, from a game against PentaZen) a
// budget of 23,500 nodes, a tenth of a 0.5 s move, spent 150,000 and the
// whole move with them.
func TestVCTBudget(t *testing.T) {
	const (
		black = "f14 d10 d12 f11 h12 g12 i12 e10 i11 i7 i13"
		white = "h8 e11 d11 c11 f10 e12 f12 h13 g9 j10 i10"
	)
	tests := []struct {
		name         string
		rule         Rule
		black, white string
		side         engines.Side
		budget       int64
	}{
		{"renju, black to move", Renju, black, white, engines.P1, 23500},
		{"renju, the same with white to move", Renju, black, white, engines.P2, 23500},
		{"renju, a small budget", Renju, black, white, engines.P1, 2000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := setup(t, mustGame(t, 15, 15, tt.rule), tt.black, tt.white, tt.side)
			s := NewSearcher(engines.Config{HashMB: 1})
			s.load(p)
			s.stop = &search.Stop{}
			s.vctRoot(maxVCTDepth, tt.budget)
			// One VCF may overshoot the budget by its own bound.
			assert.LessOrEqual(t, s.nodes, tt.budget+leafVCF, "nodes spent")
		})
	}
}
