// This file measures ProbCut's error model: how much searches of depth d
// differ from the shallow searches that predict them, on positions of
// labelled samples, fitted as sigma = a + b*d + c*d2 + e*empties.

package othellotrain

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"qi/engines"
	"qi/engines/othello"
	"qi/tools/cmdline"
)

func runProbcut(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain probcut", flag.ContinueOnError)
	in := fs.String("i", "", "sample file (8x8) to take positions from")
	count := fs.Int("n", 500, "positions to measure")
	depth := fs.Int("depth", 10, "deepest search")
	weights := fs.String("weights", "", "weight file (default: the embedded weights)")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain probcut [flags]\nMeasure the error model of ProbCut on samples."); err != nil {
		return err
	}
	n, samples, err := readSamples(*in)
	if err != nil {
		return err
	}
	if n != 8 {
		return fmt.Errorf("probcut is measured on 8x8")
	}
	w, err := loadWeights(*weights, n)
	if err != nil {
		return err
	}
	g, _ := othello.New(8)
	s := g.NewWeightedSearcher(engines.Config{HashMB: 64}, w)
	rng := rand.New(rand.NewPCG(*seed, 3))
	// An observation: a depth d's score less its shallow search's, at
	// empties; the shallow depth follows from d (othello.ProbCutDepth).
	type obs struct {
		d, empties int
		diff       float64
	}
	var all []obs
	start := time.Now()
	for done := 0; done < *count; {
		sm := samples[rng.IntN(len(samples))]
		e := sm.empties(8)
		if e <= 2**depth+2 || e > 56 {
			continue
		}
		p := sm.position(8)
		if p.Result() != engines.None {
			continue
		}
		v := make([]float64, *depth+1)
		v[0] = float64(othello.Evaluate(p, w))
		s.Clear()
		s.Search(context.Background(), p, engines.Limits{Depth: *depth}, func(i engines.Info) {
			if i.Depth <= *depth {
				v[i.Depth] = float64(i.Score)
			}
		})
		for d := 2; d <= *depth; d++ {
			all = append(all, obs{d, e, v[d] - v[othello.ProbCutDepth(d)]})
		}
		done++
		if done%50 == 0 {
			fmt.Fprintf(stderr, "%d positions, %v\n", done, time.Since(start).Round(time.Second))
		}
	}
	// Group standard deviations by depth and empties, then fit the line.
	type key struct{ d, bucket int }
	groups := map[key][]obs{}
	for _, o := range all {
		groups[key{o.d, o.empties / 8}] = append(groups[key{o.d, o.empties / 8}], o)
	}
	var rows [][5]float64 // 1, d, d2, empties; sigma
	var weights2 []float64
	// Depth 2, predicted by the evaluation, is printed but left out of the
	// line: the engine's margins there come from the line of the deeper
	// ones, which is above the error measured at depth 2.
	for d := 2; d <= *depth; d++ {
		d2 := othello.ProbCutDepth(d)
		for b := 0; b <= 8; b++ {
			os := groups[key{d, b}]
			if len(os) < 10 {
				continue
			}
			var m, m2, e float64
			for _, o := range os {
				m += o.diff
				m2 += o.diff * o.diff
				e += float64(o.empties)
			}
			k := float64(len(os))
			m, m2, e = m/k, m2/k, e/k
			sd := math.Sqrt(max(m2-m*m, 0))
			fmt.Fprintf(stdout, "depth %2d from %d, empties ~%2.0f: %4d positions, mean %+6.1f, sigma %6.1f\n", d, d2, e, len(os), m, sd)
			if d >= 3 {
				rows = append(rows, [5]float64{1, float64(d), float64(d2), e, sd})
				weights2 = append(weights2, k)
			}
		}
	}
	coef := leastSquares(rows, weights2)
	fmt.Fprintf(stdout, "sigma = %.1f + %.2f*d + %.2f*d2 + %.2f*empties\n", coef[0], coef[1], coef[2], coef[3])
	return nil
}

// leastSquares fits the last column of rows on the first four, weighted.
func leastSquares(rows [][5]float64, w []float64) [4]float64 {
	var a [4][5]float64
	for i, r := range rows {
		for j := range 4 {
			for k := range 4 {
				a[j][k] += w[i] * r[j] * r[k]
			}
			a[j][4] += w[i] * r[j] * r[4]
		}
	}
	// Gaussian elimination with partial pivoting.
	for c := range 4 {
		p := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := range 4 {
			if r != c {
				f := a[r][c] / a[c][c]
				for k := c; k < 5; k++ {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	var x [4]float64
	for c := range 4 {
		if a[c][c] != 0 {
			x[c] = a[c][4] / a[c][c]
		}
	}
	return x
}
