// This file holds the book's text form, one position a line, for people,
// diffs and other programs: `qi book export` and `qi book import`.
//
//	# qi book othello 8x8: level 10, plies 30, 2 positions
//	# position	value	exact	level	leaf	leafvalue	leafexact	leaflevel	wins	draws	losses
//	---------------------------OX------XO--------------------------- X	+0	0	10	f5	+0	0	10	12	3	9
//
// Fields are tab-separated: the position's text in the book's frame, its
// value for the side to move (in the game's units, as searches score), 1
// when exact, the depth; the leaf in that position's notation (- for none),
// its value, exactness and depth; the games won, drawn and lost by the side
// to move.

package book

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"qi/engines"
)

const textColumns = "# position\tvalue\texact\tlevel\tleaf\tleafvalue\tleafexact\tleaflevel\twins\tdraws\tlosses"

// Export writes the book as text, in key order.
func (b *Book) Export(w io.Writer) error {
	all := b.entries()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# qi book %s: level %d, plies %d, %d positions\n%s\n", b.Describe(), b.hdr.level, b.hdr.plies, len(all), textColumns)
	for _, e := range all {
		pos, err := b.packer.Unpack(e.Board)
		if err != nil {
			return fmt.Errorf("book: position %x: %w", e.Key, err)
		}
		leaf := "-"
		if e.Leaf != engines.NoMove {
			leaf = pos.MoveText(e.Leaf)
		}
		fmt.Fprintf(bw, "%s\t%+d\t%d\t%d\t%s\t%+d\t%d\t%d\t%d\t%d\t%d\n", pos.Text(), e.Value, b01(e.Exact), e.Level,
			leaf, e.LeafValue, b01(e.LeafExact), e.LeafLevel, e.Wins, e.Draws, e.Losses)
	}
	return bw.Flush()
}

func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Import reads positions in the text form and merges them into the book as
// Merge does (a position's text may be in any frame: it is keyed and its
// leaf mapped again). It returns the positions read; a line that does not
// read is an error naming it.
func (b *Book) Import(r io.Reader) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	k := &keyer{}
	var read []*Entry
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if desc, ok := strings.CutPrefix(text, "# qi book "); ok {
			desc, _, _ = strings.Cut(desc, ":")
			if desc != b.Describe() {
				return 0, fmt.Errorf("line %d: %w: positions of %s, not of %s", line, ErrFormat, desc, b.Describe())
			}
			continue
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		e, err := b.parseTextLine(k, text)
		if err != nil {
			return 0, fmt.Errorf("line %d: %w", line, err)
		}
		read = append(read, e)
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	b.mergeAll(read)
	return len(read), nil
}

func (b *Book) parseTextLine(k *keyer, line string) (*Entry, error) {
	f := strings.Split(line, "\t")
	if len(f) != 11 {
		return nil, fmt.Errorf("want 11 tab-separated fields, not %d", len(f))
	}
	pos, err := b.game.Parse(f[0])
	if err != nil {
		return nil, err
	}
	if pos.Result() != engines.None {
		return nil, fmt.Errorf("the game is over in %s", f[0])
	}
	key, sym, board, err := k.canon(pos)
	if err != nil {
		return nil, err
	}
	e := &Entry{Key: key, Board: append([]byte(nil), board...), Leaf: engines.NoMove}
	var nums [9]int64
	for i, j := range []int{1, 2, 3, 5, 6, 7, 8, 9, 10} {
		if nums[i], err = strconv.ParseInt(f[j], 10, 64); err != nil {
			return nil, fmt.Errorf("bad number %q", f[j])
		}
	}
	for _, n := range nums[6:] {
		if n < 0 || n > 1<<32-1 {
			return nil, fmt.Errorf("bad game count %d", n)
		}
	}
	e.Value, e.Exact, e.Level = engines.Score(nums[0]), nums[1] == 1, int(nums[2])
	e.LeafValue, e.LeafExact, e.LeafLevel = engines.Score(nums[3]), nums[4] == 1, int(nums[5])
	e.Wins, e.Draws, e.Losses = uint32(nums[6]), uint32(nums[7]), uint32(nums[8])
	if f[4] != "-" {
		m, err := engines.Legal(pos, f[4])
		if err != nil {
			return nil, fmt.Errorf("leaf: %w", err)
		}
		e.Leaf = pos.(engines.Symmetric).MapMove(m, sym)
	}
	return e, nil
}
