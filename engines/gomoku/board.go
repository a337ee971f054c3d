// This file holds the board: squares with a border of walls, and every line
// of it (row, column, diagonal) as a word of two bits a square, from which
// the line patterns, threat classes, evaluation terms and Zobrist hash are
// kept up to date stone by stone.

package gomoku

import (
	"fmt"
)

// Board geometry: every board lives in a 32x32 array with at least five
// squares of wall around it, so that a window of five squares each way never
// leaves the array and the direction steps are constants.
const (
	pad      = halfLen
	stride   = 32
	numCells = stride * stride
	// MaxSize is the largest board side qi plays (width or height).
	MaxSize = stride - 2*pad
	// MinSize is the smallest board side (a five must fit).
	MinSize = 5
)

// dirStep is the index step of each direction: horizontal, vertical and the
// two diagonals.
var dirStep = [4]int{1, stride, stride + 1, stride - 1}

// Color is what a square holds.
type Color uint8

// The contents of a square. Blocked squares (Gomocup's continuous games)
// hold no stone and take none: they are walls inside the board.
const (
	Empty Color = iota
	Black
	White
	Blocked
)

// String names the colour.
func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "blocked"
}

func colorOf(s int) Color { return Color(s + 1) }

// cellIndex returns the array index of square x, y (y from the top).
func cellIndex(x, y int) int { return (y+pad)*stride + x + pad }

// cellXY is the inverse of cellIndex.
func cellXY(i int) (x, y int) { return i%stride - pad, i/stride - pad }

// sideHalf maps a raw half line (nearest square in the low bits, as in a
// key) to its canonical index from the point of view of each colour;
// sideBefore does the same for the half before a square as its line word
// holds it, farthest square in the low bits.
var sideHalf, sideBefore = func() (*[2][1 << (2 * halfLen)]uint8, *[2][1 << (2 * halfLen)]uint8) {
	var t, before [2][1 << (2 * halfLen)]uint8
	for raw := 0; raw < 1<<(2*halfLen); raw++ {
		swapped := 0
		for k := 0; k < halfLen; k++ {
			v := (raw >> (2 * k)) & 3
			if v == lOwn || v == lOpp {
				v = 3 - v
			}
			swapped |= v << (2 * k)
		}
		t[0][raw] = uint8(halves.index[raw])
		t[1][raw] = uint8(halves.index[swapped])
	}
	for raw := 0; raw < 1<<(2*halfLen); raw++ {
		r := reverseHalf(uint32(raw))
		before[0][raw], before[1][raw] = t[0][r], t[1][r]
	}
	return &t, &before
}()

// reverseHalf turns a half line's five squares end for end: a line word's
// half before a square (farthest first) into a key's (nearest first).
func reverseHalf(raw uint32) uint32 {
	var r uint32
	for k := 0; k < halfLen; k++ {
		r |= (raw >> (2 * k) & 3) << (2 * (halfLen - 1 - k))
	}
	return r
}

// lineAt returns the line of direction d through array square i, and i's
// place in it: rows and columns by their index, diagonals by x-y or x+y,
// each square at its x (rows) or y (the others). Every line fits a word,
// two bits a square, as the array is 32 squares wide.
func lineAt(i, d int) (line, at int) {
	x, y := i&(stride-1), i/stride
	switch d & 3 {
	case 0:
		return y, x
	case 1:
		return x, y
	case 2:
		return x - y + stride - 1, y
	}
	return x + y, y
}

// zobrist holds the random keys of stones (by colour) and of the side to move.
var zobrist, zobristSide = func() (*[4][numCells]uint64, uint64) {
	var z [4][numCells]uint64
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		r := x
		r = (r ^ r>>30) * 0xBF58476D1CE4E5B9
		r = (r ^ r>>27) * 0x94D049BB133111EB
		return r ^ r>>31
	}
	for c := range z {
		for i := range z[c] {
			if c != int(Empty) {
				z[c][i] = next()
			}
		}
	}
	return &z, next()
}()

// square is what the board keeps about one empty square, packed in a
// quarter of a cache line: pats the four direction codes of each colour, 4
// bits each; cls their classes; vals their evaluation terms.
type square struct {
	pats [2]uint16
	cls  [2]class
	_    [2]byte
	vals [2]cellVal
}

// change is one side's patterns, class and terms on one empty square as they
// were before a move changed them: a board that saves its changes takes the
// move back by writing these back instead of looking the patterns up again
// (the lookups are most of a search's time).
type change struct {
	val cellVal
	j   int16
	pat uint16
	cls class
	s   uint8
}

// frame is a saved move's board totals as they were before it, the first
// of its changes, and its square.
type frame struct {
	counts         [2][16]int16
	valOwn, valOpp [2]int32
	flagged        int16
	at             int16
	from           int32
}

// board is the incremental state. Patterns, classes and evaluation terms are
// kept for empty squares only; a square that is emptied again gets them
// recomputed from its keys, or restored on a board that saves its changes.
type board struct {
	w, h  int
	rule  Rule
	kinds [2]*patternTable
	// classTab combines each side's codes into classes.
	classTab [2]*[1 << 16]class
	// far has bit s set when side s's patterns look five squares away
	// (farKinds): a stone there must repattern the square.
	far    int
	renju  bool
	weight *weights

	cells [numCells]Color
	// lines holds every line of the array by direction (lineAt), two bits
	// a square: a move changes four words, and a square's pattern in a
	// direction is read from the ten squares around it in its line.
	lines [4][2 * stride]uint64
	// sq holds each square's patterns, classes and terms.
	sq   [numCells]square
	near [numCells]uint8
	// cand lists the squares of the board (stones included, blocked ones
	// not) within two squares of a stone; candPos is each one's index in it.
	cand    []int16
	candPos [numCells]int16

	// counts of empty squares by class (without the forbid flag), by side;
	// flagged counts black's squares flagged as maybe forbidden.
	counts  [2][16]int16
	flagged int16
	// valOwn and valOpp sum the evaluation terms of every empty square, by
	// side, with the weights of the side to move and of its opponent.
	valOwn, valOpp [2]int32

	// light skips the evaluation terms, for the threat searches and the
	// forbidden-move tests, which only read patterns and classes. It must
	// only be set around moves that are all taken back before it is
	// cleared, so that the terms come back as they were.
	light bool

	hash    uint64
	stones  int
	empties int
	inside  []int16 // the squares of the board, row by row from the top

	// saving makes each put keep what it changes in changes and frames,
	// and take restore it: a searcher's board, whose moves are taken back
	// in the order opposite to their making. A position's board recomputes,
	// as its stones may be taken in any order (TakeXY).
	saving  bool
	changes []change
	frames  []frame
}

func newBoard(w, h int, rule Rule, wt *weights) (*board, error) {
	if w < MinSize || h < MinSize || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("board %dx%d: sides must be %d to %d", w, h, MinSize, MaxSize)
	}
	b := &board{w: w, h: h, rule: rule, weight: wt}
	b.renju = rule == Renju
	ct := classTables()
	b.classTab = [2]*[1 << 16]class{&ct[0], &ct[0]}
	if rule == Renju {
		b.classTab[0] = &ct[1]
	}
	for s, k := range rule.fiveKinds() {
		b.kinds[s] = patternTables()[k]
		if farKinds()[k] {
			b.far |= 1 << s
		}
	}
	for i := range b.cells {
		b.cells[i] = Blocked
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := cellIndex(x, y)
			b.cells[i] = Empty
			b.inside = append(b.inside, int16(i))
		}
	}
	b.rebuild()
	return b, nil
}

// clone returns a copy sharing the read-only parts.
func (b *board) clone() *board {
	c := *b
	c.cand = append(make([]int16, 0, cap(b.cand)), b.cand...)
	c.changes = append([]change(nil), b.changes...)
	c.frames = append([]frame(nil), b.frames...)
	return &c
}

// copyFrom makes b a copy of o, reusing b's candidate list, that saves the
// changes of its moves (a searcher's board): o's moves can't be taken back
// on b.
func (b *board) copyFrom(o *board) {
	cand, changes, frames := b.cand, b.changes, b.frames
	*b = *o
	b.cand = append(cand[:0], o.cand...)
	b.saving, b.changes, b.frames = true, changes[:0], frames[:0]
}

// onBoard reports whether x, y is a square of the board.
func (b *board) onBoard(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

// rebuild recomputes everything from the cells.
func (b *board) rebuild() {
	b.hash, b.stones, b.empties = 0, 0, 0
	b.counts = [2][16]int16{}
	b.flagged = 0
	b.valOwn, b.valOpp = [2]int32{}, [2]int32{}
	clear(b.near[:])
	b.cand = make([]int16, 0, 256)
	b.changes, b.frames = b.changes[:0], b.frames[:0]
	for i := range b.candPos {
		b.candPos[i] = -1
	}
	b.lines = [4][2 * stride]uint64{}
	for i := range b.cells {
		for d := range dirStep {
			l, at := lineAt(i, d)
			b.lines[d][l] |= uint64(b.cells[i]) << (2 * at)
		}
	}
	for _, i := range b.inside {
		switch c := b.cells[i]; c {
		case Black, White:
			b.stones++
			b.hash ^= zobrist[c][i]
			b.addNear(int(i), 1)
		case Blocked:
			b.hash ^= zobrist[c][i]
		default:
			b.empties++
		}
	}
	for _, i := range b.inside {
		if b.cells[i] == Empty {
			b.refresh(int(i))
			b.account(int(i), 1)
		}
	}
}

// at returns the cell at i, a wall outside the array.
func (b *board) at(i int) Color {
	if i < 0 || i >= numCells {
		return Blocked
	}
	return b.cells[i]
}

func (b *board) addNear(i, delta int) {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			j := i + dy*stride + dx
			n := uint8(int(b.near[j]) + delta)
			b.near[j] = n
			if b.cells[j] == Blocked {
				continue
			}
			switch {
			case delta > 0 && n == 1:
				b.candPos[j] = int16(len(b.cand))
				b.cand = append(b.cand, int16(j))
			case delta < 0 && n == 0:
				k := b.candPos[j]
				last := b.cand[len(b.cand)-1]
				b.cand[k] = last
				b.candPos[last] = k
				b.cand = b.cand[:len(b.cand)-1]
				b.candPos[j] = -1
			}
		}
	}
}

// halves returns the raw half lines of square i (of the board) in
// direction d: the five squares before it, farthest first, and the five
// after it, nearest first, two bits a square.
func (b *board) halves(i, d int) (before, after int) {
	l, at := lineAt(i, d)
	w := b.lines[d&3][l&(2*stride-1)]
	return int(w>>(2*(at-halfLen))) & 1023, int(w>>(2*(at+1))) & 1023
}

// key returns the ten squares around square i in direction d in one word:
// the five before it in bits 0..9 and the five after it in bits 10..19,
// each half nearest first.
func (b *board) key(i, d int) uint32 {
	before, after := b.halves(i, d)
	return reverseHalf(uint32(before)) | uint32(after)<<(2*halfLen)
}

// flip flips square i's two bits in its four lines (xor with c: from empty
// to c or back).
func (b *board) flip(i int, c uint32) {
	for d := range dirStep {
		l, at := lineAt(i, d)
		b.lines[d][l&(2*stride-1)] ^= uint64(c) << (2 * at)
	}
}

// code returns the pattern of side s on empty square i in direction d.
func (b *board) code(i, s, d int) code {
	return code(b.sq[i].pats[s]>>(4*d)) & 15
}

// lookup computes the pattern of side s at square i in direction d.
func (b *board) lookup(i, s, d int) code {
	before, after := b.halves(i&(numCells-1), d)
	return b.kinds[s&1][int(sideBefore[s&1][before])*numHalves+int(sideHalf[s&1][after])]
}

// refresh recomputes the patterns, classes and terms of empty square i.
func (b *board) refresh(i int) {
	for s := 0; s < 2; s++ {
		var p uint16
		for d := 0; d < 4; d++ {
			p |= uint16(b.lookup(i, s, d)) << (4 * d)
		}
		b.sq[i].pats[s] = p
		b.sq[i].cls[s] = b.classOf(s, p)
		if !b.light {
			b.sq[i].vals[s] = b.weight.cell(p, b.sq[i].cls[s])
		}
	}
}

func (b *board) classOf(s int, p uint16) class { return b.classTab[s&1][p] }

// account adds (sign 1) or removes (sign -1) the terms of empty square i.
func (b *board) account(i int, sign int32) {
	for s := 0; s < 2; s++ {
		k := b.sq[i].cls[s]
		b.counts[s][k&15] += int16(sign)
		if k&flagForbid != 0 {
			b.flagged += int16(sign)
		}
		if !b.light {
			v := b.sq[i].vals[s]
			b.valOwn[s] += sign * int32(v.own)
			b.valOpp[s] += sign * int32(v.opp)
		}
	}
}

// put places c (a stone or a block) on empty square i.
func (b *board) put(i int, c Color) { b.putFor(i, c, 3) }

// putFor is put updating the patterns of the sides in the mask only (bit s:
// side s), for a test that reads only theirs: the other side's are left as
// they were until the move is taken back. Only a saving board leaves them,
// as it restores rather than recomputes on take; another updates both.
func (b *board) putFor(i int, c Color, sides int) {
	if !b.saving {
		sides = 3
	} else {
		b.frames = append(b.frames, frame{counts: b.counts, valOwn: b.valOwn, valOpp: b.valOpp, flagged: b.flagged, at: int16(i), from: int32(len(b.changes))})
	}
	b.account(i, -1)
	b.cells[i] = c
	b.hash ^= zobrist[c][i]
	b.empties--
	if c != Blocked {
		b.stones++
		b.addNear(i, 1)
	}
	b.updateLines(i, uint32(c), sides)
}

// withStone puts c on empty square i with the patterns of the sides in the mask
// updated and the evaluation's terms left alone (a light move), reports
// what test finds there, and takes the stone back.
func (b *board) withStone(i int, c Color, sides int, test func() bool) bool {
	light := b.light
	b.light = true
	b.putFor(i, c, sides)
	r := test()
	b.take(i, c)
	b.light = light
	return r
}

// take empties square i, which holds c: on a saving board, the last move
// put.
func (b *board) take(i int, c Color) {
	b.cells[i] = Empty
	b.hash ^= zobrist[c][i]
	b.empties++
	if c != Blocked {
		b.stones--
		b.addNear(i, -1)
	}
	if !b.saving {
		b.updateLines(i, uint32(c), 3)
		b.refresh(i)
		b.account(i, 1)
		return
	}
	// Square i's own patterns stayed as they were while its stone stood
	// (only empty squares are repatterned): nothing to restore there.
	b.flip(i, uint32(c))
	f := &b.frames[len(b.frames)-1]
	for k := len(b.changes) - 1; k >= int(f.from); k-- {
		ch := &b.changes[k]
		sq := &b.sq[ch.j]
		sq.pats[ch.s&1], sq.cls[ch.s&1], sq.vals[ch.s&1] = ch.pat, ch.cls, ch.val
	}
	b.changes = b.changes[:f.from]
	b.counts, b.valOwn, b.valOpp, b.flagged = f.counts, f.valOwn, f.valOpp, f.flagged
	b.frames = b.frames[:len(b.frames)-1]
}

// updateLines flips the bits of square i in its lines (xor with c: from empty to
// c or back) and refreshes the patterns of the empty squares around it for
// the sides in mask. A side's pattern can't change beyond a stone that
// blocks it (the other colour) or a wall: both are skipped.
func (b *board) updateLines(i int, c uint32, mask int) {
	for d, step := range dirStep {
		// The squares around i in direction d are in i's line, k places
		// before or after it.
		l, at := lineAt(i, d)
		w := &b.lines[d][l&(2*stride-1)]
		*w ^= uint64(c) << (2 * at)
		sides := mask // bit s: side s may still see square i
		for k := 1; k <= halfLen; k++ {
			j := i - k*step
			cj := b.cells[j]
			if cj == Blocked {
				break
			}
			if cj == Empty {
				if k == halfLen {
					sides &= b.far
				}
				if sides != 0 {
					b.repattern(j, d, sides, *w, at-k)
				}
			} else if sides &^= 1 << (2 - cj); sides == 0 {
				break
			}
		}
		sides = mask
		for k := 1; k <= halfLen; k++ {
			j := i + k*step
			cj := b.cells[j]
			if cj == Blocked {
				break
			}
			if cj == Empty {
				if k == halfLen {
					sides &= b.far
				}
				if sides != 0 {
					b.repattern(j, d, sides, *w, at+k)
				}
			} else if sides &^= 1 << (2 - cj); sides == 0 {
				break
			}
		}
	}
}

// countAfter returns how many empty squares would have side's class k (the
// forbid flag aside) after a stone of colour c on empty square i, without
// placing it: the squares withStone would repattern for side are looked at in
// the same order and with the same cut-offs, and every other square keeps
// its class.
func (b *board) countAfter(i int, c Color, side int, k class) int {
	n := int(b.counts[side][k])
	if b.sq[i].cls[side]&15 == k {
		n--
	}
	kinds := b.kinds[side&1]
	before, after := &sideBefore[side&1], &sideHalf[side&1]
	for d, step := range dirStep {
		l, at := lineAt(i, d)
		w := b.lines[d][l&(2*stride-1)] ^ uint64(c)<<(2*at)
		shift := 4 * d
		for _, dir := range [2]int{-1, 1} {
			for dist := 1; dist <= halfLen; dist++ {
				j := i + dir*dist*step
				cj := b.cells[j]
				if cj == Blocked {
					break
				}
				if cj != Empty {
					if int(cj) != side+1 {
						break // the other colour's stone: side's patterns past it stay
					}
					continue
				}
				if dist == halfLen && b.far&(1<<side) == 0 {
					continue
				}
				x := w >> (2 * (at + dir*dist - halfLen))
				code := kinds[int(before[x&1023])*numHalves+int(after[x>>12&1023])]
				op := b.sq[j].pats[side]
				p := op&^(15<<shift) | uint16(code)<<shift
				was, now := b.sq[j].cls[side]&15 == k, b.classTab[side&1][p]&15 == k
				if was && !now {
					n--
				} else if now && !was {
					n++
				}
			}
		}
	}
	return n
}

// repattern updates the codes of empty square j in direction d for the
// sides in the mask: w is j's line in that direction and at j's place in it.
func (b *board) repattern(j, d, sides int, w uint64, at int) {
	shift := 4 * (d & 3)
	mask := uint16(15) << shift
	sq := &b.sq[j&(numCells-1)]
	before, after := int(w>>(2*(at-halfLen)))&1023, int(w>>(2*(at+1)))&1023
	for s := 0; s < 2; s++ {
		if sides&(1<<s) == 0 {
			continue
		}
		c := b.kinds[s][int(sideBefore[s][before])*numHalves+int(sideHalf[s][after])]
		op := sq.pats[s]
		p := op&^mask | uint16(c)<<shift
		if p == op {
			continue
		}
		if b.saving {
			// Field by field into the list: a change built whole on the
			// stack and copied stalls the copy's load on the stores
			// before it (a tenth of the search's time).
			n := len(b.changes)
			if n == cap(b.changes) {
				b.changes = append(b.changes, change{})
			} else {
				b.changes = b.changes[:n+1]
			}
			ch := &b.changes[n]
			ch.val, ch.j, ch.pat, ch.cls, ch.s = sq.vals[s], int16(j&(numCells-1)), op, sq.cls[s], uint8(s)
		}
		sq.pats[s] = p
		old := sq.cls[s]
		k := b.classTab[s][p]
		sq.cls[s] = k
		b.counts[s][old&15]--
		b.counts[s][k&15]++
		if s == 0 {
			b.flagged += int16(k>>7) - int16(old>>7)
		}
		if b.light {
			continue
		}
		v := b.weight.cell(p, k)
		dOwn, dOpp := int32(v.own)-int32(sq.vals[s].own), int32(v.opp)-int32(sq.vals[s].opp)
		sq.vals[s] = v
		b.valOwn[s] += dOwn
		b.valOpp[s] += dOpp
	}
}

// lineFive reports whether the stone of side s on square i (already placed)
// is part of a five under the rule. A key never includes its own square, so
// the lookup judges the stone on i.
func (b *board) lineFive(i, s int) bool {
	for d := 0; d < 4; d++ {
		if b.lookup(i, s, d) == cF5 {
			return true
		}
	}
	return false
}
