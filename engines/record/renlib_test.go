// Tests of the RenLib reader and writer on real libraries (testdata/renlib,
// see its README) and on damaged ones made here.

package record

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readTestLib reads a library of testdata/renlib.
func readTestLib(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "renlib", name))
	require.NoError(t, err)
	return data
}

// flatCount counts a library's records a second way, without its tree:
// record after record, its texts skipped, the empty board's own left out;
// and those of them with no child (0x40) and with a sibling to come (0x80).
func flatCount(t testing.TB, data []byte) (records, leaves, siblings int) {
	t.Helper()
	skipText := func(off int, end func(byte) bool) int {
		for ; ; off += 2 {
			require.Less(t, off+1, len(data), "a text runs off the file")
			if end(data[off]) || end(data[off+1]) {
				return off + 2
			}
		}
	}
	zero := func(c byte) bool { return c == 0 }
	high := func(c byte) bool { return c >= 0x80 }
	for off := 20; off < len(data); {
		pos, info := data[off], data[off+1]
		if off > 20 || pos != 0 {
			records++
		}
		off += 2
		var ext byte
		if info&0x01 != 0 {
			ext, off = data[off+1], off+2
		}
		switch {
		case info&0x20 != 0:
			off = skipText(off, high)
		case info&0x08 != 0:
			off = skipText(off, zero)
		}
		if ext&0x01 != 0 {
			off = skipText(off, zero)
		}
		if info&0x40 != 0 {
			leaves++
		}
		if info&0x80 != 0 {
			siblings++
		}
	}
	return records, leaves, siblings
}

// treeCounts counts a tree's leaves, deepest line and comments.
func treeCounts(n *RenlibNode, depth int) (leaves, deepest, comments int) {
	deepest = depth
	if len(n.Children) == 0 {
		leaves = 1
	}
	if n.Comment != "" || n.MultiLine != "" {
		comments = 1
	}
	for _, c := range n.Children {
		l, d, k := treeCounts(c, depth+1)
		leaves, deepest, comments = leaves+l, max(deepest, d), comments+k
	}
	return leaves, deepest, comments
}

func TestReadRenlibRealLibraries(t *testing.T) {
	for _, tc := range []struct {
		file                                     string
		major, minor                             int
		nodes, leaves, deepest, comments, passes int
		first                                    []string // the first moves of the first line
	}{
		{"I7.lib", 3, 0, 2076, 262, 37, 93, 0, []string{"h8", "i9", "i7", "g10", "g9"}},
		{"rps-fail.lib", 3, 0, 176, 8, 50, 9, 0, []string{"h8", "h9", "h10", "i10", "g9"}},
		{"null_move2.lib", 3, 4, 17, 4, 10, 2, 2, []string{"h8", "h9", "j9", "", "i8"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data := readTestLib(t, tc.file)
			require.True(t, IsRenlib(data))
			lib, err := ReadRenlib(data)
			require.NoError(t, err)
			assert.Equal(t, [2]int{tc.major, tc.minor}, [2]int{lib.Major, lib.Minor})

			records, _, _ := flatCount(t, data)
			assert.Equal(t, tc.nodes, records, "the records, counted flat")
			assert.Equal(t, tc.nodes, lib.Nodes(), "the tree's nodes")
			leaves, deepest, comments := treeCounts(lib.Root, 0)
			assert.Equal(t, tc.leaves, leaves)
			assert.Equal(t, tc.deepest, deepest)
			assert.Equal(t, tc.deepest+1, lib.Root.Depth(), "the root is a node of every line")
			assert.Equal(t, tc.comments, comments)

			passes := 0
			for stack := []*RenlibNode{lib.Root}; len(stack) > 0; {
				n := stack[len(stack)-1]
				stack = append(stack[:len(stack)-1], n.Children...)
				if n.Pass {
					passes++
					assert.Equal(t, [2]int{-1, -1}, [2]int{n.X, n.Y})
				}
			}
			assert.Equal(t, tc.passes, passes)

			var line []string
			for n := lib.Root; len(n.Children) > 0 && len(line) < len(tc.first); {
				n = n.Children[0]
				sq := ""
				if n.IsMove() {
					sq = renlibSquare(n.X, n.Y)
				}
				line = append(line, sq)
			}
			assert.Equal(t, tc.first, line)
		})
	}
}

func TestReadRenlibKeepsTexts(t *testing.T) {
	lib, err := ReadRenlib(readTestLib(t, "I7.lib"))
	require.NoError(t, err)
	h8 := lib.Root.Children[0]
	assert.Equal(t, "Welcome to RenLib", h8.Comment)
	i7 := h8.Children[0].Children[0]
	assert.Equal(t, "Sure win for black", i7.Comment)
	assert.Equal(t, "i7", renlibSquare(i7.X, i7.Y), "x is the column from the left, y the row from the top")

	lib, err = ReadRenlib(readTestLib(t, "null_move2.lib"))
	require.NoError(t, err)
	pass := lib.Root.Children[0].Children[0].Children[0].Children[0]
	require.True(t, pass.Pass)
	assert.Equal(t, "", pass.Comment)
	assert.Equal(t, "Pass", pass.MultiLine, "the text after byte 8 is the comment's body")
}

// I7's records, in its leaves (0x40) and siblings (0x80), are those of a
// RenLib save: a leaf more than the nodes with a sibling after them.
func TestRenlibLeavesAndSiblings(t *testing.T) {
	records, leaves, siblings := flatCount(t, readTestLib(t, "I7.lib"))
	assert.Equal(t, 2076, records)
	assert.Equal(t, 262, leaves)
	assert.Equal(t, leaves-1, siblings)
}

func TestWriteRenlibReadsBack(t *testing.T) {
	for _, file := range []string{"I7.lib", "rps-fail.lib", "null_move2.lib"} {
		t.Run(file, func(t *testing.T) {
			data := readTestLib(t, file)
			lib, err := ReadRenlib(data)
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, WriteRenlib(&b, lib))
			again, err := ReadRenlib(b.Bytes())
			require.NoError(t, err)
			assert.Equal(t, [2]int{3, 4}, [2]int{again.Major, again.Minor})
			assert.Equal(t, lib.Root, again.Root)
			if lib.Minor == 4 {
				assert.Equal(t, data, b.Bytes(), "a RenLib 3.4 save is written byte for byte")
			}
		})
	}
}

func TestWriteRenlibRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		node *RenlibNode
		want string
	}{
		{"off the board", &RenlibNode{X: 15, Y: 0}, "off the 15x15 board"},
		{"a zero byte", &RenlibNode{X: 7, Y: 7, BoardText: "a\x00b"}, "zero byte"},
		{"byte 8 in a title", &RenlibNode{X: 7, Y: 7, Comment: "a\bb"}, "byte 8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lib := &Renlib{Root: &RenlibNode{X: -1, Y: -1, Children: []*RenlibNode{tc.node}}}
			assert.ErrorContains(t, WriteRenlib(&bytes.Buffer{}, lib), tc.want)
		})
	}
}

// renlibFile returns a library of version 3.4 holding records.
func renlibFile(records ...byte) []byte {
	head := []byte{0xFF, 'R', 'e', 'n', 'L', 'i', 'b', 0xFF, 3, 4}
	return append(append(head, bytes.Repeat([]byte{0xFF}, 10)...), records...)
}

func TestReadRenlibRefusesDamage(t *testing.T) {
	i7 := readTestLib(t, "I7.lib")
	// The empty board, then a chain of passes, each the child of the one
	// before.
	chain := []byte{0, 0}
	for range RenlibMaxDepth + 1 {
		chain = append(chain, 0, 0)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a RenLib library"},
		{"another header", append([]byte("(;FF[4]GM[4]"), make([]byte, 20)...), "not a RenLib library"},
		{"header cut short", i7[:12], "not a RenLib library"},
		{"version 4", append(append([]byte{}, i7[:8]...), append([]byte{4, 0}, i7[10:]...)...), "version 4.0"},
		{"cut inside a record", i7[:101], "cut short"},
		{"cut inside a comment", i7[:30], "its comment: the file ends inside it"},
		{"cut before an extension", renlibFile(0, 0, 0x78, 0x01), "its extension: the file ends inside it"},
		{"column 0 off the board", renlibFile(0, 0, 0x78, 0, 0x10, 0), "square 0x10 is off the 15x15 board"},
		{"row 16 off the board", renlibFile(0, 0, 0xF1, 0), "square 0xf1 is off the 15x15 board"},
		{"a move onto a stone", renlibFile(0, 0, 0x78, 0, 0x79, 0, 0x78, 0), "h8 is on a stone of its line"},
		{"too deep", renlibFile(chain...), "deeper than a game can be"},
		{"a sibling of the empty board", renlibFile(0, rlDown, 0x78, rlRight, 0x79, 0), "gives the empty board a sibling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadRenlib(tc.data)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// A square left by going back up the tree is free again for a sibling
// line, and a label's square holds no stone.
func TestReadRenlibFreesSquaresOfOtherLines(t *testing.T) {
	lib, err := ReadRenlib(renlibFile(
		0, 0,
		0x78, 0,
		0x79, rlDown|rlRight, // i8, a leaf with a sibling to come
		0x89, 0, // i7, the sibling
		0x79, rlNoMove|rlRight, // a label on i8, where the first line's move was
	))
	require.NoError(t, err)
	h8 := lib.Root.Children[0]
	require.Len(t, h8.Children, 2)
	second := h8.Children[1]
	require.Len(t, second.Children, 1)
	assert.True(t, second.Children[0].Label)
	assert.False(t, second.Children[0].IsMove())
}
