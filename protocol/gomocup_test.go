// Transcript tests of the Gomocup dialect: whole games as Piskvork and
// c-gomoku-cli play them, Yixin-Board's extensions, and bad input.

package protocol

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
)

func gomocupConfig() Config {
	return Config{Registry: engines.NewRegistry(gomoku.Spec()), Name: "qi", Version: "test",
		Author: "the qi developers", Country: "unknown", DefaultGame: "gomoku"}
}

var messageLine = regexp.MustCompile(`^MESSAGE depth \d+-\d+ ev [-+M\d]+ n \d+ n/ms \d+ tm \d+ pv( [a-v]\d+)*$`)

func gomocupExchange(t *testing.T, steps []step) {
	t.Helper()
	exchange(t, gomocupConfig(), messageLine, steps)
}

// board returns the steps of a BOARD-like block.
func board(cmd string, stones ...string) []step {
	s := []step{{cmd, nil}}
	for _, st := range stones {
		s = append(s, step{st, nil})
	}
	return s
}

func join(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

const anyMove = `~\d+,\d+`

func TestGomocupGame(t *testing.T) {
	// A freestyle game as c-gomoku-cli plays it, with restarts, a board
	// set up, take-backs, and a win on a four.
	gomocupExchange(t, join(
		[]step{
			{"ABOUT", []string{`name="qi", version="test", author="the qi developers", country="unknown"`}},
			{"START 15", []string{"OK"}},
			{"INFO timeout_match 180000", nil},
			{"INFO max_memory 350000000", nil},
			{"INFO game_type 1", nil},
			{"INFO rule 0", nil},
			{"INFO folder /tmp", nil},
			{"INFO max_node 2000", nil},
			{"TURN 7,7", []string{anyMove}},
			{"YXHASHCLEAR", nil},
			{"RESTART", []string{"OK"}},
			// After RESTART the board is empty again: 7,7 is free.
			{"TURN 7,7", []string{anyMove}},
			{"RESTART", []string{"OK"}},
		},
		// qi (black, to move) has four in a column from 0,0: it wins
		// on 0,4. The stones alternate from black, so they are moves
		// that TAKEBACK undoes.
		board("BOARD", "0,0,1", "7,7,2", "0,1,1", "9,9,2", "0,2,1", "11,11,2", "0,3,1", "13,13,2"),
		[]step{
			{"DONE", []string{"0,4"}},
			// The manager takes back qi's move and the one before, and
			// plays another: qi wins on the four again.
			{"TAKEBACK 0,4", []string{"OK"}},
			{"TAKEBACK 13,13", []string{"OK"}},
			{"TURN 13,12", []string{"0,4"}},
			{"TAKEBACK 5,5", []string{"ERROR TAKEBACK 5,5: 5,5 holds no stone"}},
			{"END", nil},
		}))
}

// TestGomocupLevelAndBaseline checks qi's own INFO keys by what the searches
// report: level 1 stops at depth 1 where full strength goes on, and the plain
// alpha-beta at depth 1 does not see the open four that the engine reports
// as a forced win.
func TestGomocupLevelAndBaseline(t *testing.T) {
	moveLine := regexp.MustCompile(`^\d+,\d+$`)
	waits := func(line string) func(string) bool {
		if strings.TrimSpace(line) != "DONE" {
			return nil
		}
		return moveLine.MatchString
	}
	// messages sets the keys, gives the board and returns the MESSAGE lines
	// of qi's search.
	messages := func(keys []string, stones ...string) []string {
		in := append(append([]string{"START 15"}, keys...), "BOARD")
		in = append(append(in, stones...), "DONE")
		var msgs []string
		for _, l := range strings.Split(drive(t, gomocupConfig(), lines(in...), waits), "\n") {
			if strings.HasPrefix(l, "MESSAGE") {
				msgs = append(msgs, l)
			}
		}
		require.NotEmpty(t, msgs, "%v", keys)
		return msgs
	}
	// qi (black, to move) has h8 i8 j8 open; white is far away.
	three := []string{"7,7,1", "8,7,1", "9,7,1", "0,0,2", "0,2,2", "0,4,2"}
	assert.Contains(t, messages([]string{"INFO max_depth 1"}, three...)[0], " ev +M2 ", "the engine sees the open four")
	assert.NotContains(t, strings.Join(messages([]string{"INFO max_depth 1", "INFO baseline 1"}, three...), "\n"), " ev +M",
		"the plain alpha-beta at depth 1 does not")

	depth := regexp.MustCompile(`^MESSAGE depth (\d+)-`)
	deepest := func(keys ...string) int {
		d := 0
		for _, m := range messages(append(keys, "INFO max_node 20000"), "7,7,2", "8,8,1", "6,6,2") {
			n, _ := strconv.Atoi(depth.FindStringSubmatch(m)[1])
			d = max(d, n)
		}
		return d
	}
	assert.Equal(t, 1, deepest("INFO level 1"), "level 1 looks one move ahead")
	assert.Greater(t, deepest(), 1, "full strength looks further")
}

func TestGomocupForcedMoves(t *testing.T) {
	gomocupExchange(t, join(
		[]step{{"START 15", []string{"OK"}}, {"INFO max_node 5000", nil}},
		// qi (own, black to move) has a four blocked at 2,7: it wins at 7,7.
		board("BOARD", "3,7,1", "2,7,2", "4,7,1", "3,8,2", "5,7,1", "4,8,2", "6,7,1", "5,8,2"),
		[]step{{"DONE", []string{"7,7"}}},
		// The opponent's four must be blocked at 7,7.
		board("BOARD", "2,7,1", "3,7,2", "10,10,1", "4,7,2", "3,3,1", "5,7,2", "4,4,1", "6,7,2"),
		[]step{{"DONE", []string{"7,7"}}},
		// TAKEBACK undoes qi's block; the opponent then completes five
		// elsewhere and qi has nothing left to play.
		[]step{
			{"TAKEBACK 7,7", []string{"OK"}},
			{"TAKEBACK 6,7", []string{"OK"}},
			{"TURN 6,7", []string{"7,7"}},
			{"TAKEBACK 7,7", []string{"OK"}},
			{"TURN 8,8", []string{"ERROR TURN 8,8: not the opponent's turn: qi is to move"}},
			{"PLAY 1,1", []string{"1,1"}},
			{"TURN 7,7", []string{"ERROR the game is over (p2win): no move to make"}},
			{"END", nil},
		}))
}

func TestGomocupRenju(t *testing.T) {
	gomocupExchange(t, join(
		[]step{
			{"START 15", []string{"OK"}},
			{"INFO rule 4", nil},
			{"INFO max_node 2000", nil},
			// Black's first renju move is the centre.
			{"BEGIN", []string{"7,7"}},
			{"TURN 8,8", []string{anyMove}},
		},
		// A double-three for black at 7,7 (h8); Yixin-Board's YXBOARD sets
		// the board without a move, and lists the foul on request.
		board("YXBOARD", "5,7,1", "6,7,1", "7,5,1", "7,6,1", "0,0,2", "0,1,2", "0,2,2", "0,3,2"),
		[]step{
			{"DONE", nil},
			{"YXSHOWFORBID", []string{"FORBID 0707."}},
			// Yixin-Board's rule 2 is renju too; 1 is exact five, where
			// nothing is forbidden.
			{"INFO rule 1", nil},
			{"YXSHOWFORBID", []string{"FORBID ."}},
			{"INFO rule 2", nil},
			{"YXSHOWFORBID", []string{"FORBID 0707."}},
			{"END", nil},
		}))
}

// TestGomocupForbiddenLastSquare plays a renju board whose only empty square
// is forbidden to black, black to move: Gomocup has no pass, so qi answers
// with that square (a foul the manager scores), where it used to answer with
// an error and no move, and lose on time.
func TestGomocupForbiddenLastSquare(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "renju-forbidden-last-square.txt"))
	require.NoError(t, err)
	var stones []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "#") {
			stones = append(stones, line)
		}
	}
	require.Len(t, stones, 224)
	gomocupExchange(t, join(
		[]step{
			{"START 15", []string{"OK"}},
			{"INFO rule 4", nil},
		},
		board("BOARD", stones...),
		[]step{
			{"DONE", []string{"MESSAGE every empty square is forbidden to black, and Gomocup has no pass: 14,11, a foul", "14,11"}},
			{"END", nil},
		}))
}

func TestGomocupSwap2(t *testing.T) {
	gomocupExchange(t, join(
		[]step{{"START 15", []string{"OK"}}, {"INFO max_node 3000", nil}},
		// No stones: qi proposes three.
		board("SWAP2BOARD"),
		[]step{{"DONE", []string{`~\d+,\d+ \d+,\d+ \d+,\d+`}}},
		// Three stones: SWAP, white's move, or white's and black's.
		board("SWAP2BOARD", "7,7,1", "8,7,2", "8,8,1"),
		[]step{{"DONE", []string{`~SWAP|\d+,\d+|\d+,\d+ \d+,\d+`}}},
		// Five stones: SWAP or white's move.
		board("SWAP2BOARD", "7,7,1", "8,7,2", "8,8,1", "6,6,2", "9,9,1"),
		[]step{{"DONE", []string{`~SWAP|\d+,\d+`}}},
		board("SWAP2BOARD", "7,7,1", "8,7,2"),
		[]step{{"DONE", []string{"ERROR SWAP2BOARD: 2 stones; SWAP2 has 0, 3 or 5"}}},
	))
}

func TestGomocupBadInput(t *testing.T) {
	gomocupExchange(t, join(
		[]step{
			{"BEGIN", []string{"ERROR no board yet: START comes first"}},
			{"START 4", []string{"ERROR gomoku board 4x4: sides must be 5 to 22"}},
			{"START x", []string{`ERROR START wants the board size, not "x"`}},
			{"RECTSTART 20", []string{`ERROR RECTSTART wants width,height: "20" is not x,y`}},
			{"RECTSTART 20,15", []string{"OK"}},
			{"INFO max_node 1000", nil},
			{"TURN 25,3", []string{"ERROR TURN 25,3: 25,3 is off the 20x15 board"}},
			{"TURN 3", []string{`ERROR TURN 3: "3" is not x,y`}},
			{"TAKEBACK 3,3", []string{"ERROR TAKEBACK 3,3: 3,3 holds no stone"}},
			{"DONE", []string{"ERROR DONE without BOARD"}},
			{"FOO bar", []string{`UNKNOWN "FOO bar"`}},
			// Problems INFO finds are told with the next reply.
			{"INFO time_left soon", nil},
			{"INFO rule 99", nil},
			{"INFO unknown_key 5", nil},
			{"INFO level 11", nil},
			{"INFO baseline maybe", nil},
			{"INFO thread_num 0", nil},
			{"INFO thread_num 2", nil},
			{"TURN 10,7", []string{
				`ERROR INFO time_left wants a number, not "soon"`,
				"ERROR gomocup rule 99: not a bit mask of 1, 2, 4 and 8",
				"ERROR INFO level wants 1 to 10, not 11",
				`ERROR INFO baseline wants 1 or 0, not "maybe"`,
				"ERROR INFO thread_num wants 1 to 256, not 0",
				anyMove}},
		},
		// A bad BOARD changes nothing: 10,7 is still taken after it.
		board("BOARD", "1,1,1", "1,1,2"),
		[]step{{"DONE", []string{"ERROR BOARD: square 1,1 is given twice"}}},
		board("BOARD", "1,1,7"),
		[]step{{"DONE", []string{"ERROR BOARD: board line 1,1,7: field must be 1, 2 or 3"}}},
		board("BOARD", "foo"),
		[]step{
			{"DONE", []string{`ERROR BOARD: "foo" is not x,y,field`}},
			// Squares are named as the manager names them.
			{"PLAY 10,7", []string{"ERROR PLAY 10,7: illegal move: 10,7 is taken"}},
			{"TURN 10,7", []string{"ERROR TURN 10,7: illegal move: 10,7 is taken"}},
			{"END", nil},
		}))
}

// TestGomocupStop checks YXSTOP, and that nothing comes after the move: a
// late line counts as a time loss in c-gomoku-cli.
func TestGomocupStop(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	out := &lineWriter{lines: make(chan string, 10000)}
	go func() { _ = Run(context.Background(), inR, out, gomocupConfig()) }()
	next := func() string {
		select {
		case l := <-out.lines:
			return l
		case <-time.After(time.Minute):
			t.Fatal("no reply")
			return ""
		}
	}
	send := func(s string) {
		_, err := io.WriteString(inW, s+"\n")
		require.NoError(t, err)
	}
	send("START 20")
	require.Equal(t, "OK", next())
	send("INFO timeout_turn 600000")
	send("TURN 9,9")
	send("YXSTOP")
	l := next()
	for strings.HasPrefix(l, "MESSAGE") {
		l = next()
	}
	require.Regexp(t, `^\d+,\d+$`, l, "YXSTOP gets the move")
	send("ABOUT")
	require.True(t, strings.HasPrefix(next(), "name="), "nothing comes between the move and the next reply")
	send("END")
}

// TestPbrainDialect checks that a forced Gomocup dialect needs no detection.
func TestPbrainDialect(t *testing.T) {
	cfg := gomocupConfig()
	cfg.Dialect = Gomocup
	exchange(t, cfg, messageLine, []step{{"FOO", []string{`UNKNOWN "FOO"`}}, {"START 20", []string{"OK"}}, {"END", nil}})
}

// TestGomocupTimesSaturate: times beyond any clock saturate instead of
// wrapping round: a time_left far below zero is a spent clock (move at
// once), not a long one, and a timeout_turn beyond int64 nanoseconds is a
// long turn, not a few milliseconds.
func TestGomocupTimesSaturate(t *testing.T) {
	tests := []struct {
		name     string
		info     []string
		min, max time.Duration // the hard limit's bounds
	}{
		{"spent clock", []string{"INFO timeout_turn 8000", "INFO time_left -9223372036855"}, 0, 100 * time.Millisecond},
		{"most negative", []string{"INFO timeout_turn 8000", "INFO time_left -9223372036854775808"}, 0, 100 * time.Millisecond},
		{"turn past int64 nanoseconds", []string{"INFO timeout_turn 18446744073710"}, 24 * time.Hour, 366 * 24 * time.Hour},
		{"largest turn", []string{"INFO timeout_turn 9223372036854775807", "INFO time_left 2147483647"}, 24 * time.Hour, 366 * 24 * time.Hour},
		{"usual", []string{"INFO timeout_turn 5000", "INFO time_left 100000"}, 4 * time.Second, 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Join(append(append([]string{"START 15"}, tt.info...), "END"), "\n") + "\n"
			d, err := session(context.Background(), strings.NewReader(in), io.Discard, gomocupConfig())
			require.NoError(t, err)
			_, soft, hard := d.(*gomocup).budget()
			assert.GreaterOrEqual(t, hard, tt.min)
			assert.LessOrEqual(t, hard, tt.max)
			assert.LessOrEqual(t, soft, hard)
			assert.Positive(t, soft)
		})
	}
}
