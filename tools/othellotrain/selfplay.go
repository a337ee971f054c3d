// This file plays games with the engine: self-play for boards without expert
// games (samples labelled by the games' results), and matches between two
// weight sets from balanced openings to measure a change.

package othellotrain

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/othello/pattern"
	"qi/tools/cmdline"
	"qi/tools/shard"
)

// player is one side of a game: a searcher and its limits.
type player struct {
	s   engines.Searcher
	lim engines.Limits
	dur time.Duration // per move, when playing on time
}

func newPlayer(n int, w *pattern.Weights, level, depth int, moveTime time.Duration, hash int, probcut float64) (*player, error) {
	g, err := othello.New(n)
	if err != nil {
		return nil, err
	}
	cfg := engines.Config{Level: level, HashMB: hash}
	s := g.NewWeightedSearcher(cfg, w)
	if probcut >= 0 {
		s.(*othello.Searcher).SetProbCut(probcut)
	}
	pl := &player{s: s, dur: moveTime}
	if moveTime == 0 {
		pl.lim.Depth = depth
	} else {
		pl.lim.Soft = moveTime
	}
	return pl, nil
}

// move searches p and returns the move and its report.
func (pl *player) move(p *othello.Position) engines.Info {
	ctx := context.Background()
	if pl.dur > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 2*pl.dur)
		defer cancel()
	}
	return pl.s.Search(ctx, p, pl.lim, nil)
}

// playOut plays p to the end, players[side] moving for each side, calling
// visit before each move, and returns black's final score.
func playOut(p *othello.Position, players [2]*player, visit func(p *othello.Position, info engines.Info)) int {
	for p.Result() == engines.None {
		moves := p.LegalMoves(nil)
		if len(moves) == 1 && moves[0] == othello.Pass {
			p.Play(othello.Pass)
			continue
		}
		info := players[p.SideToMove()].move(p)
		if visit != nil {
			visit(p, info)
		}
		p.Play(info.Best())
	}
	return p.FinalScore()
}

// randomOpening plays k random moves from the start.
func randomOpening(n, k int, rng *rand.Rand) *othello.Position {
	for {
		p := othello.StartPosition(n)
		for i := 0; i < k && p.Result() == engines.None; i++ {
			moves := p.LegalMoves(nil)
			p.Play(moves[rng.IntN(len(moves))])
		}
		if p.Result() == engines.None {
			return p.Root()
		}
	}
}

// runSelfPlay plays games and writes their positions as samples labelled
// by the game's result and, mixed in, the search's own score.
func runSelfPlay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain selfplay", flag.ContinueOnError)
	size := fs.Int("size", 10, "board size")
	games := fs.Int("games", 100, "games to play")
	depth := fs.Int("depth", 4, "search depth")
	random := fs.Int("random", 10, "random plies at the start (between half of it and all of it)")
	weights := fs.String("weights", "", "weight file (default: the embedded weights; none: the untrained evaluation)")
	mix := fs.Float64("mix", 0.5, "label = mix*result + (1-mix)*search score")
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "sample file to write")
	hash := fs.Int("hash", 16, "hash table size in MiB")
	var batch shard.Flags
	batch.Register(fs)
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain selfplay -o samples.bin [flags]\nPlay games with the engine and write their positions as labelled samples."); err != nil {
		return err
	}
	params := shard.FlagParams(fs, "o")
	if *weights != "" && *weights != "none" {
		p, err := shard.FileParam("weights", *weights)
		if err != nil {
			return err
		}
		params = append(params, p)
	}
	plan, done, err := batch.Start(shard.Job{Tool: SelfPlayTool, Params: params, Items: *games, Outputs: map[string]string{"smp": *out}},
		[]string{"othellotrain", "selfplay"}, args, stdout, stderr, Report)
	if done || err != nil {
		return err
	}
	if *out == "" && plan.Mode == shard.Whole {
		return fmt.Errorf("usage: othellotrain selfplay -o samples.bin [-size 10] [-games 100] [-depth 4]")
	}
	w, err := loadWeights(*weights, *size)
	if err != nil {
		return err
	}
	pl, err := newPlayer(*size, w, engines.MaxLevel, *depth, 0, *hash, -1)
	if err != nil {
		return err
	}
	var output *shard.Output
	if plan.Mode == shard.One {
		if output, err = plan.Create(sampleStream(*size)); err != nil {
			return err
		}
	}
	var samples []sample
	var counts batchCounts
	start := time.Now()
	// Game gi plays from its own seed: the same game in every shard.
	for _, gi := range plan.Items() {
		rng := rand.New(rand.NewPCG(shard.Seed(*seed, gi), 7))
		k := *random/2 + rng.IntN(*random/2+1)
		p := randomOpening(*size, k, rng)
		type seen struct {
			pos   *othello.Position
			score int
		}
		var line []seen
		pl.s.Clear()
		final := playOut(p, [2]*player{pl, pl}, func(q *othello.Position, info engines.Info) {
			line = append(line, seen{q.Root(), int(info.Score)})
		})
		var game []sample
		for _, s := range line {
			res := 100 * final
			if s.pos.SideToMove() == engines.P2 {
				res = -res
			}
			label := *mix*float64(res) + (1-*mix)*float64(s.score)
			game = append(game, sampleOf(s.pos, int(math.Round(label)), int(*seed)*1_000_000+gi))
		}
		counts.Games++
		counts.Samples += len(game)
		if output != nil {
			if err := output.Put(gi, sampleChunk(*size, game)); err != nil {
				output.Abort()
				return err
			}
		} else {
			samples = append(samples, game...)
		}
		if counts.Games%10 == 0 {
			fmt.Fprintf(stderr, "%d games, %d samples, %v\n", counts.Games, counts.Samples, time.Since(start).Round(time.Second))
		}
		if counts.Games%100 == 0 && output == nil {
			// Long runs keep what they played so far.
			if err := writeSamples(*out, *size, samples); err != nil {
				return err
			}
		}
	}
	if output != nil {
		err = output.Close(nil, counts)
	} else {
		err = writeSamples(*out, *size, samples)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games, %d samples in %v\n", counts.Games, counts.Samples, time.Since(start).Round(time.Second))
	return nil
}

// readOpenings reads XOT openings, one move list a line ("f5d6c4d3...").
func readOpenings(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var moves []string
		for i := 0; i+1 < len(line); i += 2 {
			moves = append(moves, line[i:i+2])
		}
		out = append(out, moves)
	}
	return out, sc.Err()
}

// runMatch plays two weight sets against each other, each opening with both
// colours, and reports the first one's result.
func runMatch(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain match", flag.ContinueOnError)
	size := fs.Int("size", 8, "board size")
	a := fs.String("a", "", "first weight file (default: embedded; none: untrained)")
	b := fs.String("b", "none", "second weight file")
	levelA := fs.Int("level-a", engines.MaxLevel, "first player's level")
	levelB := fs.Int("level-b", engines.MaxLevel, "second player's level")
	depth := fs.Int("depth", 4, "search depth of both (when -ms is 0)")
	ms := fs.Int("ms", 0, "milliseconds per move instead of a depth")
	pairs := fs.Int("pairs", 50, "openings to play, each with both colours")
	openings := fs.String("openings", "", "XOT openings file (8x8; default: random openings)")
	random := fs.Int("random", 8, "random opening plies when there is no openings file")
	seed := fs.Uint64("seed", 1, "random seed for choosing openings")
	hash := fs.Int("hash", 16, "hash table size in MiB")
	pcA := fs.Float64("probcut-a", -1, "first player's ProbCut confidence on the clock (0 off; default: the engine's)")
	pcB := fs.Float64("probcut-b", -1, "second player's ProbCut confidence")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain match [flags]\nPlay two weight sets against each other from XOT openings, each with both colours."); err != nil {
		return err
	}
	wa, err := loadWeights(*a, *size)
	if err != nil {
		return err
	}
	wb, err := loadWeights(*b, *size)
	if err != nil {
		return err
	}
	mt := time.Duration(*ms) * time.Millisecond
	pa, err := newPlayer(*size, wa, *levelA, *depth, mt, *hash, *pcA)
	if err != nil {
		return err
	}
	pb, err := newPlayer(*size, wb, *levelB, *depth, mt, *hash, *pcB)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 11))
	var xot [][]string
	if *openings != "" {
		if xot, err = readOpenings(*openings); err != nil {
			return err
		}
	}
	var wins, draws, losses int
	var discs float64
	start := time.Now()
	for i := range *pairs {
		var open *othello.Position
		if len(xot) > 0 {
			moves := xot[rng.IntN(len(xot))]
			g, _ := othello.New(*size)
			pos, err := engines.PlayAll(g.Start(), moves)
			if err != nil {
				return fmt.Errorf("opening %v: %w", moves, err)
			}
			open = pos.(*othello.Position).Root()
		} else {
			open = randomOpening(*size, *random, rng)
		}
		for colour := range 2 {
			pa.s.Clear()
			pb.s.Clear()
			players := [2]*player{pa, pb}
			if colour == 1 {
				players = [2]*player{pb, pa}
			}
			final := playOut(open.Root(), players, nil)
			if colour == 1 {
				final = -final
			}
			discs += float64(final)
			switch {
			case final > 0:
				wins++
			case final < 0:
				losses++
			default:
				draws++
			}
		}
		if (i+1)%10 == 0 {
			fmt.Fprintf(stderr, "%d pairs: +%d =%d -%d, %v\n", i+1, wins, draws, losses, time.Since(start).Round(time.Second))
		}
	}
	games := wins + draws + losses
	score := (float64(wins) + float64(draws)/2) / float64(games)
	fmt.Fprintf(stdout, "a vs b: %d games, +%d =%d -%d, score %.1f%%, %s, average disc difference %+.2f, %v\n",
		games, wins, draws, losses, 100*score, elo(wins, draws, losses), discs/float64(games), time.Since(start).Round(time.Second))
	return nil
}

// elo writes the Elo difference of a result with its 95% error margin.
func elo(w, d, l int) string {
	n := float64(w + d + l)
	s := (float64(w) + float64(d)/2) / n
	if s <= 0 || s >= 1 {
		return "Elo out of range"
	}
	toElo := func(x float64) float64 { return -400 * math.Log10(1/x-1) }
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	se := math.Sqrt(variance / n)
	return fmt.Sprintf("Elo %+.0f ± %.0f", toElo(s), (toElo(min(s+1.96*se, 0.999))-toElo(max(s-1.96*se, 0.001)))/2)
}
