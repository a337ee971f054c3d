// Tests of the symmetries and the packed positions.

package gomoku

import (
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines/enginetest"
)

func TestSymmetryConforms(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		rule Rule
	}{{15, 15, Renju}, {9, 6, Freestyle}, {7, 7, Caro}} {
		enginetest.Symmetry(t, mustGame(t, tc.w, tc.h, tc.rule), 1)
	}
}

func TestUnpackRefusesDamage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		size   int
		mutate func(b []byte) []byte
	}{
		{"short", 6, func(b []byte) []byte { return b[:len(b)-1] }},
		{"bad side", 6, func(b []byte) []byte { b[len(b)-1] = 2; return b }},
		// 5x5 packs 25 squares in 7 bytes: the 28th is off the board.
		{"off the board", 5, func(b []byte) []byte { b[6] = 0xC0; return b }},
		// Black on a6..e6 (squares 0..4), white on a5..e5 (6..10).
		{"two fives", 6, func(b []byte) []byte { b[0], b[1], b[2] = 0x55, 0xA1, 0x2A; return b }},
	} {
		g := mustGame(t, tc.size, tc.size, Freestyle)
		_, err := g.Unpack(tc.mutate(g.NewPosition().Pack(nil, 0)))
		require.Error(t, err, tc.name)
	}
}
