// This file stands in for the AVX2 versions of Moves8, Flips8 and the
// evaluation on processors other than amd64, and under the purego build tag
// (which tests the Go versions end to end): the Go versions run.

//go:build !amd64 || purego

package othello

import "unsafe"

// haveAVX2 is false: only amd64 builds without purego have the vector
// versions.
const haveAVX2 = false

func movesAVX2(p, o uint64) uint64 { return moves8Go(p, o) }

func flipsAVX2(p, o uint64, sq int) uint64 { return flips8Go(p, o, sq) }

// prefetch does nothing where there is no assembly to ask for it.
func prefetch(unsafe.Pointer) {}

// scoreAVX2 and updateAVX2 are never called where haveAVX2 is false: the
// evaluation runs its Go loops.
func scoreAVX2(*feats8, *[maxInst]int32, *[maxInst]int32, *int16, bool) int {
	panic("othello: no AVX2 evaluation on this processor")
}

func updateAVX2(*feats8, *feats8, *[64]feats8, int, uint64, bool) {
	panic("othello: no AVX2 evaluation on this processor")
}
