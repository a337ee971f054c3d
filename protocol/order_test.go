// Tests that commands keep their order while a search runs: a session sent
// all at once answers what the same commands sent one at a time answer, each
// after the previous one's reply.

package protocol

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// gatedGame is a game whose searchers hold every search until the test opens
// the gate: the commands sent meanwhile all reach qi while the search runs,
// whatever the machine's speed. Once the gate is open, a search with limits
// is the game's own; a search that only stop ends waits for stop first.
type gatedGame struct {
	engines.Game
	gate <-chan struct{}
}

func (g gatedGame) NewSearcher(cfg engines.Config) engines.Searcher {
	return gatedSearcher{g.Game.NewSearcher(cfg), g.gate}
}

type gatedSearcher struct {
	engines.Searcher
	gate <-chan struct{}
}

func (s gatedSearcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	<-s.gate
	if lim.Infinite {
		<-ctx.Done()
	}
	return s.Searcher.Search(ctx, pos, lim, report)
}

// gatedConfig is every game of the binary, each behind the gate.
func gatedConfig(gate <-chan struct{}) Config {
	cfg := fullConfig()
	var specs []engines.Spec
	for _, s := range cfg.Registry.Specs() {
		inner := s.New
		s.New = func(c engines.Config) (engines.Game, error) {
			g, err := inner(c)
			if err != nil {
				return nil, err
			}
			return gatedGame{g, gate}, nil
		}
		specs = append(specs, s)
	}
	cfg.Registry = engines.NewRegistry(specs...)
	return cfg
}

// pipelined sends lines to qi all at once while its first search is held at
// the gate, waits for the readyok that says all were read, opens the gate,
// then waits for a bestmove per go and returns the bestmoves.
func pipelined(t *testing.T, lines []string) []string {
	t.Helper()
	gate := make(chan struct{})
	inR, inW := io.Pipe()
	out := &lineWriter{lines: make(chan string, 10000)}
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), inR, out, gatedConfig(gate)) }()
	gos := 0
	for _, l := range lines {
		if firstWord(l) == "go" {
			gos++
		}
	}
	go func() {
		_, _ = io.WriteString(inW, strings.Join(append(lines, "isready"), "\n")+"\n")
	}()
	var best []string
	opened := false
	for len(best) < gos {
		select {
		case l := <-out.lines:
			switch {
			case l == "readyok" && !opened:
				close(gate)
				opened = true
			case strings.HasPrefix(l, "bestmove "):
				best = append(best, l)
				// A search that only stop ends gets it once the
				// others are in.
				if len(best) == gos-1 && strings.Contains(lines[len(lines)-1], "infinite") {
					_, _ = io.WriteString(inW, "stop\n")
				}
			}
		case <-time.After(time.Minute):
			t.Fatalf("no bestmove %d of %d; so far %q", len(best)+1, gos, best)
		}
	}
	inW.Close()
	require.NoError(t, <-done)
	return best
}

// oneByOne sends lines to qi under cfg one at a time, each after the previous
// one's answer (a go infinite gets its stop at once), and returns the
// bestmoves.
func oneByOne(t *testing.T, cfg Config, lines []string) []string {
	t.Helper()
	var in []string
	for _, l := range lines {
		in = append(in, l)
		if firstWord(l) == "go" && strings.Contains(l, "infinite") {
			in = append(in, "stop")
		}
	}
	out := drive(t, cfg, strings.Join(in, "\n")+"\n", func(line string) func(string) bool {
		if firstWord(line) == "go" && !strings.Contains(line, "infinite") || firstWord(line) == "stop" {
			return func(reply string) bool { return strings.HasPrefix(reply, "bestmove") }
		}
		return nil
	})
	var best []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "bestmove ") {
			best = append(best, l)
		}
	}
	return best
}

// TestCommandsKeepTheirOrder: the commands sent while a search runs act as
// they would sent one at a time, never ahead of a command queued before
// them. Each session sends a go that is still searching when the rest
// arrives; the last go must answer from the position the commands before it
// set up.
func TestCommandsKeepTheirOrder(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string // the bestmoves; "*" for any, "=" for the one sent one by one
	}{
		// o threatens c2 on the second rank: without the first go, c2.
		{"position after a new game", []string{"go infinite", "ucinewgame", "position startpos moves a1 b2 c3 a2", "go depth 5"},
			[]string{"*", "bestmove c2"}},
		{"position after undo", []string{"position startpos moves a1", "go infinite", "undo", "position startpos moves a1 b2 c3 a2", "go depth 5"},
			[]string{"*", "bestmove c2"}},
		{"position after a game switch", []string{"go infinite", "setoption name Game value othello", "position startpos moves f5", "go depth 3"},
			[]string{"*", "~bestmove (d6|f6|f4)"}},
		// A go with limits is answered in full, then the next one
		// searches the position sent between them, not a later one.
		{"go after go", []string{"setoption name Game value othello", "go depth 5", "position startpos moves f5", "go depth 5",
			"position startpos moves f5 d6 c3 d3 c4"}, []string{"=", "="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pipelined(t, tt.lines)
			require.Len(t, got, len(tt.want))
			one := oneByOne(t, fullConfig(), tt.lines)
			require.Len(t, one, len(tt.want))
			for i, w := range tt.want {
				switch {
				case w == "*":
				case w == "=":
					assert.Equal(t, one[i], got[i], "bestmove %d", i+1)
				case strings.HasPrefix(w, "~"):
					assert.Regexp(t, "^"+w[1:]+"$", got[i], "bestmove %d", i+1)
				default:
					assert.Equal(t, w, got[i], "bestmove %d", i+1)
				}
			}
		})
	}
}
