// This file holds the symmetries of boards: the interfaces through which a
// game shows that its positions play the same rotated or reflected, with a
// compact encoding of a position that stays the same from one version of qi
// to the next, for tables that outlive a run (opening books).

package engines

// Symmetric is implemented by positions whose rules do not change when the
// board is rotated or reflected, so that a table can keep one entry for all
// the images of a position. Symmetries are numbered from 0, the identity, to
// Symmetries()-1; on grids they are numbered as GridMap does. A symmetry
// maps squares, never colours (renju's rules differ between the colours).
type Symmetric interface {
	// Symmetries returns how many symmetries the board has: 8 for a square
	// grid, 4 for a rectangle, 1 when only the identity keeps the rules.
	Symmetries() int
	// Pack appends the board and the side to move as they look under
	// symmetry k. Two positions pack alike exactly when they are equal,
	// their histories aside. The encoding has the game's Packer.PackedLen
	// bytes and must not change between versions of qi: books store it.
	Pack(buf []byte, k int) []byte
	// MapMove returns the move that m becomes on the image of the board
	// under symmetry k; UnmapMove takes it back. NoMove and moves that
	// name no square (a pass) map to themselves.
	MapMove(m Move, k int) Move
	UnmapMove(m Move, k int) Move
}

// Packer is implemented by games whose positions are Symmetric.
type Packer interface {
	// Setting names what the positions of one game name depend on, the
	// board and the rule ("8x8", "15x15 renju"), or "" when there is one
	// setting; a table keyed by packed positions belongs to one setting.
	Setting() string
	// PackedLen returns the length of a packed position of this setting.
	PackedLen() int
	// Unpack reads a packed position back, as a position without history;
	// it checks what it reads, so that a damaged table gives an error.
	Unpack(b []byte) (Position, error)
}

// BookDepths is implemented by games that say how deep their opening books
// go by default: the depth of the searches behind a new book's positions
// (what one core finishes in a fraction of a second), and how many plies of
// a game a book of a level holds.
type BookDepths interface {
	BookLevel() int
	BookPlies(level int) int
}

// GridSymmetries returns the symmetries of a w x h grid: the eight of the
// square, or the four that keep a rectangle's sides where they are.
func GridSymmetries(w, h int) int {
	if w == h {
		return 8
	}
	return 4
}

// GridMap maps square x, y of a w x h grid by symmetry k, whose bits say
// what to do: 4 transposes (x and y swap; square grids only), then 1
// mirrors x and 2 mirrors y. The first four symmetries keep a rectangle's
// sides.
func GridMap(k, x, y, w, h int) (int, int) {
	if k&4 != 0 {
		x, y, w, h = y, x, h, w
	}
	if k&1 != 0 {
		x = w - 1 - x
	}
	if k&2 != 0 {
		y = h - 1 - y
	}
	return x, y
}

// GridInverse returns the symmetry that undoes GridMap's symmetry k. A
// transposition followed by one mirror is a quarter turn, undone by the
// transposition followed by the other mirror; every other symmetry undoes
// itself.
func GridInverse(k int) int {
	if k&4 != 0 && (k&3 == 1 || k&3 == 2) {
		return k ^ 3
	}
	return k
}
