// Transcript tests of the UGI and UCI dialects: commands in, replies out,
// against an injected reader and writer.

package protocol

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/niujiao"
	"qi/engines/tictactoe"
)

// testConfig is the configuration the UGI tests run qi with: the two small
// games (so that the transcripts do not change as games join the catalogue)
// and the misbehaving test games, whose stuck searchers are let go when t
// ends.
func testConfig(t testing.TB) Config {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	specs := []engines.Spec{tictactoe.Spec(), niujiao.Spec(), slowSpec(), stuckSpec(release)}
	return Config{
		Registry: engines.NewRegistry(specs...), Name: "qi", Version: "test", Author: "the qi developers",
		DefaultGame: "tictactoe",
	}
}

var volatile = regexp.MustCompile(`\b(nps|time) \d+`)

// lineWriter collects output and tells a waiting client about each line.
type lineWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for _, l := range strings.SplitAfter(string(p), "\n") {
		if strings.HasSuffix(l, "\n") {
			w.lines <- strings.TrimSuffix(l, "\n")
		}
	}
	return len(p), nil
}

// transcript plays a UGI client: it sends input line by line and, as
// cutegames and cutechess do, waits for the bestmove after each go (but go
// infinite) before it sends more. It returns what qi wrote, with timings
// masked.
func transcript(t *testing.T, input string) string {
	t.Helper()
	return volatile.ReplaceAllString(drive(t, testConfig(t), input, ugiWaits), "$1 *")
}

// ugiWaits says what a UGI client waits for after sending line: the bestmove
// of a go that ends by itself (not go infinite, go ponder or a bare go, which
// search until stop).
func ugiWaits(line string) func(reply string) bool {
	f := strings.Fields(strings.ToLower(line))
	if len(f) < 2 || f[0] != "go" || slices.Contains(f, "infinite") || slices.Contains(f, "ponder") || slices.Contains(f, "perft") {
		return nil
	}
	return func(reply string) bool { return strings.HasPrefix(reply, "bestmove") }
}

// drive runs qi under cfg as a client would: it sends input line by line, and
// after a line for which waits gives a test, reads replies until one passes
// it. Then it closes the input and returns all qi wrote.
func drive(t *testing.T, cfg Config, input string, waits func(line string) func(reply string) bool) string {
	t.Helper()
	inR, inW := io.Pipe()
	out := &lineWriter{lines: make(chan string, 10000)}
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), inR, out, cfg) }()
	for _, line := range strings.SplitAfter(input, "\n") {
		if line == "" {
			continue
		}
		if _, err := io.WriteString(inW, line); err != nil {
			break // qi quit
		}
		wait := waits(line)
		for wait != nil {
			select {
			case l := <-out.lines:
				if wait(l) {
					wait = nil
				}
			case <-time.After(time.Minute):
				t.Fatalf("no reply to %q", line)
			}
		}
	}
	inW.Close()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(time.Minute):
		t.Fatal("qi did not end at EOF")
	}
	out.mu.Lock()
	defer out.mu.Unlock()
	return out.buf.String()
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

const ugiHello = `id name qi test
id author the qi developers
option name Game type combo default tictactoe var tictactoe var niujiao var slow var stuck
option name Level type spin default 10 min 1 max 10
option name Hash type spin default 16 min 1 max 16384
option name Threads type spin default 1 min 1 max 256
option name MultiPV type spin default 1 min 1 max 500
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 4000 min 0 max 4000
option name UCI_ShowWDL type check default false
option name RandomMover type check default false
option name BoardSize type spin default 0 min 0 max 22
option name Baseline type check default false
option name Selective type check default false
`

func TestTranscripts(t *testing.T) {
	tests := []struct {
		name, in, out string
	}{
		{"handshake", lines("ugi", "isready", "quit"), ugiHello + lines("ugiok", "readyok")},
		{"uci handshake", lines("uci", "quit"), strings.Replace(ugiHello, "option name Level",
			"option name UCI_Variant type combo default tictactoe var niujiao var slow var stuck var tictactoe\noption name Level", 1) + lines("uciok")},
		{"crlf and spaces", "isready\r\n\r\n   query    p1turn  \r\n", lines("readyok", "response true")},
		{"queries at the start", lines("query gameover", "query p1turn", "query result"),
			lines("response false", "response true", "response none")},
		{"queries after a win", lines("position startpos moves a1 a2 b1 b2 c1", "query gameover", "query p1turn", "query result"),
			lines("response true", "response false", "response p1win")},
		{"draw", lines("position startpos moves b2 a1 a2 c2 b1 b3 a3 c1 c3", "query result"), lines("response draw")},
		{"bad query", lines("query", "query colour"), lines(
			"info string error: query wants one of gameover, p1turn, result",
			`info string error: unknown query "colour": ask gameover, p1turn or result`)},
		{"go when over", lines("position startpos moves a1 a2 b1 b2 c1", "go depth 3"), lines("bestmove 0000")},
		{"mate in one", lines("position fen o../.x./x.o x", "go depth 9"), lines(
			"info depth 1 seldepth 1 score mate 1 nodes 5 nps * time * pv c3",
			"bestmove c3")},
		{"shallow", lines("position startpos moves a1 b2 c3", "go depth 2"), lines(
			"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
			"info depth 2 seldepth 2 score cp 0 nodes 22 nps * time * pv c1 b1",
			"bestmove c1")},
		{"multipv", lines("setoption name MultiPV value 3", "position startpos moves a1 b2 c3", "go depth 2"), lines(
			"info depth 1 seldepth 1 multipv 1 score cp 100 nodes 15 nps * time * pv c1",
			"info depth 1 seldepth 1 multipv 2 score cp 100 nodes 15 nps * time * pv a3",
			"info depth 1 seldepth 1 multipv 3 score cp 0 nodes 15 nps * time * pv b1",
			"info depth 2 seldepth 2 multipv 1 score cp 0 nodes 72 nps * time * pv c1 b1",
			"info depth 2 seldepth 2 multipv 2 score cp 0 nodes 72 nps * time * pv a3 b1",
			"info depth 2 seldepth 2 multipv 3 score cp -100 nodes 72 nps * time * pv b1 c1",
			"bestmove c1")},
		{"multipv of more lines than moves", lines("setoption name MultiPV value 9", "position startpos moves a1 b2 c3 c1 b1 b3 a3", "go depth 1"), lines(
			"info depth 1 seldepth 1 multipv 1 score cp 100 nodes 3 nps * time * pv a2",
			"info depth 1 seldepth 1 multipv 2 score cp 0 nodes 3 nps * time * pv c2",
			"bestmove a2")},
		{"show wdl", lines("setoption name UCI_ShowWDL value true", "position fen o../.x./x.o x", "go depth 9",
			"position startpos moves a1 b2 c3", "go depth 1"), lines(
			// A forced result is certain; tic-tac-toe's estimates
			// (below full depth) have no model, and say nothing.
			"info depth 1 seldepth 1 score mate 1 wdl 1000 0 0 nodes 5 nps * time * pv c3",
			"bestmove c3",
			"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
			"bestmove c1")},
		{"searchmoves", lines("position startpos moves a1 b2 c3", "go depth 2 searchmoves b1 a2"), lines(
			"info depth 1 seldepth 1 score cp 0 nodes 2 nps * time * pv b1",
			"info depth 2 seldepth 2 score cp -100 nodes 10 nps * time * pv b1 c1",
			"bestmove b1")},
		{"bad searchmoves", lines("position startpos moves a1 b2 c3", "go depth 1 searchmoves a1 zz b1", "go depth 1 searchmoves a1", "go depth 1 searchmoves", "moves"), lines(
			`info string error: go searchmoves: illegal move: a1; bad square "zz": tic-tac-toe squares run from a1 to c3; searching b1`,
			"info depth 1 seldepth 1 score cp 0 nodes 1 nps * time * pv b1",
			"bestmove b1",
			"info string error: go searchmoves: illegal move: a1; searching every move",
			"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
			"bestmove c1",
			"info string error: go: searchmoves wants moves; searching with depth 1",
			"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
			"bestmove c1",
			"moves b1 c1 a2 c2 a3 b3")},
		{"uci drops", lines("uci", "setoption name UCI_Variant value tictactoe", "position fen 3/3/3[PPPPPpppp] w - - 0 1 moves P@b2 P@a1 P@c3", "go depth 1", "moves", "quit"),
			strings.Replace(ugiHello, "option name Level",
				"option name UCI_Variant type combo default tictactoe var niujiao var slow var stuck var tictactoe\noption name Level", 1) +
				lines("uciok",
					"info depth 1 seldepth 1 score cp -100 nodes 6 nps * time * pv P@c1",
					"bestmove P@c1",
					"moves P@b1 P@c1 P@a2 P@c2 P@a3 P@b3")},
		{"ugi reads drops too", lines("position startpos moves P@b2 a1", "moves"), lines("moves b1 c1 a2 c2 a3 b3 c3")},
		{"illegal move keeps the position", lines("position startpos moves b2", "position startpos moves a1 a1", "moves"), lines(
			"info string error: position: move 2 (a1): illegal move: a1",
			"moves a1 b1 c1 a2 c2 a3 b3 c3")},
		{"bad square", lines("position startpos moves z9", "position startpos moves", "query p1turn"), lines(
			`info string error: position: move 1 (z9): bad square "z9": tic-tac-toe squares run from a1 to c3`,
			"response true")},
		{"bad position text", lines("position fen xx", "position fen", "position", "position sideways", "position startpos junk"), lines(
			`info string error: position fen: bad position "xx": want three ranks from the top and the side to move, as "x.o/.x./... o"`,
			"info string error: position fen: the position text is missing",
			"info string error: position wants startpos or fen <text>, then moves ...",
			`info string error: position wants startpos or fen, not "sideways"`,
			`info string error: position startpos: unexpected "junk"`)},
		{"fen then moves", lines("position fen x.o/.x./... o moves c1", "d"), lines(
			"game tictactoe",
			" 3  X . O", " 2  . X .", " 1  . .[O]", "    a b c", "Last move c1 in brackets.",
			"position x.o/.x./..o x",
			"to move p1 (X), result none, moves played 1")},
		{"perft", lines("position startpos moves a1 b2 c3 a3 c1 b1", "perft 2"), lines(
			"a2: 2", "c2: 0", "b3: 2", "", "Nodes searched: 4")},
		{"go perft", lines("go perft 1"), lines(
			"a1: 1", "b1: 1", "c1: 1", "a2: 1", "b2: 1", "c2: 1", "a3: 1", "b3: 1", "c3: 1", "", "Nodes searched: 9")},
		{"bad perft", lines("perft", "perft x", "perft 0"), lines(
			"info string error: perft wants a depth",
			`info string error: perft wants a depth from 1 to 64, not "x"`,
			`info string error: perft wants a depth from 1 to 64, not "0"`)},
		{"undo", lines("position startpos moves a1 b2", "undo", "moves", "undo", "undo", "query p1turn"), lines(
			"moves b1 c1 a2 b2 c2 a3 b3 c3",
			"info string error: undo: no move to take back",
			"response true")},
		{"unknown", lines("fly me to the moon", "ucinewgame", "debug on"), lines(`info string unknown command "fly me to the moon" (help lists the commands)`)},
		{"options", lines(
			"setoption name Level value 11",
			"setoption name Level value x",
			"setoption name Game value chess",
			"setoption name Baseline value maybe",
			"setoption name Some Option With Spaces value a b c",
			"setoption name",
			"setoption value 3",
			"setoption name Level value 3",
			"setoption name Game value NIUJIAO",
			"query p1turn", "d"), lines(
			`info string error: option Level: "11" is not a whole number from 1 to 10`,
			`info string error: option Level: "x" is not a whole number from 1 to 10`,
			`info string error: option Game: "chess" is not one of tictactoe, niujiao, slow, stuck`,
			`info string error: option Baseline: "maybe" is neither true nor false`,
			"info string error: setoption wants: setoption name <name> [value <value>]",
			"info string error: setoption wants: setoption name <name> [value <value>]",
			"response true",
			"game niujiao",
			"0R", "|  \\", "|   1.", "| /  \\", "2.----3.",
			"|  /   |", "4.----5.", "|  /   |", "6.----7.", "|  /   |", "8B----9B",
			"position R.......BB r",
			"to move p1 (Red), result none, moves played 0")},
		{"niu jiao repetition", lines("setoption name Game value niujiao",
			"position startpos moves 01 97 12 76 21 67 12 76 21 67", "query gameover", "query result", "go depth 5"),
			lines("response true", "response draw", "bestmove 0000")},
		{"game change resets", lines("position startpos moves a1", "setoption name Game value niujiao", "setoption name Game value tictactoe", "query p1turn"),
			lines("response true")},
		{"same game keeps the position", lines("position startpos moves a1", "setoption name Game value tictactoe", "query p1turn"),
			lines("response false")},
		{"newgame", lines("position startpos moves a1", "uginewgame", "query p1turn"), lines("response true")},
		{"bad go", lines("position startpos moves a1 b2 c3 a3 c1 b1", "go depth x nodes", "go sideways 3 depth 1"), lines(
			`info string error: go: depth wants a whole number from 1 to 10000, not "x"; nodes wants a number; no limit left to search by: searching with movetime 1000`,
			"info depth 1 seldepth 1 score mate 1 nodes 2 nps * time * pv c2",
			"bestmove c2",
			`info string error: go: unknown parameter "sideways"; unknown parameter "3"; searching with depth 1`,
			"info depth 1 seldepth 1 score mate 1 nodes 1 nps * time * pv c2",
			"bestmove c2")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.out, transcript(t, tt.in))
		})
	}
}

func TestHelp(t *testing.T) {
	out := transcript(t, lines("help"))
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		assert.True(t, strings.HasPrefix(l, "info string "), "help lines are info strings: %q", l)
	}
	for _, c := range []string{"isready", "setoption", "position", "go", "stop", "query", "d", "moves", "perft", "undo", "quit"} {
		assert.Contains(t, out, "  "+c)
	}
}

func TestDetect(t *testing.T) {
	tests := map[string]Dialect{
		"ugi": UGI, "uci": UCI, "UCI": UCI, "nboard 2": NBoard, "START 15": Gomocup, "start 20": Gomocup,
		"RECTSTART 20,15": Gomocup, "INFO timeout_turn 1000": Gomocup, "ABOUT": Gomocup, "BOARD": Gomocup,
		"RESTART": Gomocup, "BEGIN": Gomocup, "TURN 7,7": Gomocup, "END": Gomocup, "YXBOARD": Gomocup,
		"": Unknown, "   ": Unknown, "help": Unknown, "isready": Unknown, "position startpos": Unknown,
	}
	for line, want := range tests {
		assert.Equal(t, want, Detect(line), line)
	}
}

// TestPerfectGame plays tic-tac-toe against itself over the protocol, as a
// manager would, and expects the draw that perfect play gives.
func TestPerfectGame(t *testing.T) {
	var moves []string
	for ply := 0; ply < 9; ply++ {
		in := lines("position startpos moves "+strings.Join(moves, " "), "query gameover", "go depth 9")
		out := transcript(t, in)
		if strings.Contains(out, "response true") {
			break
		}
		ls := strings.Split(strings.TrimSpace(out), "\n")
		best := strings.Fields(ls[len(ls)-1])
		require.Len(t, best, 2)
		require.Equal(t, "bestmove", best[0])
		moves = append(moves, best[1])
	}
	out := transcript(t, lines("position startpos moves "+strings.Join(moves, " "), "query result"))
	assert.Equal(t, "response draw\n", out)
}
