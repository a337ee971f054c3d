// Tests of qi wdl fit: the fit recovers the models that made synthetic
// games, the records are read as they say, and the command writes models.

package wdltool

import (
	"bytes"
	"flag"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
	"qi/engines/wdl"
)

// synthetic draws n positions with scores spread over ±spread and stages
// from 0 to maxStage, each with an outcome drawn from m's chances.
func synthetic(m wdl.Model, n int, spread float64, maxStage int, seed uint64) []sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	ss := make([]sample, n)
	for i := range ss {
		x := sample{s: math.Round((2*rng.Float64() - 1) * spread), stage: rng.IntN(maxStage + 1)}
		w, d, _ := m.Probs(x.s, x.stage)
		switch r := rng.Float64(); {
		case r < w:
			x.out = won
		case r < w+d:
			x.out = drew
		default:
			x.out = lost
		}
		ss[i] = x
	}
	return ss
}

func TestFitRecoversModels(t *testing.T) {
	tests := []struct {
		name   string
		m      wdl.Model
		spread float64
		// tolerance of each number, relative to it or absolute when
		// the number is 0.
		rel, abs float64
	}{
		{"a draw band that narrows", wdl.Model{Span: 60, A: [2]float64{120, 30}, B: [2]float64{600, 150}}, 1500, 0.1, 0},
		{"no draws", wdl.Model{Span: 80, A: [2]float64{0, 0}, B: [2]float64{400, 250}}, 1200, 0.08, 3},
		{"one a and one b", wdl.Model{A: [2]float64{80, 80}, B: [2]float64{90, 90}}, 400, 0.06, 0},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ss := synthetic(tt.m, 30000, tt.spread, 100, uint64(i+1))
			res, err := fit(ss, tt.m.Span)
			require.NoError(t, err)
			got, want := paramsOf(res.m), paramsOf(tt.m)
			for j := range want {
				if want[j] == 0 {
					assert.InDelta(t, 0, got[j], tt.abs, "number %d of %v", j, got)
				} else {
					assert.InEpsilon(t, want[j], got[j], tt.rel, "number %d of %v", j, got)
				}
			}
			assert.Equal(t, tt.m.Span, res.m.Span)
			// The model that made the games, its a raised to the
			// bound the fit keeps to.
			maker := tt.m
			maker.A = [2]float64{max(maker.A[0], minA), max(maker.A[1], minA)}
			assert.LessOrEqual(t, logLoss(res.m, ss), logLoss(maker, ss)+1e-9,
				"the fit is at least as likely as the model that made the games")
			assert.Less(t, res.iterations, 100)
		})
	}
}

func TestFitTiesFlatModels(t *testing.T) {
	ss := synthetic(wdl.Model{A: [2]float64{50, 50}, B: [2]float64{200, 200}}, 2000, 600, 40, 9)
	res, err := fit(ss, 0)
	require.NoError(t, err)
	assert.Equal(t, res.m.A[0], res.m.A[1])
	assert.Equal(t, res.m.B[0], res.m.B[1])
	_, err = fit(nil, 10)
	assert.Error(t, err)
}

func TestGradient(t *testing.T) {
	m := wdl.Model{Span: 50, A: [2]float64{70, 20}, B: [2]float64{300, 120}}
	ss := synthetic(m, 500, 800, 70, 4)
	_, g := nll(m, ss)
	p := paramsOf(m)
	for j := range p {
		h := 1e-4 * p[j]
		up, down := p, p
		up[j] += h
		down[j] -= h
		fu, _ := nll(up.model(m.Span), ss)
		fd, _ := nll(down.model(m.Span), ss)
		assert.InEpsilon(t, (fu-fd)/(2*h), g[j], 1e-4, "derivative by number %d", j)
	}
}

func TestCalibration(t *testing.T) {
	m := wdl.Model{Span: 50, A: [2]float64{70, 20}, B: [2]float64{300, 120}}
	ss := synthetic(m, 5000, 800, 70, 5)
	bs := calibration(m, ss, 10)
	require.Len(t, bs, 10)
	n := 0
	for i, b := range bs {
		n += b.n
		assert.InDelta(t, 1, b.predicted[0]+b.predicted[1]+b.predicted[2], 1e-9)
		assert.InDelta(t, 1, b.observed[0]+b.observed[1]+b.observed[2], 1e-9)
		assert.LessOrEqual(t, b.lo, b.hi)
		if i > 0 {
			assert.Less(t, bs[i-1].hi, b.lo, "positions of one score stay in one bucket")
		}
		// The model made the games: it predicts each bucket's wins
		// within a few points.
		assert.InDelta(t, b.predicted[0], b.observed[0], 0.06, "bucket %d", i)
	}
	assert.Equal(t, len(ss), n)
	assert.Len(t, calibration(m, ss[:3], 10), 3, "no more buckets than positions")
}

func TestReadRecords(t *testing.T) {
	r := newReader(catalog.New())
	require.NoError(t, r.readFile("testdata/games.pgn"))
	assert.Equal(t, 7, r.games)
	assert.Equal(t, map[string]int{"ended by time forfeit": 1, "no result": 1, "illegal move": 1, "unknown game": 1}, r.skipped)
	require.Len(t, r.settings, 2)
	assert.Equal(t, "gomoku 15x15 freestyle", r.settings[0].key)
	assert.Equal(t, [][]sample{{{100, 2, lost}, {-200, 3, won}, {300, 4, lost}}}, r.settings[0].games,
		"the stones of the position text count")
	s := r.settings[1]
	assert.Equal(t, "gomoku 7x7 freestyle", s.key)
	assert.Equal(t, [][]sample{
		{{-100, 1, drew}, {-100, 2, drew}, {-100, 3, drew}, {0, 4, drew}, {0, 5, drew}, {0, 6, drew}, {0, 7, drew}, {0, 8, drew}},
		{{-100, 1, lost}, {-100, 2, won}, {-100, 3, lost}},
	}, s.games)
	assert.Equal(t, 3, s.forced, "the forced results are left out")
	assert.Equal(t, 3, s.right)
	assert.Zero(t, r.settings[0].forced)

	r = newReader(catalog.New())
	r.maxStage = 3
	require.NoError(t, r.readFile("testdata/games.pgn"))
	assert.Equal(t, [][]sample{{{100, 2, lost}, {-200, 3, won}}}, r.settings[0].games)
	assert.Equal(t, [][]sample{
		{{-100, 1, drew}, {-100, 2, drew}, {-100, 3, drew}},
		{{-100, 1, lost}, {-100, 2, won}, {-100, 3, lost}},
	}, r.settings[1].games, "-maxstage leaves the later positions out")
}

func TestFitCommand(t *testing.T) {
	dir := t.TempDir()
	models := filepath.Join(dir, "models.txt")
	require.NoError(t, os.WriteFile(models, []byte("# models\nothello 8x8 60 1.0 2.0 3.0 4.0\ngomoku 7x7 freestyle 9 1.0 1.0 2.0 2.0\n"), 0o644))
	var out, errs bytes.Buffer
	err := Run([]string{"fit", "-holdout", "0.34", "-progress", "off", "-write", models, "testdata"}, &out, &errs, catalog.New())
	require.NoError(t, err)
	text := out.String()
	assert.Contains(t, text, "read 7 games from 1 files: 1 gomoku 15x15 freestyle, 2 gomoku 7x7 freestyle\n")
	assert.Contains(t, text, "left out: 1 ended by time forfeit, 1 illegal move, 1 no result, 1 unknown game\n")
	assert.Contains(t, text, "gomoku 15x15 freestyle: 1 game, 3 scored positions\n")
	assert.Contains(t, text, "fitted to all the games (3 positions)")
	assert.Contains(t, text, "calibration of the fitted positions")
	assert.Contains(t, text, "gomoku 7x7 freestyle: 2 games, 11 scored positions; 3 forced results left out, 100.0% as the games ended\n")
	assert.Contains(t, text, "fitted to the first 1 game (8 positions)")
	assert.Contains(t, text, "held out (")
	assert.Contains(t, text, "calibration of the held-out positions")
	assert.Contains(t, text, "wrote 2 models to "+models)
	assert.Empty(t, errs.String())
	data, err := os.ReadFile(models)
	require.NoError(t, err)
	ms, err := wdl.ReadModels(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Len(t, ms, 3)
	assert.Equal(t, wdl.Model{Span: 60, A: [2]float64{1, 2}, B: [2]float64{3, 4}}, ms["othello 8x8"], "other settings stay")
	lines := strings.SplitAfter(string(data), "\n")
	assert.True(t, strings.HasPrefix(lines[2], "gomoku 7x7 freestyle "), "a setting's line is replaced where it was")
	assert.True(t, strings.HasPrefix(lines[3], "gomoku 15x15 freestyle "), "a new setting's line is added")
	assert.Contains(t, text, "model: "+lines[2])
	assert.Contains(t, text, "model: "+lines[3])
}

func TestFitCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "a command is needed"},
		{[]string{"fix"}, `unknown command "fix"`},
		{[]string{"fit"}, "no records"},
		{[]string{"fit", "-holdout", "1", "testdata"}, "-holdout must be from 0 to 0.9"},
		{[]string{"fit", "-span", "-1", "testdata"}, "-span must not be negative"},
		{[]string{"fit", "-maxstage", "-1", "testdata"}, "-maxstage must not be negative"},
		{[]string{"fit", "-buckets", "0", "testdata"}, "-buckets must be at least 1"},
		{[]string{"fit", "-progress", "loud", "testdata"}, "-progress must be"},
		{[]string{"fit", "-nosuch", "testdata"}, "see qi wdl fit -h"},
		{[]string{"fit", "testdata/SOURCE.md"}, "not a PGN record"},
		{[]string{"fit", "no/such/dir"}, "no such file"},
		{[]string{"fit", "-write", "no/such/models.txt", "testdata"}, "no such file"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := Run(tt.args, io.Discard, io.Discard, catalog.New())
			assert.ErrorContains(t, err, tt.want)
		})
	}
	var out bytes.Buffer
	assert.ErrorIs(t, Run([]string{"fit", "-h"}, &out, io.Discard, catalog.New()), flag.ErrHelp)
	assert.Contains(t, out.String(), "usage: qi wdl fit")
}
