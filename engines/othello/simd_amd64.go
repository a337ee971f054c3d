// This file declares the AVX2 versions of Moves8, Flips8 and the 8x8
// evaluation's sum and update (simd_amd64.s), and whether the processor
// runs them.

//go:build amd64 && !purego

package othello

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// haveAVX2 is whether the processor (and the operating system, which must
// save the vector registers) supports AVX2; it is read once at start-up.
var haveAVX2 = cpu.X86.HasAVX2

// Moves8 returns the squares where the player with discs p can move against
// the opponent's o: the empty squares from which a line of opponent discs
// runs to one of p's. Processors with AVX2 grow the four directions at once
// (movesAVX2); the others run moves8Go. The choice is made in assembly, so
// that a call is one call.
//
//go:noescape
func Moves8(p, o uint64) uint64

// Flips8 returns the opponent discs that a move of p's at the empty square
// sq turns over (none when the move is not legal). Processors with AVX2 grow
// the runs of opponent discs from sq in the eight directions at once and
// keep those that end on p's disc (flipsAVX2); the others run flips8Go.
//
//go:noescape
func Flips8(p, o uint64, sq int) uint64

// movesAVX2 is Moves8 in AVX2.
//
//go:noescape
func movesAVX2(p, o uint64) uint64

// flipsAVX2 is Flips8 in AVX2, for sq in 0..63.
//
//go:noescape
func flipsAVX2(p, o uint64, sq int) uint64

// prefetch asks the processor to bring the cache line at addr into its
// caches, so that a table probe that follows finds it there.
//
//go:noescape
func prefetch(addr unsafe.Pointer)

// scoreAVX2 sums the weights of the pattern instances of f in the stage
// table that starts at st: instances with lanes -1 only, each index taken
// from the middle entry mid, negated for white.
//
//go:noescape
func scoreAVX2(f *feats8, mid, lanes *[maxInst]int32, st *int16, white bool) int

// updateAVX2 sets dst to src changed by a move at sq (0..63) flipping
// flips, by white when white is set (dst may be src).
//
//go:noescape
func updateAVX2(dst, src *feats8, deltas *[64]feats8, sq int, flips uint64, white bool)
