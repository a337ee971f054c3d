// A reference implementation of renju's forbidden moves, written straight
// from the RIF definitions on a plain array with no tables and no
// incremental state, to check the engine's judgement on random positions.

package gomoku

// refBoard is a board of n x n cells: 0 empty, 1 black, 2 white.
type refBoard struct {
	n     int
	cells [][]uint8
}

func newRefBoard(n int) *refBoard {
	b := &refBoard{n: n, cells: make([][]uint8, n)}
	for i := range b.cells {
		b.cells[i] = make([]uint8, n)
	}
	return b
}

var refDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

func (b *refBoard) get(x, y int) uint8 {
	if x < 0 || y < 0 || x >= b.n || y >= b.n {
		return 3
	}
	return b.cells[y][x]
}

// runThrough returns the length of black's run through x, y in direction d
// and its two ends (as steps from x, y).
func (b *refBoard) runThrough(x, y, d int) (n, lo, hi int) {
	dx, dy := refDirs[d][0], refDirs[d][1]
	for b.get(x+(lo-1)*dx, y+(lo-1)*dy) == 1 {
		lo--
	}
	for b.get(x+(hi+1)*dx, y+(hi+1)*dy) == 1 {
		hi++
	}
	return hi - lo + 1, lo, hi
}

// refFive reports whether black on x, y (placed) makes exactly five in some
// direction.
func (b *refBoard) refFive(x, y int) bool {
	for d := range refDirs {
		if n, _, _ := b.runThrough(x, y, d); n == 5 {
			return true
		}
	}
	return false
}

// refCompletions returns, for black on x, y (placed), the squares of
// direction d that give an exactly-five through x, y, and the number of
// different stone sets those fives use.
func (b *refBoard) refCompletions(x, y, d int) (points, sets int) {
	dx, dy := refDirs[d][0], refDirs[d][1]
	var seen []uint64
	for k := -5; k <= 5; k++ {
		cx, cy := x+k*dx, y+k*dy
		if k == 0 || b.get(cx, cy) != 0 {
			continue
		}
		b.cells[cy][cx] = 1
		n, lo, hi := b.runThrough(x, y, d)
		b.cells[cy][cx] = 0
		if n != 5 {
			continue
		}
		points++
		var set uint64
		for j := lo; j <= hi; j++ {
			if j != k {
				set |= 1 << (j + 8)
			}
		}
		dup := false
		for _, s := range seen {
			dup = dup || s == set
		}
		if !dup {
			seen = append(seen, set)
		}
	}
	return points, len(seen)
}

// refFoul is the RIF judgement of black on empty x, y.
func (b *refBoard) refFoul(x, y int) Foul { return b.truncatedFoul(x, y, -1) }

// truncatedFoul judges like refFoul but stops the recursion depth levels
// down (never when depth is negative), counting every straight-four point as
// playable there: the shortcut the recursive cases are made to catch.
func (b *refBoard) truncatedFoul(x, y int, depth int) Foul {
	b.cells[y][x] = 1
	defer func() { b.cells[y][x] = 0 }()
	if b.refFive(x, y) {
		return NoFoul
	}
	fours, threes, overline := 0, 0, false
	for d := range refDirs {
		if n, _, _ := b.runThrough(x, y, d); n > 5 {
			overline = true
		}
		_, sets := b.refCompletions(x, y, d)
		if sets > 0 {
			fours += sets
			continue
		}
		if b.refThree(x, y, d, depth) {
			threes++
		}
	}
	switch {
	case fours >= 2:
		return DoubleFour
	case threes >= 2:
		return DoubleThree
	case overline:
		return Overline
	}
	return NoFoul
}

// refThree reports whether black on x, y (placed, making no four in d) makes
// a real three in direction d: a square of the line gives a straight four
// through x, y, makes no five and is not forbidden (judged depth levels
// down, as truncatedFoul).
func (b *refBoard) refThree(x, y, d, depth int) bool {
	dx, dy := refDirs[d][0], refDirs[d][1]
	for k := -4; k <= 4; k++ {
		cx, cy := x+k*dx, y+k*dy
		if k == 0 || b.get(cx, cy) != 0 {
			continue
		}
		b.cells[cy][cx] = 1
		points, sets := b.refCompletions(x, y, d)
		five := b.refFive(cx, cy)
		b.cells[cy][cx] = 0
		if points == 2 && sets == 1 && !five && (depth == 0 || b.truncatedFoul(cx, cy, depth-1) == NoFoul) {
			return true
		}
	}
	return false
}
