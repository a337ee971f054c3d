// This file holds the fit of a rating list to the results of many pairings:
// the Elo of every engine that makes the results most likely under the
// logistic model, one engine fixed at a given Elo, with 95% margins.

package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Pairing is the result of the games between two engines, from A's view.
type Pairing struct {
	A, B string
	WDL
}

// Rating is an engine's fitted Elo and the half-width of its 95% interval
// (0 for the anchor, whose Elo is given).
type Rating struct {
	Name        string
	Elo, Margin float64
	// Games and Result sum the engine's games over its pairings, from its
	// view.
	Games  int
	Result WDL
}

// k turns Elo into the natural logarithm's units of the logistic model.
const k = math.Ln10 / 400

// Fit returns the ratings that make the pairings' results most likely when
// a game between engines rated a and b scores Expected(a-b) for a, draws
// counting half a point (as Ordo and BayesElo's default do without their
// prior), with the anchor's Elo fixed at anchorElo. The margins are 95%
// intervals relative to the anchor, from the curvature of the likelihood
// and the observed spread of each pairing's games (draws narrow it as
// they narrow WDL.Elo's): for a single pairing they are WDL.Elo's margin,
// to first order. Every engine must be linked to the anchor both ways by
// pairings in which it scored something: an engine that won (or lost)
// every point it played has no finite rating, and Fit says which.
func Fit(pairings []Pairing, anchor string, anchorElo float64) ([]Rating, error) {
	idx := map[string]int{}
	var names []string
	add := func(n string) {
		if _, ok := idx[n]; !ok {
			idx[n] = len(names)
			names = append(names, n)
		}
	}
	for _, p := range pairings {
		if p.A == p.B {
			return nil, fmt.Errorf("%s is paired with itself", p.A)
		}
		add(p.A)
		add(p.B)
	}
	a, ok := idx[anchor]
	if !ok {
		return nil, fmt.Errorf("the anchor %s played no game", anchor)
	}
	if err := linked(pairings, idx, names, a); err != nil {
		return nil, err
	}
	n := len(names)
	// The free ratings are every engine's but the anchor's: free[i] is the
	// position of engine i in the vectors, -1 for the anchor.
	free := make([]int, n)
	for i, f := 0, 0; i < n; i++ {
		if i == a {
			free[i] = -1
			continue
		}
		free[i] = f
		f++
	}
	r := make([]float64, n)
	r[a] = anchorElo
	for iter := 0; ; iter++ {
		g := make([]float64, n-1)
		h := newMatrix(n - 1)
		for _, p := range pairings {
			i, j := idx[p.A], idx[p.B]
			games := float64(p.N())
			e := Expected(r[i] - r[j])
			grad := k * (float64(p.W) + float64(p.D)/2 - games*e)
			info := k * k * games * e * (1 - e)
			accumulate(g, h, free[i], free[j], grad, info)
		}
		step, err := h.solve(g)
		if err != nil {
			return nil, err
		}
		most := 0.0
		for i := range n {
			if f := free[i]; f >= 0 {
				// Newton's step, kept within 400 Elo a step so that
				// far starting points do not overshoot.
				d := max(-400, min(400, step[f]))
				r[i] += d
				most = max(most, math.Abs(d))
			}
		}
		if most < 1e-7 {
			break
		}
		if iter == 1000 {
			return nil, errors.New("the fit does not converge")
		}
	}
	// The covariance of the ratings: the inverse of the expected
	// information, around the observed spread of the scores.
	h, j := newMatrix(n-1), newMatrix(n-1)
	for _, p := range pairings {
		a, b := idx[p.A], idx[p.B]
		games := float64(p.N())
		e := Expected(r[a] - r[b])
		accumulate(nil, h, free[a], free[b], 0, k*k*games*e*(1-e))
		accumulate(nil, j, free[a], free[b], 0, k*k*games*p.variance())
	}
	hinv, err := h.inverse()
	if err != nil {
		return nil, err
	}
	cov := hinv.mul(j).mul(hinv)
	out := make([]Rating, n)
	for i, name := range names {
		out[i] = Rating{Name: name, Elo: r[i]}
		if f := free[i]; f >= 0 {
			out[i].Margin = z975 * math.Sqrt(max(0, cov[f][f]))
		}
	}
	for _, p := range pairings {
		i, j := idx[p.A], idx[p.B]
		out[i].Games += p.N()
		out[i].Result = out[i].Result.Add(p.WDL)
		out[j].Games += p.N()
		out[j].Result = out[j].Result.Add(p.Flip())
	}
	return out, nil
}

// variance returns the spread of one game's score around the pairing's
// mean score.
func (r WDL) variance() float64 {
	n := float64(r.N())
	if n == 0 {
		return 0
	}
	s := r.Score()
	return (float64(r.W)*(1-s)*(1-s) + float64(r.D)*(0.5-s)*(0.5-s) + float64(r.L)*s*s) / n
}

// linked checks that every engine reaches the anchor, and the anchor every
// engine, through pairings in which the first scored some points: else its
// rating would run off to infinity.
func linked(pairings []Pairing, idx map[string]int, names []string, anchor int) error {
	n := len(names)
	// scored[i][j]: i made a point or half a point against j.
	scored := make([][]bool, n)
	for i := range scored {
		scored[i] = make([]bool, n)
	}
	for _, p := range pairings {
		i, j := idx[p.A], idx[p.B]
		if p.W+p.D > 0 {
			scored[i][j] = true
		}
		if p.L+p.D > 0 {
			scored[j][i] = true
		}
	}
	reach := func(forward bool) []bool {
		seen := make([]bool, n)
		seen[anchor] = true
		todo := []int{anchor}
		for len(todo) > 0 {
			i := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for j := range n {
				edge := scored[i][j]
				if !forward {
					edge = scored[j][i]
				}
				if edge && !seen[j] {
					seen[j] = true
					todo = append(todo, j)
				}
			}
		}
		return seen
	}
	up, down := reach(false), reach(true)
	var above, below []string
	for i, name := range names {
		if !up[i] {
			// It scored nothing against the engines that reach the
			// anchor.
			below = append(below, name)
		} else if !down[i] {
			// They scored nothing against it.
			above = append(above, name)
		}
	}
	var msg []string
	if len(above) > 0 {
		msg = append(msg, strings.Join(above, ", ")+" lost no point to the engines linked to the anchor")
	}
	if len(below) > 0 {
		msg = append(msg, strings.Join(below, ", ")+" made no point against the engines linked to the anchor")
	}
	if len(msg) > 0 {
		return fmt.Errorf("no finite ratings: %s (pair them with closer engines)", strings.Join(msg, "; "))
	}
	return nil
}

// accumulate adds a pairing of the engines at free positions i and j (-1
// for the anchor) to the gradient g (when not nil) and the matrix h.
func accumulate(g []float64, h matrix, i, j int, grad, info float64) {
	if i >= 0 {
		if g != nil {
			g[i] += grad
		}
		h[i][i] += info
	}
	if j >= 0 {
		if g != nil {
			g[j] -= grad
		}
		h[j][j] += info
	}
	if i >= 0 && j >= 0 {
		h[i][j] -= info
		h[j][i] -= info
	}
}

// matrix is a small dense square matrix.
type matrix [][]float64

func newMatrix(n int) matrix {
	m := make(matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

// inverse returns the inverse of m by Gauss-Jordan elimination.
func (m matrix) inverse() (matrix, error) {
	n := len(m)
	inv := newMatrix(n)
	for i := range n {
		inv[i][i] = 1
	}
	a := newMatrix(n)
	for i := range n {
		copy(a[i], m[i])
	}
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil, errors.New("the pairings do not link every engine to the anchor")
		}
		a[c], a[p] = a[p], a[c]
		inv[c], inv[p] = inv[p], inv[c]
		d := a[c][c]
		for j := range n {
			a[c][j] /= d
			inv[c][j] /= d
		}
		for i := range n {
			if i == c || a[i][c] == 0 {
				continue
			}
			f := a[i][c]
			for j := range n {
				a[i][j] -= f * a[c][j]
				inv[i][j] -= f * inv[c][j]
			}
		}
	}
	return inv, nil
}

// solve returns x with m x = b.
func (m matrix) solve(b []float64) ([]float64, error) {
	inv, err := m.inverse()
	if err != nil {
		return nil, err
	}
	x := make([]float64, len(b))
	for i := range inv {
		for j, v := range inv[i] {
			x[i] += v * b[j]
		}
	}
	return x, nil
}

// mul returns m times o.
func (m matrix) mul(o matrix) matrix {
	n := len(m)
	p := newMatrix(n)
	for i := range n {
		for j := range n {
			for l := range n {
				p[i][j] += m[i][l] * o[l][j]
			}
		}
	}
	return p
}

// SortByElo orders ratings from the strongest down, by name among equals.
func SortByElo(rs []Rating) {
	slices.SortStableFunc(rs, func(a, b Rating) int {
		if a.Elo != b.Elo {
			if a.Elo > b.Elo {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// Monotone returns the non-decreasing sequence nearest x in the least
// squares weighted by w: each run of values out of order is pooled to its
// weighted mean (the pool-adjacent-violators algorithm).
func Monotone(x, w []float64) []float64 {
	type block struct {
		sum, weight float64
		n           int
	}
	var bs []block
	for i := range x {
		bs = append(bs, block{x[i] * w[i], w[i], 1})
		for len(bs) > 1 {
			a, b := bs[len(bs)-2], bs[len(bs)-1]
			if a.sum/a.weight <= b.sum/b.weight {
				break
			}
			bs = bs[:len(bs)-2]
			bs = append(bs, block{a.sum + b.sum, a.weight + b.weight, a.n + b.n})
		}
	}
	out := make([]float64, 0, len(x))
	for _, b := range bs {
		for range b.n {
			out = append(out, b.sum/b.weight)
		}
	}
	return out
}
