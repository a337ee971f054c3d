// Tests of the match statistics against published values: fastchess's test
// suite (tests/elo_test.cpp, tests/sprt_test.cpp, whose numbers agree with
// fishtest's LLRcalc) and values computed by hand.

package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEloOfScore(t *testing.T) {
	assert.InDelta(t, 0, Elo(0.5), 1e-12)
	assert.InDelta(t, 190.85, Elo(0.75), 0.01, "a 75% score is 400*log10(3) Elo")
	assert.InDelta(t, -190.85, Elo(0.25), 0.01)
	assert.True(t, math.IsInf(Elo(1), 1))
	assert.True(t, math.IsInf(Elo(0), -1))
	for _, e := range []float64{-500, -31.4, 0, 7, 250} {
		assert.InDelta(t, e, Elo(Expected(e)), 1e-9)
	}
}

func TestWDL(t *testing.T) {
	tests := []struct {
		r           WDL
		elo, margin float64
	}{
		// fastchess tests/elo_test.cpp: Elo(wins, losses, draws).
		{WDL{W: 0, L: 36, D: 14}, -315.34, 95.43},
		{WDL{W: 859, L: 772, D: 1329}, 10.21, 9.28},
		{WDL{W: 1164, L: 1267, D: 3049}, -6.53, 6.12},
	}
	for _, tt := range tests {
		elo, margin := tt.r.Elo()
		// fastchess compares to 1% of the value.
		assert.InEpsilon(t, tt.elo, elo, 0.01, "%+v", tt.r)
		assert.InEpsilon(t, tt.margin, margin, 0.01, "%+v", tt.r)
	}
	r := WDL{W: 30, D: 40, L: 30}
	assert.Equal(t, 100, r.N())
	assert.Equal(t, 0.5, r.Score())
	assert.Equal(t, 0.4, r.DrawRatio())
	assert.Equal(t, 0.5, r.LOS())
	assert.Equal(t, WDL{W: 31, D: 40, L: 32}, r.Add(WDL{W: 1, L: 2}))
	assert.Equal(t, WDL{W: 2, D: 3, L: 1}, WDL{W: 1, D: 3, L: 2}.Flip())
	// LOS = 1/2 + 1/2 erf((W-L)/sqrt(2(W+L))): 60 wins, 40 losses is
	// 1/2 + 1/2 erf(20/sqrt(200)) = 0.97725.
	assert.InDelta(t, 0.97725, WDL{W: 60, L: 40, D: 123}.LOS(), 1e-5)
	_, m := WDL{W: 3}.Elo()
	assert.True(t, math.IsInf(m, 1), "no margin while the interval reaches a score of 1")
	elo, m := WDL{}.Elo()
	assert.Equal(t, 0.0, elo)
	assert.True(t, math.IsInf(m, 1))
}

func TestPenta(t *testing.T) {
	var p Penta
	p.AddPair(1, 1)
	p.AddPair(0.5, 0)
	p.AddPair(1, 0)
	p.AddPair(0.5, 0.5)
	p.AddPair(0.5, 1)
	assert.Equal(t, Penta{0, 1, 2, 1, 1}, p)
	assert.Equal(t, 5, p.Pairs())
	assert.Equal(t, Penta{1, 1, 2, 1, 0}, p.Flip())
	// Pair scores 1/4, 1/2, 1/2, 3/4, 1: mean 0.6, variance
	// (0.1225+0.01+0.01+0.0225+0.16)/5 = 0.065; the 95% interval is
	// 0.6 ± 1.96*sqrt(0.065/5) = 0.6 ± 0.22347.
	elo, margin := p.Elo()
	assert.InDelta(t, Elo(0.6), elo, 1e-9)
	assert.InDelta(t, (Elo(0.6+0.223474)-Elo(0.6-0.223474))/2, margin, 0.01)
}

func TestSPRT(t *testing.T) {
	tests := []struct {
		name   string
		counts []float64
		s      SPRT
		llr    float64
	}{
		// fastchess tests/sprt_test.cpp; trinomial Stats(wins, losses,
		// draws), pentanomial Stats(LL, LD, WL, DD, WD, WW).
		{"logistic trinomial 1", WDL{W: 21404, L: 21184, D: 40708}.Trinomial(), SPRT{Elo0: 0.5, Elo1: 2.5}, -1.57},
		{"logistic trinomial 2", WDL{W: 57433, L: 57030, D: 106593}.Trinomial(), SPRT{Elo0: 0, Elo1: 2}, -2.59},
		{"normalized trinomial 1", WDL{W: 36433, L: 36027, D: 68692}.Trinomial(), SPRT{Elo0: 0, Elo1: 2, Model: Normalized}, 0.92},
		{"normalized trinomial 2", WDL{W: 10871, L: 10650, D: 20431}.Trinomial(), SPRT{Elo0: -1.75, Elo1: 0.25, Model: Normalized}, 2.30},
		{"logistic pentanomial 1", []float64{223, 9863, 20279 + 1000, 10037, 246}, SPRT{Elo0: 0.5, Elo1: 2.5}, -3.07},
		{"logistic pentanomial 2", []float64{871, 26175, 55003 + 980, 26678, 821}, SPRT{Elo0: 0, Elo1: 2}, -4.98},
		{"normalized pentanomial 1", []float64{365, 16618, 36029 + 200, 16974, 390}, SPRT{Elo0: 0, Elo1: 2, Model: Normalized}, 2.25},
		{"normalized pentanomial 2", []float64{127, 4883, 10311 + 401, 5150, 104}, SPRT{Elo0: -1.75, Elo1: 0.25, Model: Normalized}, 3.01},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.s.Alpha, tt.s.Beta = 0.05, 0.05
			assert.InEpsilon(t, tt.llr, tt.s.LLR(tt.counts), 0.01)
		})
	}
}

func TestSPRTBoundsAndDecisions(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	require := assert.New(t)
	lo, hi := s.Bounds()
	require.InDelta(-2.944, lo, 0.001)
	require.InDelta(2.944, hi, 0.001)
	require.Equal(Continue, s.Decide(0))
	require.Equal(AcceptH1, s.Decide(3))
	require.Equal(AcceptH0, s.Decide(-3))
	require.Equal(0.0, s.LLR([]float64{0, 0, 0}))
	// A long run of wins accepts H1, of losses H0.
	require.Equal(AcceptH1, s.Decide(s.LLR(WDL{W: 300, D: 400, L: 200}.Trinomial())))
	require.Equal(AcceptH0, s.Decide(s.LLR(WDL{W: 200, D: 400, L: 300}.Trinomial())))
	// The approximation LLR ~ N (s1-s0)(2s-s0-s1)/(2 var) holds for large N.
	r := WDL{W: 4100, D: 3000, L: 3900}
	s0, s1 := Expected(0), Expected(10)
	mu := r.Score()
	v := (float64(r.W)*(1-mu)*(1-mu) + float64(r.D)*(0.5-mu)*(0.5-mu) + float64(r.L)*mu*mu) / float64(r.N())
	approx := float64(r.N()) * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
	require.InDelta(approx, s.LLR(r.Trinomial()), 0.02)

	require.NoError(s.Check())
	require.Error(SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}.Check())
	require.Error(SPRT{Elo0: 0, Elo1: 5, Alpha: 0.7, Beta: 0.05}.Check())
	require.Error(SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05}.Check())
	m, err := ParseModel("Normalized")
	require.NoError(err)
	require.Equal(Normalized, m)
	_, err = ParseModel("bayes")
	require.Error(err)
}
