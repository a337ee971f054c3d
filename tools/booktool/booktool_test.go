// Tests of `qi book`: every command from the command line, over the small
// record sets in testdata (see testdata/SOURCE) and records written here.

package booktool

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bk "qi/book"
	"qi/engines"
	"qi/engines/catalog"
)

// testdata returns the path of a file in testdata, which the tests read
// wherever they run.
func testdata(t testing.TB, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	require.NoError(t, err)
	return p
}

// qiBook runs `qi book args...` and returns its output.
func qiBook(t testing.TB, args ...string) (string, error) {
	t.Helper()
	var out, errs strings.Builder
	if strings.Contains("build deviate learn merge import", args[0]) {
		args = append(args[:1:1], append([]string{"-progress", "off"}, args[1:]...)...)
	}
	err := Run(context.Background(), args, &out, &errs, catalog.New())
	return out.String() + errs.String(), err
}

// mustRun runs `qi book args...`, which must succeed.
func mustRun(t testing.TB, args ...string) string {
	t.Helper()
	out, err := qiBook(t, args...)
	require.NoError(t, err, out)
	return out
}

func TestEveryCommandHasHelp(t *testing.T) {
	var out strings.Builder
	require.NoError(t, Run(context.Background(), nil, &out, &out, catalog.New()))
	assert.Contains(t, out.String(), "usage: qi book <command>")
	for name := range commands {
		out.Reset()
		require.NoError(t, Run(context.Background(), []string{name, "-h"}, &out, &out, catalog.New()), name)
		assert.Contains(t, out.String(), "usage: qi book "+name, name)
		assert.Contains(t, out.String(), "-book", name)
	}
	err := Run(context.Background(), []string{"fly"}, &out, &out, catalog.New())
	assert.ErrorContains(t, err, `unknown command "fly"`)
	_, err = qiBook(t, "stats")
	assert.ErrorContains(t, err, "-book FILE is required")
	_, err = qiBook(t, "build", "-book", filepath.Join(t.TempDir(), "x.book"))
	assert.ErrorContains(t, err, "name its game with -game")
}

func TestBuildShowStatsFromWTHOR(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "o.book")
	out := mustRun(t, "build", "-book", path, "-game", "othello", "-level", "2", "-plies", "10", "-min", "2", testdata(t, "WTH_1977.wtb"))
	assert.Contains(t, out, "read 12 games from 1 files")
	assert.Contains(t, out, "saved "+path)
	assert.NoFileExists(t, path+".journal", "the journal goes once the book is saved")

	out = mustRun(t, "show", "-book", path, "-moves", "f5")
	assert.Contains(t, out, "in the book: value")
	assert.Regexp(t, `(?m)^d6 +[-+]\d+\.\d\d +2 +4 +1 +0 +3$`, out, "d6 was played in four games, won once")

	out = mustRun(t, "stats", "-book", path)
	assert.Contains(t, out, "a book of othello 8x8, level 2, plies 10")
	assert.Contains(t, out, "games      12 through the start")

	out = mustRun(t, "show", "-book", path, "-moves", "f5 f6 e6 f4 g5")
	if !strings.Contains(out, "in the book") {
		assert.Contains(t, out, "not in the book")
	}

	again := mustRun(t, "build", "-book", path, testdata(t, "WTH_1977.wtb"))
	assert.Contains(t, again, "0 new ones occur")
	assert.Contains(t, mustRun(t, "stats", "-book", path), "games      24 through the start", "a build adds its records' games")
}

func TestBuildFromPSQ(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.book")
	out := mustRun(t, "build", "-book", path, "-game", "gomoku", "-rule", "renju", "-level", "1", "-plies", "6", "-min", "1", testdata(t, "renju"))
	assert.Contains(t, out, "read 6 games from 6 files")
	b, err := bk.Open(path, mustGame(t, "gomoku", engines.Config{Rule: "renju"}))
	require.NoError(t, err)
	defer b.Close()
	assert.Positive(t, b.Len())
	other := filepath.Join(t.TempDir(), "f.book")
	out = mustRun(t, "build", "-book", other, "-game", "gomoku", "-rule", "freestyle", "-level", "1", "-plies", "4", testdata(t, "renju"))
	assert.Contains(t, out, "read 0 games")
	assert.Contains(t, out, "6 game of another board or rule")
	out = mustRun(t, "build", "-book", other, "-anyrule", "-level", "1", testdata(t, "renju"))
	assert.Contains(t, out, "read 6 games", "renju games make a freestyle book with -anyrule")
	assert.Contains(t, mustRun(t, "stats", "-book", filepath.Join(filepath.Dir(path), "r.book")), "gomoku 15x15 renju")
}

func mustGame(t testing.TB, name string, cfg engines.Config) engines.Game {
	t.Helper()
	g, err := catalog.New().New(name, cfg)
	require.NoError(t, err)
	return g
}

// writeFile writes text to name in dir and returns its path.
func writeFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestRecordsOfEveryKind(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, game string
		cfg        engines.Config
		file, text string
		want       []bk.Game // moves as texts in Start's notation, below
		moves      [][]string
	}{
		{
			name: "PGN of qi arena", game: "tictactoe", file: "a.pgn",
			text: `[Event "?"]
[Game "tictactoe"]
[Result "1-0"]

1. b2 {book} a2 {+0.00/9 0.001s} 2. a1 {-} c3 {-} 3. c1 {-} b1 {-} 4. a3 {-} 1-0

[Event "?"]
[Game "niujiao"]
[Result "1-0"]

1. 01 {book} 1-0
`,
			want:  []bk.Game{{Result: engines.P1Win, Opening: 1}},
			moves: [][]string{{"b2", "a2", "a1", "c3", "c1", "b1", "a3"}},
		},
		{
			name: "PGN of gomoku rules", game: "gomoku", cfg: engines.Config{Rule: "renju"}, file: "r.pgn",
			text: `[Variant "gomoku"]
[Game "gomoku"]
[Rule "renju"]
[BoardSize "15"]
[Result "0-1"]

1. h8 i9 0-1

[Variant "gomoku"]
[Result "0-1"]

1. h8 i9 0-1
`,
			want:  []bk.Game{{Result: engines.P2Win}},
			moves: [][]string{{"h8", "i9"}},
		},
		{
			name: "GGF", game: "othello", file: "a.ggf",
			text: "(;GM[Othello]RE[+4.00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\n" +
				"B[F5]W[D6]B[C3/1.00/0.1]W[D3/-1.00/0.1];)\n" +
				"(;GM[Othello]RE[-2.00:t]TY[10]BO[10 " + strings.Repeat("-", 44) + "O*--------*O" + strings.Repeat("-", 44) + " *]B[E6];)\n",
			want:  []bk.Game{{Result: engines.P1Win, Opening: 2}},
			moves: [][]string{{"f5", "d6", "c3", "d3"}},
		},
		{
			name: "SGF of qi arena", game: "gomoku", cfg: engines.Config{Rule: "renju"}, file: "a.sgf",
			text: "(;FF[4]GM[4]RU[4]SZ[15]RE[W+1]\n;B[hh]C[opening move];W[ih]C[opening move];B[gg]C[12ms];W[ii]C[3ms])\n" +
				"(;FF[4]GM[4]RU[1]SZ[15]RE[0];B[hh])\n",
			want:  []bk.Game{{Result: engines.P2Win, Opening: 2}},
			moves: [][]string{{"h8", "i8", "g9", "i7"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, tc.game, tc.cfg)
			rs := newRecords(catalog.New(), g)
			var got []bk.Game
			require.NoError(t, rs.readFile(writeFile(t, dir, tc.file, tc.text), func(gm bk.Game) error {
				got = append(got, gm)
				return nil
			}))
			require.Len(t, got, len(tc.want))
			for i, w := range tc.want {
				pos := g.Start()
				w.Moves, _ = play(pos, tc.moves[i])
				assert.Equal(t, w, got[i])
			}
			assert.Equal(t, 1, rs.skipped["game of another game, board or rule"]+rs.skipped["game of another game or board"]+rs.skipped["game of another board or rule"],
				"the game of another kind is left out: %v", rs.skipped)
		})
	}
	_, err := newRecords(catalog.New(), mustGame(t, "tictactoe", engines.Config{})).files([]string{writeFile(t, dir, "x.txt", "")})
	assert.ErrorContains(t, err, "not a record qi reads")
}

func TestLearnDeviateMergeExportImport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.book")
	pgn := writeFile(t, dir, "g.pgn", `[Game "tictactoe"]
[Result "1-0"]

1. b2 a2 2. a1 c3 3. c1 b1 4. a3 1-0
`)
	out := mustRun(t, "learn", "-book", path, "-game", "tictactoe", "-level", "9", "-plies", "9", "-deviation", "0", pgn)
	assert.Contains(t, out, "1 games written to the game log")
	assert.Contains(t, out, "1 games learned")
	out = mustRun(t, "build", "-book", path)
	assert.NotContains(t, out, "folded", "the log was folded in already")

	out = mustRun(t, "deviate", "-book", path, "-error", "0", "-cumulative", "0", "-plies", "3")
	assert.Contains(t, out, "no leaf is left within the errors")
	assert.Contains(t, out, "round 1:")
	show := mustRun(t, "show", "-book", path)
	assert.Contains(t, show, "value +0.00 (depth 9, exact)")

	text := filepath.Join(dir, "t.txt")
	mustRun(t, "export", "-book", path, "-o", text)
	copyPath := filepath.Join(dir, "copy.book")
	out = mustRun(t, "import", "-book", copyPath, text)
	assert.Contains(t, out, "read ")
	assert.Equal(t, show, mustRun(t, "show", "-book", copyPath), "a book read from its text shows the same")

	merged := filepath.Join(dir, "m.book")
	mustRun(t, "merge", "-book", merged, path, copyPath)
	assert.Contains(t, mustRun(t, "stats", "-book", merged), "games      2 through the start", "merging adds the games")

	_, err := qiBook(t, "merge", "-book", merged, writeFile(t, dir, "bad.book", "not a book"))
	assert.ErrorIs(t, err, bk.ErrFormat)
}

// BenchmarkBuild builds an othello book of the twelve games of 1977 to ply
// 20, every position (min 1) searched 4 plies deep.
func BenchmarkBuild(b *testing.B) {
	wthor := testdata(b, "WTH_1977.wtb")
	for b.Loop() {
		path := filepath.Join(b.TempDir(), "o.book")
		mustRun(b, "build", "-book", path, "-game", "othello", "-level", "4", "-plies", "20", "-min", "1", wthor)
	}
}

// TestDepthFlagsRefused: -level and -plies out of bounds are refused with
// the accepted range, before any work: a level of 99999 was accepted (and
// deviate never got on), -level -5 and -plies -1 silently taken for the
// defaults.
func TestDepthFlagsRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "-game", "gomoku", "-size", "7", "-level", "99999"}, "-level wants 1 to 64 (0: the book's), not 99999"},
		{[]string{"build", "-game", "tictactoe", "-level", "-5"}, "-level wants 1 to 64 (0: the book's), not -5"},
		{[]string{"build", "-game", "tictactoe", "-plies", "-1"}, "-plies wants 1 to 512 (0: the book's), not -1"},
		{[]string{"deviate", "-level", "65"}, "-level wants 1 to 64"},
		{[]string{"learn", "-plies", "100000"}, "-plies wants 1 to 512"},
	} {
		path := filepath.Join(t.TempDir(), "x.book")
		args := append([]string{tt.args[0], "-book", path}, tt.args[1:]...)
		_, err := qiBook(t, args...)
		assert.ErrorContains(t, err, tt.want, "%v", tt.args)
		assert.NoFileExists(t, path)
	}
}

// TestStatsOfAnEmptyBook: an empty book's stats say so, not that its
// header is the size of a position.
func TestStatsOfAnEmptyBook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.book")
	mustRun(t, "build", "-book", path, "-game", "tictactoe")
	out := mustRun(t, "stats", "-book", path)
	assert.Contains(t, out, "positions  0 (80 bytes: the header alone)")
	assert.NotContains(t, out, "a position)")
}

// TestEmptyFileNamed: a 0-byte file named as a book is refused by name
// (it gave a bare "EOF").
func TestEmptyFileNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zero.book")
	require.NoError(t, os.WriteFile(path, nil, 0o644))
	for _, cmd := range []string{"stats", "show", "export"} {
		_, err := qiBook(t, cmd, "-book", path)
		require.Error(t, err, cmd)
		assert.Contains(t, err.Error(), path, cmd)
		assert.Contains(t, err.Error(), "no qi book header", cmd)
	}
}
