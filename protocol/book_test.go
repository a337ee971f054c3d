// Transcript tests of the opening book in every dialect: the options and
// INFO keys, book moves and how they are reported, NBoard's hint and learn,
// books that cannot be read, and games learned when BookLearn is on.

package protocol

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/book"
	"qi/book/shipped"
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// bookConfig is testConfig with books: the built-in ones, looked for first
// in dir.
func bookConfig(t *testing.T, dir string) Config {
	cfg := testConfig(t)
	cfg.Books = book.NewShelfIn(dir, shipped.FS)
	return cfg
}

// bookFiles writes, in a new folder, a copy of the built-in tic-tac-toe
// book, a file that is no book, and a book of another game.
func bookFiles(t *testing.T) (dir, good, junk, foreign string) {
	dir = t.TempDir()
	data, err := shipped.FS.ReadFile("tictactoe.book")
	require.NoError(t, err)
	good, junk, foreign = filepath.Join(dir, "copy.book"), filepath.Join(dir, "junk.book"), filepath.Join(dir, "othello.book")
	require.NoError(t, os.WriteFile(good, data, 0o644))
	require.NoError(t, os.WriteFile(junk, []byte("not a book at all"), 0o644))
	g, err := othello.New(8)
	require.NoError(t, err)
	b, err := book.New(g, 2, 4)
	require.NoError(t, err)
	require.NoError(t, b.Save(foreign))
	return dir, good, junk, foreign
}

const bookHello = `option name OwnBook type check default true
option name BookFile type string default <empty>
option name BookRandomness type spin default 0 min 0 max 10000
option name BookLearn type check default false
option name Seed type spin default 0 min 0 max 2147483647
`

// The tic-tac-toe book is the game solved: every first move draws, a1
// first among equals.
const (
	bookInfo = "info depth 0 score cp 0 pv a1"
	bookSays = "info string book a1, value +0.00 (exact), 0 games, 9 of 9 book moves within the randomness"
)

func TestBookOptionsTranscript(t *testing.T) {
	dir, good, junk, foreign := bookFiles(t)
	missing := filepath.Join(dir, "missing.book")
	// Searches' info lines are passed over: a book move's is of depth 0.
	exchange(t, bookConfig(t, dir), regexp.MustCompile(`^info depth [1-9]`), []step{
		{"ugi", append(strings.Split(strings.TrimSuffix(ugiHello+bookHello, "\n"), "\n"), "ugiok")},
		{"go depth 3", []string{bookInfo, bookSays, "bestmove a1"}},
		{"uci", append(strings.Split(strings.TrimSuffix(strings.Replace(ugiHello+bookHello, "option name Level",
			"option name UCI_Variant type combo default tictactoe var niujiao var slow var stuck var tictactoe\noption name Level", 1), "\n"), "\n"), "uciok")},
		// UCI's book move has the same lines.
		{"go depth 3", []string{"info depth 0 score cp 0 pv P@a1", bookSays, "bestmove P@a1"}},
		{"ugi", append(strings.Split(strings.TrimSuffix(ugiHello+bookHello, "\n"), "\n"), "ugiok")},
		{"setoption name OwnBook value false", nil},
		{"go depth 1", []string{"bestmove b2"}},
		{"setoption name OwnBook value true", nil},
		// go infinite analyses: no book.
		{"go infinite", nil},
		{"stop", []string{"~bestmove [a-c][1-3]"}},
		{"setoption name BookRandomness value -1", []string{`info string error: option BookRandomness: "-1" is not a whole number from 0 to 10000`}},
		{"setoption name BookRandomness value 10000", nil},
		{"go depth 3", []string{`~info depth 0 score cp 0 pv [a-c][1-3]`, `~info string book [a-c][1-3], value \+0\.00 \(exact\), 0 games, 9 of 9 book moves within the randomness`, `~bestmove [a-c][1-3]`}},
		{"setoption name BookRandomness value 0", nil},
		// A book file that is not there is said at once; qi plays on
		// without a book.
		{"setoption name BookFile value " + missing, []string{"info string error: book: " + missing + ": no such file; playing without a book"}},
		{"go depth 1", []string{"bestmove b2"}},
		// One that is no book is said when a search first opens it, once.
		{"setoption name BookFile value " + junk, nil},
		{"go depth 1", []string{`~info string error: book: ` + regexp.QuoteMeta(junk) + `: not a usable qi book: .*; playing without a book`, "bestmove b2"}},
		{"go depth 1", []string{"bestmove b2"}},
		{"setoption name BookFile value " + foreign, nil},
		{"go depth 1", []string{`~info string error: book: ` + regexp.QuoteMeta(foreign) + `: .*a book of othello 8x8, not of tictactoe; playing without a book`, "bestmove b2"}},
		{"setoption name BookFile value " + good, nil},
		{"go depth 3", []string{bookInfo, bookSays, "bestmove a1"}},
		{"setoption name BookFile value <empty>", nil},
		{"position startpos moves a1", nil},
		{"go depth 3", []string{"info depth 0 score cp 0 pv b2", "info string book b2, value +0.00 (exact), 0 games, 1 of 2 book moves within the randomness", "bestmove b2"}},
		{"isready", []string{"readyok"}},
		{"quit", nil},
	})
}

// TestNoBooksNoOptions checks that qi without books (the tests' config)
// offers no book options and searches.
func TestNoBooksNoOptions(t *testing.T) {
	assert.Equal(t, ugiHello+"ugiok\n", transcript(t, lines("ugi")))
	assert.NotContains(t, transcript(t, lines("go depth 2")), "depth 0")
}

// logged reads the games of the game logs of the book at path.
func logged(t *testing.T, g engines.Game, path string) []book.Game {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(book.LogDir(path), "*.log"))
	require.NoError(t, err)
	var games []book.Game
	for _, l := range logs {
		gs, bad, err := book.ReadLogFile(l, g)
		require.NoError(t, err)
		require.Empty(t, bad)
		games = append(games, gs...)
	}
	return games
}

func TestBookLearnTranscript(t *testing.T) {
	dir, good, _, _ := bookFiles(t)
	g := tictactoe.Game{}
	// qi plays X: its last move wins; the result is known from it.
	exchange(t, bookConfig(t, dir), regexp.MustCompile(`^info `), []step{
		{"setoption name BookFile value " + good, nil},
		{"setoption name BookLearn value true", nil},
		{"position startpos moves b2 a2 a1 c3 c1 b1", nil},
		{"go depth 9", []string{"bestmove a3"}},
		// Sent again, the game is not learned twice.
		{"position startpos moves b2 a2 a1 c3 c1 b1 a3", nil},
		{"query result", []string{"response p1win"}},
		// Below full strength, a game is logged as random.
		{"uginewgame", nil},
		{"setoption name Level value 3", nil},
		{"position startpos moves b2", nil},
		{"go depth 1", []string{"~bestmove .*"}},
		{"uginewgame", nil},
		// At full strength again, the game qi knows at quit is learned
		// (its result unknown), with the reply the client sent since
		// qi's move.
		{"setoption name Level value 10", nil},
		{"position startpos moves a1", nil},
		{"go depth 3", []string{"bestmove b2"}},
		{"position startpos moves a1 b2 c3", nil},
		{"quit", nil},
	})
	games := logged(t, g, good)
	require.Len(t, games, 3)
	assert.Equal(t, engines.P1Win, games[0].Result)
	assert.Len(t, games[0].Moves, 7)
	assert.False(t, games[0].Random)
	assert.True(t, games[1].Random, "a game below full strength")
	assert.Len(t, games[2].Moves, 3)
	assert.Equal(t, engines.None, games[2].Result)

	// Without BookLearn nothing is logged.
	dir2, good2, _, _ := bookFiles(t)
	exchange(t, bookConfig(t, dir2), regexp.MustCompile(`^info `), []step{
		{"setoption name BookFile value " + good2, nil},
		{"position startpos moves b2 a2 a1 c3 c1 b1", nil},
		{"go depth 9", []string{"bestmove a3"}},
		{"uginewgame", nil},
		{"quit", nil},
	})
	assert.Empty(t, logged(t, g, good2))
}

// othelloBook writes an othello book learned from two games' first plies
// into dir, as the default book of 8x8.
func othelloBook(t *testing.T, dir string) string {
	g, err := othello.New(8)
	require.NoError(t, err)
	b, err := book.New(g, 2, 6)
	require.NoError(t, err)
	s := book.NewScorer(g, 2, false)
	for _, moves := range []string{"f5 d6 c3 d3 c4 f4 f6", "f5 f6 e6 f4 e3 c5 c4"} {
		pos, err := engines.PlayAll(g.Start(), strings.Fields(moves))
		require.NoError(t, err)
		_, err = b.Learn(context.Background(), s, book.GameOf(g, pos), -1)
		require.NoError(t, err)
	}
	path := filepath.Join(dir, book.FileName(g))
	require.NoError(t, b.Save(path))
	return path
}

func TestNBoardBookHintAndLearn(t *testing.T) {
	dir := t.TempDir()
	path := othelloBook(t, dir)
	cfg := nboardConfig()
	cfg.Books = book.NewShelfIn(dir, nil)
	bookLine := `~book ([A-H][1-8]){1,10} ` + eval + ` 0 2`
	searchLine := `~search ([A-H][1-8]){1,3} ` + eval + ` 0 2`
	exchange(t, cfg, nil, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 2", []string{"set myname qi"}},
		// The start's four moves are images of f5, all in the book: book
		// lines alone.
		{"hint 5", []string{"status analysing", bookLine, bookLine, bookLine, bookLine, "status"}},
		{"go", []string{"status thinking", "~nodestats \\d+ \\d+\\.\\d+", `~=== (F5|D3|C4|E6)/` + eval + `/\d+\.\d\d`, "status"}},
		{"move F5", nil},
		{"move D6", nil},
		// After f5 d6 the book has c3 and the best move outside it: two
		// book lines, then the search of the other moves.
		{"hint 4", []string{"status analysing", `~book C3([A-H][1-8]){0,9} ` + eval + ` 0 2`, bookLine, searchLine, searchLine, "status"}},
		{"learn", []string{"learned"}},
		{"set contempt 100", nil},
		{"ping 1", []string{"pong 1"}},
		{"quit", nil},
	})
	g, err := othello.New(8)
	require.NoError(t, err)
	games := logged(t, g, path)
	require.Len(t, games, 1, "the game learned is in the log")
	assert.Len(t, games[0].Moves, 2)

	// With no othello book yet, the game goes to the log of the book to
	// be, beside where qi looks for it: qi book build makes it.
	empty := t.TempDir()
	cfg.Books = book.NewShelfIn(empty, nil)
	exchange(t, cfg, nil, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 1", []string{"set myname qi"}},
		{"move F5", nil},
		{"move F6", nil},
		{"learn", []string{"learned"}},
		{"quit", nil},
	})
	games = logged(t, g, filepath.Join(empty, book.FileName(g)))
	require.Len(t, games, 1)
	assert.Len(t, games[0].Moves, 2)

	// Without books, learn says so.
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"learn", []string{"status qi keeps no opening book: nothing to learn", "learned"}},
		{"quit", nil},
	})
}

// gomokuBook saves in dir a freestyle book that learnt one game, and returns
// its best move on the empty board, as text and as Gomocup's x,y: the
// game's h8, or the better first move its depth-1 search found, as the
// evaluation judges.
func gomokuBook(t *testing.T, dir string) (text, xy string) {
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	b, err := book.New(g, 1, 2)
	require.NoError(t, err)
	pos, err := engines.PlayAll(g.Start(), []string{"h8", "i9", "h10"})
	require.NoError(t, err)
	_, err = b.Learn(context.Background(), book.NewScorer(g, 1, false), book.GameOf(g, pos), -1)
	require.NoError(t, err)
	require.NoError(t, b.Save(filepath.Join(dir, book.FileName(g))))
	cands := b.Probe(g.Start())
	require.NotEmpty(t, cands)
	x, y := gomoku.XY(cands[0].Move)
	return g.Square(x, y), fmt.Sprintf("%d,%d", x, y)
}

func TestGomocupBook(t *testing.T) {
	dir := t.TempDir()
	best, bestXY := gomokuBook(t, dir)
	cfg := gomocupConfig()
	cfg.Books = book.NewShelfIn(dir, fstest.MapFS{})
	missing, junk := filepath.Join(dir, "missing.book"), filepath.Join(dir, "junk.book")
	require.NoError(t, os.WriteFile(junk, []byte("not a book"), 0o644))
	exchange(t, cfg, messageLine, []step{
		{"START 15", []string{"OK"}},
		{"INFO max_node 500", nil},
		{"BEGIN", []string{`~MESSAGE book ` + best + `, value [-+]\d+\.\d\d \(depth 1\), 0 games, 1 of \d book moves within the randomness`, bestXY}},
		{"RESTART", []string{"OK"}},
		{"INFO book 0", nil},
		{"BEGIN", []string{anyMove}},
		{"INFO book 1", nil},
		{"INFO book maybe", nil},
		{"INFO book_randomness -3", nil},
		{"INFO book_file " + missing, nil},
		{"RESTART", []string{`ERROR INFO book wants 1 or 0, not "maybe"`, "ERROR INFO book_randomness wants 0 to 10000, not -3",
			"ERROR book: " + missing + ": no such file; playing without a book", "OK"}},
		{"BEGIN", []string{anyMove}},
		// A file that is no book is said with the move of the first
		// search that opens it, once.
		{"INFO book_file " + junk, nil},
		{"RESTART", []string{"OK"}},
		{"BEGIN", []string{`~ERROR book: ` + regexp.QuoteMeta(junk) + `: not a usable qi book: .*; playing without a book`, anyMove}},
		{"RESTART", []string{"OK"}},
		{"BEGIN", []string{anyMove}},
		{"END", nil},
	})
}

// TestNBoardBadBook checks that a default book that is no book is said in
// NBoard's form, once, and that qi plays and hints on without it.
func TestNBoardBadBook(t *testing.T) {
	dir := t.TempDir()
	g, err := othello.New(8)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, book.FileName(g)), []byte("not a book"), 0o644))
	cfg := nboardConfig()
	cfg.Books = book.NewShelfIn(dir, nil)
	exchange(t, cfg, nil, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 1", []string{"set myname qi"}},
		{"go", []string{"status thinking", `~status error: book: .*othello-8x8\.book: not a usable qi book: .*; playing without a book`,
			"~nodestats \\d+ \\d+\\.\\d+", `~=== (F5|D3|C4|E6)/` + eval + `/\d+\.\d\d`, "status"}},
		{"hint 1", []string{"status analysing", `~search ([A-H][1-8])+ ` + eval + ` 0 2`, "status"}},
		{"quit", nil},
	})
}

// TestBookLeftForASearch checks that a book whose value a quick search
// finds clearly too low is left, said, and searched instead.
func TestBookLeftForASearch(t *testing.T) {
	g := tictactoe.Game{}
	b, err := book.New(g, 2, 9)
	require.NoError(t, err)
	// The book thinks the start lost by 50 with a2, its only move: a
	// shallow search's value of it, wrong.
	_, err = b.Import(strings.NewReader(g.Start().Text() + "\t-5000\t0\t2\ta2\t-5000\t0\t2\t0\t0\t0\n"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "wrong.book")
	require.NoError(t, b.Save(path))
	exchange(t, bookConfig(t, t.TempDir()), regexp.MustCompile(`^info depth [1-9]`), []step{
		{"setoption name BookFile value " + path, nil},
		{"go depth 3", []string{`~info string book left: a quick search finds (b2|[ac][13]) at [-+]\d+\.\d\d, the book a2 at -50\.00`, "~bestmove [a-c][1-3]"}},
		{"quit", nil},
	})
}

// TestBuiltInGomokuBooks plays a Gomocup opening under each rule with a
// built-in book through Gomocup's BOARD and UGI's position: qi finds the
// book of the rule the manager set (renju's when INFO rule says 4, after
// START) and answers from it. The openings are Gomocup's, from which the
// books were built.
func TestBuiltInGomokuBooks(t *testing.T) {
	const bookMessage = `~MESSAGE book [a-o]\d+, value [-+][\dM.]+ \((depth (8|10)|exact)\), \d+ games, \d+ of \d+ book moves within the randomness`
	for _, tc := range []struct {
		rule  string
		mask  string
		board []string // Gomocup's BOARD lines, qi (white) to move
		moves string   // the same opening for UGI
	}{
		// Gomocup 2021's renju opening h8 i9 j10 j11 i11.
		{"renju", "4", []string{"7,7,2", "8,6,1", "9,5,2", "9,4,1", "8,4,2"}, "h8 i9 j10 j11 i11"},
		// Its standard opening c3 f3 d3 h12 i6.
		{"standard", "1", []string{"2,12,2", "5,12,1", "3,12,2", "7,3,1", "8,9,2"}, "c3 f3 d3 h12 i6"},
		// The freestyle book holds the renju and standard games too.
		{"freestyle", "0", []string{"7,7,2", "8,6,1", "9,5,2", "9,4,1", "8,4,2"}, "h8 i9 j10 j11 i11"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			cfg := gomocupConfig()
			cfg.Books = book.NewShelfIn(t.TempDir(), shipped.FS)
			exchange(t, cfg, messageLine, join(
				[]step{{"START 15", []string{"OK"}}, {"INFO rule " + tc.mask, nil}, {"INFO max_node 500", nil}, {"BOARD", nil}},
				func() (s []step) {
					for _, l := range tc.board {
						s = append(s, step{l, nil})
					}
					return s
				}(),
				[]step{{"DONE", []string{bookMessage, anyMove}}, {"END", nil}},
			))
			cfg.DefaultGame = "gomoku"
			exchange(t, cfg, regexp.MustCompile(`^(id |option |info depth [1-9])`), []step{
				{"ugi", []string{"ugiok"}},
				{"setoption name Rule value " + tc.rule, nil},
				{"position startpos moves " + tc.moves, nil},
				{"go depth 2", []string{`~info depth 0 score cp -?\d+ pv [a-o]\d+`, `~info string book [a-o]\d+, .*`, `~bestmove [a-o]\d+`}},
				{"quit", nil},
			})
		})
	}
}

// TestHostileBookFiles: a FIFO, a device and a folder named as the book are
// refused, said once in the dialect's form, and qi plays on without a book:
// opening a FIFO no writer opens waited for ever, and /dev/zero, read
// whole, ran out of memory.
func TestHostileBookFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.book")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, path := range []string{fifo, "/dev/zero", dir} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			refused := `~info string error: book: ` + regexp.QuoteMeta(path) + `: not a regular file; playing without a book`
			exchange(t, bookConfig(t, t.TempDir()), regexp.MustCompile(`^info depth [1-9]`), []step{
				{"setoption name BookFile value " + path, []string{refused}},
				{"go depth 3", []string{"~bestmove [a-c][1-3]"}},
				{"go depth 3", []string{"~bestmove [a-c][1-3]"}},
				{"quit", nil},
			})
			cfg := gomocupConfig()
			cfg.Books = book.NewShelfIn(t.TempDir(), shipped.FS)
			exchange(t, cfg, messageLine, []step{
				{"START 15", []string{"OK"}},
				{"INFO max_node 500", nil},
				{"INFO book_file " + path, nil},
				{"BEGIN", []string{`~ERROR book: ` + regexp.QuoteMeta(path) + `: not a regular file; playing without a book`, `~\d+,\d+`}},
				{"END", nil},
			})
		})
	}
}

// TestEveryFinishedGameLearned: each finished game is learned once, also
// one like the game before it after a new game began, and one that reaches
// the same final position by another order. Only the first of these four
// reached the log: the check against learning one game twice looked at
// the final position alone, and across new games.
func TestEveryFinishedGameLearned(t *testing.T) {
	dir, good, _, _ := bookFiles(t)
	g := tictactoe.Game{}
	exchange(t, bookConfig(t, dir), regexp.MustCompile(`^info `), []step{
		{"setoption name BookFile value " + good, nil},
		{"setoption name BookLearn value true", nil},
		{"position startpos moves a1 a2 b1 b2 c1", nil},
		// Sent again within the game, it is the same game.
		{"position startpos moves a1 a2 b1 b2 c1", nil},
		{"uginewgame", nil},
		{"position startpos moves a1 a2 b1 b2 c1", nil},
		{"uginewgame", nil},
		{"position startpos moves a1 a2 b1 b2 c1", nil},
		{"uginewgame", nil},
		{"position startpos moves b1 a2 a1 b2 c1", nil},
		{"quit", nil},
	})
	games := logged(t, g, good)
	require.Len(t, games, 4)
	for _, gm := range games {
		assert.Equal(t, engines.P1Win, gm.Result)
	}
}

// TestLearningFailuresSaid: a game that cannot be written to its book's
// log is said in the dialect's form (it was said on stderr alone, and
// NBoard answered learned as if the game were kept). The log folder's
// place is taken by a file, so that no log can be made there, whoever
// runs the test.
func TestLearningFailuresSaid(t *testing.T) {
	blocked := func(t *testing.T, g engines.Game) string {
		path := filepath.Join(t.TempDir(), "blocked.book")
		b, err := book.New(g, 2, 10)
		require.NoError(t, err)
		require.NoError(t, b.Save(path))
		require.NoError(t, os.WriteFile(book.LogDir(path), []byte("in the way"), 0o644))
		return path
	}
	t.Run("ugi", func(t *testing.T) {
		path := blocked(t, tictactoe.Game{})
		exchange(t, bookConfig(t, t.TempDir()), regexp.MustCompile(`^info depth`), []step{
			{"setoption name BookFile value " + path, nil},
			{"setoption name BookLearn value true", nil},
			{"position startpos moves a1 a2 b1 b2 c1", []string{`~info string error: book: learning: .*not a directory`}},
			{"quit", nil},
		})
	})
	t.Run("nboard", func(t *testing.T) {
		g, err := othello.New(8)
		require.NoError(t, err)
		dir := filepath.Dir(blocked(t, g))
		require.NoError(t, os.Rename(filepath.Join(dir, "blocked.book"), filepath.Join(dir, book.FileName(g))))
		require.NoError(t, os.Rename(filepath.Join(dir, "blocked.book.logs"), book.LogDir(filepath.Join(dir, book.FileName(g)))))
		cfg := nboardConfig()
		cfg.Books = book.NewShelfIn(dir, nil)
		exchange(t, cfg, nil, []step{
			{"nboard 2", []string{"set myname qi"}},
			{"move F5", nil},
			{"learn", []string{`~status error: book: learning: .*not a directory; the game is not kept`, "learned"}},
			{"quit", nil},
		})
	})
	t.Run("gomocup", func(t *testing.T) {
		g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
		require.NoError(t, err)
		path := blocked(t, g)
		cfg := gomocupConfig()
		cfg.Books = book.NewShelfIn(t.TempDir(), nil)
		inR, inW := io.Pipe()
		out := &lineWriter{lines: make(chan string, 10000)}
		done := make(chan error, 1)
		go func() { done <- Run(context.Background(), inR, out, cfg) }()
		_, err = io.WriteString(inW, "START 15\nINFO max_node 500\nINFO book_learn 1\nINFO book_file "+path+"\nBOARD\n7,7,1\n8,8,2\nDONE\nRESTART\n")
		require.NoError(t, err)
		// The failure comes from the learner's goroutine and is told
		// with the next reply after it: each YXSHOWFORBID is one.
		said := false
		for giveUp := time.Now().Add(time.Minute); !said; {
			require.True(t, time.Now().Before(giveUp), "the failure was not said")
			_, err = io.WriteString(inW, "YXSHOWFORBID\n")
			require.NoError(t, err)
			for l := ""; !strings.HasPrefix(l, "FORBID"); {
				select {
				case l = <-out.lines:
					said = said || regexp.MustCompile(`^ERROR book: learning: .*not a directory$`).MatchString(l)
				case <-time.After(time.Minute):
					t.Fatal("the failure was not said")
				}
			}
		}
		inW.Close()
		require.NoError(t, <-done)
	})
}

// TestNoFoldersForMissingBooks: a client that names a book in a folder
// that is not there, with learning on, makes no folder: qi said it played
// without the book, yet made the folder and a game log in it.
func TestNoFoldersForMissingBooks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "victim", "new.book")
	exchange(t, bookConfig(t, t.TempDir()), regexp.MustCompile(`^info depth`), []step{
		{"setoption name BookFile value " + path, []string{"info string error: book: " + path + ": no such file; playing without a book"}},
		{"setoption name BookLearn value true", nil},
		{"position startpos moves a1 a2 b1 b2 c1", []string{`~info string error: book: learning: .*no such file or directory`}},
		{"quit", nil},
	})
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// TestSeedRepeatsTheBook: the same Seed makes the same random book
// choices, game after game; the book's random source was seeded from the
// clock alone, so a batch run's book moves changed from run to run.
func TestSeedRepeatsTheBook(t *testing.T) {
	moves := func(seedCmd string, ugi bool) string {
		var in []string
		if ugi {
			in = append(in, "setoption name BookRandomness value 10000", seedCmd)
		} else {
			in = append(in, "START 15", "INFO max_node 200", "INFO book_randomness 10000", seedCmd)
		}
		for range 12 {
			if ugi {
				in = append(in, "uginewgame", "go depth 2")
			} else {
				in = append(in, "RESTART", "BEGIN")
			}
		}
		cfg := bookConfig(t, t.TempDir())
		if !ugi {
			cfg = gomocupConfig()
			cfg.Books = book.NewShelfIn(t.TempDir(), shipped.FS)
		}
		var out strings.Builder
		require.NoError(t, Run(context.Background(), strings.NewReader(strings.Join(in, "\n")+"\n"), &out, cfg))
		var got []string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "bestmove ") || regexp.MustCompile(`^\d+,\d+$`).MatchString(l) {
				got = append(got, l)
			}
		}
		require.Len(t, got, 12)
		return strings.Join(got, " ")
	}
	for _, tc := range []struct {
		ugi  bool
		seed func(int) string
	}{
		{true, func(n int) string { return fmt.Sprintf("setoption name Seed value %d", n) }},
		{false, func(n int) string { return fmt.Sprintf("INFO seed %d", n) }},
	} {
		a := moves(tc.seed(7), tc.ugi)
		assert.Equal(t, a, moves(tc.seed(7), tc.ugi), "the same seed, the same choices")
		assert.NotEqual(t, a, moves(tc.seed(8), tc.ugi), "another seed, other choices")
	}
}
