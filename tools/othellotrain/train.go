// This file fits the evaluation weights to labelled samples: for each game
// stage, ridge regression of the label on the pattern entries, the scalar
// tables and a bias, solved by conjugate gradients with a diagonal
// preconditioner, stopped when the error on held-out games stops falling.
// The ridge pulls towards zero, towards the stage fitted before (-chain) or
// towards a weight set being fine-tuned (-from).

package othellotrain

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"time"

	"qi/engines/othello"
	"qi/engines/othello/pattern"
	"qi/tools/cmdline"
)

// stageData is a stage's samples reduced to the weights they use: k indices
// into the stage's flat table per sample (each pattern instance's entry, each
// scalar's, the bias), in one flat slice, so that the fit goes through them
// in order.
type stageData struct {
	k      int
	idx    []int32
	label  []float64 // discs
	weight []float64
	valid  []bool // held out
}

func (d *stageData) len() int { return len(d.label) }

// shift subtracts from each label what weights x give the sample.
func (d *stageData) shift(x []float64) {
	for i := range d.label {
		for _, j := range d.idx[i*d.k : (i+1)*d.k] {
			d.label[i] -= x[j]
		}
	}
}

// trainConfig holds the fit's settings.
type trainConfig struct {
	lambda   float64 // ridge penalty, in samples
	iters    int     // most conjugate-gradient iterations per stage
	window   int     // empties either side of a stage whose samples also count
	validPct int     // games held out, in percent
}

// stageWeights returns the weight of the samples of each number of empties in
// the fit of stage st: 1 in the stage, 1/2 within window empties of it (of
// the same parity when the stages split by parity), else 0.
func stageWeights(stageOf []int, st, window int, parity bool) []float64 {
	wt := make([]float64, len(stageOf))
	for e := range stageOf {
		for f, s := range stageOf {
			d := e - f
			if s != st || d > window || -d > window || parity && d%2 != 0 {
				continue
			}
			if d == 0 {
				wt[e] = 1
				break
			}
			wt[e] = 0.5
		}
	}
	return wt
}

// features turns the samples that weigh in a stage into the indices of the
// weights they use.
func features(set *pattern.Set, w *pattern.Weights, n int, samples []sample, cfg trainConfig, weightOf []float64) *stageData {
	d := &stageData{k: set.Instances() + 4*set.MobRows + pattern.Scalars + 1}
	var entries []int
	for i := range samples {
		s := &samples[i]
		weight := weightOf[s.empties(n)]
		if weight == 0 {
			continue
		}
		var sc [pattern.Scalars]int
		if n == 8 {
			entries, sc = othello.Features8(set, s.p[0], s.o[0], entries[:0])
		} else {
			entries, sc = s.position(n).Features(set, entries[:0])
		}
		d.label = append(d.label, float64(s.label)/100)
		d.weight = append(d.weight, weight)
		d.valid = append(d.valid, cfg.validPct > 0 && int(uint32(s.game)*2654435761>>16)%100 < cfg.validPct)
		k := 0
		for pi := range set.Patterns {
			pt := &set.Patterns[pi]
			for range pt.Instances {
				d.idx = append(d.idx, int32(w.Offsets[pi]+pt.Rep(entries[k])))
				k++
			}
		}
		for j := range 4 * set.MobRows {
			d.idx = append(d.idx, int32(w.MobAt+j/4*pattern.MobRowSize+pattern.MobRep(entries[k])))
			k++
		}
		for j, v := range sc {
			d.idx = append(d.idx, int32(w.ScalarAt+j*(pattern.ScalarMax+1)+v))
		}
		d.idx = append(d.idx, int32(w.Bias))
	}
	return d
}

// fit solves the stage's ridge regression by preconditioned conjugate
// gradients from x (which it updates), and returns the training and the
// validation error (root mean square, discs).
func fit(data *stageData, x []float64, cfg trainConfig) (float64, float64) {
	n := len(x)
	cnt := make([]float64, n)
	b := make([]float64, n)
	k := data.k
	for i := range data.len() {
		if data.valid[i] {
			continue
		}
		for _, j := range data.idx[i*k : (i+1)*k] {
			cnt[j] += data.weight[i]
			b[j] += data.weight[i] * data.label[i]
		}
	}
	// A = X'WX + lambda I; the preconditioner is its diagonal.
	apply := func(v, out []float64) {
		for j := range out {
			out[j] = cfg.lambda * v[j]
		}
		for i := range data.len() {
			if data.valid[i] {
				continue
			}
			row := data.idx[i*k : (i+1)*k]
			s := 0.0
			for _, j := range row {
				s += v[j]
			}
			s *= data.weight[i]
			for _, j := range row {
				out[j] += s
			}
		}
	}
	errors := func() (float64, float64) {
		var se, sv, nt, nv float64
		for i := range data.len() {
			s := 0.0
			for _, j := range data.idx[i*k : (i+1)*k] {
				s += x[j]
			}
			d := (s - data.label[i]) * (s - data.label[i])
			if data.valid[i] {
				sv += d * data.weight[i]
				nv += data.weight[i]
			} else {
				se += d * data.weight[i]
				nt += data.weight[i]
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
	parity := fs.Bool("parity", false, "split each stage by the parity of the empties")
	chain := fs.Bool("chain", false, "fit the stages from the last to the first, each pulled towards the one fitted before it rather than towards zero")
	tuned := fs.String("from", "", "weight file to fine-tune: each stage is pulled towards its weights rather than towards zero, and a stage without samples keeps them (\"embedded\": the built-in weights)")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain train -o weights.bin [flags] samples.bin...\nFit the pattern weights to sample files, stage by stage, and write a weight file."); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("usage: othellotrain train -o weights.bin samples.bin...")
	}
	if *chain && *tuned != "" {
		return fmt.Errorf("-chain and -from both set the prior; use one")
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
	stageOf := set.StageMap(per)
	if *parity {
		stageOf = set.StageMapParity(per)
	}
	w := pattern.NewWeightsMap(set, stageOf)
	base, err := baseWeights(*tuned, set, stageOf)
	if err != nil {
		return err
	}
	start := time.Now()
	x := make([]float64, w.Len())
	prior := make([]float64, w.Len())
	order := make([]int, len(w.Stage))
	for i := range order {
		order[i] = i
		if *chain {
			order[i] = len(order) - 1 - i
		}
	}
	for _, st := range order {
		// Each stage starts from zero, or chained from the stage fitted
		// before it: conjugate gradients from there stay in the span of
		// the data, so that entries no sample uses keep their start and
		// tables that every sample uses once (the scalars, the bias)
		// do not drift apart by offsets that cancel on seen positions
		// but not on unseen ones.
		clear(x)
		from, to := n*n, -1
		for e, s := range w.StageOf {
			if s == st {
				from, to = min(from, e), max(to, e)
			}
		}
		data := features(set, w, n, samples, cfg, stageWeights(w.StageOf, st, cfg.window, *parity))
		if base != nil {
			copy(w.Stage[st], base.Stage[st])
			for j, v := range base.Stage[st] {
				prior[j] = float64(v) / pattern.Scale
			}
		}
		if data.len() == 0 {
			fmt.Fprintf(stdout, "stage %2d (empties %d-%d): no samples\n", st, from, to)
			continue
		}
		if *chain || base != nil {
			// The ridge pulls towards the prior: fit the residuals
			// of the labels from zero and add the prior back.
			data.shift(prior)
		}
		trainErr, validErr := fit(data, x, cfg)
		if *chain || base != nil {
			for j := range x {
				x[j] += prior[j]
			}
			copy(prior, x)
		}
		for j, v := range x {
			w.Stage[st][j] = int16(max(min(math.Round(v*pattern.Scale), 32767), -32767))
		}
		fmt.Fprintf(stdout, "stage %2d (empties %2d-%2d): %8d samples, error %.2f discs (held out %.2f), %v\n",
			st, from, to, data.len(), trainErr, validErr, time.Since(start).Round(time.Second))
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

// baseWeights reads the weights a fine-tune starts from ("" for none), which
// must split the empties into the same stages as the fit.
func baseWeights(path string, set *pattern.Set, stageOf []int) (*pattern.Weights, error) {
	if path == "" {
		return nil, nil
	}
	var w *pattern.Weights
	if path == "embedded" {
		w = pattern.Load(set.N)
	} else {
		var err error
		if w, err = readWeightsFile(path, set); err != nil {
			return nil, err
		}
	}
	if w == nil || !slices.Equal(w.StageOf, stageOf) {
		return nil, fmt.Errorf("%s does not split the empties into the stages of this fit (-stage, -parity)", path)
	}
	return w, nil
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
