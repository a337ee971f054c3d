// This file fits the evaluation weights to the records (positions of decided
// games, labelled with whether the side to move went on to win) or to
// positions labelled with an expected score (by a deeper search, say), with a
// logistic model P(win) = 1/(1+exp(-eval/scale)) over the engine's features
// (the "texel" method), fitted by Adam from the engine's current weights
// (or a file's);
// the features gomoku.FixedFeature names keep their zero weight.

package gomokutrain

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/record"
	"qi/tools/cmdline"
)

// sample is a position's features (the nonzero ones: their indices and
// values) and its outcome or expected score for the side to move.
type sample struct {
	idx []uint16
	val []float32
	won float32
}

func runTune(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomokutrain tune", flag.ContinueOnError)
	ruleName := fset.String("rule", "freestyle", "rule whose records to fit: freestyle, standard or renju")
	every := fset.Int("every", 2, "take every n-th position of a game")
	skip := fset.Int("skip", 4, "moves after the opening to skip")
	scale := fset.Float64("scale", 400, "centi-units for a factor e in the odds")
	epochs := fset.Int("epochs", 300, "passes over the data")
	rate := fset.Float64("rate", 1, "learning rate (centi-units)")
	l2 := fset.Float64("l2", 1e-6, "weight decay toward the starting weights")
	quiet := fset.Bool("quiet", true, "leave out positions with a five to make or an open four to play")
	lambda := fset.Float64("lambda", 1, "label a game's positions by their TD(λ) returns under the current weights: 1 is the game's result, below 1 mixes in the evaluations of the positions that followed (a position's own evaluation counts only where it is quiet)")
	holdout := fset.Int("holdout", 10, "keep every n-th game (or labelled position) out of the fit, to report the loss on what it did not see (0: none)")
	labels := fset.Bool("labels", false, "fit to labelled positions instead of game results: the arguments are files of lines \"SCORE x,y x,y ...\", the side to move's expected score (0 to 1, say from a deeper search) and the moves from the empty board (0-based columns and rows from the top)")
	size := fset.Int("size", 15, "the board side of the labelled positions")
	out := fset.String("out", "", "write the fitted weights to this file (the form of weights=FILE and of the engine's weights files)")
	from := fset.String("weights", "", "start from the weights of this file (the form of -out) instead of the rule's own; with -epochs 0 the losses measure them")
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomokutrain tune [flags] DIR...\n       qi gomokutrain tune -labels [flags] FILE...\nFit the evaluation weights to the results of Gomocup records, or to labelled positions."); err != nil {
		return err
	}
	rule, err := gomoku.ParseRule(*ruleName)
	if err != nil {
		return err
	}
	// The starting weights are read first: the TD(λ) labels evaluate with them.
	var start []float64
	if *from != "" {
		if start, err = readVector(*from); err != nil {
			return err
		}
		g, err := gomoku.NewGame(*size, *size, rule)
		if err == nil {
			_, err = g.WithWeights(start)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", *from, err)
		}
	}
	var data, held []sample
	var base *gomoku.Game
	if *labels {
		base, err = gomoku.NewGame(*size, *size, rule)
		if err == nil && start != nil {
			base, err = base.WithWeights(start)
		}
		if err == nil {
			data, held, err = readLabels(fset.Args(), base, *quiet, *holdout)
		}
	} else {
		if !(*lambda >= 0 && *lambda <= 1) {
			return fmt.Errorf("-lambda wants 0 to 1, not %g", *lambda)
		}
		base, data, held, err = readRecords(fset.Args(), rule, start, *every, *skip, *quiet, *holdout, *lambda, *scale)
	}
	if err != nil {
		return err
	}
	if len(data) == 0 || base == nil {
		return fmt.Errorf("no %s positions found", rule)
	}
	w0 := base.Weights()
	fmt.Fprintf(stdout, "%d %s positions to fit, %d held out; loss with the current weights %.5f (held out %.5f)\n",
		len(data), rule, len(held), loss(data, w0, *scale), loss(held, w0, *scale))
	w := fit(data, w0, *scale, *epochs, *rate, *l2, rand.New(rand.NewPCG(1, 2)))
	fmt.Fprintf(stdout, "loss with the fitted weights %.5f (held out %.5f)\n", loss(data, w, *scale), loss(held, w, *scale))
	for i := range w {
		w[i] = math.Round(min(max(w[i], -gomoku.MaxWeight), gomoku.MaxWeight))
	}
	if _, err := base.WithWeights(w); err != nil {
		return err
	}
	printChanges(stdout, w0, w, 40)
	if *out != "" {
		header := fmt.Sprintf("# %s weights: qi gomokutrain tune %s\n", rule, strings.Join(args, " "))
		return os.WriteFile(*out, []byte(header+formatWeights(w)+"\n"), 0o644)
	}
	fmt.Fprintf(stdout, "weights: %s\n", formatWeights(w))
	return nil
}

// printChanges lists the n weights that moved most, with their names.
func printChanges(stdout io.Writer, w0, w []float64, n int) {
	names := gomoku.FeatureNames()
	order := make([]int, len(w))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return math.Abs(w[order[a]]-w0[order[a]]) > math.Abs(w[order[b]]-w0[order[b]])
	})
	for _, i := range order[:min(n, len(order))] {
		fmt.Fprintf(stdout, "  %-28s %7.0f -> %7.0f\n", names[i], w0[i], w[i])
	}
}

// formatWeights writes a weight vector as a comma-separated list.
func formatWeights(w []float64) string {
	parts := make([]string, len(w))
	for i, x := range w {
		// +0 turns a -0 (a small negative rounded) into 0.
		parts[i] = strconv.FormatFloat(math.Round(x)+0, 'f', 0, 64)
	}
	return strings.Join(parts, ",")
}

func predict(s sample, w []float64, scale float64) float64 {
	z := 0.0
	for k, i := range s.idx {
		z += float64(s.val[k]) * w[i]
	}
	return 1 / (1 + math.Exp(-z/scale))
}

// loss is the mean cross-entropy of the predictions against the outcomes
// or expected scores (0 for no data).
func loss(data []sample, w []float64, scale float64) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range data {
		p := min(max(predict(s, w, scale), 1e-9), 1-1e-9)
		y := float64(s.won)
		sum -= y*math.Log(p) + (1-y)*math.Log(1-p)
	}
	return sum / float64(len(data))
}

// fit runs mini-batch Adam on the cross-entropy from w0.
func fit(data []sample, w0 []float64, scale float64, epochs int, rate, l2 float64, rng *rand.Rand) []float64 {
	n := len(w0)
	w := append([]float64(nil), w0...)
	m, v, g := make([]float64, n), make([]float64, n), make([]float64, n)
	const batch = 4096
	const b1, b2 = 0.9, 0.999
	t := 0
	idx := make([]int, len(data))
	for i := range idx {
		idx[i] = i
	}
	fixed := make([]bool, n)
	for i := range fixed {
		fixed[i] = gomoku.FixedFeature(i)
	}
	for e := 0; e < epochs; e++ {
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		for lo := 0; lo < len(idx); lo += batch {
			hi := min(lo+batch, len(idx))
			clear(g)
			for _, k := range idx[lo:hi] {
				s := data[k]
				d := (predict(s, w, scale) - float64(s.won)) / scale
				for j, i := range s.idx {
					g[i] += d * float64(s.val[j])
				}
			}
			t++
			for i := range w {
				if fixed[i] {
					continue
				}
				gi := g[i]/float64(hi-lo) + l2*(w[i]-w0[i])
				m[i] = b1*m[i] + (1-b1)*gi
				v[i] = b2*v[i] + (1-b2)*gi*gi
				mh := m[i] / (1 - math.Pow(b1, float64(t)))
				vh := v[i] / (1 - math.Pow(b2, float64(t)))
				w[i] -= rate * mh / (math.Sqrt(vh) + 1e-12)
			}
		}
	}
	return w
}

// readRecords reads the positions of the decided games of the rule under
// dirs: every n-th after the opening and skip more moves, the quiet ones
// only if asked, every holdout-th game's kept apart. Each is labelled by its
// TD(lambda) return (tdReturns) under the weights start (nil: the rule's
// own), which base, the game of the records, has: with lambda 1, whether its
// side to move won.
func readRecords(dirs []string, rule gomoku.Rule, start []float64, every, skip int, quiet bool, holdout int, lambda, scale float64) (base *gomoku.Game, data, held []sample, err error) {
	f := make([]float64, gomoku.NumFeatures)
	games := 0
	var w []float64
	var line []step
	err = record.WalkGomoku(dirs, func(r record.GomokuGame) error {
		if r.Rule != rule {
			return nil
		}
		final, winner, ok, err := r.Decisive()
		if !ok {
			return err
		}
		if base == nil {
			base = final.Game()
			if start != nil {
				if base, err = base.WithWeights(start); err != nil {
					return err
				}
			}
			w = base.Weights()
		}
		games++
		set := &data
		if holdout > 0 && games%holdout == 0 {
			set = &held
		}
		line = line[:0]
		_, _, err = r.Replay(func(p *gomoku.Position, ply int, m engines.Move) error {
			if ply < r.Opening+skip {
				return nil
			}
			st := step{quiet: p.Quiet(), won: winner == engines.WinFor(p.SideToMove())}
			if (ply-r.Opening)%every == 0 || lambda < 1 && st.quiet {
				st.s = sampleOf(p, f, 0)
				st.eval = predict(st.s, w, scale)
			}
			st.keep = (ply-r.Opening)%every == 0 && (st.quiet || !quiet)
			line = append(line, st)
			return nil
		})
		tdReturns(line, lambda)
		for _, st := range line {
			if st.keep {
				st.s.won = float32(st.label)
				*set = append(*set, st.s)
			}
		}
		return err
	})
	return base, data, held, err
}

// step is a position of a game's line, for its TD return: its features,
// whether the side to move went on to win, its evaluation's predicted score
// (where quiet) and the label tdReturns gives it.
type step struct {
	s           sample
	quiet, keep bool
	won         bool
	eval, label float64
}

// tdReturns labels the positions of a game's line, from the last back, by
// their TD(lambda) returns for their side to move: the return of a position
// is the other side's complement of (1-lambda) times the next position's
// evaluation plus lambda times its return. A position that is not quiet has
// no evaluation worth mixing in and passes its return on; the last one's
// return is the game's result.
func tdReturns(line []step, lambda float64) {
	for t := len(line) - 1; t >= 0; t-- {
		if t == len(line)-1 {
			line[t].label = 0
			if line[t].won {
				line[t].label = 1
			}
			continue
		}
		next := &line[t+1]
		v := next.label
		if next.quiet {
			v = (1-lambda)*next.eval + lambda*next.label
		}
		line[t].label = 1 - v
	}
}

// sampleOf is p's features, nonzero ones only, with outcome won.
func sampleOf(p *gomoku.Position, f []float64, won float32) sample {
	p.Features(f)
	s := sample{won: won}
	for i, x := range f {
		if x != 0 {
			s.idx = append(s.idx, uint16(i))
			s.val = append(s.val, float32(x))
		}
	}
	return s
}

// readLabels reads labelled positions (see the -labels flag) on base's
// board, the quiet ones only if asked, every holdout-th line's kept apart.
func readLabels(paths []string, base *gomoku.Game, quiet bool, holdout int) (data, held []sample, err error) {
	f := make([]float64, gomoku.NumFeatures)
	n := 0
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		for ln, line := range strings.Split(string(text), "\n") {
			fields := strings.Fields(line)
			if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
				continue
			}
			bad := func(why string) error { return fmt.Errorf("%s:%d: %s", path, ln+1, why) }
			score, err := strconv.ParseFloat(fields[0], 64)
			if err != nil || !(score >= 0 && score <= 1) {
				return nil, nil, bad(fmt.Sprintf("score %q is not a number from 0 to 1", fields[0]))
			}
			p := base.NewPosition()
			for _, xy := range fields[1:] {
				xs, ys, ok := strings.Cut(xy, ",")
				x, err1 := strconv.Atoi(xs)
				y, err2 := strconv.Atoi(ys)
				if !ok || err1 != nil || err2 != nil {
					return nil, nil, bad(fmt.Sprintf("move %q is not x,y", xy))
				}
				m, err := base.Move(x, y)
				if err == nil {
					err = p.Legal(m)
				}
				if err == nil && p.Result() != engines.None {
					err = fmt.Errorf("the game is over")
				}
				if err != nil {
					return nil, nil, bad(fmt.Sprintf("move %s: %v", xy, err))
				}
				p.Play(m)
			}
			if p.Result() != engines.None || quiet && !p.Quiet() {
				continue
			}
			n++
			s := sampleOf(p, f, float32(score))
			if holdout > 0 && n%holdout == 0 {
				held = append(held, s)
			} else {
				data = append(data, s)
			}
		}
	}
	return data, held, nil
}
