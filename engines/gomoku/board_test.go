// Tests of the incremental board against a board rebuilt from its cells.

package gomoku

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIncrementalMatchesRebuild plays random stones anywhere on the board
// and checks after each that every empty square's patterns and classes are
// those a rebuild from the cells computes: a stone changes the patterns of
// every square it can reach, as far as the rule's patterns look.
func TestIncrementalMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for game := range 30 {
			b, err := newBoard(15, 15, rule, weightsFor(rule))
			require.NoError(t, err)
			for n := range 90 {
				var empty []int
				for _, c := range b.inside {
					if b.cells[c] == Empty {
						empty = append(empty, int(c))
					}
				}
				m := empty[rng.IntN(len(empty))]
				b.put(m, Black+Color(n%2))
				fresh := b.clone()
				fresh.rebuild()
				for _, c := range b.inside {
					if b.cells[c] == Empty {
						x, y := cellXY(int(c))
						mx, my := cellXY(m)
						require.Equal(t, fresh.sq[c].pats, b.sq[c].pats, "%s game %d stone %d at %d,%d: square %d,%d", rule, game, n, mx, my, x, y)
						require.Equal(t, fresh.sq[c].cls, b.sq[c].cls)
					}
				}
				require.Equal(t, fresh.counts, b.counts)
			}
		}
	}
}
