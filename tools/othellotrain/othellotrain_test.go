package othellotrain

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/othello/pattern"
	"qi/tools/shard"
)

func run(t *testing.T, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	require.NoError(t, Run(args, &out, &errs), errs.String())
	return out.String()
}

func TestWthorTrainMatch(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.bin")
	out := run(t, "wthor", "-o", samples, "-solve", "10", "testdata/WTH_1977.wtb")
	assert.Contains(t, out, "samples")
	n, ss, err := readSamples(samples)
	require.NoError(t, err)
	assert.Equal(t, 8, n)
	assert.Greater(t, len(ss), 300)
	for _, s := range ss {
		assert.Zero(t, s.p[0]&s.o[0], "a square holds one disc")
		assert.Zero(t, s.label%200, "WTHOR labels are even disc counts")
	}

	weights := filepath.Join(dir, "w.bin")
	out = run(t, "train", "-o", weights, "-iters", "5", "-valid", "0", samples)
	assert.Contains(t, out, "stage 14")
	w, err := readWeightsFile(weights, pattern.For(8))
	require.NoError(t, err)
	assert.Len(t, w.Stage, 15)

	relabelled := filepath.Join(dir, "r.bin")
	run(t, "label", "-i", samples, "-o", relabelled, "-depth", "1", "-every", "20", "-weights", weights)
	_, rs, err := readSamples(relabelled)
	require.NoError(t, err)
	assert.Len(t, rs, (len(ss)+19)/20)

	out = run(t, "match", "-a", weights, "-b", "none", "-depth", "1", "-pairs", "1")
	assert.Contains(t, out, "2 games")
	out = run(t, "probcut", "-i", samples, "-n", "2", "-depth", "3", "-weights", weights)
	assert.Contains(t, out, "sigma =")
}

func TestSelfPlay10(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "sp.bin")
	out := run(t, "selfplay", "-size", "10", "-games", "2", "-depth", "1", "-weights", "none", "-o", samples)
	assert.Contains(t, out, "2 games")
	n, ss, err := readSamples(samples)
	require.NoError(t, err)
	assert.Equal(t, 10, n)
	assert.Greater(t, len(ss), 60)
	p := ss[0].position(10)
	assert.Equal(t, 10, p.Size())
	weights := filepath.Join(dir, "w10.bin")
	run(t, "train", "-o", weights, "-iters", "3", "-valid", "0", samples)
	_, err = readWeightsFile(weights, pattern.For(10))
	require.NoError(t, err)
}

func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Error(t, Run(nil, &out, &errs))
	assert.Error(t, Run([]string{"nonsense"}, &out, &errs))
	assert.Error(t, Run([]string{"train"}, &out, &errs))
	assert.Error(t, Run([]string{"wthor", "-o", filepath.Join(t.TempDir(), "x"), "testdata/missing.wtb"}, &out, &errs))
}

// TestShards runs self-play and labelling whole and as shards: the merged
// samples are the whole run's, byte for byte.
func TestShards(t *testing.T) {
	dir := t.TempDir()
	wthor := filepath.Join(dir, "wthor.smp")
	run(t, "wthor", "-o", wthor, "-solve", "8", "-games", "3", "testdata/WTH_1977.wtb")
	tests := []struct {
		name string
		args []string
	}{
		{"selfplay", []string{"selfplay", "-size", "6", "-games", "7", "-depth", "1", "-random", "4", "-weights", "none"}},
		{"label", []string{"label", "-i", wthor, "-depth", "1", "-every", "2", "-block", "20"}},
		{"label off the games", []string{"label", "-i", wthor, "-depth", "64", "-walk", "4", "-empties", "6:12", "-block", "20"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole := filepath.Join(t.TempDir(), "whole.smp")
			run(t, append(tt.args, "-o", whole)...)
			runs := t.TempDir()
			for i := range 3 {
				run(t, append(tt.args, "-shard", fmt.Sprintf("%d/3", i), "-outdir", runs, "-run", "r")...)
			}
			merged := filepath.Join(t.TempDir(), "m")
			m, err := shard.Merge([]string{filepath.Join(runs, "r")}, shard.MergeOptions{Out: merged})
			require.NoError(t, err)
			want, err := os.ReadFile(whole)
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(merged, "merged.smp"))
			require.NoError(t, err)
			assert.Equal(t, want, got, "the merged samples are the whole run's")
			var report bytes.Buffer
			require.NoError(t, Report(m, &report))
			_, ss, err := readSamples(whole)
			require.NoError(t, err)
			assert.Contains(t, report.String(), fmt.Sprintf("%d samples", len(ss)))
		})
	}
}

// TestLabelWalk labels positions a few random moves off the games, solved
// exactly, only those whose empties the span holds.
func TestLabelWalk(t *testing.T) {
	dir := t.TempDir()
	wthor := filepath.Join(dir, "wthor.smp")
	run(t, "wthor", "-o", wthor, "-solve", "8", "-games", "4", "testdata/WTH_1977.wtb")
	_, in, err := readSamples(wthor)
	require.NoError(t, err)
	games := map[[4]uint64]bool{}
	for _, s := range in {
		games[[4]uint64{s.p[0], s.p[1], s.o[0], s.o[1]}] = true
	}
	out := filepath.Join(dir, "walked.smp")
	run(t, "label", "-i", wthor, "-o", out, "-depth", "64", "-walk", "4", "-empties", "6:12", "-seed", "3")
	_, ss, err := readSamples(out)
	require.NoError(t, err)
	require.NotEmpty(t, ss)
	sv := newSolver(16)
	off := 0
	for _, s := range ss {
		e := s.empties(8)
		require.True(t, e >= 6 && e <= 12, "empties %d outside 6:12", e)
		if !games[[4]uint64{s.p[0], s.p[1], s.o[0], s.o[1]}] {
			off++
		}
		p := s.position(8)
		want := 0
		if p.Over() {
			want = p.FinalScore()
		} else {
			want = sv.solve(p)
		}
		require.Equal(t, 100*want, int(s.label), "the label is the exact score")
	}
	assert.Greater(t, off, len(ss)/4, "many positions lie off the games")
	assert.Less(t, len(ss), len(in)/2, "the span keeps a few empties only")

	// Walks that end the game keep its final score.
	run(t, "label", "-i", wthor, "-o", out, "-depth", "64", "-walk", "6", "-empties", "0:0")
	_, ended, err := readSamples(out)
	require.NoError(t, err)
	require.NotEmpty(t, ended)
	for _, s := range ended {
		p := s.position(8)
		require.True(t, p.Over())
		assert.Equal(t, 100*p.FinalScore(), int(s.label))
	}

	for _, bad := range [][]string{{"-empties", "12:6"}, {"-empties", "x"}, {"-empties", "-1:3"}, {"-empties", "3:4x"}, {"-walk", "2", "-mix", "0.5"}} {
		var o, e bytes.Buffer
		assert.Error(t, Run(append([]string{"label", "-i", wthor, "-o", out}, bad...), &o, &e), bad)
	}
}

func TestTrainOptions(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.bin")
	run(t, "wthor", "-o", samples, "-solve", "10", "testdata/WTH_1977.wtb")
	tests := []struct {
		name   string
		flags  []string
		stages int
	}{
		{"stages of 4 empties", nil, 15},
		{"split by parity", []string{"-parity"}, 30},
		{"chained", []string{"-chain"}, 15},
		{"stages of 8, chained", []string{"-stage", "8", "-chain"}, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			weights := filepath.Join(t.TempDir(), "w.bin")
			args := append([]string{"train", "-o", weights, "-iters", "5", "-valid", "0"}, tt.flags...)
			run(t, append(args, samples)...)
			w, err := readWeightsFile(weights, pattern.For(8))
			require.NoError(t, err)
			assert.Len(t, w.Stage, tt.stages)
		})
	}
}

func TestTrainFrom(t *testing.T) {
	dir := t.TempDir()
	all := filepath.Join(dir, "s.bin")
	run(t, "wthor", "-o", all, "-solve", "10", "testdata/WTH_1977.wtb")
	_, ss, err := readSamples(all)
	require.NoError(t, err)
	var mid []sample
	for _, s := range ss {
		if e := s.empties(8); e >= 24 && e < 28 {
			mid = append(mid, s)
		}
	}
	require.NotEmpty(t, mid)
	samples := filepath.Join(dir, "mid.bin")
	require.NoError(t, writeSamples(samples, 8, mid))

	set := pattern.For(8)
	base := pattern.Load(8)
	sqErr := func(w *pattern.Weights) float64 {
		one := make([]float64, len(w.StageOf))
		for e := range one {
			one[e] = 1
		}
		total := 0.0
		for e := 24; e < 28; e++ {
			var at []sample
			for _, s := range mid {
				if s.empties(8) == e {
					at = append(at, s)
				}
			}
			d := features(set, w, 8, at, trainConfig{}, one)
			for i := range d.len() {
				v := 0.0
				for _, j := range d.idx[i*d.k : (i+1)*d.k] {
					v += float64(w.Stage[w.StageOf[e]][j]) / pattern.Scale
				}
				total += (v - d.label[i]) * (v - d.label[i])
			}
		}
		return total
	}
	train := func(flags ...string) *pattern.Weights {
		out := filepath.Join(t.TempDir(), "w.bin")
		run(t, append(append([]string{"train", "-o", out, "-valid", "0"}, flags...), samples)...)
		w, err := readWeightsFile(out, set)
		require.NoError(t, err)
		return w
	}

	// The ridge pulls towards the base weights: an overwhelming one leaves
	// every stage as it was, where without -from it leaves zeros.
	rigid := train("-from", "embedded", "-lambda", "1e12", "-iters", "5")
	assert.Equal(t, base.Stage, rigid.Stage)
	zero := train("-lambda", "1e12", "-iters", "5")
	assert.NotEqual(t, base.Stage[base.StageOf[25]], zero.Stage[zero.StageOf[25]])

	// A usual ridge fits the samples' stage better than the base does and
	// leaves the stages out of their reach (the window is 2) as they were.
	tuned := train("-from", "embedded", "-iters", "30")
	assert.Less(t, sqErr(tuned), sqErr(base))
	assert.NotEqual(t, base.Stage[base.StageOf[25]], tuned.Stage[base.StageOf[25]])
	for e, st := range base.StageOf {
		if e <= 20 || e >= 33 {
			assert.Equal(t, base.Stage[st], tuned.Stage[st], "stage of %d empties", e)
		}
	}

	for _, bad := range [][]string{{"-from", "embedded", "-chain"}, {"-from", "embedded", "-parity"}, {"-from", filepath.Join(dir, "none.bin")}} {
		var o, e bytes.Buffer
		assert.Error(t, Run(append([]string{"train", "-o", filepath.Join(dir, "x.bin")}, append(bad, samples)...), &o, &e), bad)
	}
}

// TestPositions: each line is a position of the asked empties with a move
// for the side to move, one a game, as many as asked, the same for the same
// seed; bad arguments are refused.
func TestPositions(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		lines int
	}{
		{"every game", []string{"-empties", "20"}, 12},
		// The fifth game's mover passes at 16 empties: its line is the
		// opponent's position after the pass.
		{"a pass", []string{"-empties", "16"}, 12},
		{"a count", []string{"-empties", "30", "-n", "5"}, 5},
		{"shuffled", []string{"-empties", "12", "-n", "4", "-seed", "3"}, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := run(t, append(append([]string{"positions"}, tt.args...), "testdata/WTH_1977.wtb")...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, tt.lines)
			empties, err := strconv.Atoi(tt.args[1])
			require.NoError(t, err)
			for _, l := range lines {
				text, ok := strings.CutSuffix(l, ";")
				require.True(t, ok, l)
				p, err := othello.ParseText(text)
				require.NoError(t, err, l)
				assert.Equal(t, empties, p.Empties(), l)
				ms := p.LegalMoves(nil)
				assert.NotEqual(t, []engines.Move{othello.Pass}, ms, "%s: the side to move has a move", l)
			}
			assert.Equal(t, out, run(t, append(append([]string{"positions"}, tt.args...), "testdata/WTH_1977.wtb")...))
		})
	}
	first := run(t, "positions", "-empties", "20", "-n", "4", "testdata/WTH_1977.wtb")
	shuffled := run(t, "positions", "-empties", "20", "-n", "4", "-seed", "3", "testdata/WTH_1977.wtb")
	assert.NotEqual(t, first, shuffled, "a seed shuffles the games")
	for _, args := range [][]string{
		{"positions", "testdata/WTH_1977.wtb"},
		{"positions", "-empties", "60", "testdata/WTH_1977.wtb"},
		{"positions", "-empties", "20"},
		{"positions", "-empties", "20", "-n", "-1", "testdata/WTH_1977.wtb"},
	} {
		var out, errs bytes.Buffer
		assert.Error(t, Run(args, &out, &errs), "%v", args)
	}
}
