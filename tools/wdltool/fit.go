// This file holds the fit: the likelihood of scored positions' outcomes
// under a model, its gradient, and a damped Newton search for its maximum.

package wdltool

import (
	"errors"
	"math"
	"slices"

	"qi/engines/wdl"
)

// outcome is how a game ended for the side to move in one of its positions.
type outcome int8

const (
	won outcome = iota
	drew
	lost
)

// sample is one scored position of a game: the score of the side to move,
// the game's stage, and the outcome for that side.
type sample struct {
	s     float64
	stage int
	out   outcome
}

// softplus is log(1+exp(x)) without overflow: -log(sigmoid(-x)).
func softplus(x float64) float64 {
	if x > 30 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// tiny bounds the chances whose logarithm is taken: a draw of a model
// without draws costs -log(tiny), not an infinity.
const tiny = 1e-300

// params are the fitted numbers in order: A[0], A[1], B[0], B[1].
type params [4]float64

func (p params) model(span int) wdl.Model {
	return wdl.Model{Span: span, A: [2]float64{p[0], p[1]}, B: [2]float64{p[2], p[3]}}
}

func paramsOf(m wdl.Model) params { return params{m.A[0], m.A[1], m.B[0], m.B[1]} }

// nll returns the negative log-likelihood of the samples' outcomes under m,
// in nats, and its gradient by m's numbers.
func nll(m wdl.Model, ss []sample) (f float64, g params) {
	for _, x := range ss {
		t := m.Frac(x.stage)
		a, b := m.At(x.stage)
		u, v := (x.s-a)/b, (-x.s-a)/b
		// ga and gb: the sample's cost by a and by b.
		var ga, gb float64
		switch x.out {
		case won:
			// -log W = softplus(-u); 1-W = sigmoid(-u).
			f += softplus(-u)
			wc := sigmoid(-u)
			ga, gb = wc/b, wc*u/b
		case lost:
			f += softplus(-v)
			lc := sigmoid(-v)
			ga, gb = lc/b, lc*v/b
		case drew:
			w, wc, l, lc := sigmoid(u), sigmoid(-u), sigmoid(v), sigmoid(-v)
			d := max(wc-l, tiny)
			f -= math.Log(d)
			// dD/da and dD/db, D = sigmoid(-u) - sigmoid(v).
			da := (w*wc + l*lc) / b
			db := (w*wc*u + l*lc*v) / b
			ga, gb = -da/d, -db/d
		}
		// a = (1-t)A0 + t A1; b = B0^(1-t) B1^t.
		g[0] += (1 - t) * ga
		g[1] += t * ga
		g[2] += (1 - t) * b / m.B[0] * gb
		g[3] += t * b / m.B[1] * gb
	}
	return f, g
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// logLoss returns the mean negative log-likelihood of the samples under m,
// in nats.
func logLoss(m wdl.Model, ss []sample) float64 {
	if len(ss) == 0 {
		return math.NaN()
	}
	f, _ := nll(m, ss)
	return f / float64(len(ss))
}

// minA and minB bound a and b from below: one unit of the game's scores.
// A draw band of at least one unit gives every draw a chance, if a small
// one, where a band of 0 would make the first draw of a game that never
// drew before infinitely unlikely.
// maxAB bounds a and b from above: at a million units (the scores of
// forced results) the scores would say nothing of the results.
const (
	minA  = 1
	minB  = 1
	maxAB = 1e6
)

// fitResult is a fitted model and how the search for it went.
type fitResult struct {
	m          wdl.Model
	iterations int
}

// fit returns the model of span that makes the samples' outcomes most
// likely; span 0 fits one a and one b for the whole game. a stays at least
// minA and b at least minB, both at most maxAB. The search is Newton's
// method with the Hessian of finite differences of the gradient, damped as
// Levenberg and Marquardt do, and projected onto those bounds: a parameter
// on a bound that the gradient pushes beyond it is held there.
func fit(ss []sample, span int) (fitResult, error) {
	if len(ss) == 0 {
		return fitResult{}, errors.New("no scored positions")
	}
	free := [4]bool{true, span > 0, true, span > 0}
	lo := params{minA, minA, minB, minB}
	hi := params{maxAB, maxAB, maxAB, maxAB}
	scale := 0.0
	for _, x := range ss {
		scale += math.Abs(x.s)
	}
	scale = max(scale/float64(len(ss)), 10*minB)
	p := params{scale / 10, scale / 10, scale, scale}
	tie := func(p params) params {
		if span == 0 {
			p[1], p[3] = p[0], p[2]
		}
		return p
	}
	eval := func(p params) (float64, params) { return nll(tie(p).model(span), ss) }
	f, g := eval(p)
	lambda := 1e-3
	it := 0
	for ; it < 500; it++ {
		h := hessian(p, g, eval, free)
		var fixed [4]bool
		for j := range p {
			fixed[j] = !free[j] || (p[j] <= lo[j] && g[j] > 0) || (p[j] >= hi[j] && g[j] < 0)
		}
		accepted, done := false, false
		for try := 0; try < 40 && !accepted; try++ {
			step, ok := solve(h, g, fixed, lambda)
			if !ok {
				lambda *= 10
				continue
			}
			q := p
			for j := range q {
				q[j] = min(max(q[j]+step[j], lo[j]), hi[j])
			}
			fq, gq := eval(q)
			if fq < f && !math.IsNaN(fq) {
				done = f-fq < 1e-12*max(math.Abs(f), 1)
				p, f, g = q, fq, gq
				lambda = max(lambda/10, 1e-12)
				accepted = true
			} else {
				lambda *= 10
			}
		}
		if !accepted || done {
			break
		}
	}
	return fitResult{m: tie(p).model(span), iterations: it + 1}, nil
}

// hessian returns the Hessian at p by forward differences of the gradient
// g there (forward, so that a parameter on its lower bound stays within
// it), symmetrised; the rows of parameters that are not free are zero.
func hessian(p, g params, eval func(params) (float64, params), free [4]bool) [4][4]float64 {
	var h [4][4]float64
	for j := range p {
		if !free[j] {
			continue
		}
		step := 1e-5 * max(math.Abs(p[j]), 1)
		q := p
		q[j] += step
		_, gq := eval(q)
		for i := range p {
			h[i][j] = (gq[i] - g[i]) / step
		}
	}
	for i := range h {
		for j := 0; j < i; j++ {
			m := (h[i][j] + h[j][i]) / 2
			h[i][j], h[j][i] = m, m
		}
	}
	return h
}

// solve returns the damped Newton step of the parameters that are not
// fixed: (H + lambda*diag(H)) step = -g, by Gaussian elimination; ok is
// false when the system is singular.
func solve(h [4][4]float64, g params, fixed [4]bool, lambda float64) (step params, ok bool) {
	var idx []int
	for j := range fixed {
		if !fixed[j] {
			idx = append(idx, j)
		}
	}
	n := len(idx)
	if n == 0 {
		return step, false
	}
	a := make([][]float64, n)
	for r, i := range idx {
		a[r] = make([]float64, n+1)
		for c, j := range idx {
			a[r][c] = h[i][j]
		}
		a[r][r] += lambda * max(math.Abs(h[i][i]), 1e-12)
		a[r][n] = -g[i]
	}
	for c := 0; c < n; c++ {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if a[piv][c] == 0 || math.IsNaN(a[piv][c]) {
			return step, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := c + 1; r < n; r++ {
			k := a[r][c] / a[c][c]
			for cc := c; cc <= n; cc++ {
				a[r][cc] -= k * a[c][cc]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for c := r + 1; c < n; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	for r, i := range idx {
		if math.IsNaN(x[r]) || math.IsInf(x[r], 0) {
			return params{}, false
		}
		step[i] = x[r]
	}
	return step, true
}

// rounded returns m with its numbers rounded as a models file writes them,
// so that what is measured is what is shipped.
func rounded(m wdl.Model) wdl.Model {
	r := func(x float64) float64 { return math.Round(x*10) / 10 }
	p := paramsOf(m)
	for i := range p {
		p[i] = r(p[i])
	}
	p[0], p[1], p[2], p[3] = max(p[0], minA), max(p[1], minA), max(p[2], minB), max(p[3], minB)
	return p.model(m.Span)
}

// rates returns the share of each outcome among the samples, each counted
// half a time more so that none is 0: a model that always predicts them.
func rates(ss []sample) [3]float64 {
	var n [3]float64
	for _, x := range ss {
		n[x.out]++
	}
	total := float64(len(ss)) + 1.5
	return [3]float64{(n[0] + 0.5) / total, (n[1] + 0.5) / total, (n[2] + 0.5) / total}
}

// ratesLoss returns the mean negative log-likelihood of the samples under
// outcome rates r.
func ratesLoss(r [3]float64, ss []sample) float64 {
	if len(ss) == 0 {
		return math.NaN()
	}
	f := 0.0
	for _, x := range ss {
		f -= math.Log(r[x.out])
	}
	return f / float64(len(ss))
}

// bucket is one row of a calibration table: positions whose scores lie
// from lo to hi, the chances the model gave them on average, and the
// outcomes' shares, each from 0 to 1.
type bucket struct {
	lo, hi    float64
	n         int
	predicted [3]float64
	observed  [3]float64
}

// calibration splits the samples by score into k buckets of about as many
// positions each (positions of one score stay together) and compares what
// m predicted with what happened.
func calibration(m wdl.Model, ss []sample, k int) []bucket {
	sorted := slices.Clone(ss)
	slices.SortFunc(sorted, func(x, y sample) int {
		switch {
		case x.s < y.s:
			return -1
		case x.s > y.s:
			return 1
		}
		return 0
	})
	var bs []bucket
	for start := 0; start < len(sorted); {
		end := max(start+1, (len(bs)+1)*len(sorted)/k)
		for end < len(sorted) && sorted[end].s == sorted[end-1].s {
			end++
		}
		end = min(end, len(sorted))
		b := bucket{lo: sorted[start].s, hi: sorted[end-1].s, n: end - start}
		for _, x := range sorted[start:end] {
			w, d, l := m.Probs(x.s, x.stage)
			b.predicted[0] += w
			b.predicted[1] += d
			b.predicted[2] += l
			b.observed[x.out]++
		}
		for i := range 3 {
			b.predicted[i] /= float64(b.n)
			b.observed[i] /= float64(b.n)
		}
		bs = append(bs, b)
		start = end
	}
	return bs
}
