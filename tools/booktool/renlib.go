// This file holds the RenLib side of `qi book import` and `qi book export`:
// a library's lines, replayed under the book's rule, give the book their
// positions, searched as a build searches the positions of its records (a
// library holds no values to take); and a gomoku book's tree from the empty
// board is written as a library.

package booktool

import (
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"

	bk "qi/book"
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/record"
)

// libFile is a library read for an import.
type libFile struct {
	path string
	lib  *record.Renlib
}

// isLibFile reports whether the file at path is to be read as a RenLib
// library: by its name's .lib, else by its header.
func isLibFile(path string) (bool, error) {
	if strings.EqualFold(filepath.Ext(path), ".lib") {
		return true, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, 8)
	n, _ := f.Read(head)
	return record.IsRenlib(head[:n]), nil
}

// readLib reads the library at path.
func readLib(path string) (libFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return libFile{}, err
	}
	lib, err := record.ReadRenlib(data)
	if err != nil {
		return libFile{}, fmt.Errorf("%s: %w", path, err)
	}
	return libFile{path, lib}, nil
}

// libGame returns the game of a new book made from libraries: gomoku on
// RenLib's 15x15 board under renju, unless the flags say otherwise.
func libGame(t *tool) (engines.Game, error) {
	name := t.game
	if name == "" {
		name = "gomoku"
	}
	size, rule := t.size, t.rule
	if size == 0 {
		size = record.RenlibSize
	}
	if rule == "" && name == "gomoku" {
		rule = "renju"
	}
	return t.reg.New(name, engines.Config{BoardSize: size, Rule: rule})
}

// libBoard returns the book's game when it can take RenLib's moves: gomoku
// on the 15x15 board.
func libBoard(b *bk.Book) (*gomoku.Game, error) {
	g, ok := b.Game().(*gomoku.Game)
	if !ok || g.Width() != record.RenlibSize || g.Height() != record.RenlibSize {
		return nil, fmt.Errorf("book: RenLib's libraries are of gomoku on the 15x15 board, and the book is of %s", b.Describe())
	}
	return g, nil
}

// libWalk replays libraries' lines under a book's game and counts what
// they hold.
type libWalk struct {
	b     *bk.Book
	game  *gomoku.Game
	plies int
	// stored counts the nodes whose position goes to the book; seen
	// holds the keys of those positions and the empty board's.
	stored int
	seen   map[uint64]bool
	// left counts the nodes left out, by why; deepest is the ply of the
	// deepest line past the book's plies.
	left    map[string]int
	deepest int
	err     error
}

func newLibWalk(b *bk.Book, g *gomoku.Game) *libWalk {
	return &libWalk{b: b, game: g, plies: b.Plies(), seen: map[uint64]bool{}, left: map[string]int{}}
}

// positions yields the positions of the libraries' lines: the empty board
// when a library has a move, and the position after each move, unless it
// ends the game or lies past the book's plies. A node that is no move, a
// pass, a move that the book's rule forbids, and whatever follows them,
// are left out and counted.
func (w *libWalk) positions(libs []libFile) iter.Seq[engines.Position] {
	return func(yield func(engines.Position) bool) {
		for _, l := range libs {
			start := w.game.NewPosition()
			if !w.walk(l.lib.Root, start, yield) {
				return
			}
		}
	}
}

// walk yields the positions after the moves of n's children, pos being the
// position at n, and goes on down their lines; false stops it.
func (w *libWalk) walk(n *record.RenlibNode, pos *gomoku.Position, yield func(engines.Position) bool) bool {
	for _, c := range n.Children {
		switch {
		case c.Label:
			w.left["board texts that are no move"] += c.Size()
			continue
		case c.Pass:
			w.left["passes and what follows them"] += c.Size()
			continue
		}
		m, err := w.game.Move(c.X, c.Y)
		if err == nil {
			err = pos.Legal(m)
		}
		if err != nil {
			w.left[fmt.Sprintf("moves illegal under %s and what follows them", w.game.Rule())] += c.Size()
			continue
		}
		if pos.Plies() == 0 && !w.store(pos, yield) {
			return false
		}
		pos.Play(m)
		ok := true
		switch {
		case pos.Result() != engines.None:
			// The move ends the game: its position is none of a book's,
			// and the search of the one before finds the move.
			for _, gc := range c.Children {
				w.left["moves after the game's end"] += gc.Size()
			}
		case pos.Plies() > w.plies:
			w.left[fmt.Sprintf("moves past the book's %d plies", w.plies)] += c.Size()
			w.deepest = max(w.deepest, pos.Plies()-1+c.Depth())
		default:
			ok = w.store(pos, yield) && w.walk(c, pos, yield)
		}
		pos.Undo()
		if !ok {
			return false
		}
	}
	return true
}

// store yields pos, a position of a node, and counts it; the empty board
// is stored once, before the first move from it.
func (w *libWalk) store(pos *gomoku.Position, yield func(engines.Position) bool) bool {
	key, err := w.b.Key(pos)
	if err != nil {
		w.err = err
		return false
	}
	if pos.Plies() == 0 && w.seen[key] {
		return true
	}
	if pos.Plies() > 0 {
		w.stored++
	}
	w.seen[key] = true
	return yield(pos)
}

// libMoves counts the moves of a library's tree.
func libMoves(lib *record.Renlib) int {
	n := 0
	for stack := []*record.RenlibNode{lib.Root}; len(stack) > 0; {
		m := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], m.Children...)
		if m.IsMove() {
			n++
		}
	}
	return n
}

// importLibs adds the positions of libs to the book: it reports what they
// hold, then searches the new positions and the leaves they make stale.
func (t *tool) importLibs(b *bk.Book, libs []libFile) error {
	g, err := libBoard(b)
	if err != nil {
		return err
	}
	for _, l := range libs {
		fmt.Fprintf(t.stdout, "read %s: a RenLib %d.%d library of %d nodes, %d of them moves\n", l.path, l.lib.Major, l.lib.Minor, l.lib.Nodes(), libMoves(l.lib))
	}
	w := newLibWalk(b, g)
	p, err := b.PositionPlan(w.positions(libs))
	if err == nil {
		err = w.err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(t.stdout, "the positions after %d moves and the empty board: %d positions once each under the board's symmetries, %d of them new to the book\n",
		w.stored, len(w.seen), p.NewPositions())
	if len(w.left) > 0 {
		fmt.Fprintf(t.stdout, "left out:%s\n", countsText(w.left))
	}
	if w.deepest > 0 {
		fmt.Fprintf(t.stdout, "the lines go on to ply %d: -plies %d reaches their ends\n", w.deepest, w.deepest)
	}
	if p.Len() == 0 {
		return nil
	}
	fmt.Fprintf(t.stdout, "%d positions to search at depth %d (%d new, %d leaves to search again)\n", p.Len(), b.Level(), p.NewPositions(), p.Len()-p.NewPositions())
	_, err = t.runPlan(b, p, "searching", planJournal)
	return err
}

// libTree returns the book's tree from the empty board as a library: the
// book's moves in each position, best first, each with its value and depth
// as a comment. A position reached again by another order of moves is
// written where it is reached, its moves under its first place only; the
// positions that no line of book moves reaches from the empty board are
// left out (RenLib's lines start there), and counted.
func libTree(b *bk.Book) (lib *record.Renlib, written, nodes int, err error) {
	g, err := libBoard(b)
	if err != nil {
		return nil, 0, 0, err
	}
	lib = &record.Renlib{Major: 3, Minor: 4, Root: &record.RenlibNode{X: -1, Y: -1}}
	expanded := map[uint64]bool{}
	var grow func(n *record.RenlibNode, pos *gomoku.Position) error
	grow = func(n *record.RenlibNode, pos *gomoku.Position) error {
		key, err := b.Key(pos)
		if err != nil {
			return err
		}
		expanded[key] = true
		for _, c := range b.Probe(pos) {
			if c.Leaf {
				continue
			}
			x, y := gomoku.XY(c.Move)
			child := &record.RenlibNode{X: x, Y: y, Comment: libComment(c)}
			n.Children = append(n.Children, child)
			nodes++
			pos.Play(c.Move)
			ck, err := b.Key(pos)
			if err == nil && !expanded[ck] {
				err = grow(child, pos)
			}
			pos.Undo()
			if err != nil {
				return err
			}
		}
		return nil
	}
	start := g.NewPosition()
	if b.Probe(start) != nil {
		if err := grow(lib.Root, start); err != nil {
			return nil, 0, 0, err
		}
	}
	return lib, len(expanded), nodes, nil
}

// libComment writes a book move's value for the side that plays it, as the
// records write an engine's: "+0.35/8", "+M3/8 exact", with its games.
func libComment(c bk.Candidate) string {
	s := fmt.Sprintf("%s/%d", score(c.Value), c.Level)
	if c.Exact {
		s += " exact"
	}
	if n := c.Games(); n > 0 {
		s += fmt.Sprintf(", %d games: %d won, %d drawn, %d lost", n, c.Wins, c.Draws, c.Losses)
	}
	return s
}

// exportLib writes the book's tree as a library to path.
func (t *tool) exportLib(b *bk.Book, path string) error {
	lib, written, nodes, err := libTree(b)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := record.WriteRenlib(f, lib); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(t.stdout, "wrote %s: a RenLib library of %d nodes, the moves to %d of the book's %d positions", path, nodes, written, b.Len())
	if left := b.Len() - written; left > 0 {
		fmt.Fprintf(t.stdout, " (%d no line of book moves reaches from the empty board, left out)", left)
	}
	fmt.Fprintln(t.stdout)
	return nil
}
