// This file holds the line patterns: what a stone on an empty square would
// make in one direction (five, open four, four, open three ... nothing), read
// from tables indexed by the five squares on each side, and the combination of
// a square's four directions into one threat class.

package gomoku

import "sync"

// code is the pattern a stone of one colour would make on an empty square in
// one direction, counting only the shapes that go through that square. The
// order is the order of strength.
type code uint8

// The line patterns, weakest first.
const (
	cDead     code = iota // no five can be made through the square in this line
	cOverline             // the stone would make an overline and no five (exact-five rules)
	cB1                   // one more stone makes a B2 (a closed one)
	cF1                   // one more stone makes an F2 (an open one)
	cB2                   // one more stone makes a B3 (a closed two)
	cF2                   // one square makes an open three (an open two)
	cF2A                  // two squares make an open three
	cF2B                  // three or more squares make an open three
	cB3                   // one more stone makes a four (a closed three)
	cF3                   // one square makes a straight four (an open three)
	cF3S                  // two squares make a straight four (a wide open three)
	cB4                   // one square makes a five (a four)
	cF4                   // two squares make a five with the same four stones (a straight four)
	cF44                  // two fours with different stones in one line (X.XXX.X and the like)
	cF5                   // a five: the win
	numCodes
)

var codeNames = [numCodes]string{"dead", "overline", "B1", "F1", "B2", "F2", "F2A", "F2B", "B3", "F3", "F3S", "B4", "F4", "F44", "F5"}

func (c code) String() string {
	if c < numCodes {
		return codeNames[c]
	}
	return "?"
}

// fiveKind says what makes a five.
type fiveKind uint8

const (
	fiveFree  fiveKind = iota // five or more (freestyle; white in renju)
	fiveExact                 // exactly five (standard; black in renju)
	fiveCaro                  // exactly five, not closed at both ends by the opponent
	numFiveKinds
)

// Squares in a line window, seen from the square in the middle: own stone,
// opponent's stone, wall (the edge or a blocked square).
const (
	lEmpty = 0
	lOwn   = 1
	lOpp   = 2
	lWall  = 3
)

// halfLen is how far a pattern looks in each direction.
const halfLen = 5

// A half line is the five squares on one side of a square, nearest first,
// with everything past the first blocker (opponent or wall) turned to wall:
// those squares can't matter. There are numHalves such canonical halves.
const numHalves = 94

// halfTables holds the canonical half lines: halfOf maps a raw half (2 bits
// a square, nearest square in the low bits) to its index, halfSeq the other
// way.
type halfTables struct {
	index [1 << (2 * halfLen)]int8
	seq   [numHalves]uint16
}

var halves = buildHalves()

func canonHalf(raw uint16) uint16 {
	var out uint16
	blocked := false
	for k := 0; k < halfLen; k++ {
		v := (raw >> (2 * k)) & 3
		if blocked {
			v = lWall
		} else if v == lOpp || v == lWall {
			blocked = true
		}
		out |= v << (2 * k)
	}
	return out
}

func buildHalves() *halfTables {
	h := &halfTables{}
	n := 0
	for raw := 0; raw < 1<<(2*halfLen); raw++ {
		h.index[raw] = -1
	}
	for raw := 0; raw < 1<<(2*halfLen); raw++ {
		if canonHalf(uint16(raw)) == uint16(raw) {
			h.index[raw] = int8(n)
			h.seq[n] = uint16(raw)
			n++
		}
	}
	if n != numHalves {
		panic("gomoku: wrong number of canonical half lines")
	}
	for raw := 0; raw < 1<<(2*halfLen); raw++ {
		h.index[raw] = h.index[canonHalf(uint16(raw))]
	}
	return h
}

// line is a window of 11 squares with the stone being judged at index 5.
type line [2*halfLen + 1]uint8

const mid = halfLen

func makeLine(left, right int) line {
	var l line
	l[mid] = lOwn
	ls, rs := halves.seq[left], halves.seq[right]
	for k := 1; k <= halfLen; k++ {
		l[mid-k] = uint8(ls>>(2*(k-1))) & 3
		l[mid+k] = uint8(rs>>(2*(k-1))) & 3
	}
	return l
}

func (l *line) halves() (left, right int) {
	var ls, rs uint16
	for k := 1; k <= halfLen; k++ {
		ls |= uint16(l[mid-k]) << (2 * (k - 1))
		rs |= uint16(l[mid+k]) << (2 * (k - 1))
	}
	return int(halves.index[ls]), int(halves.index[rs])
}

// run returns the ends of the run of own stones through the middle.
func (l *line) run() (lo, hi int) {
	lo, hi = mid, mid
	for lo > 0 && l[lo-1] == lOwn {
		lo--
	}
	for hi < len(l)-1 && l[hi+1] == lOwn {
		hi++
	}
	return lo, hi
}

// five reports whether the own stones through the middle make a five.
func (l *line) five(kind fiveKind) bool {
	lo, hi := l.run()
	n := hi - lo + 1
	switch kind {
	case fiveFree:
		return n >= 5
	case fiveExact:
		return n == 5
	default:
		// A run of exactly five has its neighbours inside the window.
		return n == 5 && !(l[lo-1] == lOpp && l[hi+1] == lOpp)
	}
}

// patternTable holds the pattern of every pair of canonical halves, for one
// kind of five.
type patternTable [numHalves * numHalves]code

// patternTables is built on first use (by the first board), not at start-up:
// a few milliseconds that a client waiting for `ugiok` should not pay.
var patternTables = sync.OnceValue(func() [numFiveKinds]*patternTable {
	var t [numFiveKinds]*patternTable
	for k := range t {
		t[k] = buildPatterns(fiveKind(k))
	}
	return t
})

// looksFar reports whether some code of t depends on the fifth square of a
// half line, so that a stone five squares away can change it: an overline
// or caro's closing stone does, and under free fives a four whose run goes
// on to the fifth square counts its stones apart from a four that stops
// short (F44, not F4).
func (t *patternTable) looksFar() bool {
	const fifth = 3 << (2 * (halfLen - 1))
	for l := range numHalves {
		near := int(halves.index[halves.seq[l]&^fifth])
		if near == l {
			continue
		}
		for r := range numHalves {
			if t[l*numHalves+r] != t[near*numHalves+r] || t[r*numHalves+l] != t[r*numHalves+near] {
				return true
			}
		}
	}
	return false
}

// farKinds says for each kind of five whether its patterns look five
// squares away (looksFar), worked out once.
var farKinds = sync.OnceValue(func() [numFiveKinds]bool {
	var far [numFiveKinds]bool
	for k, t := range patternTables() {
		far[k] = t.looksFar()
	}
	return far
})

func buildPatterns(kind fiveKind) *patternTable {
	t := &patternTable{}
	done := make([]bool, len(t))
	var classify func(left, right int) code
	classify = func(left, right int) code {
		i := left*numHalves + right
		if done[i] {
			return t[i]
		}
		l := makeLine(left, right)
		c := judge(&l, kind, classify)
		t[i], done[i] = c, true
		return c
	}
	for left := 0; left < numHalves; left++ {
		for right := 0; right < numHalves; right++ {
			classify(left, right)
		}
	}
	return t
}

// judge finds the pattern of the stone in the middle of l; sub classifies the
// window with one more own stone.
func judge(l *line, kind fiveKind, sub func(left, right int) code) code {
	if l.five(kind) {
		return cF5
	}
	if lo, hi := l.run(); kind != fiveFree && hi-lo+1 > 5 {
		return cOverline
	}
	// Fours: the squares that complete a five, grouped by the own stones
	// that five uses besides the new one.
	var sets [2]uint16
	nSets, nPoints := 0, 0
	for j := range l {
		if l[j] != lEmpty {
			continue
		}
		l[j] = lOwn
		if l.five(kind) {
			nPoints++
			lo, hi := l.run()
			set := uint16(0)
			for k := lo; k <= hi; k++ {
				if k != j {
					set |= 1 << k
				}
			}
			if (nSets < 1 || sets[0] != set) && (nSets < 2 || sets[1] != set) {
				if nSets < 2 {
					sets[nSets] = set
				}
				nSets++
			}
		}
		l[j] = lEmpty
	}
	switch {
	case nSets >= 2:
		return cF44
	case nPoints >= 2:
		return cF4
	case nPoints == 1:
		return cB4
	}
	var n [numCodes]int
	for j := range l {
		if l[j] != lEmpty {
			continue
		}
		l[j] = lOwn
		left, right := l.halves()
		n[sub(left, right)]++
		l[j] = lEmpty
	}
	open4 := n[cF4] + n[cF44]
	open3 := n[cF3] + n[cF3S]
	switch {
	case open4 >= 2:
		return cF3S
	case open4 == 1:
		return cF3
	case n[cB4] > 0:
		return cB3
	case open3 >= 3:
		return cF2B
	case open3 == 2:
		return cF2A
	case open3 == 1:
		return cF2
	case n[cB3] > 0:
		return cB2
	case n[cF2]+n[cF2A]+n[cF2B] > 0:
		return cF1
	case n[cB2] > 0:
		return cB1
	}
	return cDead
}

// class is the threat a stone on a square makes over its four directions,
// weakest first. Under renju, black's classes carry flagForbid when the
// square may be forbidden (the exact test is in forbid.go).
type class uint8

// The threat classes.
const (
	kNone        class = iota
	kFlex1             // an F1 or B2: something to build on
	kFlex2             // one open two
	kBlock3            // one closed three
	kFlex2x2           // two open twos
	kBlock3Plus        // a closed three and an open two or another closed three
	kFlex3             // an open three
	kFlex3Plus         // an open three and a closed three or open two
	kFlex3x2           // two open threes (a win unless answered by fours)
	kBlock4            // a four
	kBlock4Plus        // a four and a closed three or open two
	kBlock4Flex3       // a four and an open three (a win unless answered by fours)
	kFlex4             // a straight four or two fours: a win next move
	kFive              // a five
	numClasses
)

// flagForbid marks black's squares that may be forbidden under renju.
const flagForbid class = 0x80

var classNames = [numClasses]string{"none", "flex1", "flex2", "block3", "flex2x2", "block3+", "flex3", "flex3+", "flex3x2", "block4", "block4+", "block4flex3", "flex4", "five"}

func (k class) String() string {
	s := "?"
	if k&^flagForbid < numClasses {
		s = classNames[k&^flagForbid]
	}
	if k&flagForbid != 0 {
		s += "!"
	}
	return s
}

// classTables (built on first use) combine four direction codes (4 bits each) into a class: [0]
// for every side but renju black, [1] for renju black.
var classTables = sync.OnceValue(func() *[2][1 << 16]class {
	var t [2][1 << 16]class
	for w := 0; w < 1<<16; w++ {
		var cs [4]code
		for d := range cs {
			cs[d] = code(w>>(4*d)) & 15
		}
		t[0][w] = combine(cs, false)
		t[1][w] = combine(cs, true)
	}
	return &t
})

func combine(cs [4]code, renjuBlack bool) class {
	var n [16]int
	for _, c := range cs {
		n[c&15]++
	}
	if n[cF5] > 0 {
		return kFive
	}
	fours := n[cB4] + n[cF4] + 2*n[cF44]
	threes := n[cF3] + n[cF3S]
	block3 := n[cB3]
	twos := n[cF2] + n[cF2A] + n[cF2B]
	var k class
	switch {
	case n[cF4] > 0 || fours >= 2:
		k = kFlex4
	case fours == 1 && threes > 0:
		k = kBlock4Flex3
	case fours == 1 && block3+twos > 0:
		k = kBlock4Plus
	case fours == 1:
		k = kBlock4
	case threes >= 2:
		k = kFlex3x2
	case threes == 1 && block3+twos > 0:
		k = kFlex3Plus
	case threes == 1:
		k = kFlex3
	case block3 > 0 && block3+twos >= 2:
		k = kBlock3Plus
	case twos >= 2:
		k = kFlex2x2
	case block3 > 0:
		k = kBlock3
	case twos > 0:
		k = kFlex2
	case n[cF1]+n[cB2] > 0:
		k = kFlex1
	}
	if renjuBlack && (n[cOverline] > 0 || fours >= 2 || threes >= 2) {
		k |= flagForbid
	}
	return k
}
