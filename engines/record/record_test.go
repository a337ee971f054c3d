// Tests of the record writers: golden texts, and each record read back and
// replayed with qi's rules.

package record

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/grid"
	"qi/engines/tictactoe"
)

var when = time.Date(2026, 11, 22, 5, 17, 49, 0, time.UTC)

// sample is a tic-tac-toe game: two book moves, then X wins on the diagonal.
func sample() Game {
	return Game{
		Event: "qi arena", Site: "test", Date: when, Round: "1.2", Number: 2,
		Players: [2]string{"qi-3", "qi-10"}, Game: "tictactoe", Variant: "tictactoe",
		TimeControl: "10+0.1",
		Moves: []Move{
			{Text: "b2", Book: true}, {Text: "a2", Book: true},
			{Text: "a1", Time: 12 * time.Millisecond, Score: "+1.00", Depth: 3},
			{Text: "c3", Time: 1500 * time.Millisecond, Score: "-M2", Depth: 9},
			{Text: "a3", Time: 3 * time.Millisecond},
			{Text: "c1", Time: 4 * time.Millisecond, Score: "-M1", Depth: 9},
			{Text: "b3", Time: 5 * time.Millisecond, Score: "+M1", Depth: 1},
			{Text: "c2", Time: 6 * time.Millisecond},
		},
		Result: engines.P2Win, Termination: "normal", Reason: "O wins by the rules",
	}
}

func TestPGN(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WritePGN(&b, sample()))
	assert.Equal(t, `[Event "qi arena"]
[Site "test"]
[Date "2026.11.22"]
[Round "1.2"]
[White "qi-3"]
[Black "qi-10"]
[Result "0-1"]
[Time "05:17:49"]
[Variant "tictactoe"]
[Game "tictactoe"]
[TimeControl "10+0.1"]
[PlyCount "8"]
[Termination "normal"]

1. b2 {book} a2 {book} 2. a1 {+1.00/3 0.012s} c3 {-M2/9 1.500s} 3. a3 {0.003s}
c1 {-M1/9 0.004s} 4. b3 {+M1/1 0.005s} c2 {0.006s} {O wins by the rules} 0-1

`, b.String())

	g := sample()
	g.StartText, g.StartSide = "x../.../... o", engines.P2
	g.Moves = g.Moves[1:]
	g.Players[0] = `a "quoted" \name`
	g.Result, g.Reason = engines.Draw, "a reason with {braces}"
	b.Reset()
	require.NoError(t, WritePGN(&b, g))
	b.WriteString("\n")
	require.NoError(t, WritePGN(&b, sample()))
	written := b.String()
	games, err := ReadPGN(&b)
	require.NoError(t, err)
	require.Len(t, games, 2)
	r := games[0]
	assert.Equal(t, `a "quoted" \name`, r.Tags["White"])
	assert.Equal(t, "x../.../... o", r.Tags["FEN"])
	assert.Equal(t, "1", r.Tags["SetUp"])
	assert.Equal(t, "1/2-1/2", r.Result)
	assert.Equal(t, []string{"a2", "a1", "c3", "a3", "c1", "b3", "c2"}, r.Moves)
	assert.Equal(t, "book", r.Comments[0])
	assert.Equal(t, "+1.00/3 0.012s", r.Comments[1])
	assert.Equal(t, "a reason with  braces ", r.Final)
	assert.Contains(t, written, "1... a2 {book} 2. a1", "a game the second player starts")

	// The second game replays with qi's rules to the recorded result.
	r = games[1]
	pos, err := engines.PlayAll(tictactoe.Game{}.Start(), r.Moves)
	require.NoError(t, err)
	res, err := ParseResult(r.Result)
	require.NoError(t, err)
	assert.Equal(t, pos.Result(), res)
	assert.Equal(t, "8", r.Tags["PlyCount"])

	_, err = ReadPGN(strings.NewReader("[Event \"x\"]\n\n1. a1 {open"))
	assert.Error(t, err)
	_, err = ReadPGN(strings.NewReader("[Event \"x\"]\n\n1. a1\n"))
	assert.Error(t, err, "no result")
	_, err = ReadPGN(strings.NewReader("[Event x]\n"))
	assert.Error(t, err)
	_, err = ParseResult("2-0")
	assert.Error(t, err)
}

func TestSGF(t *testing.T) {
	geo, err := grid.Of(tictactoe.Game{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteSGF(&b, sample(), geo, 0))
	assert.Equal(t, "(;FF[4]GM[4]GN[2]EV[qi-3 x qi-10]DT[2026.11.22 05:17:49]RO[1.2]RU[0]SZ[3]PB[qi-3]PW[qi-10]RE[W+1]TE[O wins by the rules]\n"+
		";B[bb]C[opening move];W[ab]C[opening move]\n"+
		";B[ac]C[12ms];W[ca]C[1500ms];B[aa]C[3ms];W[cc]C[4ms];B[ba]C[5ms];W[cb]C[6ms])\n\n", b.String())

	g := sample()
	g.StartText, g.StartSide = "x../.o./... x", engines.P1
	g.Moves = []Move{{Text: "c1", Time: time.Millisecond}}
	g.Result, g.Reason = engines.Draw, "draw [adjudicated]"
	require.NoError(t, WriteSGF(&b, g, geo, 1))
	games, err := ReadSGF(&b)
	require.NoError(t, err)
	require.Len(t, games, 2)
	root := games[0][0]
	assert.Equal(t, []string{"W+1"}, root["RE"])
	assert.Equal(t, []string{"3"}, root["SZ"])
	// Replay the first game from the coordinates.
	pos := tictactoe.Game{}.Start()
	for i, n := range games[0][1:] {
		v := n["B"]
		if i%2 == 1 {
			v = n["W"]
		}
		require.Len(t, v, 1, "node %d", i)
		x, y, err := SGFPoint(v[0])
		require.NoError(t, err)
		m, err := engines.Legal(pos, geo.Square(x, y))
		require.NoError(t, err)
		pos.Play(m)
	}
	assert.Equal(t, engines.P2Win, pos.Result())
	root = games[1][0]
	assert.Equal(t, []string{"aa"}, root["AB"])
	assert.Equal(t, []string{"bb"}, root["AW"])
	assert.Equal(t, []string{"0"}, root["RE"])
	assert.Equal(t, []string{"draw [adjudicated]"}, root["TE"], "brackets escaped and read back")
	assert.Equal(t, []string{"1"}, root["RU"])
	w, h, err := SGFSize("20:15")
	require.NoError(t, err)
	assert.Equal(t, [2]int{20, 15}, [2]int{w, h})

	_, err = ReadSGF(strings.NewReader("(;B[aa]"))
	assert.Error(t, err)
	_, err = ReadSGF(strings.NewReader("(;B[aa"))
	assert.Error(t, err)
	_, _, err = SGFPoint("a")
	assert.Error(t, err)
	bad := sample()
	bad.Moves = []Move{{Text: "z9"}}
	assert.Error(t, WriteSGF(&b, bad, geo, 0))
}

func TestGGF(t *testing.T) {
	// An othello-like record: the start of 8x8, three moves and a pass.
	start := "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
	final := "8 ******** ******** ******** ******** OOOOOOOO OOOOOOOO OOOOOOOO -------- *"
	g := Game{
		Event: "qi arena", Site: "qi arena", Date: when, Players: [2]string{"edax", "qi"}, Game: "othello",
		Moves: []Move{
			{Text: "f5", Book: true}, {Text: "d6", Time: 120 * time.Millisecond, Score: "-1.50"},
			{Text: "c3", Time: 2 * time.Second, Score: "+M5"}, {Text: "0000", Time: 0},
		},
		Result: engines.P1Win, Termination: "normal", Reason: "black wins by the rules",
	}
	var b bytes.Buffer
	require.NoError(t, WriteGGF(&b, g, start, final))
	assert.Equal(t, "(;GM[Othello]PC[qi arena]DT[2026.11.22_05:17:49.UTC]PB[edax]PW[qi]RE[+16.00]TY[8]BO["+start+"]\n"+
		"B[F5]\nW[D6/-1.50/0.12]\nB[C3//2.00]\nW[PA//0.00]\nC[black wins by the rules];)\n", b.String())

	g.Result, g.Termination = engines.P2Win, "time forfeit"
	require.NoError(t, WriteGGF(&b, g, start, final))
	g.Result, g.Termination = engines.P1Win, "illegal move"
	require.NoError(t, WriteGGF(&b, g, start, final))
	g.Result, g.Termination = engines.Draw, "adjudication"
	require.NoError(t, WriteGGF(&b, g, start, final))
	games, err := ReadGGF(&b)
	require.NoError(t, err)
	require.Len(t, games, 4)
	assert.Equal(t, "+16.00", games[0].Tags["RE"])
	assert.Equal(t, "-64.00:t", games[1].Tags["RE"])
	assert.Equal(t, "+64.00:r", games[2].Tags["RE"])
	assert.Equal(t, "0.00:s", games[3].Tags["RE"])
	assert.Equal(t, start, games[0].Tags["BO"])
	assert.Equal(t, []string{"B:F5", "W:D6/-1.50/0.12", "B:C3//2.00", "W:PA//0.00"}, games[0].Moves)

	assert.Equal(t, "PA", GGFMove("0000"))
	assert.Equal(t, "J10", GGFMove("j10"))
	_, err = ReadGGF(strings.NewReader("(;GM[Othello]BO[8"))
	assert.Error(t, err)
	_, err = ReadGGF(strings.NewReader("(;GM[Othello] x;)"))
	assert.Error(t, err)
	assert.Error(t, WriteGGF(&b, g, start, "8"))
}

func TestScoreText(t *testing.T) {
	assert.Equal(t, "+0.35", ScoreText(35))
	assert.Equal(t, "-1.00", ScoreText(-100))
	assert.Equal(t, "+0.00", ScoreText(0))
	assert.Equal(t, "+M1", ScoreText(engines.MateIn(1)))
	assert.Equal(t, "+M3", ScoreText(engines.MateIn(5)))
	assert.Equal(t, "-M2", ScoreText(engines.MatedIn(4)))
}

func TestParseScore(t *testing.T) {
	tests := []struct {
		text string
		want engines.Score
	}{
		{"+0.35", 35}, {"-1.00", -100}, {"+0.00", 0}, {"-0.00", 0}, {"0.07", 7}, {"+12.50", 1250},
		{"-0.355", -36}, {"+M1", engines.MateIn(1)}, {"+M3", engines.MateIn(5)}, {"+M0", engines.MateIn(0)},
		{"-M2", engines.MatedIn(4)}, {"-M0", engines.MatedIn(0)},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			s, err := ParseScore(tt.text)
			require.NoError(t, err)
			assert.Equal(t, tt.want, s)
		})
	}
	for _, s := range []engines.Score{0, 1, -1, 35, -1250, engines.MateIn(1), engines.MateIn(7), engines.MatedIn(2), engines.MatedIn(10)} {
		back, err := ParseScore(ScoreText(s))
		require.NoError(t, err)
		assert.Equal(t, s, back, "%s read back", ScoreText(s))
	}
	for _, bad := range []string{"", "+", "M", "+Mx", "-M-1", "abc", "+.5", "1e99", "+0.35/4", "NaN", "+Inf"} {
		_, err := ParseScore(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestRecordMoves(t *testing.T) {
	f, err := os.Open("testdata/scores.pgn")
	require.NoError(t, err)
	defer f.Close()
	games, err := ReadPGN(f)
	require.NoError(t, err)
	require.Len(t, games, 2)
	assert.Equal(t, []Move{
		{Text: "b2", Book: true}, {Text: "a2", Book: true},
		{Text: "a1", Time: 12 * time.Millisecond, Score: "+1.00", Depth: 3},
		{Text: "c3", Time: 1500 * time.Millisecond, Score: "-M2", Depth: 9},
		{Text: "a3", Time: 3 * time.Millisecond},
		{Text: "c1", Time: 4 * time.Millisecond, Score: "-M1", Depth: 9},
		{Text: "b3", Time: 5 * time.Millisecond, Score: "+M1"},
		{Text: "c2", Comment: "a comment of a person"},
	}, games[0].RecordMoves(), "a person's comment is the move's")
	assert.Equal(t, "O wins by the rules", games[0].Final)
	var scores []string
	moves := games[1].RecordMoves()
	for _, m := range moves {
		scores = append(scores, m.Score)
	}
	assert.Equal(t, []string{"", "+0.00", "-0.35", "+12.50", "", "-0.00", "+0.00", "+0.00", "+0.00"}, scores,
		"a malformed depth leaves the move without a score")
	assert.Equal(t, 4, moves[2].Depth)
	assert.Equal(t, "+0.00/bad 0.005s", moves[4].Comment)
	assert.Equal(t, NAGMistake, moves[3].NAG, "c1? is a mistake")
	assert.Equal(t, "c1", moves[3].Text)

	// What WritePGN writes reads back.
	var b bytes.Buffer
	require.NoError(t, WritePGN(&b, sample()))
	back, err := ReadPGN(&b)
	require.NoError(t, err)
	require.Len(t, back, 1)
	assert.Equal(t, sample().Moves, back[0].RecordMoves())
}

func TestReadSGFGames(t *testing.T) {
	geo, err := grid.Of(tictactoe.Game{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteSGF(&b, sample(), geo, 0))
	g := sample()
	g.StartText, g.StartSide = "x../.o./... x", engines.P1
	g.Moves = []Move{{Text: "c1"}}
	require.NoError(t, WriteSGF(&b, g, geo, 1))
	b.WriteString("(;SZ[20:15]RU[x];B[hh];W[ii])")
	games, err := ReadSGFGames(&b)
	require.NoError(t, err)
	require.Len(t, games, 3)

	assert.Equal(t, [2]int{3, 3}, [2]int{games[0].W, games[0].H})
	assert.Equal(t, 0, games[0].Rule)
	assert.Equal(t, [][2]int{{1, 1}, {0, 1}, {0, 2}, {2, 0}, {0, 0}, {2, 2}, {1, 0}, {2, 1}}, games[0].Moves)
	assert.Equal(t, 2, games[0].Opening, "the two opening moves")
	assert.Equal(t, []string{"W+1"}, games[0].Root["RE"])

	assert.Equal(t, 1, games[1].Rule)
	assert.Equal(t, []string{"aa"}, games[1].Root["AB"], "setup stones stay in the root")
	assert.Equal(t, [][2]int{{2, 2}}, games[1].Moves)
	assert.Equal(t, 0, games[1].Opening)

	assert.Equal(t, [2]int{20, 15}, [2]int{games[2].W, games[2].H})
	assert.Equal(t, -1, games[2].Rule, "an unreadable RU")
	assert.Equal(t, [][2]int{{7, 7}, {8, 8}}, games[2].Moves)

	_, err = ReadSGFGames(strings.NewReader("(;SZ[15];B[hh])(;SZ[15];B[hh];W[h])"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game 2: move 2")
	_, err = ReadSGFGames(strings.NewReader("(;B[aa]"))
	assert.Error(t, err)
}

// TestAnnotations: a move's comment and NAG, the annotator and the game's
// comment are written in each format's place for them and read back.
func TestAnnotations(t *testing.T) {
	g := sample()
	g.Moves[2].Comment, g.Moves[2].NAG = "-M2; best b3 +0.00; loss 1.00", NAGBlunder
	g.Moves[3].Comment, g.Moves[3].NAG = "+M2", 0
	g.Moves[4].NAG = NAGDubious
	g.Moves[0].Comment = "analysed book move"
	g.Annotator, g.Comment = "qi 0.1.0", "X: average loss 0.25"

	var b bytes.Buffer
	require.NoError(t, WritePGN(&b, g))
	text := b.String()
	assert.Contains(t, text, "[Annotator \"qi 0.1.0\"]")
	assert.Contains(t, text, "a1 $4 {-M2; best b3 +0.00; loss 1.00}")
	assert.Contains(t, text, "{X: average loss 0.25} {O wins by the rules} 0-1")
	games, err := ReadPGN(&b)
	require.NoError(t, err)
	require.Len(t, games, 1)
	r := games[0]
	assert.Len(t, r.Moves, 8)
	assert.Equal(t, []int{0, 0, NAGBlunder, 0, NAGDubious, 0, 0, 0}, r.NAGs)
	assert.Equal(t, "-M2; best b3 +0.00; loss 1.00", r.Comments[2])
	assert.Equal(t, "analysed book move", r.Comments[0])
	assert.Equal(t, "O wins by the rules", r.Final, "the reason is the last comment")

	// Suffixes are NAGs too; other NAGs are passed over.
	games, err = ReadPGN(strings.NewReader("1. b2! a1?? 2. c3!? a3?! 3. c1 $14 b1 $2 {x} 1-0\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"b2", "a1", "c3", "a3", "c1", "b1"}, games[0].Moves)
	assert.Equal(t, []int{NAGGood, NAGBlunder, NAGInteresting, NAGDubious, 0, NAGMistake}, games[0].NAGs)
	assert.Equal(t, "x", games[0].Comments[5])
	for _, bad := range []string{"1. b2 $x *", "$2 1. b2 *", "1. b2 $1234 *"} {
		_, err := ReadPGN(strings.NewReader(bad + "\n"))
		assert.Error(t, err, bad)
	}

	geo, err := grid.Of(tictactoe.Game{})
	require.NoError(t, err)
	b.Reset()
	require.NoError(t, WriteSGF(&b, g, geo, 0))
	text = b.String()
	assert.Contains(t, text, "AN[qi 0.1.0]GC[X: average loss 0.25]")
	assert.Contains(t, text, ";B[ac]C[-M2; best b3 +0.00; loss 1.00]BM[2]")
	assert.Contains(t, text, ";B[bb]C[analysed book move]")
	trees, err := ReadSGF(&b)
	require.NoError(t, err)
	nodes := trees[0]
	assert.Equal(t, NAGBlunder, SGFNAG(nodes[3]))
	assert.Equal(t, NAGDubious, SGFNAG(nodes[5]))
	assert.Equal(t, 0, SGFNAG(nodes[4]))
	for nag := NAGGood; nag <= NAGDubious; nag++ {
		trees, err := ReadSGF(strings.NewReader("(;B[aa]" + sgfAssessment(nag) + ")"))
		require.NoError(t, err)
		assert.Equal(t, nag, SGFNAG(trees[0][0]), "NAG %d", nag)
	}

	b.Reset()
	start := "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
	og := Game{Game: "othello", Moves: []Move{{Text: "f5", Score: "+1.00", Comment: "best", NAG: NAGMistake}},
		Result: engines.None, Reason: "adjourned", Comment: "Black: average loss 0.00"}
	require.NoError(t, WriteGGF(&b, og, start, start))
	assert.Contains(t, b.String(), "B[F5/+1.00/0.00]\nC[adjourned; Black: average loss 0.00];)")
}
