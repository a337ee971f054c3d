// This file tests the full-line masks of the stable-disc search against
// walking the grid.

package othello

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// naiveFullLine says whether the line through sq in direction (dr, dc) is
// full on the board full; a diagonal of one or two squares counts as full
// when sq is, since no disc of it can be flipped along it.
func naiveFullLine(full uint64, sq, dr, dc int) bool {
	if full>>sq&1 == 0 {
		return false
	}
	n := 1
	ok := true
	for _, s := range [2]int{1, -1} {
		for r, c := sq/8+s*dr, sq%8+s*dc; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+s*dr, c+s*dc {
			n++
			if full>>(8*r+c)&1 == 0 {
				ok = false
			}
		}
	}
	return ok || dr != 0 && dc != 0 && n <= 2
}

// TestFullLinesAgainstNaive checks the four masks of fullLines on boards
// with few empty squares, where many lines are full.
func TestFullLinesAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tab := getTables8()
	for i := range 20000 {
		empty := rng.Uint64() & rng.Uint64() & rng.Uint64()
		if i%2 == 0 {
			empty &= rng.Uint64()
		}
		full := ^empty
		var want [4]uint64
		for sq := range 64 {
			for k, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				if naiveFullLine(full, sq, d[0], d[1]) {
					want[k] |= 1 << sq
				}
			}
		}
		h, v, d9, d7 := tab.fullLines(full)
		require.Equal(t, want, [4]uint64{h, v, d9, d7}, "full %#x", full)
	}
}
