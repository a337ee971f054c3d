// Regression tests of the defects a new user met: each failed before its
// fix. Search answers held until stop, commands queued behind a
// search, over-long lines, options of one game leaking into another, bad go
// parameters, big tables, SWAP2 under a short clock, and control bytes.

package protocol

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
	"qi/engines/enginetest"
)

// TestHeldAnswers: go infinite, go ponder and a bare go never answer before
// they are told to, even when the search has nothing left to search.
// The client waits until tic-tac-toe is searched to the end (depth 9), then
// asks isready: readyok comes before the bestmove, which only stop,
// ponderhit (with a clock), go or quit brings, at once.
func TestHeldAnswers(t *testing.T) {
	const searched = "info depth 9 seldepth 9 score cp 0 nodes * nps * time * pv *\n"
	tests := []struct {
		name, in, out string
	}{
		{"go infinite", lines("go infinite", "isready", "stop"), searched + "readyok\nbestmove *\n"},
		{"bare go", lines("go", "isready", "stop"), searched + "readyok\nbestmove *\n"},
		{"go ponder then stop", lines("go ponder p1time 1000 p2time 1000", "isready", "stop"), searched + "readyok\nbestmove *\n"},
		{"go ponder then ponderhit", lines("go ponder p1time 1000 p2time 1000", "isready", "ponderhit"), searched + "readyok\nbestmove *\n"},
		{"ponderhit without a clock searches on", lines("go ponder", "ponderhit", "isready", "stop"), searched + "readyok\nbestmove *\n"},
		{"quit answers", lines("go infinite", "isready", "quit"), searched + "readyok\nbestmove *\n"},
		{"eof answers", lines("go infinite", "isready"), searched + "readyok\nbestmove *\n"},
		{"go answers the held search first", lines("go infinite", "isready", "go depth 1"),
			searched + "readyok\nbestmove *\nbestmove *\n"},
	}
	info := regexp.MustCompile(`(?m)^(info depth \d+ seldepth \d+ score \S+ \S+) nodes .*$`)
	best := regexp.MustCompile(`(?m)^bestmove .*$`)
	infoDepth := regexp.MustCompile(`(?m)^info depth [1-8] .*\n`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := drive(t, testConfig(t), tt.in, func(line string) func(string) bool {
				if strings.HasPrefix(line, "go") && !strings.Contains(line, "depth") {
					return func(reply string) bool { return strings.HasPrefix(reply, "info depth 9") }
				}
				return ugiWaits(line)
			})
			out = info.ReplaceAllString(infoDepth.ReplaceAllString(out, ""), "$1 nodes * nps * time * pv *")
			assert.Equal(t, tt.out, best.ReplaceAllString(out, "bestmove *"))
		})
	}
}

// TestMalformedGo: a bad go gets an error saying what it searches instead,
// and a bestmove; nonsense values are refused, not read as something
// else.
func TestMalformedGo(t *testing.T) {
	tests := []struct{ in, err string }{
		{"go foo", `info string error: go: unknown parameter "foo"; no limit left to search by: searching with movetime 1000`},
		{"go depth 99999999999999999999", `info string error: go: depth wants a whole number from 1 to 10000, not "99999999999999999999"; no limit left to search by: searching with movetime 1000`},
		{"go depth -1 nodes 500", `info string error: go: depth wants a whole number from 1 to 10000, not "-1"; searching with nodes 500`},
		{"go movetime -5 depth 2", `info string error: go: movetime wants a whole number from 1 to 31536000000, not "-5"; searching with depth 2`},
		{"go depth 0 movetime 20", `info string error: go: depth wants a whole number from 1 to 10000, not "0"; searching with movetime 20`},
		{"go movestogo 0 depth 1", `info string error: go: movestogo wants a whole number from 1 to 1000, not "0"; searching with depth 1`},
		{"go winc -3 depth 1", `info string error: go: winc wants a whole number from 0 to 31536000000, not "-3"; searching with depth 1`},
		{"go depth", `info string error: go: depth wants a number; no limit left to search by: searching with movetime 1000`},
		{"go infinite bogus", `info string error: go: unknown parameter "bogus"; searching with infinite`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			in := lines("setoption name Game value niujiao", tt.in)
			if strings.Contains(tt.in, "infinite") {
				in += lines("stop")
			}
			out := transcript(t, in)
			ls := strings.Split(strings.TrimSpace(out), "\n")
			require.NotEmpty(t, ls)
			assert.Equal(t, tt.err, ls[0])
			assert.Regexp(t, `^bestmove \d\d$`, ls[len(ls)-1])
			assert.Equal(t, 1, strings.Count(out, "bestmove"))
		})
	}
	// A spent clock is not nonsense: a client with a time margin sends one.
	out := transcript(t, lines("go wtime -50 btime 1000"))
	assert.NotContains(t, out, "error")
	assert.Contains(t, out, "bestmove")
}

// TestLongLines: a line of any length is survived; one past the limit gets an
// error in the dialect's own form and is skipped.
func TestLongLines(t *testing.T) {
	huge := strings.Repeat("x", maxLine+1)
	atLimit := "query p1turn" + strings.Repeat(" ", maxLine-len("query p1turn"))
	tooLong := fmt.Sprintf("a line of %d bytes is longer than the %d a command may have: skipped", maxLine+2, maxLine)
	t.Run("ugi", func(t *testing.T) {
		out := transcript(t, lines("isready", huge, atLimit, "isready"))
		assert.Equal(t, lines("readyok", "info string error: "+tooLong, "response true", "readyok"), out)
	})
	t.Run("first line", func(t *testing.T) {
		out := transcript(t, lines(huge, "isready"))
		assert.Equal(t, lines("info string error: "+tooLong, "readyok"), out)
	})
	t.Run("gomocup", func(t *testing.T) {
		gomocupExchange(t, []step{
			{"START 15", []string{"OK"}},
			{huge, []string{"ERROR " + tooLong}},
			{"RESTART", []string{"OK"}},
			{"END", nil},
		})
	})
	t.Run("nboard", func(t *testing.T) {
		nboardExchange(t, []step{
			{"nboard 2", []string{"set myname qi"}},
			{huge, []string{"status error: " + tooLong}},
			{"ping 1", []string{"pong 1"}},
		})
	})
}

// TestGameOptions: the options that belong to a game take its defaults when
// the game changes, and an option that does not fit the game is refused and
// changes nothing.
func TestGameOptions(t *testing.T) {
	pass := "-OX" + strings.Repeat("X", 61)
	tests := []struct {
		name, in, out string
	}{
		{"gomoku variant then reversi", lines("uci", "setoption name UCI_Variant value gomoku", "setoption name UCI_Variant value reversi",
			"position fen "+pass+" O", "moves"), "moves 0000\n"},
		{"board size under tic-tac-toe", lines("setoption name BoardSize value 9", "setoption name Game value othello", "d"),
			"info string error: option BoardSize: tictactoe is played on one board, of side 3: not 9\ngame othello\n"},
		{"rule under othello", lines("setoption name Game value othello", "setoption name Rule value renju", "query p1turn"),
			"info string error: option Rule: othello has one rule: no rule \"renju\"\nresponse true\n"},
		{"size does not follow the game", lines("setoption name Game value gomoku", "setoption name BoardSize value 20",
			"setoption name Game value othello", "d"), "game othello\n"},
		{"rule does not follow the game", lines("setoption name Game value gomoku", "setoption name Rule value renju",
			"setoption name Game value othello", "setoption name Game value gomoku", "forbidden"), "forbidden\n"},
		{"the same game keeps its size", lines("setoption name Game value othello", "setoption name BoardSize value 10",
			"setoption name Game value othello", "position startpos moves j10"), "info string error: position: move 1 (j10): illegal move: j10\n"},
	}
	hello := regexp.MustCompile(`(?s)id name.*?uciok\n`)
	board := regexp.MustCompile(`(?s)game othello\n.*`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := drive(t, fullConfig(), tt.in, ugiWaits)
			assert.Equal(t, tt.out, board.ReplaceAllString(hello.ReplaceAllString(out, ""), "game othello\n"))
		})
	}
	// A 20x20 gomoku board is 8x8 othello after the switch.
	out := drive(t, fullConfig(), lines("setoption name Game value gomoku", "setoption name BoardSize value 20",
		"setoption name Game value othello", "moves"), ugiWaits)
	assert.Equal(t, "moves d3 c4 f5 e6\n", out)
}

// fullConfig is qi as the binary runs it: every game.
func fullConfig() Config {
	return Config{Registry: catalog.New(), Name: "qi", Version: "test", Author: "the qi developers", DefaultGame: "tictactoe"}
}

// TestCommandsWaitForTheMove: a command that comes while qi thinks never
// takes the move the manager waits for; it waits until the move is out.
func TestCommandsWaitForTheMove(t *testing.T) {
	t.Run("gomocup", func(t *testing.T) {
		gomocupExchange(t, []step{
			{"START 15", []string{"OK"}},
			{"INFO timeout_turn 600000", nil},
			{"TURN 7,7", nil},
			{"YXHASHCLEAR", nil},
			{"TURN 0,0", nil},
			// The move of the first search, then the queued TURN's.
			{"YXSTOP", []string{anyMove}},
			{"YXSTOP", []string{anyMove}},
			{"TURN 14,14", nil},
			{"YXSTOP", []string{anyMove}},
			{"END", nil},
		})
	})
	t.Run("nboard", func(t *testing.T) {
		nboardExchange(t, []step{
			{"nboard 2", []string{"set myname qi"}},
			{"set depth 60", []string{"set myname qi"}},
			{"go", []string{"status thinking"}},
			// set depth waits for the search, which only ping ends.
			{"set depth 1", nil},
			{"ping 1", []string{`~nodestats .*`, `~=== .*`, "status", "set myname qi", "pong 1"}},
			{"go", []string{"status thinking", `~nodestats .*`, `~=== .*`, "status"}},
		})
	})
}

// TestSwap2Lines: SWAP2BOARD takes the plain x,y lines of Gomocup's
// announcement, and answers with a 1 ms turn too: the offer made before
// any search stands as the answer. That it comes within the turn is the
// budget's (TestGomocupTimesSaturate, TestGomocupBudget), not timed here.
func TestSwap2Lines(t *testing.T) {
	gomocupExchange(t, join(
		[]step{{"START 15", []string{"OK"}}, {"INFO max_node 3000", nil}},
		board("SWAP2BOARD", "7,7", "8,7", "9,9"),
		[]step{{"DONE", []string{`~SWAP|\d+,\d+|\d+,\d+ \d+,\d+`}}},
		board("SWAP2BOARD", "7,7", "8,7", "9,9", "8,8", "8,6"),
		[]step{{"DONE", []string{`~SWAP|\d+,\d+`}}},
		[]step{{"INFO max_node 0", nil}, {"INFO timeout_turn 1", nil}},
		board("SWAP2BOARD"),
		[]step{{"DONE", []string{`~\d+,\d+ \d+,\d+ \d+,\d+`}}},
		board("SWAP2BOARD", "7,7", "8,7", "9,9"),
		[]step{{"DONE", []string{`~SWAP|\d+,\d+|\d+,\d+ \d+,\d+`}}},
		[]step{{"END", nil}},
	))
}

// TestBigHash: a big Hash costs nothing until used, a new game clears it
// without touching it, and a game switch gives it back: isready never waits
// for memory to be zeroed, and the process holds one table budget.
func TestBigHash(t *testing.T) {
	before := enginetest.ResidentMemory(t)
	out := drive(t, fullConfig(), lines("setoption name Hash value 2048", "setoption name Game value othello", "go depth 2",
		"uginewgame", "setoption name Game value gomoku", "go depth 1", "uginewgame", "setoption name Game value othello",
		"go depth 1", "isready"), ugiWaits)
	assert.Equal(t, 3, strings.Count(out, "bestmove"))
	assert.True(t, strings.HasSuffix(out, "readyok\n"))
	assert.Less(t, enginetest.ResidentMemory(t)-before, int64(256<<20), "the tables of three games at 2 GiB each stay untouched")
}

// TestControlBytes: whatever a client sends, qi's replies hold no control
// bytes that could break a line or drive a terminal.
func TestControlBytes(t *testing.T) {
	out := transcript(t, "fly\x1b[31m me\x00\n")
	assert.Equal(t, `info string unknown command "fly\x1b[31m me\x00" (help lists the commands)`+"\n", out)
	gomocupExchange(t, []step{{"START 15", []string{"OK"}}, {"FOO\x07\xff", []string{`UNKNOWN "FOO\a\xff"`}}})
}
