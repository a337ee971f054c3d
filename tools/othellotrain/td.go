// This file relabels the positions of recorded games by temporal
// differences: a position's label becomes a mix of the evaluation of the
// position after it and that position's own new label, so that the noise of
// the moves played long after a position weighs less in its label than the
// game's final result alone gives it.

package othellotrain

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"qi/engines"
	"qi/engines/othello"
	"qi/tools/cmdline"
)

// runTD relabels samples written game by game (wthor, selfplay) with their
// TD(lambda) returns.
func runTD(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain td", flag.ContinueOnError)
	in := fs.String("i", "", "sample file to read, game by game in order of play")
	out := fs.String("o", "", "sample file to write")
	lambda := fs.Float64("lambda", 0.8, "weight of the next position's return against its evaluation")
	exact := fs.Int("exact", 14, "labels of positions with at most this many empties are exact: kept, and used as the evaluation")
	weights := fs.String("weights", "", "weight file to evaluate with (default: the embedded weights)")
	depth := fs.Int("depth", 0, "search depth of the evaluation (0: the static evaluation)")
	hash := fs.Int("hash", 16, "hash table size in MiB, for searches")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain td -i in.bin -o out.bin [flags]\nRelabel the positions of games by their TD(lambda) returns."); err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return fmt.Errorf("usage: othellotrain td -i in.smp -o out.smp [-lambda 0.8] [-exact 14] [-weights w.bin] [-depth 0]")
	}
	n, samples, err := readSamples(*in)
	if err != nil {
		return err
	}
	w, err := loadWeights(*weights, n)
	if err != nil {
		return err
	}
	eval := othello.NewEvaluator(n, w)
	var search engines.Searcher
	if *depth > 0 {
		g, err := othello.New(n)
		if err != nil {
			return err
		}
		search = g.NewWeightedSearcher(engines.Config{HashMB: *hash}, w)
	}
	value := func(s *sample) float64 {
		if s.empties(n) <= *exact {
			return float64(s.label)
		}
		p := s.position(n)
		if p.Result() != engines.None {
			return float64(s.label)
		}
		if search != nil {
			return float64(search.Search(context.Background(), p, engines.Limits{Depth: *depth}, nil).Score)
		}
		return float64(eval.Eval(p))
	}
	start := time.Now()
	changed := tdReturns(samples, n, *lambda, *exact, value)
	if err := writeSamples(*out, n, samples); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d samples, %d relabelled in %v\n", len(samples), changed, time.Since(start).Round(time.Second))
	return nil
}

// tdReturns replaces the label of each sample of more than exact empties by
// its TD(lambda) return, going through the games (runs of samples of the same
// game, in order of play) backwards: the return of a position is the mix
// (1-lambda)*value + lambda*return of the position after it, seen from the
// side to move. It returns the number of samples relabelled.
func tdReturns(samples []sample, n int, lambda float64, exact int, value func(*sample) float64) int {
	changed := 0
	for end := len(samples); end > 0; {
		first := end - 1
		for first > 0 && samples[first-1].game == samples[end-1].game {
			first--
		}
		g := float64(samples[end-1].label)
		for t := end - 2; t >= first; t-- {
			s := &samples[t]
			if s.empties(n) <= exact {
				g = float64(s.label)
				continue
			}
			g = (1-lambda)*value(&samples[t+1]) + lambda*g
			if !sameSide(s, &samples[t+1]) {
				g = -g
			}
			s.label = int16(math.Round(max(min(g, 6400), -6400)))
			changed++
		}
		end = first
	}
	return changed
}

// sameSide reports whether b, the position recorded after a, has a's side to
// move: the player who moved keeps all its discs, so they are among b's
// discs to move when the opponent passed (a pass not recorded, as self-play
// leaves it out) and among b's opponent's otherwise.
func sameSide(a, b *sample) bool {
	return a.p[0]&^b.p[0] == 0 && a.p[1]&^b.p[1] == 0
}
