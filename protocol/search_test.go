// Tests of commands during a search: isready is answered at once, stop,
// quit and EOF end it with one bestmove, and a searcher that never stops is
// answered for.

package protocol

import (
	"context"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	regexpNodes = regexp.MustCompile(`nodes \d+`)
	infoLines   = regexp.MustCompile(`(?m)^info .*\n`)
)

func TestDuringSearch(t *testing.T) {
	const slow = "setoption name Game value slow\n"
	tests := []struct {
		name, in, out string
	}{
		{"isready mid-search", slow + lines("go infinite", "isready", "query p1turn", "stop"),
			lines("readyok", "response true", "info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1")},
		{"quit mid-search", slow + lines("go infinite", "quit", "isready"),
			lines("info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1")},
		{"eof mid-search", slow + lines("go infinite"),
			lines("info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1")},
		{"go while searching", slow + lines("go infinite", "go infinite", "stop", "stop"),
			lines("info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1",
				"info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1")},
		{"position mid-search", slow + lines("go infinite", "position startpos moves b2", "query p1turn", "stop", "query p1turn"),
			lines("response false", "info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1", "response false")},
		// Timed searches end by themselves; whether their last report or the
		// watchdog comes first depends on the machine's load, so only the
		// bestmove is compared.
		{"movetime", slow + lines("go movetime 50"), lines("bestmove a1")},
		{"clock", slow + lines("go p1time 500 p2time 500 p1inc 0 p2inc 0"), lines("bestmove a1")},
		{"uci clock", slow + lines("go wtime 500 btime 500 movestogo 5"), lines("bestmove a1")},
		{"nodes", slow + lines("go nodes 5000"),
			lines("info depth 1 seldepth 1 score cp 0 nodes * nps * time * pv a1", "bestmove a1")},
		// A search that says nothing is answered for with the move it
		// would have tried first (c3 for the stuck searcher), never an
		// unordered legal move (a1).
		{"stuck search answered at its deadline", "setoption name Game value stuck\n" + lines("go movetime 40", "isready"),
			lines("bestmove c3", "readyok")},
		{"stuck search answered after stop", "setoption name Game value stuck\n" + lines("go infinite", "stop", "isready"),
			lines("bestmove c3", "readyok")},
	}
	// A client waits for the bestmove that its stop asks for: what it sends
	// next may come before or after that bestmove otherwise, as the load
	// of the machine decides.
	waits := func(line string) func(string) bool {
		if strings.TrimSpace(line) == "stop" {
			return func(reply string) bool { return strings.HasPrefix(reply, "bestmove") }
		}
		return ugiWaits(line)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := volatile.ReplaceAllString(drive(t, testConfig(t), tt.in, waits), "$1 *")
			out = regexpNodes.ReplaceAllString(out, "nodes *")
			if !strings.Contains(tt.out, "info") {
				out = infoLines.ReplaceAllString(out, "")
			}
			assert.Equal(t, tt.out, out)
		})
	}
}

// TestOneBestmovePerGo sends random command sequences and counts: every go
// gets exactly one bestmove, whatever comes between.
func TestOneBestmovePerGo(t *testing.T) {
	cmds := []string{"go infinite", "go depth 3", "go movetime 5", "go nodes 100", "stop", "isready",
		"position startpos", "position startpos moves b2", "ucinewgame", "query result", "d",
		"setoption name Level value 2", "setoption name Game value niujiao", "setoption name Game value slow",
		"setoption name Game value tictactoe", "undo", "moves", "perft 2", "bogus"}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 30; round++ {
		var in []string
		gos := 0
		for i := 0; i < 25; i++ {
			c := cmds[rng.IntN(len(cmds))]
			in = append(in, c)
			if strings.HasPrefix(c, "go ") {
				gos++
			}
		}
		in = append(in, "stop")
		out := transcript(t, lines(in...))
		assert.Equal(t, gos, strings.Count(out, "bestmove "), "commands:\n%s\noutput:\n%s", strings.Join(in, "\n"), out)
	}
}

// TestQuitIsPrompt checks that quit ends Run at once even while a search
// that only stops when told is running.
func TestQuitIsPrompt(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	out := &lineWriter{lines: make(chan string, 100)}
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), inR, out, testConfig(t)) }()
	_, err := io.WriteString(inW, "setoption name Game value slow\ngo infinite\nquit\n")
	require.NoError(t, err)
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

// TestContextEnds checks that Run returns when its context is cancelled.
func TestContextEnds(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	out := &lineWriter{lines: make(chan string, 100)}
	done := make(chan error, 1)
	go func() { done <- Run(ctx, inR, out, testConfig(t)) }()
	_, err := io.WriteString(inW, "setoption name Game value slow\ngo infinite\n")
	require.NoError(t, err)
	cancel()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not end with its context")
	}
}
