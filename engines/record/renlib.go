// This file reads and writes RenLib's libraries (.lib), the trees of moves,
// comments and board texts in which renju players keep their openings, as
// the RenLib program (Frank Arkbo's) writes them, and Yixin and Rapfi read
// them:
//
//   - a header of 20 bytes: 0xFF "RenLib" 0xFF, the version's major and
//     minor numbers (3.0 or 3.4), then 0xFF up to its end;
//   - then a record of two bytes a node, its tree in preorder: the square
//     (16*row + column + 1, both from 0 from the top-left corner of the
//     15x15 board; 0 for no square) and its flags: 0x80 a sibling follows
//     its subtree, 0x40 no child (the next record is the sibling of the
//     latest node with 0x80), 0x20 a comment of RenLib 2 (7-bit text, the
//     high bit on its last byte), 0x10 marked, 0x08 a comment, 0x04 the
//     library's start position, 0x02 no move (a board text on an empty
//     square), 0x01 two more bytes of flags follow (0x01 in the second: a
//     board text);
//   - after a record, its comment and then its board text, each
//     zero-terminated and padded to an even length; a comment's one-line
//     title ends at its first byte 8, its text follows.
//
// The first record is the empty board's own (square 0), except in the
// files of RenLib 3.0 that start with the first move. A node of square 0
// after it is a pass. The texts are the bytes of the file, in the code page
// of the Windows that wrote them (cp1252 in the West, GBK in China ...),
// not converted.

package record

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// RenlibSize is the side of RenLib's board.
const RenlibSize = 15

// RenlibMaxDepth bounds a library's lines: deeper than a game that fills
// the board with a pass between every two moves. A file with a deeper line
// is damaged (a chain of passes or board texts goes on for ever).
const RenlibMaxDepth = 2 * RenlibSize * RenlibSize

// The header's magic and length, and the version the writer writes.
const (
	renlibMagic     = "\xffRenLib\xff"
	renlibHeaderLen = 20
	renlibMajor     = 3
	renlibMinor     = 4
)

// The flags of a record, and of its extension.
const (
	rlDown       = 0x80
	rlRight      = 0x40
	rlOldComment = 0x20
	rlMark       = 0x10
	rlComment    = 0x08
	rlStart      = 0x04
	rlNoMove     = 0x02
	rlExtension  = 0x01

	rlBoardText = 0x01 // in the extension's second byte
)

// Renlib is a RenLib library: a tree of moves from the empty board.
type Renlib struct {
	// Major and Minor are the file's version; the writer writes 3.4.
	Major, Minor int
	// Root is the empty board: its children are the first moves.
	Root *RenlibNode
}

// RenlibNode is a node of a library: a move, a pass, or a board text on an
// empty square (a label), with what RenLib keeps of it. Its children are
// the moves (and labels) of the position after it.
type RenlibNode struct {
	// X and Y are the square, from 0, X the column and Y the row from the
	// top (Gomocup's coordinates, as GomokuGame's moves): the square of
	// the move, or of the label. They are -1 for the root and a pass.
	X, Y int
	// Pass marks a pass; Label a node that is no move, only a board text
	// on the square of its parent's position.
	Pass, Label bool
	// Mark is RenLib's mark on the node; Start marks the library's start
	// position, where RenLib opens it.
	Mark, Start bool
	// Comment is the one-line comment, MultiLine the text under it, and
	// BoardText the text shown on the square; "" for none.
	Comment, MultiLine, BoardText string
	Children                      []*RenlibNode
}

// IsMove reports whether the node is a move: neither the root, nor a pass,
// nor a label.
func (n *RenlibNode) IsMove() bool { return !n.Pass && !n.Label && n.X >= 0 }

// Size returns the number of nodes in the subtree of n, n included.
func (n *RenlibNode) Size() int {
	size := 0
	for stack := []*RenlibNode{n}; len(stack) > 0; {
		m := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], m.Children...)
		size++
	}
	return size
}

// Depth returns the number of nodes on the longest line down from n, n
// included.
func (n *RenlibNode) Depth() int {
	type at struct {
		n *RenlibNode
		d int
	}
	deepest := 0
	for stack := []at{{n, 1}}; len(stack) > 0; {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		deepest = max(deepest, m.d)
		for _, c := range m.n.Children {
			stack = append(stack, at{c, m.d + 1})
		}
	}
	return deepest
}

// Nodes returns the number of nodes of the library, the root left out: a
// record each in its file.
func (l *Renlib) Nodes() int { return l.Root.Size() - 1 }

// IsRenlib reports whether data starts with RenLib's header.
func IsRenlib(data []byte) bool { return bytes.HasPrefix(data, []byte(renlibMagic)) }

// renlibPos returns the square byte of x, y.
func renlibPos(x, y int) byte { return byte(16*y + x + 1) }

// renlibReader reads the records and texts of a library.
type renlibReader struct {
	data []byte
	off  int
}

// errRenlibCut is the error of a file that ends within a record or text.
var errRenlibCut = errors.New("the file ends inside it (truncated?)")

func (r *renlibReader) pair() (byte, byte, error) {
	if r.off+2 > len(r.data) {
		return 0, 0, errRenlibCut
	}
	a, b := r.data[r.off], r.data[r.off+1]
	r.off += 2
	return a, b, nil
}

// text reads a zero-terminated text, in pairs of bytes as RenLib does.
func (r *renlibReader) text() (string, error) {
	var sb strings.Builder
	for {
		a, b, err := r.pair()
		if err != nil {
			return "", err
		}
		if a == 0 {
			return sb.String(), nil
		}
		sb.WriteByte(a)
		if b == 0 {
			return sb.String(), nil
		}
		sb.WriteByte(b)
	}
}

// oldText reads a comment of RenLib 2: 7-bit text whose last byte has its
// high bit set, in Sweden's 7-bit ASCII, whose brackets are letters: it
// reads them as RenLib does, as Windows' (cp1252) letters. A zero byte,
// which would end the text in RenLib, is left out.
func (r *renlibReader) oldText() (string, error) {
	letters := map[byte]byte{'}': 0xE5, '{': 0xE4, '|': 0xF6, ']': 0xC5, '[': 0xC4, '\\': 0xD6}
	var sb strings.Builder
	add := func(c byte) bool {
		last := c&0x80 != 0
		c &= 0x7F
		if l, ok := letters[c]; ok {
			c = l
		}
		if c != 0 {
			sb.WriteByte(c)
		}
		return last
	}
	for {
		a, b, err := r.pair()
		if err != nil {
			return "", err
		}
		if add(a) || add(b) {
			return sb.String(), nil
		}
	}
}

// ReadRenlib reads a library from the bytes of its file. A file that is no
// library, is cut short, has a move off the board or onto a stone of its
// line, or a line deeper than RenlibMaxDepth is an error saying where. A
// node is kept as the file has it: two nodes of the same move under one
// parent (which RenLib would merge) stay two.
func ReadRenlib(data []byte) (*Renlib, error) {
	if len(data) < renlibHeaderLen || !IsRenlib(data) {
		return nil, errors.New("renlib: not a RenLib library: the file does not start with RenLib's header")
	}
	lib := &Renlib{Major: int(data[8]), Minor: int(data[9]), Root: &RenlibNode{X: -1, Y: -1}}
	if lib.Major != renlibMajor {
		return nil, fmt.Errorf("renlib: a library of version %d.%d: RenLib 3 writes 3.x", lib.Major, lib.Minor)
	}
	if (len(data)-renlibHeaderLen)%2 != 0 {
		return nil, fmt.Errorf("renlib: %d bytes after the header, an odd number: the last record is cut short (truncated?)", len(data)-renlibHeaderLen)
	}
	r := &renlibReader{data: data, off: renlibHeaderLen}
	// path is the line from the root to the latest node; stones marks the
	// squares its moves hold; pending holds the depths of the nodes whose
	// sibling is still to come.
	path := []*RenlibNode{lib.Root}
	var stones [256]bool
	var pending []int
	for first := true; r.off < len(data); first = false {
		at := r.off
		fail := func(format string, args ...any) error {
			return fmt.Errorf("renlib: the record at byte %d: %s", at, fmt.Sprintf(format, args...))
		}
		pos, info, err := r.pair()
		if err != nil {
			return nil, fail("%v", err)
		}
		var ext byte
		if info&rlExtension != 0 {
			if _, ext, err = r.pair(); err != nil {
				return nil, fail("its extension: %v", err)
			}
		}
		n := lib.Root
		if !first || pos != 0 {
			n = &RenlibNode{X: -1, Y: -1, Label: info&rlNoMove != 0}
			if pos != 0 {
				n.X, n.Y = int(pos%16)-1, int(pos/16)
				if n.X < 0 || n.Y >= RenlibSize {
					return nil, fail("square %#02x is off the 15x15 board", pos)
				}
			} else if !n.Label {
				n.Pass = true
			}
			if n.IsMove() {
				if stones[pos] {
					return nil, fail("its move %s is on a stone of its line", renlibSquare(n.X, n.Y))
				}
				stones[pos] = true
			}
			parent := path[len(path)-1]
			parent.Children = append(parent.Children, n)
			path = append(path, n)
			if len(path)-1 > RenlibMaxDepth {
				return nil, fail("its line is %d nodes deep, deeper than a game can be (a cycle of passes or board texts?)", len(path)-1)
			}
		}
		n.Mark, n.Start = info&rlMark != 0, info&rlStart != 0
		var comment string
		switch {
		case info&rlOldComment != 0:
			comment, err = r.oldText()
		case info&rlComment != 0:
			comment, err = r.text()
		}
		if err != nil {
			return nil, fail("its comment: %v", err)
		}
		n.Comment, n.MultiLine, _ = strings.Cut(comment, "\b")
		if ext&rlBoardText != 0 {
			if n.BoardText, err = r.text(); err != nil {
				return nil, fail("its board text: %v", err)
			}
		}
		if info&rlDown != 0 {
			pending = append(pending, len(path)-1)
		}
		if info&rlRight != 0 && len(pending) > 0 {
			d := pending[len(pending)-1]
			pending = pending[:len(pending)-1]
			if d == 0 {
				return nil, fail("it gives the empty board a sibling")
			}
			// Back to the parent of the node whose sibling comes next.
			for ; len(path) > d; path = path[:len(path)-1] {
				if m := path[len(path)-1]; m.IsMove() {
					stones[renlibPos(m.X, m.Y)] = false
				}
			}
		}
	}
	return lib, nil
}

// renlibSquare names a square as renju does: its column's letter, its row
// from the bottom.
func renlibSquare(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, RenlibSize-y) }

// WriteRenlib writes lib as a file of RenLib 3.4: the empty board's record,
// then the tree in preorder. A node off the board, or a text that RenLib
// could not read back (a zero byte; a byte 8 in a one-line comment), is an
// error.
func WriteRenlib(w io.Writer, lib *Renlib) error {
	bw := bufio.NewWriter(w)
	header := bytes.Repeat([]byte{0xFF}, renlibHeaderLen)
	copy(header, renlibMagic)
	header[8], header[9] = renlibMajor, renlibMinor
	bw.Write(header)
	if err := writeRenlibNode(bw, lib.Root, true, false, false); err != nil {
		return err
	}
	// siblings holds, for each level of the line written, the nodes still
	// to write there.
	var siblings [][]*RenlibNode
	if len(lib.Root.Children) > 0 {
		siblings = append(siblings, lib.Root.Children)
	}
	for len(siblings) > 0 {
		top := len(siblings) - 1
		n := siblings[top][0]
		if siblings[top] = siblings[top][1:]; len(siblings[top]) == 0 {
			siblings = siblings[:top]
		}
		if err := writeRenlibNode(bw, n, false, len(siblings) > top, len(n.Children) == 0); err != nil {
			return err
		}
		if len(n.Children) > 0 {
			siblings = append(siblings, n.Children)
		}
	}
	return bw.Flush()
}

// writeRenlibNode writes the record of n and its texts: down says a
// sibling follows its subtree, right that it has no child.
func writeRenlibNode(w *bufio.Writer, n *RenlibNode, root, down, right bool) error {
	var pos, info, ext byte
	switch {
	case root || n.Pass || n.Label && n.X < 0:
	case n.X < 0 || n.Y < 0 || n.X >= RenlibSize || n.Y >= RenlibSize:
		return fmt.Errorf("renlib: square %d,%d is off the 15x15 board", n.X, n.Y)
	default:
		pos = renlibPos(n.X, n.Y)
	}
	flag := func(on bool, f byte) {
		if on {
			info |= f
		}
	}
	flag(down, rlDown)
	flag(right, rlRight)
	flag(n.Mark, rlMark)
	flag(n.Start, rlStart)
	flag(n.Label && !root, rlNoMove)
	comment := n.Comment
	if n.MultiLine != "" {
		comment += "\b" + n.MultiLine
	}
	flag(comment != "", rlComment)
	if n.BoardText != "" {
		info |= rlExtension
		ext = rlBoardText
	}
	if strings.ContainsRune(n.Comment, '\b') {
		return fmt.Errorf("renlib: the comment %q holds a byte 8, which would end its title", n.Comment)
	}
	w.Write([]byte{pos, info})
	if ext != 0 {
		w.Write([]byte{0, ext})
	}
	for _, text := range []string{comment, n.BoardText} {
		if text == "" {
			continue
		}
		if strings.IndexByte(text, 0) >= 0 {
			return fmt.Errorf("renlib: the text %q holds a zero byte, which would end it", text)
		}
		w.WriteString(text)
		w.WriteByte(0)
		if len(text)%2 == 0 {
			w.WriteByte(0)
		}
	}
	return nil
}
