// Tests of the rating fit: one pairing gives its own Elo line, consistent
// pairings give their chain, and engines that cannot be placed are named.

package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rating(t *testing.T, rs []Rating, name string) Rating {
	t.Helper()
	for _, r := range rs {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no rating of %s", name)
	return Rating{}
}

func TestFitOnePairing(t *testing.T) {
	// fastchess's example: the fit of one pairing is its own Elo line.
	r := WDL{W: 859, L: 772, D: 1329}
	rs, err := Fit([]Pairing{{A: "a", B: "b", WDL: r}}, "b", 100)
	require.NoError(t, err)
	elo, margin := r.Elo()
	a := rating(t, rs, "a")
	assert.InDelta(t, 100+elo, a.Elo, 1e-6)
	assert.InEpsilon(t, margin, a.Margin, 0.01)
	assert.Equal(t, 0.0, rating(t, rs, "b").Margin, "the anchor's Elo is given")
	assert.Equal(t, r.N(), a.Games)
	assert.Equal(t, r.Flip(), rating(t, rs, "b").Result)
}

func TestFitChain(t *testing.T) {
	// Scores of 75% (+190.8) and 64% (+100.0) a step, and the pairing
	// across the chain that agrees with them (+290.8: 84.3%), fit exactly.
	e1, e2 := Expected(190.85), Expected(100)
	e3 := Expected(290.85)
	// a against c, from a's view: it scores 1-e3.
	ps := []Pairing{
		{A: "b", B: "a", WDL: WDL{W: int(1e4 * e1), L: 1e4 - int(1e4*e1)}},
		{A: "c", B: "b", WDL: WDL{W: int(1e4 * e2), L: 1e4 - int(1e4*e2)}},
		{A: "a", B: "c", WDL: WDL{L: int(1e4 * e3), W: 1e4 - int(1e4*e3)}},
	}
	rs, err := Fit(ps, "a", 0)
	require.NoError(t, err)
	assert.InDelta(t, 190.85, rating(t, rs, "b").Elo, 0.5)
	assert.InDelta(t, 290.85, rating(t, rs, "c").Elo, 0.5)
	SortByElo(rs)
	assert.Equal(t, []string{"c", "b", "a"}, []string{rs[0].Name, rs[1].Name, rs[2].Name})
	// Inconsistent results meet in the middle: b beats a by 200, c beats
	// b by 200, and c only scores even against a: c stays twice b (the
	// pairings are symmetric), short of the chain's 400.
	ps = []Pairing{
		{A: "b", B: "a", WDL: WDL{W: 760, L: 240}},
		{A: "c", B: "b", WDL: WDL{W: 760, L: 240}},
		{A: "c", B: "a", WDL: WDL{W: 500, L: 500}},
	}
	rs, err = Fit(ps, "a", 0)
	require.NoError(t, err)
	b, c := rating(t, rs, "b").Elo, rating(t, rs, "c").Elo
	assert.Greater(t, b, 50.0)
	assert.Less(t, b, 150.0)
	assert.InDelta(t, 2*b, c, 1e-6)
}

func TestFitUnlinked(t *testing.T) {
	ps := []Pairing{
		{A: "a", B: "b", WDL: WDL{W: 5, L: 3, D: 2}},
		{A: "c", B: "b", WDL: WDL{W: 10}},
		{A: "d", B: "a", WDL: WDL{L: 4}},
	}
	_, err := Fit(ps, "a", 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "c lost no point")
	assert.Contains(t, err.Error(), "d made no point")
	_, err = Fit(ps, "x", 0)
	assert.ErrorContains(t, err, "the anchor x played no game")
	// All draws place the engines level.
	rs, err := Fit([]Pairing{{A: "a", B: "b", WDL: WDL{D: 10}}}, "a", 0)
	require.NoError(t, err)
	assert.InDelta(t, 0, rating(t, rs, "b").Elo, 1e-9)
	assert.InDelta(t, 0, rating(t, rs, "b").Margin, 1e-9)
}

func TestMonotone(t *testing.T) {
	assert.Equal(t, []float64{0, 1, 2}, Monotone([]float64{0, 1, 2}, []float64{1, 1, 1}))
	// 3 then 1 pool to 2; with weights 3 and 1 to 2.5.
	assert.Equal(t, []float64{0, 2, 2, 4}, Monotone([]float64{0, 3, 1, 4}, []float64{1, 1, 1, 1}))
	assert.Equal(t, []float64{0, 2.5, 2.5, 4}, Monotone([]float64{0, 3, 1, 4}, []float64{1, 3, 1, 1}))
	// A violation that reaches back past an earlier pool.
	assert.Equal(t, []float64{1, 1, 1}, Monotone([]float64{2, 1, 0}, []float64{1, 1, 1}))
}
