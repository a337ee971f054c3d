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
