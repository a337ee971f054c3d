// Transcript tests of Yixin-Board's extensions of the Gomocup dialect: the
// command sequences Yixin-Board sends (as Rapfi's command layer reads
// them), and what qi answers.

package protocol

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/book"
	"qi/book/shipped"
)

// moveReply is a Gomocup move, or the two of a balanced pair.
var moveReply = regexp.MustCompile(`^\d+,\d+( \d+,\d+)?$`)

// yixinWaits says what Yixin-Board waits for after a line: the move of
// every command that searches.
func yixinWaits(line string) func(reply string) bool {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return nil
	}
	switch f[0] {
	case "YXNBEST", "YXSEARCHDEFEND", "YXBALANCEONE", "YXBALANCETWO", "TURN", "BEGIN":
		return func(reply string) bool { return moveReply.MatchString(reply) || strings.HasPrefix(reply, "ERROR") }
	}
	return nil
}

// yixin runs a Yixin-Board session and returns qi's lines.
func yixin(t *testing.T, cfg Config, input ...string) []string {
	t.Helper()
	out := drive(t, cfg, strings.Join(input, "\n")+"\n", yixinWaits)
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// after returns the lines that follow the first one equal to line.
func after(lines []string, line string) []string {
	for i, l := range lines {
		if l == line {
			return lines[i+1:]
		}
	}
	return nil
}

// infoBlocks reads the INFO PV ... INFO PV DONE blocks of Rapfi's details.
func infoBlocks(t *testing.T, lines []string) []map[string]string {
	var blocks []map[string]string
	var cur map[string]string
	for _, l := range lines {
		key, value, ok := strings.Cut(strings.TrimPrefix(l, "INFO "), " ")
		switch {
		case !strings.HasPrefix(l, "INFO "):
		case l == "INFO PV DONE":
			require.NotNil(t, cur, "PV DONE ends a block")
			blocks, cur = append(blocks, cur), nil
		case key == "PV" && cur == nil:
			cur = map[string]string{"PV": value}
		default:
			require.True(t, ok, l)
			require.NotNil(t, cur, "%q inside a block", l)
			cur[key] = value
		}
	}
	require.Nil(t, cur, "every block is done")
	return blocks
}

// setUp is Yixin-Board's way to show the engine a position: a YXBOARD
// block with the moves in order, 1 for the stones of the side to move (qi,
// white here).
var setUp = []string{"yxboard", "7,7,2", "8,8,1", "7,8,2", "DONE"}

func TestYixinLines(t *testing.T) {
	in := append([]string{"START 15", "INFO timeout_turn 60000", "YXSHOWINFO", "INFO show_detail 3", "INFO max_depth 2"}, setUp...)
	in = append(in, "YXNBEST 3")
	out := yixin(t, gomocupConfig(), in...)
	require.Equal(t, []string{"OK", "MESSAGE qi test", "MESSAGE INFO MAX_THREAD_NUM 256", "MESSAGE INFO MAX_HASH_SIZE 24"}, out[:4])
	blocks := infoBlocks(t, out)
	require.Len(t, blocks, 6, "three lines at depths 1 and 2")
	var best string
	for i, b := range blocks {
		assert.Equal(t, strconv.Itoa(i%3), b["PV"])
		assert.Equal(t, "3", b["NUMPV"])
		assert.Equal(t, strconv.Itoa(1+i/3), b["DEPTH"])
		assert.Regexp(t, `^-?\d+$|^[-+]M\d+$`, b["EVAL"])
		assert.Regexp(t, `^0\.\d{4}$|^1\.0000$`, b["WINRATE"])
		assert.Regexp(t, `^\d+,\d+( \d+,\d+)*$`, b["BESTLINE"])
		if i == 3 {
			best = strings.Fields(b["BESTLINE"])[0]
		}
	}
	for _, l := range out {
		if strings.HasPrefix(l, "MESSAGE depth") {
			assert.Regexp(t, `^MESSAGE depth \d+-\d+ multipv [123] ev `, l)
		}
	}
	assert.Contains(t, out, "MESSAGE REALTIME BEST "+best)
	assert.Equal(t, best, out[len(out)-1], "the move is line 1 of the last depth")
	assert.Equal(t, 2, strings.Count(strings.Join(out, "\n"), "MESSAGE REALTIME REFRESH"), "once a depth, with line 1")
}

func TestYixinBlock(t *testing.T) {
	// The first search's best move, blocked, is never played; YXBLOCKUNDO
	// and YXBLOCKRESET give it back.
	in := append([]string{"START 15", "INFO timeout_turn 60000", "INFO max_depth 2"}, setUp...)
	in = append(in, "YXNBEST 1")
	first := yixin(t, gomocupConfig(), in...)
	best := first[len(first)-1]
	require.Regexp(t, moveReply, best)
	in = append(in, setUp...)
	in = append(in, "YXBLOCK", best, "DONE", "YXNBEST 1")
	in = append(in, setUp...)
	in = append(in, "YXBLOCK", best, "DONE", "YXBLOCKUNDO", best, "DONE", "YXNBEST 1")
	in = append(in, setUp...)
	in = append(in, "YXBLOCK", best, "DONE", "YXBLOCKRESET", "YXNBEST 1")
	in = append(in, "YXBLOCK", "15,15", "DONE", "YXBLOCK", "x", "DONE")
	var moves []string
	out := yixin(t, gomocupConfig(), in...)
	for _, l := range out {
		if moveReply.MatchString(l) {
			moves = append(moves, l)
		}
	}
	require.Len(t, moves, 4)
	assert.Equal(t, best, moves[0])
	assert.NotEqual(t, best, moves[1], "a blocked move is not played")
	assert.Equal(t, best, moves[2], "YXBLOCKUNDO gives the move back")
	assert.Equal(t, best, moves[3], "YXBLOCKRESET gives every move back")
	assert.Equal(t, []string{
		"ERROR YXBLOCK: 15,15 is off the 15x15 board",
		`ERROR YXBLOCK: "x" is not x,y`,
	}, out[len(out)-2:])
}

func TestYixinBalanceAndDefend(t *testing.T) {
	// A small board keeps the balance searches short.
	board := []string{"yxboard", "4,4,1", "5,5,2", "DONE"}
	in := append([]string{"START 9", "INFO timeout_turn 60000", "INFO max_depth 1"}, board...)
	in = append(in, "YXBALANCEONE 0")
	in = append(in, board...)
	in = append(in, "YXBALANCETWO 0")
	in = append(in, board...)
	in = append(in, "YXSEARCHDEFEND", "YXBALANCEONE x")
	var moves []string
	var lines int
	out := yixin(t, gomocupConfig(), in...)
	for _, l := range out {
		if moveReply.MatchString(l) {
			moves = append(moves, l)
		}
		if strings.HasPrefix(l, "MESSAGE depth 1-1 multipv") {
			lines++
		}
	}
	require.Len(t, moves, 3, "%q", out)
	assert.Regexp(t, `^\d+,\d+$`, moves[0], "one balance move")
	assert.Regexp(t, `^\d+,\d+ \d+,\d+$`, moves[1], "a balanced pair")
	assert.Regexp(t, `^\d+,\d+$`, moves[2])
	// Two stones on 9x9: every empty square within two of them is a line.
	assert.Equal(t, 32, lines, "YXSEARCHDEFEND gives a line for every candidate")
	assert.Equal(t, `ERROR YXBALANCEONE wants the value to balance to, not "x"`, out[len(out)-1])
}

func TestYixinDatabaseFromTheBook(t *testing.T) {
	cfg := gomocupConfig()
	cfg.Books = book.NewShelfIn(t.TempDir(), shipped.FS)
	out := yixin(t, cfg, "START 15",
		"YXQUERYDATABASEALL", "7,7", "DONE",
		"YXQUERYDATABASEONE", "7,7", "DONE",
		"YXQUERYDATABASETEXT", "7,7", "DONE",
		"YXQUERYDATABASEONE", "0,0", "1,0", "2,0", "DONE",
		"YXQUERYDATABASEALL", "7,7", "7,7", "DONE",
		"YXQUERYDATABASEALL", "99,1", "DONE",
		"YXFOO", "YXSHOWINFO", "YXFOO")
	require.GreaterOrEqual(t, len(out), 6)
	assert.Equal(t, "MESSAGE DATABASE REFRESH", out[1])
	entry := regexp.MustCompile(`^MESSAGE DATABASE \d+ \d+ -1 -?\d+ \d+ 3 0 $`)
	rest := out[2:]
	for len(rest) > 0 && entry.MatchString(rest[0]) {
		rest = rest[1:]
	}
	require.Less(t, len(rest), len(out)-2, "the book has replies to the centre")
	assert.Equal(t, []string{
		"MESSAGE DATABASE DONE",
		"MESSAGE DATABASE TEXT \"\"",
	}, []string{rest[0], rest[2]})
	assert.Regexp(t, `^MESSAGE DATABASE ONE 0 -?\d+ \d+ 3 $`, rest[1])
	assert.Equal(t, []string{
		"MESSAGE DATABASE ONE 0 0 0 0",
		"ERROR YXQUERYDATABASEALL: move 2: illegal move: 7,7 is taken",
		"ERROR YXQUERYDATABASEALL: 99,1 is off the 15x15 board",
		`UNKNOWN "YXFOO"`,
		"MESSAGE qi test",
		"MESSAGE INFO MAX_THREAD_NUM 256",
		"MESSAGE INFO MAX_HASH_SIZE 24",
	}, rest[3:], "after YXSHOWINFO, unknown commands are passed over")
}

func TestYixinPondering(t *testing.T) {
	// Pondering thinks on after qi's move and says nothing; the next
	// command ends it, and a game goes on as without it.
	out := yixin(t, gomocupConfig(), "START 15", "INFO timeout_turn 200", "INFO pondering 1",
		"BEGIN", "TURN 0,0", "INFO pondering 0", "TURN 14,14", "YXSTOP")
	var replies []string
	for _, l := range out {
		if !strings.HasPrefix(l, "MESSAGE") {
			replies = append(replies, l)
		}
	}
	require.Len(t, replies, 4, "%q", out)
	assert.Equal(t, "OK", replies[0])
	for _, l := range replies[1:] {
		assert.Regexp(t, moveReply, l)
	}
}
