// Tests of the labelling by another brain: a fake brain (this test binary,
// when its environment says so) reports an evaluation known in advance, and
// the labels, their shards and their use by tune are checked against it.

package gomokutrain

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
	"qi/tools/shard"
)

// fakeBrainEnv makes the test binary a fake Gomocup brain.
const fakeBrainEnv = "QI_GOMOCUP_FAKE_BRAIN"

func TestMain(m *testing.M) {
	if os.Getenv(fakeBrainEnv) == "1" {
		fakeBrain(os.Stdin, os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEval is what the fake brain reports for a board of n stones: a number
// of Rapfi's form, a win or a loss ("+M9", "-M4": a forced result), or
// nothing ("").
func fakeEval(n int) string {
	switch {
	case n%7 == 0:
		return "+M9"
	case n%11 == 0:
		return ""
	case n%10 == 0:
		return "-M4"
	}
	return fmt.Sprint(40*(n%6) - 100)
}

// fakeBrain answers START with OK and a board with its evaluation (by
// fakeEval) and the first empty square of the top row.
func fakeBrain(r io.Reader, w io.Writer) {
	in := bufio.NewScanner(r)
	var board []string
	reading := false
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		switch {
		case reading && line == "DONE":
			reading = false
			n := len(board)
			if e := fakeEval(n); e != "" {
				fmt.Fprintf(w, "MESSAGE Depth 3 | Eval %s | Node 10\n", e)
			}
			taken := map[string]bool{}
			for _, b := range board {
				x, y, _ := strings.Cut(b, ",")
				taken[x+","+strings.SplitN(y, ",", 2)[0]] = true
			}
			for x := 0; ; x++ {
				if sq := fmt.Sprintf("%d,0", x); !taken[sq] {
					fmt.Fprintln(w, sq)
					break
				}
			}
		case reading:
			board = append(board, line)
		case line == "BOARD":
			board, reading = nil, true
		case strings.HasPrefix(line, "START"):
			fmt.Fprintln(w, "OK")
		case line == "ABOUT":
			fmt.Fprintln(w, `name="fake"`)
		case line == "END":
			return
		}
	}
}

// labelGames are two freestyle games that share their first eight moves,
// and a renju game and a freestyle game from set-up stones that the
// labelling of freestyle skips.
const labelGames = `(;FF[4]GM[4]RU[0]SZ[15];B[hh];W[ih];B[hi];W[hg];B[gi];W[ii];B[gh];W[jh];B[fh];W[gg];B[ee])
(;FF[4]GM[4]RU[0]SZ[15];B[hh];W[ih];B[hi];W[hg];B[gi];W[ii];B[gh];W[jh];B[kh];W[fh];B[ej];W[ff])
(;FF[4]GM[4]RU[4]SZ[15];B[hh];W[ih];B[hi];W[hg];B[gi];W[ii];B[gh];W[jh];B[aa];W[bb])
(;FF[4]GM[4]RU[0]SZ[15]AB[aa][ab][ac][ad]AW[ba][bb][bc][bd]PL[B];B[cc];W[dd];B[ee];W[ff];B[mm];W[nn];B[lm])
`

func TestLabelByBrain(t *testing.T) {
	t.Setenv(fakeBrainEnv, "1")
	exe, err := os.Executable()
	require.NoError(t, err)
	dir := t.TempDir()
	games := filepath.Join(dir, "games.sgf")
	require.NoError(t, os.WriteFile(games, []byte(labelGames), 0o666))
	out := filepath.Join(dir, "labels.txt")
	label := []string{"label", "-engine", exe, "-movetime", "20ms", "-from", "4", "-block", "3"}
	var stdout, stderr bytes.Buffer
	require.NoError(t, Run(append(label, "-o", out, games), &stdout, &stderr), stderr.String())

	// The positions: 4 to 10 stones of the first game, then 9 to 11 of the
	// second (up to 8 stones they are the first game's): 10 distinct.
	var want, wantDecided strings.Builder
	labelled, decided, silent := 0, 0, 0
	first := [][2]int{{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 8}, {8, 8}, {6, 7}, {9, 7}, {5, 7}, {6, 6}}
	second := [][2]int{{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 8}, {8, 8}, {6, 7}, {9, 7}, {10, 7}, {5, 7}, {4, 9}}
	add := func(moves [][2]int) {
		switch e := fakeEval(len(moves)); {
		case e == "":
			silent++
		case strings.Contains(e, "M"):
			decided++
			score := "0.9000"
			if strings.HasPrefix(e, "-") {
				score = "0.1000"
			}
			fmt.Fprintf(&wantDecided, "%s %s\n", score, movesText(moves))
		default:
			labelled++
			var v float64
			fmt.Sscan(e, &v)
			line := fmt.Sprintf("%.4f %s\n", 1/(1+math.Exp(-v/200)), movesText(moves))
			want.WriteString(line)
			wantDecided.WriteString(line)
		}
	}
	for k := 4; k <= len(first); k++ {
		add(first[:k])
	}
	for k := 9; k <= len(second); k++ {
		add(second[:k])
	}
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, want.String(), string(got))
	assert.Contains(t, stdout.String(), fmt.Sprintf("%d positions labelled by an evaluation, %d reported won or lost (labelled only with -decided), %d without an evaluation", labelled, decided, silent))

	require.NotZero(t, decided)
	require.Contains(t, wantDecided.String(), "0.1000 ", "a lost position among them")

	// With -decided, the won and lost positions are labelled too.
	outDecided := filepath.Join(dir, "decided.txt")
	require.NoError(t, Run(append(label, "-decided", "0.9", "-o", outDecided, games), &stdout, &stderr), stderr.String())
	gotDecided, err := os.ReadFile(outDecided)
	require.NoError(t, err)
	assert.Equal(t, wantDecided.String(), string(gotDecided))

	// Shards merged are the whole.
	runs := t.TempDir()
	for i := range 2 {
		var o bytes.Buffer
		require.NoError(t, Run(append(label, "-shard", fmt.Sprintf("%d/2", i), "-outdir", runs, "-run", "r", games), &o, &stderr), stderr.String())
	}
	merged := filepath.Join(t.TempDir(), "m")
	m, err := shard.Merge([]string{filepath.Join(runs, "r")}, shard.MergeOptions{Out: merged})
	require.NoError(t, err)
	mergedText, err := os.ReadFile(filepath.Join(merged, "merged.txt"))
	require.NoError(t, err)
	assert.Equal(t, string(got), string(mergedText))
	var report bytes.Buffer
	require.NoError(t, ReportLabels(m, &report))
	assert.Equal(t, fmt.Sprintf("%d positions labelled by an evaluation, %d reported won or lost (labelled only with -decided), %d without an evaluation\n", labelled, decided, silent), report.String())

	// tune reads them.
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	data, _, err := readLabels([]string{out}, g, false, 0)
	require.NoError(t, err)
	assert.Len(t, data, labelled)
}

func TestLabelRefuses(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.sgf")
	require.NoError(t, os.WriteFile(games, []byte(labelGames), 0o666))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no engine", []string{"label", "-o", "x", games}, "-engine"},
		{"eval without a group", []string{"label", "-engine", "brain", "-eval", "Eval", "-o", "x", games}, "group"},
		{"no games of the rule", []string{"label", "-engine", "brain", "-rule", "standard", "-o", "x", games}, "no position"},
		{"no output", []string{"label", "-engine", "brain", games}, "-o"},
		{"decided below a half", []string{"label", "-engine", "brain", "-decided", "0.4", "-o", "x", games}, "-decided"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := Run(tc.args, &stdout, &stderr)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
