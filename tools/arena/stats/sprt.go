// This file holds the generalized SPRT: the log-likelihood ratio of two
// hypotheses about the Elo difference, each fitted to the observed results by
// maximum likelihood, as fishtest's LLRcalc computes it.

package stats

import (
	"fmt"
	"math"
	"strings"
)

// Model is the Elo scale the SPRT's bounds are given in.
type Model int

// The models.
const (
	// Logistic Elo, the scale of the Elo line: the hypothesis is about the
	// expected score.
	Logistic Model = iota
	// Normalized Elo (fishtest's default), which does not depend on the
	// draw ratio: the hypothesis is about the score's t-value.
	Normalized
)

// String names the model as the command line does.
func (m Model) String() string {
	if m == Normalized {
		return "normalized"
	}
	return "logistic"
}

// ParseModel reads a model name.
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(s) {
	case "logistic", "":
		return Logistic, nil
	case "normalized", "normalised":
		return Normalized, nil
	}
	return 0, fmt.Errorf("unknown SPRT model %q (logistic or normalized)", s)
}

// SPRT tests H0: elo = Elo0 against H1: elo = Elo1 with false positive rate
// Alpha and false negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       Model
}

// Decision is what the test says so far.
type Decision int

// The decisions.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

// String says the decision as cutechess does.
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 was accepted"
	case AcceptH1:
		return "H1 was accepted"
	}
	return "no decision yet"
}

// Check reports what is wrong with the test's parameters.
func (s SPRT) Check() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 0.5) || !(s.Beta > 0 && s.Beta < 0.5):
		return fmt.Errorf("sprt: alpha and beta must lie between 0 and 0.5")
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("sprt: elo0 (%g) must be below elo1 (%g)", s.Elo0, s.Elo1)
	case math.Abs(s.Elo0) > 1000 || math.Abs(s.Elo1) > 1000:
		return fmt.Errorf("sprt: elo0 and elo1 must lie within ±1000")
	}
	return nil
}

// Bounds returns the log-likelihood ratios at which the test accepts H0
// (lower) and H1 (upper).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide says what a log-likelihood ratio means.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// ndivnt converts normalized Elo to a t-value: 800/ln(10).
const ndivnt = 800 / math.Ln10

// LLR returns the log-likelihood ratio of H1 against H0 for counts of
// outcomes: three (losses, draws, wins: WDL.Trinomial) or five (Penta.Counts).
// It is 0 with no results.
func (s SPRT) LLR(counts []float64) float64 {
	if len(counts) != 3 && len(counts) != 5 {
		panic("stats: the SPRT takes three or five counts")
	}
	n, pdf := toPDF(counts)
	if n == 0 {
		return 0
	}
	var p0, p1 []float64
	switch s.Model {
	case Normalized:
		t0, t1 := s.Elo0/ndivnt, s.Elo1/ndivnt
		if len(counts) == 5 {
			t0, t1 = t0*math.Sqrt2, t1*math.Sqrt2
		}
		p0, p1 = mleTValue(pdf, 0.5, t0), mleTValue(pdf, 0.5, t1)
	default:
		p0, p1 = mleExpected(pdf, Expected(s.Elo0)), mleExpected(pdf, Expected(s.Elo1))
	}
	llr := 0.0
	for i, p := range pdf.p {
		llr += p * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * llr
}

// pdf is a discrete distribution: probability p[i] of the outcome a[i].
type pdf struct {
	a, p []float64
}

// toPDF turns counts into the empirical distribution over outcomes spread
// evenly on 0..1, an empty count replaced by a small one so that no outcome
// is impossible (fishtest's regularization).
func toPDF(counts []float64) (float64, pdf) {
	total := 0.0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return 0, pdf{}
	}
	const eps = 1e-3
	d := pdf{a: make([]float64, len(counts)), p: make([]float64, len(counts))}
	n := 0.0
	for i, c := range counts {
		if c == 0 {
			c = eps
		}
		d.a[i] = float64(i) / float64(len(counts)-1)
		d.p[i] = c
		n += c
	}
	for i := range d.p {
		d.p[i] /= n
	}
	return n, d
}

func (d pdf) meanVar() (mu, v float64) {
	for i, p := range d.p {
		mu += p * d.a[i]
	}
	for i, p := range d.p {
		v += p * (d.a[i] - mu) * (d.a[i] - mu)
	}
	return mu, v
}

// secular solves sum_i p_i v_i / (1 + x v_i) = 0 for x, where the v_i take
// both signs; the left side falls strictly with x between the poles.
func secular(v, p []float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	vmin, vmax := v[0], v[0]
	for _, x := range v {
		vmin, vmax = min(vmin, x), max(vmax, x)
	}
	if vmin >= 0 || vmax <= 0 {
		return 0
	}
	lo, hi = -1/vmax, -1/vmin
	const eps = 1e-9
	lo, hi = lo+eps, hi-eps
	f := func(x float64) float64 {
		s := 0.0
		for i, a := range v {
			s += p[i] * a / (1 + x*a)
		}
		return s
	}
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-15 {
			break
		}
	}
	return (lo + hi) / 2
}

// mleExpected returns the distribution on d's outcomes with mean s that is
// most likely to have produced d.
func mleExpected(d pdf, s float64) []float64 {
	v := make([]float64, len(d.a))
	for i, a := range d.a {
		v[i] = a - s
	}
	x := secular(v, d.p)
	q := make([]float64, len(d.p))
	for i, p := range d.p {
		q[i] = p / (1 + x*v[i])
	}
	return q
}

// mleTValue returns the distribution on d's outcomes with t-value
// (mu-ref)/sigma equal to t that is most likely to have produced d, by the
// fixed-point iteration of fishtest's MLE_t_value.
func mleTValue(d pdf, ref, t float64) []float64 {
	n := len(d.p)
	q := make([]float64, n)
	for i := range q {
		q[i] = 1 / float64(n)
	}
	v := make([]float64, n)
	for range 10 {
		mu, vr := pdf{a: d.a, p: q}.meanVar()
		sigma := math.Sqrt(vr)
		for i, a := range d.a {
			z := (mu - a) / sigma
			v[i] = a - ref - t*sigma*(1+z*z)/2
		}
		x := secular(v, d.p)
		diff := 0.0
		for i, p := range d.p {
			nq := p / (1 + x*v[i])
			diff = max(diff, math.Abs(nq-q[i]))
			q[i] = nq
		}
		if diff < 1e-9 {
			break
		}
	}
	return q
}
