// Tests of RenLib libraries in `qi book import` and `qi book export`: the
// positions of a real library (testdata/I7.lib), counted a second way here;
// a book made from it, written back as a library and read again; and
// damaged libraries, which import nothing.

package booktool

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bk "qi/book"
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/record"
)

// linePositions counts, a second way, the distinct positions of a
// library's lines to plies under freestyle (or any rule, before a five or
// a foul can be): the empty board and the stones after each move, taken
// once under the square's 8 symmetries; a five or more in a row ends a
// line. It returns them and the moves that lead to them.
func linePositions(root *record.RenlibNode, plies int) (distinct, moves int) {
	const n = record.RenlibSize
	var board [n][n]byte
	seen := map[string]bool{}
	key := func() string {
		best := ""
		for k := range 8 {
			var sb strings.Builder
			for y := range n {
				for x := range n {
					u, v := x, y
					if k&1 != 0 {
						u = n - 1 - u
					}
					if k&2 != 0 {
						v = n - 1 - v
					}
					if k&4 != 0 {
						u, v = v, u
					}
					sb.WriteByte('0' + board[v][u])
				}
			}
			if s := sb.String(); best == "" || s < best {
				best = s
			}
		}
		return best
	}
	five := func(x, y int) bool {
		c := board[y][x]
		for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
			run := 1
			for _, s := range []int{1, -1} {
				for u, v := x+s*d[0], y+s*d[1]; u >= 0 && v >= 0 && u < n && v < n && board[v][u] == c; u, v = u+s*d[0], v+s*d[1] {
					run++
				}
			}
			if run >= 5 {
				return true
			}
		}
		return false
	}
	var walk func(node *record.RenlibNode, ply int)
	walk = func(node *record.RenlibNode, ply int) {
		for _, c := range node.Children {
			if !c.IsMove() || ply+1 > plies {
				continue
			}
			board[c.Y][c.X] = byte(1 + ply%2)
			if !five(c.X, c.Y) {
				if len(seen) == 0 {
					seen[strings.Repeat("0", n*n)] = true
				}
				seen[key()] = true
				moves++
				walk(c, ply+1)
			}
			board[c.Y][c.X] = 0
		}
	}
	walk(root, 0)
	return len(seen), moves
}

// readI7 reads testdata/I7.lib.
func readI7(t testing.TB) libFile {
	t.Helper()
	l, err := readLib(testdata(t, "I7.lib"))
	require.NoError(t, err)
	return l
}

func TestLibPositionsOfI7(t *testing.T) {
	l := readI7(t)
	for _, tc := range []struct {
		rule  string
		plies int
	}{
		{"renju", 4}, {"renju", 8}, {"freestyle", 20}, {"freestyle", 40},
	} {
		t.Run(fmt.Sprintf("%s to ply %d", tc.rule, tc.plies), func(t *testing.T) {
			g := mustGame(t, "gomoku", engines.Config{Rule: tc.rule})
			b, err := bk.New(g, 1, tc.plies)
			require.NoError(t, err)
			w := newLibWalk(b, g.(*gomoku.Game))
			p, err := b.PositionPlan(w.positions([]libFile{l}))
			require.NoError(t, err)
			require.NoError(t, w.err)
			distinct, moves := linePositions(l.lib.Root, tc.plies)
			assert.Equal(t, distinct, len(w.seen), "the positions, each once")
			assert.Equal(t, distinct, p.NewPositions(), "all new to an empty book")
			assert.Equal(t, moves, w.stored, "the moves whose positions go to the book")
			left := 0
			for _, n := range w.left {
				left += n
			}
			assert.LessOrEqual(t, moves+left, l.lib.Nodes(), "each node stored or left out, but those after a game's end")
		})
	}
}

// The numbers a second reading gives for I7, which the import prints.
func TestLibPositionsOfI7AreKnown(t *testing.T) {
	l := readI7(t)
	for _, tc := range []struct{ plies, distinct, moves int }{
		{4, 19, 18}, {8, 228, 250},
	} {
		distinct, moves := linePositions(l.lib.Root, tc.plies)
		assert.Equal(t, [2]int{tc.distinct, tc.moves}, [2]int{distinct, moves}, "to ply %d", tc.plies)
	}
}

// positionsOf returns the positions of the book at path, as texts.
func positionsOf(t testing.TB, path string) []string {
	t.Helper()
	var texts []string
	for _, line := range strings.Split(mustRun(t, "export", "-book", path), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			texts = append(texts, strings.Split(line, "\t")[0])
		}
	}
	slices.Sort(texts)
	return texts
}

func TestImportLibExportLibRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "i7.book")
	out := mustRun(t, "import", "-book", path, "-level", "1", "-plies", "4", testdata(t, "I7.lib"))
	assert.Contains(t, out, "a RenLib 3.0 library of 2076 nodes, 2076 of them moves")
	assert.Contains(t, out, "the positions after 18 moves and the empty board: 19 positions once each under the board's symmetries, 19 of them new to the book")
	assert.Contains(t, out, "left out: 2058 moves past the book's 4 plies")
	assert.Contains(t, out, "the lines go on to ply 37")
	assert.Contains(t, out, "saved "+path+": 19 positions")
	assert.NoFileExists(t, path+".journal")
	assert.Contains(t, mustRun(t, "stats", "-book", path), "a book of gomoku 15x15 renju, level 1, plies 4", "a library makes a renju book")

	show := mustRun(t, "show", "-book", path, "-moves", "h8 i9")
	assert.Regexp(t, `(?m)^i7 +[-+]\d+\.\d\d +1 +0 `, show, "the library's third move is a book move")
	assert.Regexp(t, `(?m)^g9 +[-+]\d+\.\d\d +1 +0 `, show, "and so is its mirror image")

	lib := filepath.Join(dir, "i7.lib")
	out = mustRun(t, "export", "-book", path, "-o", lib)
	assert.Contains(t, out, "wrote "+lib+": a RenLib library of")
	assert.Contains(t, out, "the moves to 19 of the book's 19 positions")
	data, err := os.ReadFile(lib)
	require.NoError(t, err)
	written, err := record.ReadRenlib(data)
	require.NoError(t, err)
	assert.Regexp(t, `^[-+]\d+\.\d\d/1$`, written.Root.Children[0].Comment, "a move's value and depth")

	again := filepath.Join(dir, "again.book")
	out = mustRun(t, "import", "-book", again, "-level", "1", "-plies", "4", lib)
	assert.Contains(t, out, "19 positions once each")
	assert.NotContains(t, out, "left out")
	assert.Equal(t, positionsOf(t, path), positionsOf(t, again), "the library written reads back as the book's positions")

	out = mustRun(t, "import", "-book", path, "-format", "lib", lib)
	assert.Contains(t, out, "0 of them new to the book")
	assert.NotContains(t, out, "searched", "nothing is left to search")
}

// fouls is a library of lines that a renju book cannot take whole: a black
// double-three, a pass, a board text, a five with a move after it.
func fouls() *record.Renlib {
	line := func(squares ...string) *record.RenlibNode {
		var first, last *record.RenlibNode
		for _, s := range squares {
			x, y := int(s[0]-'a'), record.RenlibSize-int(s[1]-'0')
			if len(s) == 3 {
				y = record.RenlibSize - 10*int(s[1]-'0') - int(s[2]-'0')
			}
			n := &record.RenlibNode{X: x, Y: y}
			if s == "--" {
				n = &record.RenlibNode{X: -1, Y: -1, Pass: true}
			}
			if first == nil {
				first = n
			} else {
				last.Children = []*record.RenlibNode{n}
			}
			last = n
		}
		return first
	}
	// Black's g8, i8, h7 and h9 around h8, white's far away: h8 is a
	// double-three.
	doubleThree := line("g8", "a1", "i8", "a15", "h7", "o1", "h9", "o15", "h8")
	pass := line("--", "h8")
	label := &record.RenlibNode{X: 7, Y: 7, Label: true, BoardText: "A"}
	// Black's five on row 5, and a move after it.
	five := line("a5", "a1", "b5", "b1", "c5", "c1", "d5", "d1", "e5", "f1")
	return &record.Renlib{Root: &record.RenlibNode{X: -1, Y: -1, Children: []*record.RenlibNode{doubleThree, pass, label, five}}}
}

func TestImportLibLeavesOutWhatTheRuleRefuses(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	require.NoError(t, record.WriteRenlib(&b, fouls()))
	lib := writeFile(t, dir, "fouls.lib", b.String())
	g := mustGame(t, "gomoku", engines.Config{Rule: "renju"})
	book, err := bk.New(g, 1, 20)
	require.NoError(t, err)
	l, err := readLib(lib)
	require.NoError(t, err)
	w := newLibWalk(book, g.(*gomoku.Game))
	_, err = book.PositionPlan(w.positions([]libFile{l}))
	require.NoError(t, err)
	assert.Equal(t, map[string]int{
		"moves illegal under renju and what follows them": 1,
		"passes and what follows them":                    2,
		"board texts that are no move":                    1,
		"moves after the game's end":                      1,
	}, w.left)
	assert.Equal(t, 8+8, w.stored, "the double-three's line before it, the five's before it")

	free := mustGame(t, "gomoku", engines.Config{Rule: "freestyle"})
	book, err = bk.New(free, 1, 20)
	require.NoError(t, err)
	w = newLibWalk(book, free.(*gomoku.Game))
	_, err = book.PositionPlan(w.positions([]libFile{l}))
	require.NoError(t, err)
	assert.NotContains(t, w.left, "moves illegal under freestyle and what follows them", "freestyle forbids nothing")
	assert.Equal(t, 9+8, w.stored)
}

func TestImportLibRefusesDamageAndChangesNothing(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(testdata(t, "I7.lib"))
	require.NoError(t, err)
	head := good[:20]
	record := func(rs ...byte) string { return string(append(append([]byte{}, head...), rs...)) }
	chain := []byte{0, 0}
	for range 500 {
		chain = append(chain, 0, 0) // passes, each under the one before
	}
	path := filepath.Join(dir, "r.book")
	mustRun(t, "import", "-book", path, "-level", "1", "-plies", "2", testdata(t, "I7.lib"))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, text, want string
	}{
		{"bad header", "# qi book gomoku 15x15 renju\n", "not a RenLib library"},
		{"truncated in a record", string(good[:555]), "cut short"},
		{"truncated in a comment", string(good[:30]), "the file ends inside it"},
		{"a move off the board", record(0x78, 0, 0x70, 0), "square 0x70 is off the 15x15 board"},
		{"a move onto a stone", record(0x78, 0, 0x69, 0, 0x78, 0), "h8 is on a stone of its line"},
		{"too deep", record(chain...), "deeper than a game can be"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := writeFile(t, dir, "bad.lib", tc.text)
			for _, book := range []string{path, filepath.Join(dir, "new.book")} {
				_, err := qiBook(t, "import", "-book", book, "-level", "1", "-plies", "4", testdata(t, "I7.lib"), bad)
				assert.ErrorContains(t, err, tc.want)
				assert.ErrorContains(t, err, bad, "the error names the file")
			}
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(before, after), "the book is as it was")
			assert.NoFileExists(t, filepath.Join(dir, "new.book"), "no book is made")
			assert.NoFileExists(t, path+".journal", "nothing was searched")
		})
	}
}

func TestImportAndExportFormats(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(testdata(t, "I7.lib"))
	require.NoError(t, err)
	noExt := writeFile(t, dir, "i7.data", string(data))
	path := filepath.Join(dir, "r.book")
	out := mustRun(t, "import", "-book", path, "-level", "1", "-plies", "2", noExt)
	assert.Contains(t, out, "a RenLib 3.0 library", "RenLib's header says what the file is")

	_, err = qiBook(t, "import", "-book", path, "-format", "text", noExt)
	assert.ErrorContains(t, err, "i7.data")
	text := filepath.Join(dir, "r.txt")
	mustRun(t, "export", "-book", path, "-o", text)
	_, err = qiBook(t, "import", "-book", path, "-format", "lib", text)
	assert.ErrorContains(t, err, "not a RenLib library")
	_, err = qiBook(t, "import", "-book", path, "-format", "sgf", text)
	assert.ErrorContains(t, err, "-format is text or lib")
	_, err = qiBook(t, "import", "-book", path, "-nosearch", noExt)
	assert.ErrorContains(t, err, "holds no values")

	_, err = qiBook(t, "export", "-book", path, "-format", "lib")
	assert.ErrorContains(t, err, "name it with -o")
	mustRun(t, "export", "-book", path, "-format", "lib", "-o", filepath.Join(dir, "r.bin"))
	data, err = os.ReadFile(filepath.Join(dir, "r.bin"))
	require.NoError(t, err)
	assert.True(t, record.IsRenlib(data))

	othello := filepath.Join(dir, "o.book")
	mustRun(t, "build", "-book", othello, "-game", "othello", "-level", "1", "-plies", "2", "-min", "1", testdata(t, "WTH_1977.wtb"))
	_, err = qiBook(t, "export", "-book", othello, "-o", filepath.Join(dir, "o.lib"))
	assert.ErrorContains(t, err, "gomoku on the 15x15 board")
	_, err = qiBook(t, "import", "-book", othello, noExt)
	assert.ErrorContains(t, err, "gomoku on the 15x15 board")
	_, err = qiBook(t, "import", "-book", filepath.Join(dir, "big.book"), "-size", "20", noExt)
	assert.ErrorContains(t, err, "gomoku on the 15x15 board")
}

// A book position that no line of book moves reaches from the empty board
// (here three stones in a corner, from a text, whose positions before are
// not in the book) has no place in a library: the export says so.
func TestExportLibLeavesOutWhatTheEmptyBoardDoesNotReach(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.book")
	mustRun(t, "import", "-book", path, "-level", "1", "-plies", "2", testdata(t, "I7.lib"))
	corner := writeFile(t, dir, "corner.txt", "# qi book gomoku 15x15 renju: a corner\n"+
		"15/15/15/15/15/15/15/15/15/15/15/15/x14/o14/x14 o\t+0\t0\t1\t-\t+0\t0\t1\t0\t0\t0\n")
	mustRun(t, "import", "-book", path, corner)
	lib := filepath.Join(dir, "r.lib")
	out := mustRun(t, "export", "-book", path, "-o", lib)
	assert.Contains(t, out, "the moves to 3 of the book's 4 positions (1 no line of book moves reaches from the empty board, left out)")
	again := filepath.Join(dir, "again.book")
	assert.Contains(t, mustRun(t, "import", "-book", again, "-level", "1", "-plies", "2", lib), "3 positions once each")
}
