// Tests of the evaluation tuning: a fit on a few records lowers their loss
// and writes weights the engine and the self-play tool read back.

package gomokutrain

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
)

func TestTuneLowersLoss(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.txt")
	var stdout, stderr bytes.Buffer
	err := Run([]string{"tune", "-rule", "freestyle", "-every", "1", "-epochs", "20", "-holdout", "0", "-out", out, "testdata/records"}, &stdout, &stderr)
	require.NoError(t, err, stderr.String())
	var n, held int
	var before, heldBefore, after, heldAfter float64
	_, err = fmt.Sscanf(stdout.String(), "%d freestyle positions to fit, %d held out; loss with the current weights %f (held out %f)\nloss with the fitted weights %f (held out %f)",
		&n, &held, &before, &heldBefore, &after, &heldAfter)
	require.NoError(t, err, stdout.String())
	assert.Greater(t, n, 500)
	assert.Less(t, after, before-0.01, "the fit lowers the loss on the positions it fits")

	data, err := os.ReadFile(out)
	require.NoError(t, err)
	w, err := gomoku.ParseWeights(string(data))
	require.NoError(t, err)
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	assert.NotEqual(t, g.Weights(), w)
	g2, err := g.WithWeights(w)
	require.NoError(t, err)
	assert.Equal(t, w, g2.Weights(), "the written weights are whole and in range")

	var sp, spErr bytes.Buffer
	require.NoError(t, Run([]string{"selfplay", "-size", "9", "-games", "2", "-nodes", "200", "-a", "weights=" + out}, &sp, &spErr), spErr.String())
}

func TestTuneLabels(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return path
	}
	// Black's twos against white's scattered stones, labelled as a deeper
	// search would: good for black to move, bad for white to move.
	good := write("good.txt", "# score moves\n"+
		"0.9 7,7 0,0 8,7 14,14 7,9 0,14\n"+
		"0.1 7,7 0,0 8,7 14,14 7,9\n"+
		"0.8 7,7 3,3 7,8 11,11\n"+
		"0.2 7,7 3,3 7,8\n")
	var stdout, stderr bytes.Buffer
	fitted := filepath.Join(dir, "fitted.txt")
	require.NoError(t, Run([]string{"tune", "-labels", "-epochs", "50", "-holdout", "0", "-out", fitted, good}, &stdout, &stderr), stderr.String())
	var n, held int
	var before, heldBefore, after float64
	_, err := fmt.Sscanf(stdout.String(), "%d freestyle positions to fit, %d held out; loss with the current weights %f (held out %f)\nloss with the fitted weights %f",
		&n, &held, &before, &heldBefore, &after)
	require.NoError(t, err, stdout.String())
	assert.Equal(t, 4, n)
	assert.Less(t, after, before)

	// -weights starts from the file's weights: with no epochs, the loss
	// of the current weights is the fitted one (as rounded when written).
	stdout.Reset()
	require.NoError(t, Run([]string{"tune", "-labels", "-epochs", "0", "-holdout", "0", "-weights", fitted, good}, &stdout, &stderr), stderr.String())
	var again float64
	_, err = fmt.Sscanf(stdout.String(), "%d freestyle positions to fit, %d held out; loss with the current weights %f", &n, &held, &again)
	require.NoError(t, err, stdout.String())
	assert.InDelta(t, after, again, 0.01)
	assert.Less(t, again, before)
	err = Run([]string{"tune", "-labels", "-weights", write("short.txt", "1,2,3\n"), good}, &stdout, &stderr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "short.txt")

	for _, tt := range []struct{ text, want string }{
		{"1.5 7,7\n", "score"},
		{"NaN 7,7\n", "score"},
		{"0.5 7,7 7,7\n", "move 7,7"},
		{"0.5 7;7\n", "not x,y"},
		{"0.5 7,7 20,3\n", "move 20,3"},
	} {
		err := Run([]string{"tune", "-labels", "-epochs", "1", write("bad.txt", tt.text)}, &stdout, &stderr)
		require.Error(t, err, tt.text)
		assert.Contains(t, err.Error(), "bad.txt:1: ")
		assert.Contains(t, err.Error(), tt.want)
	}
}

func TestFormatWeights(t *testing.T) {
	assert.Equal(t, "0,1,-2,2,0", formatWeights([]float64{-0.4, 0.5, -1.6, 2, math.Copysign(0, -1)}), "a weight rounded to zero is 0, not -0")
}

func TestTDReturns(t *testing.T) {
	// A line of four positions; the side to move at the last one wins. The
	// evaluations are each position's predicted score for its side to move.
	line := func(quiet ...bool) []step {
		evals := []float64{0.5, 0.6, 0.3, 0.9}
		won := []bool{true, false, true, false, true}
		l := make([]step, len(quiet))
		for i := range l {
			l[i] = step{quiet: quiet[i], eval: evals[i%len(evals)], won: won[len(won)-len(quiet)+i]}
		}
		return l
	}
	labels := func(l []step) []float64 {
		out := make([]float64, len(l))
		for i, st := range l {
			out[i] = st.label
		}
		return out
	}
	tests := []struct {
		name   string
		line   []step
		lambda float64
		want   []float64
	}{
		{"lambda 1 is the result", line(true, true, true, true), 1, []float64{0, 1, 0, 1}},
		{"lambda 0 is the next evaluation", line(true, true, true, true), 0, []float64{1 - 0.6, 1 - 0.3, 1 - 0.9, 1}},
		// t=2: 1-(0.5*0.9+0.5*1)=0.05; t=1: 1-(0.5*0.3+0.5*0.05)=0.825;
		// t=0: 1-(0.5*0.6+0.5*0.825)=0.2875.
		{"lambda 0.5 mixes both", line(true, true, true, true), 0.5, []float64{0.2875, 0.825, 0.05, 1}},
		// A position that is not quiet passes its return on unmixed: t=0
		// takes t=1's return (1-0.3), not its evaluation.
		{"not quiet passes on", line(true, false, true, true), 0, []float64{1 - (1 - 0.3), 1 - 0.3, 1 - 0.9, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tdReturns(tt.line, tt.lambda)
			assert.InDeltaSlice(t, tt.want, labels(tt.line), 1e-9)
		})
	}
}

func TestTuneLambdaOneIsResults(t *testing.T) {
	run := func(extra ...string) string {
		var stdout, stderr bytes.Buffer
		args := append([]string{"tune", "-rule", "freestyle", "-every", "1", "-epochs", "2", "-holdout", "0"}, extra...)
		require.NoError(t, Run(append(args, "testdata/records"), &stdout, &stderr), stderr.String())
		return stdout.String()
	}
	assert.Equal(t, run(), run("-lambda", "1"))
	assert.NotEqual(t, run(), run("-lambda", "0.7"), "evaluations mixed in change the labels")
	var stdout, stderr bytes.Buffer
	assert.Error(t, Run([]string{"tune", "-lambda", "1.5", "testdata/records"}, &stdout, &stderr))
}

// TestTDLabelsUseStartWeights: the TD(λ) labels evaluate with the weights a
// fit starts from (-weights), not the rule's own; the results alone (λ = 1)
// do not depend on them.
func TestTDLabelsUseStartWeights(t *testing.T) {
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	half := g.Weights()
	for i := range half {
		half[i] = math.Round(half[i] / 2)
	}
	labels := func(start []float64, lambda float64) []float32 {
		base, data, _, err := readRecords([]string{"testdata/records"}, gomoku.Freestyle, start, 1, 4, true, 0, lambda, 400)
		require.NoError(t, err)
		require.NotEmpty(t, data)
		if start != nil {
			assert.Equal(t, start, base.Weights(), "the game returned has the start weights")
		}
		var out []float32
		for _, s := range data {
			out = append(out, s.won)
		}
		return out
	}
	assert.Equal(t, labels(nil, 1), labels(half, 1))
	assert.NotEqual(t, labels(nil, 0.7), labels(half, 0.7))
}
