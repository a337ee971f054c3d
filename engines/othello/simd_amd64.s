// This file holds Moves8 and Flips8 in AVX2 (the four line directions in the
// four lanes of a vector, each grown by the same parallel prefix as the Go
// versions in bitboard.go), the 8x8 evaluation's sum and update, and a
// prefetch.

//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The lanes' shifts: row, column and the two diagonals.
DATA shifts<>+0(SB)/8, $1
DATA shifts<>+8(SB)/8, $8
DATA shifts<>+16(SB)/8, $9
DATA shifts<>+24(SB)/8, $7
GLOBL shifts<>(SB), RODATA|NOPTR, $32

// The lanes' masks of the opponent's discs: all but the columns a and h
// where a shift would wrap around the board's side.
DATA masks<>+0(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA masks<>+8(SB)/8, $0xffffffffffffffff
DATA masks<>+16(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA masks<>+24(SB)/8, $0x7e7e7e7e7e7e7e7e
GLOBL masks<>(SB), RODATA|NOPTR, $32

// RUNS finds, in each lane's direction, the runs of the opponent's discs Y1
// next to the seeds Y0: Y4 those towards higher squares, Y5 those towards
// lower ones, up to six discs each. It leaves the lanes' shifts in Y2 and
// their doubles in Y3, and Y1 masked.
#define RUNS \
	VMOVDQU shifts<>(SB), Y2; \
	VPAND   masks<>(SB), Y1, Y1; \
	VPADDQ  Y2, Y2, Y3; \
	VPSLLVQ Y2, Y0, Y4; \
	VPAND   Y1, Y4, Y4; \
	VPSRLVQ Y2, Y0, Y5; \
	VPAND   Y1, Y5, Y5; \
	VPSLLVQ Y2, Y4, Y6; \
	VPAND   Y1, Y6, Y6; \
	VPOR    Y6, Y4, Y4; \
	VPSRLVQ Y2, Y5, Y7; \
	VPAND   Y1, Y7, Y7; \
	VPOR    Y7, Y5, Y5; \
	VPSLLVQ Y2, Y1, Y8; \
	VPAND   Y1, Y8, Y8; \
	VPSRLVQ Y2, Y8, Y9; \
	VPSLLVQ Y3, Y4, Y6; \
	VPAND   Y8, Y6, Y6; \
	VPOR    Y6, Y4, Y4; \
	VPSRLVQ Y3, Y5, Y7; \
	VPAND   Y9, Y7, Y7; \
	VPOR    Y7, Y5, Y5; \
	VPSLLVQ Y3, Y4, Y6; \
	VPAND   Y8, Y6, Y6; \
	VPOR    Y6, Y4, Y4; \
	VPSRLVQ Y3, Y5, Y7; \
	VPAND   Y9, Y7, Y7; \
	VPOR    Y7, Y5, Y5

// FOLD ORs the four lanes of Y4 into AX.
#define FOLD \
	VEXTRACTI128 $1, Y4, X5; \
	VPOR         X5, X4, X4; \
	VPUNPCKHQDQ  X4, X4, X5; \
	VPOR         X5, X4, X4; \
	VMOVQ        X4, AX; \
	VZEROUPPER

// func Moves8(p, o uint64) uint64
TEXT ·Moves8(SB), NOSPLIT, $0-24
	CMPB ·haveAVX2(SB), $0
	JEQ  moves8go
	JMP  ·movesAVX2(SB)
moves8go:
	JMP  ·moves8Go(SB)

// func Flips8(p, o uint64, sq int) uint64
TEXT ·Flips8(SB), NOSPLIT, $0-32
	CMPB ·haveAVX2(SB), $0
	JEQ  flips8go
	JMP  ·flipsAVX2(SB)
flips8go:
	JMP  ·flips8Go(SB)

// func movesAVX2(p, o uint64) uint64
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	VPBROADCASTQ p+0(FP), Y0
	VPBROADCASTQ o+8(FP), Y1
	RUNS
	VPSLLVQ      Y2, Y4, Y4
	VPSRLVQ      Y2, Y5, Y5
	VPOR         Y5, Y4, Y4
	FOLD
	MOVQ         p+0(FP), BX
	ORQ          o+8(FP), BX
	NOTQ         BX
	ANDQ         BX, AX
	MOVQ         AX, ret+16(FP)
	RET

// func flipsAVX2(p, o uint64, sq int) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ         sq+16(FP), CX
	MOVL         $1, AX
	SHLQ         CX, AX
	MOVQ         AX, X0
	VPBROADCASTQ X0, Y0
	VPBROADCASTQ p+0(FP), Y10
	VPBROADCASTQ o+8(FP), Y1
	RUNS
	// A run flips only where the square past its end is the player's.
	VPXOR        Y11, Y11, Y11
	VPSLLVQ      Y2, Y4, Y6
	VPAND        Y10, Y6, Y6
	VPCMPEQQ     Y11, Y6, Y6
	VPANDN       Y4, Y6, Y4
	VPSRLVQ      Y2, Y5, Y7
	VPAND        Y10, Y7, Y7
	VPCMPEQQ     Y11, Y7, Y7
	VPANDN       Y5, Y7, Y5
	VPOR         Y5, Y4, Y4
	FOLD
	MOVQ         AX, ret+24(FP)
	RET

// func prefetch(addr unsafe.Pointer)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ       addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func scoreAVX2(f *feats8, mid *[maxInst]int32, lanes *[maxInst]int32, st *int16, white bool) int
//
// Eight instances at a time: the indices from black's view, negated for
// white, added to each table's middle entry, the weights gathered from the
// stage's table (two bytes each, read as four and sign-extended from the
// low two) under the mask of the instances in use, and summed.
TEXT ·scoreAVX2(SB), NOSPLIT, $0-48
	MOVQ         f+0(FP), SI
	MOVQ         mid+8(FP), DI
	MOVQ         lanes+16(FP), R8
	MOVQ         st+24(FP), DX
	MOVBLZX      white+32(FP), AX
	NEGL         AX
	MOVL         AX, X15
	VPBROADCASTD X15, Y15
	VPXOR        Y14, Y14, Y14
	XORQ         CX, CX
scoreLoop:
	VPMOVSXWD    (SI)(CX*2), Y0
	VPXOR        Y15, Y0, Y0
	VPSUBD       Y15, Y0, Y0
	VPADDD       (DI)(CX*4), Y0, Y0
	VMOVDQU      (R8)(CX*4), Y1
	VPXOR        Y2, Y2, Y2
	VPGATHERDD   Y1, (DX)(Y0*2), Y2
	VPSLLD       $16, Y2, Y2
	VPSRAD       $16, Y2, Y2
	VPADDD       Y2, Y14, Y14
	ADDQ         $8, CX
	CMPQ         CX, $const_maxInst
	JB           scoreLoop
	VEXTRACTI128 $1, Y14, X0
	VPADDD       X0, X14, X14
	VPSHUFD      $0x4e, X14, X0
	VPADDD       X0, X14, X14
	VPSHUFD      $0xb1, X14, X0
	VPADDD       X0, X14, X14
	VMOVD        X14, AX
	VZEROUPPER
	MOVLQSX      AX, AX
	MOVQ         AX, ret+40(FP)
	RET

// func updateAVX2(dst, src *feats8, deltas *[64]feats8, sq int, flips uint64, white bool)
//
// dst = src plus (black) or minus (white) the digits of sq and twice those
// of each flipped square.
TEXT ·updateAVX2(SB), NOSPLIT, $0-41
	MOVQ    deltas+16(FP), DX
	MOVQ    sq+24(FP), AX
	MOVQ    flips+32(FP), BX
	SHLQ    $7, AX
	VMOVDQU (DX)(AX*1), Y0
	VMOVDQU 32(DX)(AX*1), Y1
	VMOVDQU 64(DX)(AX*1), Y2
	VMOVDQU 96(DX)(AX*1), Y3
	VPXOR   Y4, Y4, Y4
	VPXOR   Y5, Y5, Y5
	VPXOR   Y6, Y6, Y6
	VPXOR   Y7, Y7, Y7
	TESTQ   BX, BX
	JZ      updateSum
updateLoop:
	BSFQ    BX, AX
	SHLQ    $7, AX
	VPADDW  (DX)(AX*1), Y4, Y4
	VPADDW  32(DX)(AX*1), Y5, Y5
	VPADDW  64(DX)(AX*1), Y6, Y6
	VPADDW  96(DX)(AX*1), Y7, Y7
	LEAQ    -1(BX), CX
	ANDQ    CX, BX
	JNZ     updateLoop
	VPADDW  Y4, Y4, Y4
	VPADDW  Y5, Y5, Y5
	VPADDW  Y6, Y6, Y6
	VPADDW  Y7, Y7, Y7
	VPADDW  Y4, Y0, Y0
	VPADDW  Y5, Y1, Y1
	VPADDW  Y6, Y2, Y2
	VPADDW  Y7, Y3, Y3
updateSum:
	MOVQ    src+8(FP), SI
	MOVQ    dst+0(FP), DI
	VMOVDQU (SI), Y4
	VMOVDQU 32(SI), Y5
	VMOVDQU 64(SI), Y6
	VMOVDQU 96(SI), Y7
	MOVBLZX white+40(FP), CX
	TESTL   CX, CX
	JNZ     updateWhite
	VPADDW  Y0, Y4, Y4
	VPADDW  Y1, Y5, Y5
	VPADDW  Y2, Y6, Y6
	VPADDW  Y3, Y7, Y7
	JMP     updateStore
updateWhite:
	VPSUBW  Y0, Y4, Y4
	VPSUBW  Y1, Y5, Y5
	VPSUBW  Y2, Y6, Y6
	VPSUBW  Y3, Y7, Y7
updateStore:
	VMOVDQU Y4, (DI)
	VMOVDQU Y5, 32(DI)
	VMOVDQU Y6, 64(DI)
	VMOVDQU Y7, 96(DI)
	VZEROUPPER
	RET

