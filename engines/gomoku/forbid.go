// This file holds black's forbidden moves under renju, as the RIF defines
// them: a five (exactly five) is always allowed; otherwise two or more fours
// (counted by stone sets, so X.XXX.X alone is two), two or more real threes,
// or an overline is forbidden. A three is real only if one of the squares
// that turn it into a straight four makes no five and is not itself
// forbidden, judged with the three on the board: the definition recurses.

package gomoku

// Foul is the kind of a forbidden move.
type Foul uint8

// The fouls, in the order the arbiter reports them when several apply.
const (
	NoFoul Foul = iota
	DoubleFour
	DoubleThree
	Overline
)

// String names the foul as the `forbidden` command does.
func (f Foul) String() string {
	switch f {
	case DoubleFour:
		return "double-four"
	case DoubleThree:
		return "double-three"
	case Overline:
		return "overline"
	}
	return "none"
}

// foul returns black's foul on empty square i (NoFoul when black may play
// there, and always off renju).
func (b *board) foul(i int) Foul {
	if !b.renju || b.sq[i].cls[0]&flagForbid == 0 {
		return NoFoul
	}
	return b.foulExact(i)
}

// foulExact judges a square whose patterns say it may be forbidden.
func (b *board) foulExact(i int) Foul {
	p := b.sq[i].pats[0]
	fours, overline := 0, false
	var threes [4]bool
	nThrees := 0
	for d := 0; d < 4; d++ {
		switch code(p>>(4*d)) & 15 {
		case cF5:
			return NoFoul
		case cOverline:
			overline = true
		case cB4, cF4:
			fours++
		case cF44:
			fours += 2
		case cF3, cF3S:
			threes[d] = true
			nThrees++
		}
	}
	if fours >= 2 {
		return DoubleFour
	}
	if nThrees >= 2 && b.withStone(i, Black, 3, func() bool {
		real := 0
		for d := 0; d < 4 && real < 2; d++ {
			if threes[d] && b.realThree(i, d) {
				real++
			}
		}
		return real >= 2
	}) {
		return DoubleThree
	}
	if overline {
		return Overline
	}
	return NoFoul
}

// realThree reports whether black's stone on i makes a real three in
// direction d: some empty square of the line gives a straight four through i
// and may be played (no five anywhere, not forbidden).
func (b *board) realThree(i, d int) bool {
	step := dirStep[d]
	key := b.key(i, d)
	h := &sideHalf[0]
	table := b.kinds[0]
	for k := -4; k <= 4; k++ {
		j := i + k*step
		if k == 0 || b.cells[j] != Empty {
			continue
		}
		var bit uint32
		if k < 0 {
			bit = uint32(Black) << (2 * (-k - 1))
		} else {
			bit = uint32(Black) << (2*halfLen + 2*(k-1))
		}
		kk := key | bit
		if table[int(h[kk&1023])*numHalves+int(h[kk>>10])] != cF4 {
			continue
		}
		if b.sq[j].cls[0]&^flagForbid == kFive {
			continue
		}
		if b.foul(j) == NoFoul {
			return true
		}
	}
	return false
}

// fouls lists black's forbidden squares with their fouls, in board order.
func (b *board) fouls(buf []FoulAt) []FoulAt {
	if !b.renju || b.flagged == 0 {
		return buf
	}
	for _, i := range b.inside {
		if b.cells[i] == Empty && b.sq[i].cls[0]&flagForbid != 0 {
			if f := b.foulExact(int(i)); f != NoFoul {
				buf = append(buf, FoulAt{Move: moveOf(int(i)), Foul: f})
			}
		}
	}
	return buf
}
