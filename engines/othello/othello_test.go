// Tests of othello's rules, notation, perft counts and the conformance of
// every board size.

package othello

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func game(t *testing.T, n int) *Game {
	t.Helper()
	g, err := New(n)
	require.NoError(t, err)
	return g
}

func TestConformance(t *testing.T) {
	for _, tc := range []struct{ n, games int }{{8, 40}, {10, 10}, {6, 40}, {4, 100}} {
		t.Run(fmt.Sprintf("%dx%d", tc.n, tc.n), func(t *testing.T) {
			enginetest.Conformance(t, game(t, tc.n), tc.games)
		})
	}
}

func TestSpecSizes(t *testing.T) {
	for _, n := range []int{0, 4, 6, 8, 10, 12, 14, 16} {
		g, err := Spec().New(engines.Config{BoardSize: n})
		require.NoError(t, err, n)
		want := n
		if n == 0 {
			want = 8
		}
		require.Equal(t, want, g.(*Game).Size())
	}
	for _, n := range []int{-2, 1, 2, 3, 5, 7, 9, 11, 18, 20} {
		_, err := Spec().New(engines.Config{BoardSize: n})
		require.Error(t, err, n)
	}
}
