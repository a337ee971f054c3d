// This file stands in for the AVX2 versions of Moves8, Flips8 and the
// evaluation on processors other than amd64, and under the purego build tag
// (which tests the Go versions end to end): the Go versions run.

//go:build !amd64 || purego

package othello

import "unsafe"

// haveAVX2 is false: only amd64 builds without purego have the vector
// versions.
const haveAVX2 = false

// Moves8 returns the squares where the player with discs p can move against
// the opponent's o: the empty squares from which a line of opponent discs
// runs to one of p's.
func Moves8(p, o uint64) uint64 { return moves8Go(p, o) }

// Flips8 returns the opponent discs that a move of p's at the empty square
// sq turns over (none when the move is not legal).
func Flips8(p, o uint64, sq int) uint64 { return flips8Go(p, o, sq) }

// The vector functions are never called where haveAVX2 is false: Moves8,
// Flips8 and the evaluation run their Go versions, and the tests call these
// only where haveAVX2 is true.

func movesAVX2(uint64, uint64) uint64 { panic(noAVX2) }

func flipsAVX2(uint64, uint64, int) uint64 { panic(noAVX2) }

func scoreAVX2(*feats8, *[maxInst]int32, *[maxInst]int32, *int16, bool) int { panic(noAVX2) }

func updateAVX2(*feats8, *feats8, *[64]feats8, int, uint64, bool) { panic(noAVX2) }

const noAVX2 = "othello: no AVX2 on this processor"

// prefetch does nothing where there is no assembly to ask for it.
func prefetch(unsafe.Pointer) {}
