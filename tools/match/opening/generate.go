// This file holds the generation of balanced openings: random moves from the
// start, kept when qi's own searcher, looking a few plies ahead, finds the
// position near even.

package opening

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"qi/engines"
)

// Generator makes balanced openings.
type Generator struct {
	// Plies is the number of random moves of each opening.
	Plies int
	// Depth is how far the searcher looks to judge an opening.
	Depth int
	// Margin is the largest score (the game's units, from the side to
	// move's view) that still counts as near even.
	Margin engines.Score
	// Seed makes the openings reproducible.
	Seed uint64
	// Config is the game's configuration, which the searcher also gets
	// (at full strength unless it says otherwise).
	Config engines.Config
	// Attempts bounds the random lines tried (0: 200 per opening wanted).
	Attempts int
	// SearchTime bounds one search (0: 10 s), so that a game whose search
	// does not stop at a depth cannot hold up the match.
	SearchTime time.Duration
}

// Generate returns up to n distinct balanced openings of g. It returns fewer
// when the game has no more within the attempts (tic-tac-toe has 72 lines of
// two moves), and an error when it finds none.
func (gen Generator) Generate(ctx context.Context, g engines.Game, n int) ([]Opening, error) {
	if gen.Plies < 0 || gen.Depth < 1 || n < 1 {
		return nil, errors.New("opening generation wants plies >= 0, depth >= 1 and a count >= 1")
	}
	attempts := gen.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts(n)
	}
	budget := gen.SearchTime
	if budget <= 0 {
		budget = 10 * time.Second
	}
	rng := rand.New(rand.NewPCG(gen.Seed, 0x6f70656e696e6773))
	searcher := g.NewSearcher(gen.Config)
	seen := map[string]bool{}
	var ops []Opening
	var buf []engines.Move
	for try := 0; try < attempts && len(ops) < n; try++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pos := g.Start()
		var moves []string
		for range gen.Plies {
			buf = pos.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			moves = append(moves, pos.MoveText(m))
			pos.Play(m)
		}
		if len(moves) < gen.Plies || pos.Result() != engines.None || seen[pos.Text()] {
			continue
		}
		seen[pos.Text()] = true
		sctx, cancel := context.WithTimeout(ctx, budget)
		info := searcher.Search(sctx, pos.Clone(), engines.Limits{Depth: gen.Depth}, nil)
		cancel()
		if info.Score.IsMate() || info.Score > gen.Margin || info.Score < -gen.Margin {
			continue
		}
		ops = append(ops, Opening{Moves: moves})
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("no balanced opening of %d plies found in %d tries (depth %d, margin %d)", gen.Plies, attempts, gen.Depth, gen.Margin)
	}
	return ops, nil
}

// DefaultAttempts is how many random lines Generate tries for n openings
// when the generator does not say. A run that makes only the first of n
// openings (a batch shard) sets it for n, so that they are the same.
func DefaultAttempts(n int) int { return 200*n + 1000 }
