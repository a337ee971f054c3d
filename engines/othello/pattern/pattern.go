// Package pattern holds othello's evaluation features and their weights: the
// patterns (edges with X-squares, edge blocks, corner blocks and triangles,
// lines and diagonals, each on all its symmetric places), the mobility tables
// and mobility rows (where on each line both sides' legal moves lie), the
// game stages, and the compact file format of trained weights. The engine
// and the training tool both read the features from here, so that they cannot
// disagree.
//
// A pattern's index is balanced ternary over its squares in order: +1 for a
// disc of the side to move, -1 for the opponent's, 0 for empty, so that
// swapping the colours negates the index. Tables are stored with the index 0
// in their middle.
package pattern

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Pattern is a shape of squares and the places it takes on the board.
type Pattern struct {
	Name string
	// Len is the number of squares; the table has 3^Len entries.
	Len int
	// Instances lists each place of the pattern on the board: its squares
	// (row*n + col) in the pattern's order.
	Instances [][]int
	// tie maps each table entry to the entry that represents it: a shape
	// that maps onto itself by a symmetry of the board (a line read
	// backwards) has one weight for both readings.
	tie []int32
}

// Size returns the number of entries of the pattern's table.
func (p *Pattern) Size() int { return pow3(p.Len) }

// Mid returns the offset of index 0 (the empty pattern) in the table.
func (p *Pattern) Mid() int { return (pow3(p.Len) - 1) / 2 }

// Rep returns the entry that stands for entry i of the table (i counted from
// the table's start).
func (p *Pattern) Rep(i int) int {
	if p.tie == nil {
		return i
	}
	return int(p.tie[i])
}

func pow3(n int) int {
	r := 1
	for range n {
		r *= 3
	}
	return r
}

// Scalar features are small tables indexed by a count, capped at ScalarMax.
const (
	ScalarMax = 63
	// Scalars is the number of scalar tables: the mobility of the side to
	// move and of its opponent, and their potential mobility (empty squares
	// next to the other side's discs).
	Scalars = 4
	// MobRowSize is the number of entries of a mobility row's table: the
	// side to move's legal moves on a line of 8 squares in the low byte,
	// the opponent's in the high byte.
	MobRowSize = 1 << 16
)

// MobRep returns the entry that stands for entry i of a mobility row's
// table: a line and its reading backwards share one weight.
func MobRep(i int) int {
	r := int(bits.Reverse8(uint8(i))) | int(bits.Reverse8(uint8(i>>8)))<<8
	return min(i, r)
}

// Set is the feature set of one board size.
type Set struct {
	N        int
	Patterns []Pattern
	// StageSize is the usual number of empties a game stage spans (each
	// stage has its own weights); the weights say which they use.
	StageSize int
	// Start is the number of empties of the first position.
	Start int
	// MobRows is the number of mobility-row tables (8x8 only): where the
	// legal moves of both sides lie along the rows and columns, a table
	// for each distance from the edge (rows 1 and 8 and columns a and h
	// share the first), so that a move to a corner or an edge weighs
	// more than its count.
	MobRows int
}

// StageMap returns the stage of each number of empty squares, from 0 to
// N*N, for stages of per empties counted from the start.
func (s *Set) StageMap(per int) []int {
	cells := s.N * s.N
	m := make([]int, cells+1)
	stages := (s.Start + per - 1) / per
	for e := 0; e <= cells; e++ {
		m[e] = min(max((s.Start-e)/per, 0), stages-1)
	}
	return m
}

// StageMapParity is StageMap with each stage split in two by the parity of
// the empties: who is to play the last move of a region (with no passes, the
// side to move at an odd number of empties) weighs the patterns differently.
func (s *Set) StageMapParity(per int) []int {
	m := s.StageMap(per)
	for e := range m {
		m[e] = 2*m[e] + e%2
	}
	return m
}

// Instances returns the number of pattern instances over all patterns.
func (s *Set) Instances() int {
	n := 0
	for i := range s.Patterns {
		n += len(s.Patterns[i].Instances)
	}
	return n
}

// For returns the feature set of an n x n board, or nil for sizes without
// one (they use a generic evaluation).
func For(n int) *Set {
	switch n {
	case 8:
		return set8()
	case 10:
		return set10()
	}
	return nil
}

// The sets are built on first use (their tie tables take milliseconds) and
// then only read.
var (
	set8  = sync.OnceValue(newSet8)
	set10 = sync.OnceValue(newSet10)
)

// sq is a square in the a1 frame as (row, col).
type sq [2]int

func row(r, from, to int) []sq {
	var s []sq
	for c := from; c <= to; c++ {
		s = append(s, sq{r, c})
	}
	return s
}

func diag(n, length int) []sq {
	// The diagonal of the given length ending on the right edge, from
	// the top row: (0, n-length) ... (length-1, n-1).
	var s []sq
	for i := range length {
		s = append(s, sq{i, n - length + i})
	}
	return s
}

func block(rows, cols int) []sq {
	var s []sq
	for r := range rows {
		for c := range cols {
			s = append(s, sq{r, c})
		}
	}
	return s
}

func newSet8() *Set {
	n := 8
	s := &Set{N: n}
	e2x := append(row(0, 0, 7), sq{1, 1}, sq{1, 6})
	s.add("corner3x3", block(3, 3))
	s.add("corner2x5", block(2, 5))
	s.add("edge+2x", e2x)
	// Edax's edge block (a1, c1-f1, h1 and c2-f2) and Egaroucid's corner
	// triangle (the ten squares nearest a corner) see the edge fights and
	// the corners' approaches that the rows and blocks above cut apart.
	s.add("edgeblock", slices.Concat([]sq{{0, 0}}, row(0, 2, 5), []sq{{0, 7}}, row(1, 2, 5)))
	s.add("triangle", []sq{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {3, 0}})
	s.add("line2", row(1, 0, 7))
	s.add("line3", row(2, 0, 7))
	s.add("line4", row(3, 0, 7))
	for l := 8; l >= 4; l-- {
		s.add(fmt.Sprintf("diag%d", l), diag(n, l))
	}
	s.Start, s.StageSize = 60, 4
	s.MobRows = 4
	return s
}

func newSet10() *Set {
	n := 10
	s := &Set{N: n}
	s.add("corner3x3", block(3, 3))
	s.add("corner2x5", block(2, 5))
	s.add("edge", row(0, 0, 9))
	// The rows nearer the centre and the shortest diagonal weigh little
	// against what their tables would cost in weights and in self-play
	// data to fill them.
	for r := 1; r <= 2; r++ {
		s.add(fmt.Sprintf("line%d", r+1), row(r, 0, 9))
	}
	for l := 10; l >= 5; l-- {
		s.add(fmt.Sprintf("diag%d", l), diag(n, l))
	}
	s.Start, s.StageSize = 96, 8
	return s
}

// symmetries of the n x n square, as maps of (row, col).
func symmetries(n int) []func(sq) sq {
	m := n - 1
	return []func(sq) sq{
		func(a sq) sq { return a },
		func(a sq) sq { return sq{a[0], m - a[1]} },
		func(a sq) sq { return sq{m - a[0], a[1]} },
		func(a sq) sq { return sq{m - a[0], m - a[1]} },
		func(a sq) sq { return sq{a[1], a[0]} },
		func(a sq) sq { return sq{a[1], m - a[0]} },
		func(a sq) sq { return sq{m - a[1], a[0]} },
		func(a sq) sq { return sq{m - a[1], m - a[0]} },
	}
}

// add puts a shape on every place a symmetry of the board takes it, and ties
// the entries of readings of the same place.
func (s *Set) add(name string, shape []sq) {
	n := s.N
	p := Pattern{Name: name, Len: len(shape)}
	set := func(sqs []sq) []int {
		k := make([]int, len(sqs))
		for i, a := range sqs {
			k[i] = a[0]*n + a[1]
		}
		return k
	}
	key := func(k []int) string {
		c := slices.Clone(k)
		slices.Sort(c)
		return fmt.Sprint(c)
	}
	base := set(shape)
	seen := map[string]bool{}
	var perms [][]int // self-symmetries as permutations of the pattern's squares
	for _, g := range symmetries(n) {
		img := make([]sq, len(shape))
		for i, a := range shape {
			img[i] = g(a)
		}
		inst := set(img)
		k := key(inst)
		if k == key(base) {
			perm := make([]int, len(inst))
			for i, v := range inst {
				perm[i] = slices.Index(base, v)
			}
			perms = append(perms, perm)
		}
		if !seen[k] {
			seen[k] = true
			p.Instances = append(p.Instances, inst)
		}
	}
	if len(perms) > 1 {
		p.tie = make([]int32, pow3(p.Len))
		digits := make([]int, p.Len)
		img := make([]int, p.Len)
		for t := range p.tie {
			v := t
			for i := range digits {
				digits[i] = v % 3
				v /= 3
			}
			best := t
			for _, perm := range perms {
				// Square i of the reading maps to square perm[i].
				u, w := 0, 1
				for i, j := range perm {
					img[j] = digits[i]
				}
				for i := range img {
					u += img[i] * w
					w *= 3
				}
				best = min(best, u)
			}
			p.tie[t] = int32(best)
		}
	}
	s.Patterns = append(s.Patterns, p)
}

// Index returns the table entry (counted from the table's start) of one
// instance on a board given as cells: +1 the side to move, -1 the opponent,
// 0 empty.
func Index(squares []int, cells []int8) int {
	idx, w := 0, 1
	for _, q := range squares {
		idx += int(cells[q]) * w
		w *= 3
	}
	return idx + (w-1)/2
}
