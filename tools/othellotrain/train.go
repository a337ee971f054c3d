// This file fits the evaluation weights to labelled samples: for each game
// stage, ridge regression of the label on the pattern entries, the scalar
// tables and a bias, solved by conjugate gradients with a diagonal
// preconditioner, stopped when the error on held-out games stops falling.

package othellotrain

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"qi/engines/othello/pattern"
	"qi/protocol/cmdline"
)

// featured is a sample reduced to the weights it uses: an index into the
// stage's flat table per pattern instance and scalar, and the bias.
type featured struct {
	idx    []int32
	label  float64 // discs
	weight float64
	valid  bool // held out
}

// trainConfig holds the fit's settings.
type trainConfig struct {
	lambda   float64 // ridge penalty, in samples
	iters    int     // most conjugate-gradient iterations per stage
	window   int     // empties either side of a stage whose samples also count
	validPct int     // games held out, in percent
}

// features turns samples into the indices of the weights they use.
func features(set *pattern.Set, w *pattern.Weights, n int, samples []sample, cfg trainConfig, from, to int) []featured {
	out := make([]featured, 0, len(samples))
	var entries []int
	for i := range samples {
		s := &samples[i]
		e := s.empties(n)
		if e < from-cfg.window || e > to+cfg.window {
			continue
		}
		p := s.position(n)
		var sc [pattern.Scalars]int
		entries, sc = p.Features(set, entries[:0])
		f := featured{label: float64(s.label) / 100, weight: 1}
		if e < from || e > to {
			f.weight = 0.5
		}
		f.valid = cfg.validPct > 0 && int(uint32(s.game)*2654435761>>16)%100 < cfg.validPct
		f.idx = make([]int32, 0, len(entries)+pattern.Scalars+1)
		k := 0
		for pi := range set.Patterns {
			pt := &set.Patterns[pi]
			for range pt.Instances {
				f.idx = append(f.idx, int32(w.Offsets[pi]+pt.Rep(entries[k])))
				k++
			}
		}
		for j, v := range sc {
			f.idx = append(f.idx, int32(w.ScalarAt+j*(pattern.ScalarMax+1)+v))
		}
		f.idx = append(f.idx, int32(w.Bias))
		out = append(out, f)
	}
	return out
}

// fit solves the stage's ridge regression by preconditioned conjugate
// gradients from x (which it updates), and returns the training and the
// validation error (root mean square, discs).
func fit(data []featured, x []float64, cfg trainConfig, log io.Writer) (float64, float64) {
	n := len(x)
	cnt := make([]float64, n)
	b := make([]float64, n)
	for _, f := range data {
		if f.valid {
			continue
		}
		for _, j := range f.idx {
			cnt[j] += f.weight
			b[j] += f.weight * f.label
		}
	}
	// A = X'WX + lambda I; the preconditioner is its diagonal.
	apply := func(v, out []float64) {
		for j := range out {
			out[j] = cfg.lambda * v[j]
		}
		for _, f := range data {
			if f.valid {
				continue
			}
			s := 0.0
			for _, j := range f.idx {
				s += v[j]
			}
			s *= f.weight
			for _, j := range f.idx {
				out[j] += s
			}
		}
	}
	errors := func() (float64, float64) {
		var se, sv, nt, nv float64
		for _, f := range data {
			s := 0.0
			for _, j := range f.idx {
				s += x[j]
			}
			d := (s - f.label) * (s - f.label)
			if f.valid {
				sv += d * f.weight
				nv += f.weight
			} else {
				se += d * f.weight
				nt += f.weight
			}
		}
		return math.Sqrt(se / max(nt, 1)), math.Sqrt(sv / max(nv, 1))
	}
	r := make([]float64, n)
	z := make([]float64, n)
	p := make([]float64, n)
	ap := make([]float64, n)
	apply(x, ap)
	for j := range r {
		r[j] = b[j] - ap[j]
		z[j] = r[j] / (cnt[j] + cfg.lambda)
		p[j] = z[j]
	}
	rz := dot(r, z)
	best := math.Inf(1)
	bestX := append([]float64(nil), x...)
	var trainErr, validErr float64
	worse := 0
	for it := 1; it <= cfg.iters; it++ {
		apply(p, ap)
		alpha := rz / dot(p, ap)
		for j := range x {
			x[j] += alpha * p[j]
			r[j] -= alpha * ap[j]
			z[j] = r[j] / (cnt[j] + cfg.lambda)
		}
		rz2 := dot(r, z)
		beta := rz2 / rz
		rz = rz2
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
		if it%5 == 0 || it == cfg.iters {
			trainErr, validErr = errors()
			if cfg.validPct == 0 {
				validErr = trainErr
			}
			if validErr < best-1e-4 {
				best = validErr
				copy(bestX, x)
				worse = 0
			} else if worse++; worse >= 3 {
				break
			}
		}
	}
	copy(x, bestX)
	trainErr, validErr = errors()
	return trainErr, validErr
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// runTrain fits weights to sample files and writes the weight file.
func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain train", flag.ContinueOnError)
	out := fs.String("o", "", "weight file to write")
	cfg := trainConfig{}
	fs.Float64Var(&cfg.lambda, "lambda", 3, "ridge penalty (in samples)")
	fs.IntVar(&cfg.iters, "iters", 150, "most conjugate-gradient iterations per stage")
	fs.IntVar(&cfg.window, "window", 2, "empties either side of a stage whose samples also count, at half weight")
	fs.IntVar(&cfg.validPct, "valid", 5, "percent of games held out to stop the fit")
	stageSize := fs.Int("stage", 0, "empties a stage spans (0: the set's usual size)")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain train -o weights.bin [flags] samples.bin...\nFit the pattern weights to sample files, stage by stage, and write a weight file."); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("usage: othellotrain train -o weights.bin samples.bin...")
	}
	n := 0
	var samples []sample
	for _, path := range fs.Args() {
		sz, s, err := readSamples(path)
		if err != nil {
			return err
		}
		if n != 0 && sz != n {
			return fmt.Errorf("%s is %dx%d, the other samples %dx%d", path, sz, sz, n, n)
		}
		n = sz
		samples = append(samples, s...)
	}
	set := pattern.For(n)
	if set == nil {
		return fmt.Errorf("no feature set for %dx%d", n, n)
	}
	per := *stageSize
	if per <= 0 {
		per = set.StageSize
	}
	w := pattern.NewWeights(set, per)
	start := time.Now()
	x := make([]float64, w.Len())
	for st := range w.Stage {
		// Each stage starts from zero: conjugate gradients from zero stay
		// in the span of the data, so that entries no sample uses stay 0
		// and tables that every sample uses once (the scalars, the bias)
		// do not drift apart by offsets that cancel on seen positions
		// but not on unseen ones.
		clear(x)
		from, to := n*n, -1
		for e, s := range w.StageOf {
			if s == st {
				from, to = min(from, e), max(to, e)
			}
		}
		data := features(set, w, n, samples, cfg, from, to)
		if len(data) == 0 {
			fmt.Fprintf(stdout, "stage %2d (empties %d-%d): no samples\n", st, from, to)
			continue
		}
		trainErr, validErr := fit(data, x, cfg, stderr)
		for j, v := range x {
			w.Stage[st][j] = int16(max(min(math.Round(v*pattern.Scale), 32767), -32767))
		}
		fmt.Fprintf(stdout, "stage %2d (empties %2d-%2d): %8d samples, error %.2f discs (held out %.2f), %v\n",
			st, from, to, len(data), trainErr, validErr, time.Since(start).Round(time.Second))
	}
	w.Tie()
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := w.Encode(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readWeightsFile reads a weight file for set.
func readWeightsFile(path string, set *pattern.Set) (*pattern.Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return pattern.Decode(set, f)
}
