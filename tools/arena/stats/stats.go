// Package stats holds the statistics of a match between two engines: the Elo
// difference of a score with its 95% error margin (from single games or from
// pairs of games played with both colours), the likelihood of superiority, and
// the generalized sequential probability ratio test (GSPRT) that ends a match
// as soon as its question is answered, as cutechess, fastchess and fishtest
// compute them.
package stats

import (
	"math"
)

// z975 is the 97.5% quantile of the standard normal distribution: a 95%
// interval reaches this many standard deviations either side.
const z975 = 1.959963984540054

// Elo returns the logistic Elo difference that an expected score s (0..1)
// stands for: ±Inf for 0 and 1.
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// Expected returns the expected score of an Elo difference.
func Expected(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// WDL counts games from one engine's view.
type WDL struct {
	W, D, L int
}

// N returns the number of games.
func (r WDL) N() int { return r.W + r.D + r.L }

// Add returns the sum of two counts.
func (r WDL) Add(o WDL) WDL { return WDL{r.W + o.W, r.D + o.D, r.L + o.L} }

// Flip returns the counts from the opponent's view.
func (r WDL) Flip() WDL { return WDL{r.L, r.D, r.W} }

// Score returns the points per game (a draw is half a point), 0.5 when no
// game was played.
func (r WDL) Score() float64 {
	if r.N() == 0 {
		return 0.5
	}
	return (float64(r.W) + float64(r.D)/2) / float64(r.N())
}

// DrawRatio returns the share of draws.
func (r WDL) DrawRatio() float64 {
	if r.N() == 0 {
		return 0
	}
	return float64(r.D) / float64(r.N())
}

// Elo returns the Elo difference of the score and the half-width of its 95%
// confidence interval, from the trinomial distribution of single games (as
// cutechess). The margin is +Inf while the interval reaches a score of 0 or 1.
func (r WDL) Elo() (elo, margin float64) {
	return interval([]float64{float64(r.L), float64(r.D), float64(r.W)})
}

// LOS returns the likelihood of superiority: the probability that the engine
// is the stronger one, from its wins and losses (draws say nothing about it).
func (r WDL) LOS() float64 {
	if r.W+r.L == 0 {
		return 0.5
	}
	return 0.5 + 0.5*math.Erf(float64(r.W-r.L)/math.Sqrt(2*float64(r.W+r.L)))
}

// Trinomial returns the counts in the order the SPRT takes them: losses,
// draws, wins.
func (r WDL) Trinomial() []float64 {
	return []float64{float64(r.L), float64(r.D), float64(r.W)}
}

// Penta counts pairs of games played from one opening with colours swapped,
// by the points the engine made in the pair: [0] two losses, [1] a loss and a
// draw, [2] a win and a loss or two draws, [3] a win and a draw, [4] two wins.
type Penta [5]int

// AddPair counts a pair of games with the engine's points in each (0, 0.5
// or 1).
func (p *Penta) AddPair(a, b float64) {
	p[int(math.Round(2*(a+b)))]++
}

// Pairs returns the number of pairs.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Flip returns the counts from the opponent's view.
func (p Penta) Flip() Penta { return Penta{p[4], p[3], p[2], p[1], p[0]} }

// Counts returns the counts as the SPRT takes them.
func (p Penta) Counts() []float64 {
	c := make([]float64, 5)
	for i, n := range p {
		c[i] = float64(n)
	}
	return c
}

// Elo returns the Elo difference and its 95% margin from the pentanomial
// distribution of pairs, which is narrower than the trinomial one when the
// two games of a pair are correlated (as they are through their opening).
func (p Penta) Elo() (elo, margin float64) {
	return interval(p.Counts())
}

// interval computes the mean score of counts of outcomes spread evenly over
// 0..1 and the Elo difference of it with its 95% margin.
func interval(counts []float64) (elo, margin float64) {
	n := 0.0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, math.Inf(1)
	}
	k := float64(len(counts) - 1)
	mu := 0.0
	for i, c := range counts {
		mu += c / n * float64(i) / k
	}
	v := 0.0
	for i, c := range counts {
		d := float64(i)/k - mu
		v += c / n * d * d
	}
	dev := z975 * math.Sqrt(v/n)
	lo, hi := mu-dev, mu+dev
	if lo <= 0 || hi >= 1 {
		return Elo(mu), math.Inf(1)
	}
	return Elo(mu), (Elo(hi) - Elo(lo)) / 2
}
