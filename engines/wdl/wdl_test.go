// Tests of the model's chances and of the models file.

package wdl

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// testModels are models of every shape: with a draw band that moves over
// the game, without draws (freestyle gomoku's), flat over the game.
var testModels = []struct {
	name string
	m    Model
}{
	{"moving", Model{Span: 60, A: [2]float64{150, 40}, B: [2]float64{400, 120}}},
	{"no draws", Model{Span: 100, A: [2]float64{0, 0}, B: [2]float64{300, 500}}},
	{"flat", Model{A: [2]float64{80, 80}, B: [2]float64{90, 90}}},
	{"steep", Model{Span: 10, A: [2]float64{0.2, 0}, B: [2]float64{1, 0.5}}},
}

// scores are scores around 0 densely, then out to mate scores.
func scores() []engines.Score {
	var ss []engines.Score
	for s := -3000; s <= 3000; s++ {
		ss = append(ss, engines.Score(s))
	}
	for s := engines.Score(3000); s < engines.Mate; s = s*3/2 + 1 {
		ss = append(ss, s, -s)
	}
	return append(ss, engines.MateIn(1), engines.MatedIn(2), engines.MateIn(0), engines.MatedIn(0))
}

func TestWDLSumsTo1000AndMirrors(t *testing.T) {
	for _, tt := range testModels {
		t.Run(tt.name, func(t *testing.T) {
			for _, stage := range []int{0, 5, 30, 60, 200} {
				for _, s := range scores() {
					c := tt.m.WDL(s, stage)
					require.Equal(t, 1000, c.Win+c.Draw+c.Loss, "score %d stage %d: %+v", s, stage, c)
					require.True(t, c.Win >= 0 && c.Draw >= 0 && c.Loss >= 0, "score %d stage %d: %+v", s, stage, c)
					require.Equal(t, c.Flip(), tt.m.WDL(-s, stage), "score %d stage %d", s, stage)
				}
			}
		})
	}
}

func TestWDLMonotone(t *testing.T) {
	for _, tt := range testModels {
		t.Run(tt.name, func(t *testing.T) {
			for _, stage := range []int{0, 17, 100} {
				prev := tt.m.WDL(-engines.Mate, stage)
				for s := -engines.Mate + 1; s <= engines.Mate; s += step(s) {
					c := tt.m.WDL(s, stage)
					require.GreaterOrEqual(t, c.Win, prev.Win, "score %d stage %d", s, stage)
					require.LessOrEqual(t, c.Loss, prev.Loss, "score %d stage %d", s, stage)
					prev = c
				}
			}
		})
	}
}

// step walks the scores densely near 0 and where the mate scores begin,
// sparsely elsewhere.
func step(s engines.Score) engines.Score {
	edge := engines.Mate - engines.MaxPly
	if a := max(s, -s); a < 3000 || (a > edge-50 && a < edge+50) {
		return 1
	}
	return 331
}

func TestWDLCertainAndEven(t *testing.T) {
	for _, tt := range testModels {
		t.Run(tt.name, func(t *testing.T) {
			for _, stage := range []int{0, 60} {
				assert.Equal(t, engines.WDL{Win: 1000}, tt.m.WDL(engines.MateIn(1), stage))
				assert.Equal(t, engines.WDL{Win: 1000}, tt.m.WDL(engines.MateIn(engines.MaxPly-1), stage))
				assert.Equal(t, engines.WDL{Loss: 1000}, tt.m.WDL(engines.MatedIn(0), stage))
				assert.Equal(t, engines.WDL{Loss: 1000}, tt.m.WDL(engines.MatedIn(40), stage))
				even := tt.m.WDL(0, stage)
				assert.Equal(t, even.Win, even.Loss, "an even score")
			}
		})
	}
	assert.Equal(t, engines.WDL{Win: 500, Loss: 500}, testModels[1].m.WDL(0, 0), "no draw band, no draws")
}

func TestModelValues(t *testing.T) {
	m := Model{Span: 60, A: [2]float64{100, 40}, B: [2]float64{400, 100}}
	tests := []struct {
		stage int
		a, b  float64
	}{
		{0, 100, 400}, {-3, 100, 400}, {30, 70, 200}, {60, 40, 100}, {90, 40, 100},
	}
	for _, tt := range tests {
		a, b := m.At(tt.stage)
		assert.InDelta(t, tt.a, a, 1e-9, "a at %d", tt.stage)
		assert.InDelta(t, tt.b, b, 1e-9, "b at %d", tt.stage)
	}
	// At s = a the win is even odds; the draw is the rest.
	w, d, l := m.Probs(100, 0)
	assert.InDelta(t, 0.5, w, 1e-12)
	assert.InDelta(t, 1/(1+math.Exp(0.5)), l, 1e-12)
	assert.InDelta(t, 1-w-l, d, 1e-12)
	// Far from 0 the draw is tiny, and still exact.
	_, d, _ = Logistic(5000, 100, 100)
	assert.InEpsilon(t, math.Exp(-49)-math.Exp(-51), d, 1e-6)
	assert.Equal(t, engines.WDL{Win: 500, Draw: 122, Loss: 378}, m.WDL(100, 0))
}

func TestReadModels(t *testing.T) {
	text := `# a comment
othello 8x8 60 100.5 40 400 100

gomoku 15x15 freestyle 100 0 0 300 500
tictactoe 9 0.5 0.5 90 90
`
	ms, err := ReadModels(strings.NewReader(text))
	require.NoError(t, err)
	assert.Equal(t, map[string]Model{
		"othello 8x8":            {Span: 60, A: [2]float64{100.5, 40}, B: [2]float64{400, 100}},
		"gomoku 15x15 freestyle": {Span: 100, B: [2]float64{300, 500}},
		"tictactoe":              {Span: 9, A: [2]float64{0.5, 0.5}, B: [2]float64{90, 90}},
	}, ms)
	for _, bad := range []string{
		"othello 8x8 60 1 2 3",
		"60 1 2 3 4",
		"othello 8x8 x 1 2 3 4",
		"othello 8x8 -1 1 2 3 4",
		"othello 8x8 60 1 2 3 NaN",
		"othello 8x8 60 -1 2 3 4",
		"othello 8x8 60 1 2 0 4",
		"othello 8x8 60 1 2 3 4\nothello 8x8 60 1 2 3 4",
	} {
		_, err := ReadModels(strings.NewReader(bad))
		assert.Error(t, err, "%q", bad)
	}
}

func TestSetLine(t *testing.T) {
	text := "# models\nothello 8x8 60 1.0 2.0 3.0 4.0\ntictactoe 9 1.0 1.0 2.0 2.0\n"
	m := Model{Span: 50, A: [2]float64{10, 20}, B: [2]float64{300.04, 200}}
	line := m.Line("othello 8x8")
	assert.Equal(t, "othello 8x8 50 10.0 20.0 300.0 200.0", line)
	got, err := SetLine(text, "othello 8x8", line)
	require.NoError(t, err)
	assert.Equal(t, "# models\nothello 8x8 50 10.0 20.0 300.0 200.0\ntictactoe 9 1.0 1.0 2.0 2.0\n", got)
	got, err = SetLine(strings.TrimSuffix(text, "\n"), "gomoku 15x15 renju", m.Line("gomoku 15x15 renju"))
	require.NoError(t, err)
	assert.Equal(t, text+"gomoku 15x15 renju 50 10.0 20.0 300.0 200.0\n", got)
	ms, err := ReadModels(strings.NewReader(got))
	require.NoError(t, err)
	assert.Len(t, ms, 3)
	_, err = SetLine("othello 1 2\n", "x", line)
	assert.Error(t, err, "a broken file is not written over")
}

func TestShippedModels(t *testing.T) {
	ms, err := ReadModels(strings.NewReader(modelsText))
	require.NoError(t, err)
	assert.Equal(t, models, ms)
	assert.ElementsMatch(t, Keys(), func() []string {
		var ks []string
		for k := range ms {
			ks = append(ks, k)
		}
		return ks
	}())
	_, ok := Lookup("no such game")
	assert.False(t, ok)
}
