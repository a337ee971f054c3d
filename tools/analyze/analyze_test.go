// Tests of qi analyze: the losses and marks of known games checked against
// independent searches (tic-tac-toe solved by a plain minimax, othello's
// endgame by exact solves of every child), a missed five in gomoku, the
// annotated records read back, the JSON held to its golden file, and bad
// input refused with a clear error.

package analyze

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/othello"
	"qi/engines/record"
	"qi/engines/tictactoe"
)

// analyze runs qi analyze with args (progress off) and returns its stdout
// and stderr.
func analyze(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	err := Run(context.Background(), append([]string{"-progress", "off"}, args...), strings.NewReader(""), &out, &errs, catalog.New())
	return out.String(), errs.String(), err
}

// mustAnalyze runs qi analyze and fails the test on an error.
func mustAnalyze(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, err := analyze(t, args...)
	require.NoError(t, err, errs)
	return out
}

// analyses decodes the lines of -json.
func analyses(t *testing.T, out string) []GameAnalysis {
	t.Helper()
	var games []GameAnalysis
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ga GameAnalysis
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ga), sc.Text())
		games = append(games, ga)
	}
	return games
}

func testdata(name string) string { return filepath.Join("testdata", name) }

// outcome solves a tic-tac-toe position by plain minimax, with no table
// nor pruning: 1 when the side to move wins, 0 a draw, -1 a loss.
func outcome(p engines.Position) int {
	switch p.Result() {
	case engines.Draw:
		return 0
	case engines.WinFor(p.SideToMove()):
		return 1
	case engines.WinFor(p.SideToMove().Other()):
		return -1
	}
	best := -1
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		best = max(best, -outcome(p))
		p.Undo()
	}
	return best
}

// TestTicTacToeLosses: tic-tac-toe's full search is exact, so each move's
// loss is the result it threw away, a win 1.00 above a draw, as a plain
// minimax finds it; a draw thrown away is a blunder of exactly 1.00.
func TestTicTacToeLosses(t *testing.T) {
	games := analyses(t, mustAnalyze(t, "-json", testdata("tictactoe.pgn")))
	require.Len(t, games, 3)
	for _, ga := range games {
		pos := tictactoe.Game{}.Start()
		for _, ma := range ga.Moves {
			m, err := engines.Legal(pos, ma.Move)
			require.NoError(t, err)
			if ma.Opening {
				pos.Play(m)
				continue
			}
			before := outcome(pos)
			pos.Play(m)
			after := -outcome(pos)
			assert.Equal(t, 100*(before-after), ma.Loss, "game %d ply %d %s", ga.Number, ma.Ply, ma.Move)
			assert.True(t, ma.Value.Exact && ma.BestValue.Exact, "exact values")
			if before > after {
				assert.Equal(t, Blunder, ma.Mark, "game %d ply %d: a result thrown away", ga.Number, ma.Ply)
			} else {
				assert.Empty(t, ma.Mark, "game %d ply %d", ga.Number, ma.Ply)
			}
		}
	}
	// The edge reply to the centre throws the draw away: O is mated in
	// three of its moves, the corner keeps the draw.
	a2 := games[0].Moves[1]
	assert.Equal(t, MoveAnalysis{Ply: 2, Side: "O", Move: "a2",
		Value: &Value{Score: int(engines.MatedIn(6)), Text: "-M3", Depth: 6, Exact: true},
		Best:  "a1", BestValue: &Value{Score: 0, Text: "+0.00", Depth: 8, Exact: true}, Loss: 100, Mark: Blunder}, a2)
	assert.Equal(t, SideSummary{Side: "O", Player: "bob", Moves: 3, Loss: 100, AverageLoss: 33.33, Blunders: 1}, games[0].Sides[1])
	assert.Equal(t, 0, games[1].Sides[0].Loss+games[1].Sides[1].Loss, "perfect play loses nothing")
	assert.True(t, games[1].Moves[8].Forced, "the last square is the only move")
	assert.True(t, games[2].Moves[0].Opening && games[2].Moves[1].Opening && !games[2].Moves[2].Opening, "the {book} moves")
	assert.Nil(t, games[2].Moves[0].Value, "an opening move is not analysed")

	// -opening analyses them too: the edge reply to the centre again.
	games = analyses(t, mustAnalyze(t, "-json", "-opening", "-items", "2:3", testdata("tictactoe.pgn")))
	require.Len(t, games, 1)
	assert.Equal(t, Blunder, games[0].Moves[1].Mark)
	assert.Equal(t, 3, games[0].Number, "numbered in the input")
}

// TestOthelloEndgameExact: an othello game from 16 empties is solved
// exactly at every move, and each value is the one an exact solve of the
// child positions by a searcher of its own gives.
func TestOthelloEndgameExact(t *testing.T) {
	games := analyses(t, mustAnalyze(t, "-json", testdata("endgame.ggf")))
	require.Len(t, games, 1)
	ga := games[0]
	assert.Equal(t, "depth 8, exact from 20 empties", ga.Limits)
	read, err := record.ReadGameFile(catalog.New(), testdata("endgame.ggf"), record.Setting{})
	require.NoError(t, err)
	r := read[0]
	require.NoError(t, r.Err)
	require.Len(t, ga.Moves, len(r.Moves))
	g, err := othello.New(8)
	require.NoError(t, err)
	solver := g.NewSearcher(engines.Config{HashMB: 16})
	// solve returns the exact value of pos's child after m, from the view
	// of the side that plays m.
	solve := func(pos engines.Position, m engines.Move) int {
		child := pos.Clone()
		child.Play(m)
		solver.Clear()
		info := solver.Search(context.Background(), child, engines.Limits{Depth: child.(*othello.Position).Empties()}, nil)
		require.True(t, info.Exact)
		return -int(info.Score)
	}
	pos := r.Start.Clone()
	marks := map[int]string{}
	for i, m := range r.Moves {
		ma := ga.Moves[i]
		best := -1 << 30
		for _, l := range pos.LegalMoves(nil) {
			best = max(best, solve(pos, l))
		}
		played := solve(pos, m)
		assert.Equal(t, best, ma.BestValue.Score, "ply %d: the best value", ma.Ply)
		assert.Equal(t, played, ma.Value.Score, "ply %d: the value of %s", ma.Ply, ma.Move)
		assert.Equal(t, best-played, ma.Loss, "ply %d", ma.Ply)
		assert.True(t, ma.Value.Exact && ma.BestValue.Exact, "ply %d: solved exactly", ma.Ply)
		assert.Equal(t, best, solve(pos, mustMove(t, pos, ma.Best)), "ply %d: the best move is worth the best value", ma.Ply)
		if ma.Mark != "" {
			marks[ma.Ply] = ma.Mark
		}
		pos.Play(m)
	}
	assert.Equal(t, map[int]string{3: Inaccuracy, 5: Mistake}, marks, "a2 loses 2 discs, f1 4")
	assert.Equal(t, SideSummary{Side: "Black", Player: "player 346", Moves: 9, Loss: 600, AverageLoss: 66.67, Inaccuracies: 1, Mistakes: 1}, ga.Sides[0])
	assert.Equal(t, 2, ga.Sides[1].Moves, "white's forced moves are not counted")
}

// mustMove reads a move of pos.
func mustMove(t *testing.T, pos engines.Position, text string) engines.Move {
	t.Helper()
	m, err := engines.Legal(pos, text)
	require.NoError(t, err)
	return m
}

// TestGomokuMissedFive: black has an open four and plays elsewhere; white
// makes five. The move is a blunder that let a win in one go, and white's
// third stone, which let the four be made, one that walked into a loss.
func TestGomokuMissedFive(t *testing.T) {
	games := analyses(t, mustAnalyze(t, "-json", testdata("gomoku.sgf")))
	require.Len(t, games, 1)
	ga := games[0]
	assert.Equal(t, "freestyle", ga.Rule)
	assert.Equal(t, "0-1", ga.Result)
	b15 := ga.Moves[8]
	assert.Equal(t, "b15", b15.Move)
	assert.Contains(t, []string{"g8", "l8"}, b15.Best, "either end of the four makes five")
	assert.Equal(t, "+M1", b15.BestValue.Text)
	assert.Equal(t, "-M1", b15.Value.Text, "white makes five next")
	assert.Equal(t, Blunder, b15.Mark)
	assert.Equal(t, 4000, b15.Loss, "a win turned into a loss")
	a3 := ga.Moves[5]
	assert.Equal(t, "a3", a3.Move)
	assert.True(t, engines.Score(a3.Value.Score).IsMate() && a3.Value.Score < 0, "a3 lets black make an open four")
	assert.Equal(t, Blunder, a3.Mark)
	assert.Equal(t, 1, ga.Sides[0].Blunders)
}

// TestAnnotatedRecordsReadBack: -o writes each record annotated in its
// format, which the record readers read back with every move.
func TestAnnotatedRecordsReadBack(t *testing.T) {
	reg := catalog.New()
	dir := t.TempDir()
	inputs := []string{testdata("tictactoe.pgn"), testdata("gomoku.sgf"), testdata("endgame.ggf")}
	var want []record.Replayed
	for _, in := range inputs {
		games, err := record.ReadGameFile(reg, in, record.Setting{})
		require.NoError(t, err)
		want = append(want, games...)
	}
	tests := []struct {
		ext    string
		inputs []string
		games  []record.Replayed
	}{
		{"pgn", inputs, want},
		{"sgf", inputs[:2], want[:4]},
		{"ggf", inputs[2:], want[4:]},
	}
	for _, tt := range tests {
		t.Run(tt.ext, func(t *testing.T) {
			out := filepath.Join(dir, "annotated."+tt.ext)
			table := mustAnalyze(t, append([]string{"-o", out}, tt.inputs...)...)
			assert.Contains(t, table, "??")
			got, err := record.ReadGameFile(reg, out, record.Setting{})
			require.NoError(t, err)
			require.Len(t, got, len(tt.games))
			for i, g := range got {
				require.NoError(t, g.Err, g.Source)
				assert.Equal(t, tt.games[i].Name, g.Name)
				assert.Equal(t, tt.games[i].Config, g.Config)
				assert.Equal(t, tt.games[i].Start.Text(), g.Start.Text())
				assert.Equal(t, tt.games[i].Moves, g.Moves, "every move, %s", tt.games[i].Source)
				assert.Equal(t, tt.games[i].Record.Result, g.Record.Result)
				assert.Equal(t, tt.games[i].Record.Players, g.Record.Players)
			}
			data, err := os.ReadFile(out)
			require.NoError(t, err)
			text := string(data)
			switch tt.ext {
			case "pgn":
				assert.Contains(t, text, "a2 $4 {-M3; best a1 +0.00; loss 1.00}")
				assert.Contains(t, text, "[Annotator \"qi "+engines.Version+" analyze: full search\"]")
				assert.Contains(t, text, "1. b2 {book} c2 {book}", "the opening stays the book's")
				assert.Contains(t, text, "; O: 3 moves, average loss 0.33; 0 inaccuracies, 0 mistakes, 1 blunder}", "the summary")
				pgs, err := record.ReadPGN(strings.NewReader(text))
				require.NoError(t, err)
				assert.Equal(t, record.NAGBlunder, pgs[0].NAGs[1])
				assert.Equal(t, "-M3; best a1 +0.00; loss 1.00", pgs[0].Comments[1])
			case "sgf":
				assert.Contains(t, text, ";W[ab]C[-M3; best a1 +0.00; loss 1.00]BM[2]", "a2 is a blunder")
				assert.Contains(t, text, "C[-M1; best g8 +M1; loss 40.00]BM[2]")
			case "ggf":
				assert.Contains(t, text, "B[A2/+8.00/0.00]", "each move's value in its evaluation field")
				assert.Contains(t, text, "C[Black: 9 moves, average loss 0.67; 1 inaccuracy, 1 mistake, 0 blunders;")
				assert.Contains(t, text, "RE[+4.00]")
			}
		})
	}
}

// TestJSONIsStable holds -json to its golden file: the field names and the
// exact values of tic-tac-toe's games.
func TestJSONIsStable(t *testing.T) {
	want, err := os.ReadFile(testdata("tictactoe.json"))
	require.NoError(t, err)
	assert.Equal(t, string(want), mustAnalyze(t, "-json", testdata("tictactoe.pgn")))
}

// TestTable: the table's header, a blunder's line and the summaries.
func TestTable(t *testing.T) {
	out := mustAnalyze(t, testdata("tictactoe.pgn"))
	for _, want := range []string{
		"Game 1: testdata/tictactoe.pgn#1\ntictactoe 3x3; X alice, O bob; result 1-0; tic-tac-toe blunder\n" +
			"Analysis: full search; marks from losses of 0.25 ?!, 0.50 ?, 1.00 ??\n\n" +
			" ply  side  move  value  best  value    loss\n",
		"   2  O     a2      -M3  a1    +0.00    1.00  ??\n",
		"   9  X     c3    +0.00  c3    +0.00    0.00  (only move)\n",
		"   1  X     b2     book\n",
		"O (bob): 3 moves, average loss 0.33; 0 inaccuracies, 0 mistakes, 1 blunder\n",
		"Totals of 3 games:\n",
		"bob         3       9          0.33             0         0         2\n",
	} {
		assert.Contains(t, filepath.ToSlash(out), want)
	}
	// The flags set the marks, in the table's units.
	out = mustAnalyze(t, "-inaccuracy", "0.5", "-mistake", "1", "-blunder", "3", testdata("tictactoe.pgn"), "-items", "0:1")
	assert.Contains(t, out, "marks from losses of 0.50 ?!, 1.00 ?, 3.00 ??")
	assert.Contains(t, out, "   2  O     a2      -M3  a1    +0.00    1.00  ??\n", "a draw thrown away is a blunder whatever the marks")
}

func TestProfileLossAndMarks(t *testing.T) {
	p := profileOf("gomoku")
	tests := []struct {
		name         string
		best, played engines.Score
		loss         engines.Score
		mark         string
	}{
		{"the best move", 120, 120, 0, ""},
		{"a small loss", 300, 100, 200, ""},
		{"an inaccuracy", 300, 0, 300, Inaccuracy},
		{"a mistake", 300, -400, 700, Mistake},
		{"a blunder", 600, -700, 1300, Blunder},
		{"found better by its own search", 100, 250, 0, ""},
		{"a five missed", engines.MateIn(1), 500, 1500, Blunder},
		{"a win let go into a loss", engines.MateIn(3), engines.MatedIn(2), 4000, Blunder},
		{"a slower win", engines.MateIn(3), engines.MateIn(9), 0, ""},
		{"a faster loss", engines.MatedIn(8), engines.MatedIn(2), 0, ""},
		{"walked into a loss", -300, engines.MatedIn(4), 1700, Blunder},
		{"an evaluation past the decisive value", 5000, 0, 2000, Blunder},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.loss, p.loss(tt.best, tt.played))
			assert.Equal(t, tt.mark, p.mark(tt.best, tt.played))
		})
	}
	assert.Equal(t, Thresholds{200, 400, 800}, profileOf("othello").thresholds, "othello: 2, 4 and 8 discs")
	assert.Equal(t, "depth 8, exact from 20 empties", (&options{exact: 20}).limitsFor("othello").String())
	assert.Equal(t, "depth 12", (&options{exact: 0, depth: 12}).limitsFor("othello").String())
	assert.Equal(t, "5000 nodes", (&options{exact: 20, nodes: 5000}).limitsFor("gomoku").String())
	assert.Equal(t, "full search", (&options{exact: 20}).limitsFor("niujiao").String())
}

// TestBadInput: every kind of bad input is an error that says what is
// wrong and where, never a panic.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o666))
		return path
	}
	illegal := write("illegal.pgn", "[Game \"tictactoe\"]\n\n1. b2 b2 *\n")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no records", nil, "which records?"},
		{"a file that is not there", []string{filepath.Join(dir, "missing.pgn")}, "missing.pgn"},
		{"no record", []string{write("notes.txt", "hello")}, "not a game record qi reads"},
		{"a broken PGN", []string{write("broken.pgn", "[Game \"tictactoe\"\n")}, "broken.pgn: bad PGN tag"},
		{"an illegal move", []string{illegal}, "illegal.pgn: move 2 (b2): illegal move"},
		{"an unknown game", []string{write("chess.pgn", "[Game \"chess\"]\n\n1. e4 *\n")}, `unknown game "chess"`},
		{"a game the record does not name", []string{write("bare.pgn", "1. b2 *\n")}, "give -game"},
		{"a game against the record", []string{"-game", "othello", testdata("tictactoe.pgn")}, "the record holds tictactoe, not othello"},
		{"a bad -o", []string{"-o", filepath.Join(dir, "x.txt"), testdata("tictactoe.pgn")}, "annotated records are .pgn, .sgf or .ggf"},
		{"GGF of tic-tac-toe", []string{"-o", filepath.Join(dir, "x.ggf"), testdata("tictactoe.pgn")}, "GGF records are othello's, not tictactoe"},
		{"SGF of othello", []string{"-o", filepath.Join(dir, "x.sgf"), testdata("endgame.ggf")}, "SGF records are written of gomoku and tic-tac-toe, not othello"},
		{"a negative depth", []string{"-depth", "-1", illegal}, "-depth"},
		{"a bad progress", []string{"-progress", "loud", illegal}, "-progress"},
		{"a negative mark", []string{"-blunder", "-2", illegal}, "-blunder"},
		{"an unknown flag", []string{"-deep", illegal}, "see qi analyze -h"},
		{"items past the games", []string{"-items", "0:9", testdata("gomoku.sgf")}, "the job has 1 items"},
		{"standard input in shards", []string{"-shard", "0/2", "-outdir", dir, "-"}, "standard input cannot be split"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := analyze(t, tt.args...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	// A bad game among good ones stops the run only where it is analysed.
	out := mustAnalyze(t, "-items", "1:2", illegal, testdata("gomoku.sgf"))
	assert.Contains(t, out, "Game 2: ")
	assert.NoFileExists(t, filepath.Join(dir, "x.ggf"), "no annotated file for a run refused")
}

// TestStandardInput: "-" reads a record from standard input.
func TestStandardInput(t *testing.T) {
	data, err := os.ReadFile(testdata("tictactoe.pgn"))
	require.NoError(t, err)
	var out, errs bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"-progress", "off", "-json", "-"}, bytes.NewReader(data), &out, &errs, catalog.New()))
	games := analyses(t, out.String())
	require.Len(t, games, 3)
	assert.Equal(t, "-#2", games[1].Source)
}

func TestFlagsAfterRecords(t *testing.T) {
	out := mustAnalyze(t, testdata("tictactoe.pgn"), "-json", "-items", "1:2")
	games := analyses(t, out)
	require.Len(t, games, 1)
	assert.Equal(t, 2, games[0].Number)
}

func TestHelp(t *testing.T) {
	out, _, err := analyze(t, "-h")
	require.ErrorIs(t, err, flag.ErrHelp)
	for _, want := range []string{"usage: qi analyze", "-json", "-exact", "-shard", "average_loss"} {
		assert.Contains(t, out, want)
	}
}

// TestInterrupted: an analysis whose context ends stops with its cause.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	err := Run(ctx, []string{"-progress", "off", testdata("gomoku.sgf")}, nil, &out, &errs, catalog.New())
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, out.String(), "no half analysis")
}
