// This file tests the choice between the AVX2 and the Go versions of Moves8
// and Flips8, which the assembly makes.

//go:build amd64 && !purego

package othello

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFlips8Fallback runs Moves8 and Flips8 as on a processor without AVX2:
// the assembly's jumps to the Go versions must hand them their arguments
// and results intact.
func TestFlips8Fallback(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2: only the Go versions run")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	type call struct{ p, o, moves, flips uint64 }
	var calls []call
	for range 1000 {
		fill := rng.Uint64() | rng.Uint64()
		p := rng.Uint64() & fill
		calls = append(calls, call{p: p, o: fill &^ p})
	}
	t.Cleanup(func() { haveAVX2 = true })
	haveAVX2 = false
	for i, c := range calls {
		calls[i].moves = Moves8(c.p, c.o)
		calls[i].flips = Flips8(c.p, c.o, i%64)
	}
	haveAVX2 = true
	for i, c := range calls {
		require.Equal(t, moves8Go(c.p, c.o), c.moves)
		require.Equal(t, flips8Go(c.p, c.o, i%64), c.flips)
		require.Equal(t, c.moves, Moves8(c.p, c.o))
		require.Equal(t, c.flips, Flips8(c.p, c.o, i%64))
	}
}
