// Tests of the incremental board against a board rebuilt from its cells.

package gomoku

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIncrementalMatchesRebuild plays random stones anywhere on the board
// and checks after each that every empty square's patterns and classes are
// those a rebuild from the cells computes (a stone changes the patterns of
// every square it can reach, as far as the rule's patterns look), and that
// its lines hold the squares around it as the cells do.
func TestIncrementalMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for game := range 30 {
			b, err := newBoard(15, 15, rule, weightsFor(rule))
			require.NoError(t, err)
			for n := range 90 {
				m := randomEmpty(b, rng)
				b.put(m, Black+Color(n%2))
				fresh := b.clone()
				fresh.rebuild()
				for _, c := range b.inside {
					if b.cells[c] == Empty {
						x, y := cellXY(int(c))
						mx, my := cellXY(m)
						require.Equal(t, fresh.sq[c].pats, b.sq[c].pats, "%s game %d stone %d at %d,%d: square %d,%d", rule, game, n, mx, my, x, y)
						require.Equal(t, fresh.sq[c].cls, b.sq[c].cls)
						for d, step := range dirStep {
							require.Equal(t, cellsKey(b, int(c), step), b.key(int(c), d), "square %d,%d direction %d", x, y, d)
						}
					}
				}
				require.Equal(t, fresh.counts, b.counts)
			}
		}
	}
}

// cellsKey is the key of square i in the direction of step read from the
// cells one by one: the five squares before it in bits 0..9 and the five
// after it in bits 10..19, nearest first.
func cellsKey(b *board, i, step int) uint32 {
	var key uint32
	for k := 1; k <= halfLen; k++ {
		key |= uint32(b.at(i-k*step)) << (2 * (k - 1))
		key |= uint32(b.at(i+k*step)) << (2*halfLen + 2*(k-1))
	}
	return key
}

// TestCountAfterMatchesTry checks the count of a side's squares of a class
// after a stone, without the stone, against the board's own counts with
// the stone tried, on random boards of every rule.
func TestCountAfterMatchesTry(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for game := range 20 {
			b, err := newBoard(15, 15, rule, weightsFor(rule))
			require.NoError(t, err)
			b.saving = true
			for n := range 70 {
				b.put(randomEmpty(b, rng), Black+Color(n%2))
				i := randomEmpty(b, rng)
				for side := range 2 {
					for k := kNone; k <= kFive; k++ {
						c := Black + Color(rng.IntN(2))
						got := b.countAfter(i, c, side, k)
						b.withStone(i, c, 1<<side, func() bool {
							require.Equal(t, int(b.counts[side][k]), got, "%s game %d stone %d: side %d class %d", rule, game, n, side, k)
							return true
						})
					}
				}
			}
		}
	}
}

// randomEmpty returns an empty square of the board drawn at random.
func randomEmpty(b *board, rng *rand.Rand) int {
	var empty []int
	for _, c := range b.inside {
		if b.cells[c] == Empty {
			empty = append(empty, int(c))
		}
	}
	return empty[rng.IntN(len(empty))]
}
