// This file holds the static evaluation: every empty square scores what a
// stone of each colour would make there (the combination of its four line
// patterns), summed over the board as the board changes, plus a term for the
// threats each side holds (fours and open threes to make), which count
// differently for the side to move and its opponent. The side to move and its
// opponent have separate weights, for the tempo matters: an open three of the
// side to move becomes a four now, the opponent's must be answered.

package gomoku

import (
	_ "embed" // for go:embed
	"fmt"
	"strconv"
	"strings"
	"sync"

	"qi/engines"
)

// numCombos is the number of combinations of four direction codes in any
// order (multisets of four of the numCodes codes): a square's four lines
// score as one combination, so that two threes in different lines can count
// for more (or less) than twice one.
const numCombos = int(numCodes) * (int(numCodes) + 1) * (int(numCodes) + 2) * (int(numCodes) + 3) / 24

// numThreats is the number of threat masks (threatMask).
const numThreats = 1 << 8

// comboTables maps a square's four direction codes (4 bits each) to the
// index of their combination, and each combination to its codes, weakest
// first.
type comboTables struct {
	index [1 << 16]uint16
	codes [numCombos][4]code
}

// combos (built on first use) are the combination tables.
var combos = sync.OnceValue(func() *comboTables {
	t := &comboTables{}
	n := 0
	at := map[[4]code]uint16{}
	for a := code(0); a < numCodes; a++ {
		for b := a; b < numCodes; b++ {
			for c := b; c < numCodes; c++ {
				for d := c; d < numCodes; d++ {
					cs := [4]code{a, b, c, d}
					t.codes[n] = cs
					at[cs] = uint16(n)
					n++
				}
			}
		}
	}
	for p := 0; p < 1<<16; p++ {
		var cs [4]code
		ok := true
		for d := range cs {
			cs[d] = code(p>>(4*d)) & 15
			ok = ok && cs[d] < numCodes
		}
		if !ok {
			continue
		}
		for i := 1; i < 4; i++ {
			for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
				cs[j], cs[j-1] = cs[j-1], cs[j]
			}
		}
		t.index[p] = at[cs]
	}
	return t
})

// combo is the index (by idx, combos().index) of the combination of side's
// codes on empty square m, numCombos for black's maybe-forbidden squares:
// the square's feature for the evaluation's tuning and for the ordering.
func (b *board) combo(idx *[1 << 16]uint16, side, m int) int {
	if b.sq[m].cls[side]&flagForbid != 0 {
		return numCombos
	}
	return int(idx[b.sq[m].pats[side]])
}

// weights are the evaluation terms, in centi-units.
type weights struct {
	// own and opp score each combination of a square's codes for the side
	// to move and for the other side.
	own, opp [numCombos]int16
	// forbidOwn and forbidOpp score black's squares flagged as maybe
	// forbidden under renju, whatever their codes.
	forbidOwn, forbidOpp int16
	// threat scores the threats on the board (threatMask), the side to
	// move's tempo included.
	threat [numThreats]int32
	// cells holds each pattern word's terms: own and opp through combos.
	cells [1 << 16]cellVal
}

// cellVal is a square's terms for one colour: with the weights of the side
// to move and with those of its opponent.
type cellVal struct {
	own, opp int16
}

// cell returns the terms of a square whose patterns are p and class k.
func (w *weights) cell(p uint16, k class) cellVal {
	if k&flagForbid != 0 {
		return cellVal{w.forbidOwn, w.forbidOpp}
	}
	return w.cells[p]
}

// fill computes the pattern words' terms from the combinations'.
func (w *weights) fill() {
	idx := &combos().index
	for p := range w.cells {
		c := idx[p]
		w.cells[p] = cellVal{w.own[c], w.opp[c]}
	}
}

// threatMask says which threats each side can make with one stone: bit 0
// a four with a three or two, 1 a four, 2 an open three with more, 3 an
// open three, for side s (to move), and bits 4-7 the same for the other.
// Fives and straight fours to make are left out: the search settles them
// before it evaluates.
func (b *board) threatMask(s int) int {
	mask := 0
	for i, side := range [2]int{s, 1 - s} {
		n := &b.counts[side]
		bits := 0
		if n[kBlock4Plus]+n[kBlock4Flex3] > 0 {
			bits |= 1
		}
		if n[kBlock4] > 0 {
			bits |= 2
		}
		if n[kFlex3Plus]+n[kFlex3x2] > 0 {
			bits |= 4
		}
		if n[kFlex3] > 0 {
			bits |= 8
		}
		mask |= bits << (4 * i)
	}
	return mask
}

// The evaluation weights, fitted by `qi gomokutrain tune`; each file's header
// says to what and how. Standard and caro play with freestyle's: fitted to
// a stronger engine's judgement, they beat the weights fitted to standard's
// own records in both rules' self-play (docs/training.md), and the line
// codes they weigh already tell an overline from a five by the rule.
var (
	freestyleWeights = mustParseWeights(freestyleText)
	renjuWeights     = mustParseWeights(renjuText)
)

var (
	//go:embed weights/freestyle.txt
	freestyleText string
	//go:embed weights/renju.txt
	renjuText string
)

// mustParseWeights reads an embedded weights file (see ParseWeights).
func mustParseWeights(text string) *weights {
	return mustBuild(text, "weights", weightsOf)
}

// mustBuild reads an embedded vector file (the format of ParseWeights) and
// builds what of it with build; a bad file is a defect of the build.
func mustBuild[T any](text, what string, build func([]float64) (T, error)) T {
	v, err := ParseWeights(text)
	if err == nil {
		var t T
		if t, err = build(v); err == nil {
			return t
		}
	}
	panic("gomoku: embedded " + what + ": " + err.Error())
}

// ParseWeights reads a weights file: lines starting with # are comments,
// the rest a comma-separated vector in the order of Features (a line may
// end with its comma).
func ParseWeights(text string) ([]float64, error) {
	var v []float64
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.Split(strings.TrimSuffix(line, ","), ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return nil, fmt.Errorf("weight %d: %w", len(v), err)
			}
			v = append(v, x)
		}
	}
	return v, nil
}

// weightsFor returns the weights qi plays rule with.
func weightsFor(rule Rule) *weights {
	if rule == Renju {
		return renjuWeights
	}
	return freestyleWeights
}

// evaluate scores the board for side s to move.
func (b *board) evaluate(s int) engines.Score {
	return engines.Score(b.valOwn[s] - b.valOpp[1-s] + b.weight.threat[b.threatMask(s)])
}
