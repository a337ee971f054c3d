// This file holds the static part of the move ordering: a score for each
// empty square from the combination of its codes for the side to move and
// for the other side, and from its distance to the last two moves, fitted to
// the moves of strong engines (qi gomokutrain order). The search adds the table
// move, the killers and the history to it.

package gomoku

import (
	_ "embed" // for go:embed
	"fmt"
	"math"

	"qi/engines"
)

// The ordering's features, in order: the combination of the side to move's
// codes on the square (one more for black's maybe-forbidden squares under
// renju), the same for the other side's codes, then the square's distance
// bucket (distBucket) to the opponent's last move and to the mover's own.
const (
	numOrderCombos = numCombos + 1
	numDist        = 16
	// NumOrderFeatures is the length of an ordering vector.
	NumOrderFeatures = 2*numOrderCombos + 2*numDist
)

// orderTable is the ordering's weights, in hundredths of a logit of the
// chance that a strong player picks the square.
type orderTable struct {
	idx      *[1 << 16]uint16 // combos().index
	own, opp [numOrderCombos]int16
	lastOpp  [numDist]int16
	lastOwn  [numDist]int16
}

// parts are the table's weights in the order of OrderFeatures.
func (t *orderTable) parts() [][]int16 {
	return [][]int16{t.own[:], t.opp[:], t.lastOpp[:], t.lastOwn[:]}
}

// distBucket is the ordering's bucket for the distance of square a to b:
// the king-move distance, capped at 6, plus 8 when they share a line within
// four squares (aligned); 0 when b is no move.
func distBucket(a, b int) int {
	if b < 0 {
		return 0
	}
	d, line := apart(a, b)
	r := min(d, 6)
	if line && d <= 4 {
		r += 8
	}
	return r
}

// OrderFeatures calls fn for every empty candidate square of p with the
// indices of its four ordering features, whose weights sum to its score;
// last and before are the game's last two moves (engines.NoMove when
// unknown).
func (p *Position) OrderFeatures(last, before engines.Move, fn func(m engines.Move, f [4]int)) {
	b := &p.b
	me := int(p.side)
	idx := &combos().index
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		fn(engines.Move(i), [4]int{
			b.combo(idx, me, i),
			numOrderCombos + b.combo(idx, 1-me, i),
			2*numOrderCombos + distBucket(i, int(last)),
			2*numOrderCombos + numDist + distBucket(i, int(before)),
		})
	}
}

// Decided reports whether the side to move has a five to make or to block,
// or an open four to make: moves the search plays without ordering.
func (p *Position) Decided() bool {
	b := &p.b
	me := int(p.side)
	return b.counts[me][kFive] > 0 || b.counts[1-me][kFive] > 0 || b.counts[me][kFlex4] > 0
}

// Order returns the game's ordering weights as a vector matching
// OrderFeatures, nil when the game orders by the evaluation's terms.
func (g *Game) Order() []float64 {
	t := g.ord
	if t == nil {
		return nil
	}
	v := make([]float64, 0, NumOrderFeatures)
	for _, part := range t.parts() {
		for _, x := range part {
			v = append(v, float64(x))
		}
	}
	return v
}

// WithOrder returns a copy of g that orders moves by the vector v (in the
// order of OrderFeatures, rounded to whole hundredths), or by the
// evaluation's terms when v is nil.
func (g *Game) WithOrder(v []float64) (*Game, error) {
	c := *g
	c.ord = nil
	if v != nil {
		t, err := orderOf(v)
		if err != nil {
			return nil, err
		}
		c.ord = t
	}
	return &c, nil
}

// orderOf builds an ordering table from a vector in the order of
// OrderFeatures.
func orderOf(v []float64) (*orderTable, error) {
	if len(v) != NumOrderFeatures {
		return nil, fmt.Errorf("%d ordering weights, want %d", len(v), NumOrderFeatures)
	}
	t := &orderTable{idx: &combos().index}
	k := 0
	for _, part := range t.parts() {
		for i := range part {
			x := v[k]
			if math.IsNaN(x) || x < -MaxWeight || x > MaxWeight {
				return nil, fmt.Errorf("ordering weight %d: %v outside ±%d", k, x, MaxWeight)
			}
			part[i] = int16(math.Round(x))
			k++
		}
	}
	return t, nil
}

// score is the ordering score of empty square m for side me; lastOpp and
// lastOwn are the last two moves of the line (noMove when unknown).
func (t *orderTable) score(b *board, me, m, lastOpp, lastOwn int) int32 {
	return int32(t.own[b.combo(t.idx, me, m)]) + int32(t.opp[b.combo(t.idx, 1-me, m)]) +
		int32(t.lastOpp[distBucket(m, lastOpp)]) + int32(t.lastOwn[distBucket(m, lastOwn)])
}

// The ordering tables, fitted by `qi gomokutrain order`; each file's
// header says to what. Caro orders by the evaluation's terms.
var (
	freestyleOrder = mustParseOrder(freestyleOrderText)
	standardOrder  = mustParseOrder(standardOrderText)
	renjuOrder     = mustParseOrder(renjuOrderText)
)

//go:embed weights/freestyle-order.txt
var freestyleOrderText string

//go:embed weights/standard-order.txt
var standardOrderText string

//go:embed weights/renju-order.txt
var renjuOrderText string

// mustParseOrder reads an embedded ordering file (the format of
// ParseWeights).
func mustParseOrder(text string) *orderTable {
	return mustBuild(text, "ordering", orderOf)
}

// orderFor returns the ordering table of rule, nil when it has none.
func orderFor(rule Rule) *orderTable {
	switch rule {
	case Freestyle:
		return freestyleOrder
	case Standard:
		return standardOrder
	case Renju:
		return renjuOrder
	}
	return nil
}
