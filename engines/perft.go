// This file holds perft: counting the move sequences of a given length, the
// standard check of a move generator.

package engines

import (
	"context"
	"time"
)

// Perfter is implemented by positions with their own, faster perft, or whose
// game counts differently (othello counts a finished game as a leaf).
type Perfter interface {
	// Perft counts the leaves of the game tree depth plies deep.
	Perft(depth int) uint64
}

// Perft counts the sequences of exactly depth legal moves from pos; a finished
// game is not extended and not counted short of depth.
func Perft(pos Position, depth int) uint64 {
	if p, ok := pos.(Perfter); ok {
		return p.Perft(depth)
	}
	if depth == 0 {
		return 1
	}
	moves := pos.LegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		pos.Play(m)
		n += Perft(pos, depth-1)
		pos.Undo()
	}
	return n
}

// PerftContext is Perft that gives up, with ctx's error, when ctx is done:
// a perft deep enough to take hours must end when the client says stop. It
// checks ctx between subtrees small enough to count at once (a few plies of
// a game's own perft, two of the generic one), so that stopping costs
// nothing measurable and takes milliseconds.
func PerftContext(ctx context.Context, pos Position, depth int) (uint64, error) {
	split := 2
	if _, ok := pos.(Perfter); ok {
		split = 7
	}
	if depth <= split || pos.Result() != None {
		// A finished game counts as the game's own perft says.
		return Perft(pos, depth), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var n uint64
	for _, m := range pos.LegalMoves(nil) {
		pos.Play(m)
		c, err := PerftContext(ctx, pos, depth-1)
		pos.Undo()
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide counts perft(depth) per root move, the way to find where two move
// generators disagree. The total is the sum of the entries' Nodes.
func Divide(pos Position, depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	var out []DivideEntry
	for _, m := range pos.LegalMoves(nil) {
		pos.Play(m)
		out = append(out, DivideEntry{m, Perft(pos, depth-1)})
		pos.Undo()
	}
	return out
}

// PerftBench is the measurement of a perft count, which count makes.
func PerftBench(count func() uint64) BenchResult {
	start := time.Now()
	n := count()
	return BenchResult{Leaves: int64(n), Time: time.Since(start)}
}
