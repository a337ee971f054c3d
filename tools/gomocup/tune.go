// This file fits the evaluation weights to the records: positions of decided
// games, labelled with whether the side to move went on to win, and a
// logistic model P(win) = 1/(1+exp(-eval/scale)) over the engine's features
// (the "texel" method), fitted by Adam from the engine's current weights;
// the features gomoku.FixedFeature names keep their zero weight.

package gomocup

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/protocol/cmdline"
)

// sample is a position's features and its outcome for the side to move.
type sample struct {
	f   []float32
	won float32
}

func runTune(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomocup tune", flag.ContinueOnError)
	ruleName := fset.String("rule", "freestyle", "rule whose records to fit: freestyle, standard or renju")
	every := fset.Int("every", 2, "take every n-th position of a game")
	skip := fset.Int("skip", 4, "moves after the opening to skip")
	scale := fset.Float64("scale", 400, "centi-units for a factor e in the odds")
	epochs := fset.Int("epochs", 300, "passes over the data")
	rate := fset.Float64("rate", 1, "learning rate (centi-units)")
	l2 := fset.Float64("l2", 1e-6, "weight decay toward the current weights")
	quiet := fset.Bool("quiet", true, "leave out positions with a five to make or an open four to play")
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomocup tune [flags] DIR...\nFit the evaluation weights to the results of Gomocup records."); err != nil {
		return err
	}
	rule, err := gomoku.ParseRule(*ruleName)
	if err != nil {
		return err
	}
	var data []sample
	f := make([]float64, gomoku.NumFeatures)
	var base *gomoku.Game
	err = walkRecords(fset.Args(), func(r record) error {
		if r.rule != rule {
			return nil
		}
		final, winner, ok, err := r.decisive()
		if !ok {
			return err
		}
		if base == nil {
			base = final.Game()
		}
		_, _, err = r.replay(func(p *gomoku.Position, ply int, m engines.Move) error {
			if ply < r.opening+*skip || (ply-r.opening)%*every != 0 {
				return nil
			}
			if *quiet && !p.Quiet() {
				return nil
			}
			p.Features(f)
			s := sample{f: make([]float32, len(f))}
			for i, x := range f {
				s.f[i] = float32(x)
			}
			if winner == engines.WinFor(p.SideToMove()) {
				s.won = 1
			}
			data = append(data, s)
			return nil
		})
		return err
	})
	if err != nil {
		return err
	}
	if len(data) == 0 {
		return fmt.Errorf("no %s positions found", rule)
	}
	w0 := base.Weights()
	fmt.Fprintf(stdout, "%d %s positions; loss with the current weights %.5f\n", len(data), rule, loss(data, w0, *scale))
	w := fit(data, w0, *scale, *epochs, *rate, *l2, rand.New(rand.NewPCG(1, 2)))
	fmt.Fprintf(stdout, "loss with the fitted weights %.5f\n", loss(data, w, *scale))
	names := gomoku.FeatureNames()
	for i := range w {
		fmt.Fprintf(stdout, "  %-16s %7.0f -> %7.0f\n", names[i], w0[i], math.Round(w[i]))
	}
	fmt.Fprintf(stdout, "weights: %s\n", formatWeights(w))
	return nil
}

// formatWeights writes a weight vector as a comma-separated list.
func formatWeights(w []float64) string {
	parts := make([]string, len(w))
	for i, x := range w {
		parts[i] = fmt.Sprintf("%.0f", math.Round(x))
	}
	return strings.Join(parts, ",")
}

func predict(s sample, w []float64, scale float64) float64 {
	z := 0.0
	for i, x := range s.f {
		z += float64(x) * w[i]
	}
	return 1 / (1 + math.Exp(-z/scale))
}

// loss is the mean cross-entropy of the predictions.
func loss(data []sample, w []float64, scale float64) float64 {
	sum := 0.0
	for _, s := range data {
		p := min(max(predict(s, w, scale), 1e-9), 1-1e-9)
		if s.won == 1 {
			sum -= math.Log(p)
		} else {
			sum -= math.Log(1 - p)
		}
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
	for e := 0; e < epochs; e++ {
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		for lo := 0; lo < len(idx); lo += batch {
			hi := min(lo+batch, len(idx))
			clear(g)
			for _, k := range idx[lo:hi] {
				s := data[k]
				d := (predict(s, w, scale) - float64(s.won)) / scale
				for i, x := range s.f {
					if x != 0 {
						g[i] += d * float64(x)
					}
				}
			}
			t++
			for i := range w {
				if gomoku.FixedFeature(i) {
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
