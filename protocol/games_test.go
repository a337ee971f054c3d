// This file holds transcript tests of the big games in the UGI and UCI
// dialects: gomoku's options, variants, notation and forbidden points, and
// othello's board text, passes and exact solves, and the chances of their
// scores.

package protocol

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/othello"
)

// searchLines are the info lines of a search, whose figures change with the
// engines: the tests here check what the client acts on.
var searchLines = regexp.MustCompile(`(?m)^info depth .*\n`)

// gamesTranscript plays a UGI or UCI client to qi with gomoku and othello.
func gamesTranscript(t *testing.T, input string) string {
	t.Helper()
	cfg := Config{
		Registry: engines.NewRegistry(gomoku.Spec(), othello.Spec()), Name: "qi", Version: "test",
		Author: "the qi developers", DefaultGame: "gomoku",
	}
	return searchLines.ReplaceAllString(drive(t, cfg, input, ugiWaits), "")
}

func TestGomokuAndOthelloTranscripts(t *testing.T) {
	// Black's double three on h8: g8 i8 across, h7 h9 up; white far away.
	const three = "14o/15/15/15/15/15/7x7/6x1x6/7x7/15/15/15/o14/15/o14 x"
	// White has no move (a1 flips nothing); black takes the last square.
	pass := "-OX" + strings.Repeat("X", 61)
	emptyFEN := strings.Repeat("15/", 14) + "15[" + strings.Repeat("P", 113) + strings.Repeat("p", 112) + "] w - - 0 1"
	tests := []struct {
		name, in, out string
	}{
		{"uci options and variants", lines("uci", "quit"), lines(
			"id name qi test", "id author the qi developers",
			"option name Game type combo default gomoku var gomoku var othello",
			"option name UCI_Variant type combo default gomoku var caro var gomoku var gomokufreestyle var othello var renju var reversi",
			"option name Level type spin default 10 min 1 max 10",
			"option name Hash type spin default 16 min 1 max 16384",
			"option name Threads type spin default 1 min 1 max 256",
			"option name MultiPV type spin default 1 min 1 max 500",
			"option name UCI_LimitStrength type check default false",
			"option name UCI_Elo type spin default 4000 min 0 max 4000",
			"option name UCI_ShowWDL type check default false",
			"option name RandomMover type check default false",
			"option name BoardSize type spin default 0 min 0 max 22",
			"option name Baseline type check default false",
			"option name Selective type check default false",
			"option name Rule type combo default freestyle var freestyle var standard var renju var caro",
			"uciok")},
		{"renju forbidden points", lines("setoption name Rule value renju", "position fen "+three, "forbidden",
			"position fen "+three+" moves h8", "position fen "+three+" moves o8", "forbidden"), lines(
			"forbidden h8:double-three",
			"info string error: position: move 1 (h8): illegal move: h8 is forbidden for black: double-three",
			"forbidden h8:double-three")},
		{"freestyle forbids nothing", lines("position fen "+three, "forbidden"), lines("forbidden")},
		// Gomocup's renju openings start anywhere: only qi's own first
		// stone goes on the centre.
		{"renju starts on the centre", lines("setoption name Rule value renju", "position startpos", "go depth 3",
			"position startpos moves a1 h8", "query p1turn"), lines(
			"bestmove h8", "response true")},
		{"gomoku bad squares", lines("position startpos moves h8 h8", "position startpos moves p1", "position startpos moves 7,7", "query p1turn"), lines(
			"info string error: position: move 2 (h8): h8 is taken",
			`info string error: position: move 1 (p1): "p1" is off the 15x15 board (a1 to o15)`,
			"response false")},
		{"a five to make", lines("position startpos moves h8 g8 i8 a1 j8 a2 k8 a3", "go depth 3"), lines(
			"bestmove l8")},
		{"two threads block a four", lines("setoption name Threads value 2", "position startpos moves h8 g8 i8 a1 j8 a2 k8", "go depth 4",
			"setoption name Threads value 0", "setoption name Threads value 2x"), lines(
			"bestmove l8",
			`info string error: option Threads: "0" is not a whole number from 1 to 256`,
			`info string error: option Threads: "2x" is not a whole number from 1 to 256`)},
		{"cutechess gomoku", lines("uci", "setoption name UCI_Variant value gomoku", "position fen "+emptyFEN+" moves P@h8 P@h9", "go depth 1"),
			"" /* checked below */},
		{"20x20", lines("setoption name BoardSize value 20", "position startpos moves t20 a1", "query p1turn",
			"setoption name BoardSize value 23"), lines(
			"response true",
			`info string error: option BoardSize: "23" is not a whole number from 0 to 22`)},
		{"othello pass", lines("setoption name Game value othello", "position fen "+pass+" O", "moves", "go depth 5",
			"position fen "+pass+" O moves PA", "moves", "position fen "+pass+" O moves pass a1", "query result"), lines(
			"moves 0000", "bestmove 0000", "moves a1", "response p1win")},
		{"othello exact score", lines("setoption name Game value othello", "position fen "+pass+" X", "go depth 1"), lines(
			"bestmove a1")},
		{"othello bad input keeps the position", lines("setoption name Game value othello", "position startpos moves d3",
			"position startpos moves a1", "position fen XXXX O", "setoption name BoardSize value 9", "moves"), lines(
			"info string error: position: move 1 (a1): illegal move: a1",
			`info string error: position fen: bad position "XXXX O": 4 cells is no square board of an even side from 4 to 16`,
			"info string error: option BoardSize: othello is played on boards of even side from 4 to 16, not 9",
			"moves c3 e3 c5")},
		{"othello 10x10", lines("setoption name Game value othello", "setoption name BoardSize value 10", "moves"), lines(
			"moves e4 d5 g6 f7")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := gamesTranscript(t, tt.in)
			if tt.out == "" {
				// A drop on the board around the two stones.
				assert.Regexp(t, `(?m)^uciok\nbestmove P@[a-o]\d\d?\n\z`, out[strings.Index(out, "uciok"):])
				return
			}
			assert.Equal(t, tt.out, out)
		})
	}
}

// TestOthelloExactScore checks that a depth reaching the end is an exact
// solve whose last info line carries the disc score.
func TestOthelloExactScore(t *testing.T) {
	cfg := Config{Registry: engines.NewRegistry(othello.Spec()), Name: "qi", DefaultGame: "othello"}
	pass := "-OX" + strings.Repeat("X", 61)
	out := drive(t, cfg, lines("position fen "+pass+" X", "go depth 1", "position fen "+pass+" O", "go depth 3"), ugiWaits)
	assert.Regexp(t, `(?m)^info depth 1 .*score cp 6400 .*pv a1\nbestmove a1\n`, out)
	assert.Regexp(t, `(?m)^info depth \d+ .*score cp -6400 .*pv 0000 a1\nbestmove 0000\n`, out)
}

func TestShowWDL(t *testing.T) {
	// Gomoku and othello estimate the chances of a score by their fitted
	// models; the three numbers are per mille and make 1000.
	cfg := Config{Registry: engines.NewRegistry(gomoku.Spec(), othello.Spec()), Name: "qi", Version: "test", DefaultGame: "gomoku"}
	wdl := regexp.MustCompile(`^info depth \d+ seldepth \d+ score cp -?\d+ wdl (\d+) (\d+) (\d+) nodes`)
	for _, game := range []string{"gomoku", "othello"} {
		out := drive(t, cfg, lines("setoption name Game value "+game, "setoption name OwnBook value false",
			"setoption name UCI_ShowWDL value true", "position startpos", "go depth 3"), ugiWaits)
		var seen int
		for _, l := range strings.Split(out, "\n") {
			if !strings.HasPrefix(l, "info depth") {
				continue
			}
			m := wdl.FindStringSubmatch(l)
			require.NotNil(t, m, "%s: %q", game, l)
			var sum int
			for _, n := range m[1:] {
				v, err := strconv.Atoi(n)
				require.NoError(t, err)
				sum += v
			}
			assert.Equal(t, 1000, sum, l)
			seen++
		}
		assert.Positive(t, seen, game)
	}
}
