// This file holds the search for a victory by continuous fours (VCF): the
// attacker plays only fours, so each of the defender's replies is forced (the
// square that completes the four), until a five, an open four or a double
// four wins. Under renju a white four whose completing square is forbidden
// for black cannot be answered; black's fours must be legal.

package gomoku

import (
	"math"
	"slices"

	"qi/engines"
	"qi/engines/search"
)

// vcfEntry remembers that the attacker to move in the position of key has no
// VCF of at most fours fours.
type vcfEntry struct {
	key   uint64
	fours int32
}

// vcfTable is a direct-mapped table of failed VCF searches.
type vcfTable struct {
	e    []vcfEntry
	mask uint64
}

func newVCFTable(bits int) *vcfTable {
	return &vcfTable{e: make([]vcfEntry, 1<<bits), mask: 1<<bits - 1}
}

func (t *vcfTable) clear() { clear(t.e) }

func (t *vcfTable) failed(key uint64, fours int) bool {
	e := &t.e[key&t.mask]
	return e.key == key && int(e.fours) >= fours
}

func (t *vcfTable) fail(key uint64, fours int) {
	t.e[key&t.mask] = vcfEntry{key: key, fours: int32(fours)}
}

// leafVCF bounds the nodes of a VCF inside a VCT.
const leafVCF = 400

// hasFour reports whether side has a square that makes a four.
func (b *board) hasFour(side int) bool {
	c := &b.counts[side]
	return c[kBlock4]+c[kBlock4Plus]+c[kBlock4Flex3] > 0
}

// vcfRoot looks for a VCF of the side to move with at most fours fours and
// returns its length in plies and its moves.
func (s *Searcher) vcfRoot(fours int) (int, []int16) {
	var line []int16
	light := s.b.light
	s.b.light = true
	n := s.vcf(fours, &line)
	s.b.light = light
	return n, line
}

// fiveNear returns the squares within a five's reach of m where side makes
// five: the first and a second one, -1 when missing.
func (s *Searcher) fiveNear(side, m int) (first, second int) {
	b := &s.b
	first, second = -1, -1
	for _, step := range dirStep {
		for k := -4; k <= 4; k++ {
			i := m + k*step
			if k == 0 || b.cells[i] != Empty || b.sq[i].cls[side]&^flagForbid != kFive {
				continue
			}
			if first < 0 {
				first = i
			} else if i != first {
				return first, i
			}
		}
	}
	return first, second
}

// vcf searches a VCF for the side to move with at most fours fours and
// returns its length in plies (0: none found). When line is not nil the
// winning moves are written to it.
func (s *Searcher) vcf(fours int, line *[]int16) int {
	s.count()
	if s.aborted || s.vcfLeft <= 0 {
		return 0
	}
	s.vcfLeft--
	b := &s.b
	me, opp := s.stm, 1-s.stm
	if b.counts[me][kFive] > 0 {
		if m := s.find(me, kFive); m >= 0 {
			if line != nil {
				*line = append((*line)[:0], int16(m))
			}
			return 1
		}
	}
	var moves [32]scored
	n := 0
	if b.counts[opp][kFive] > 0 {
		// The defender's four must be blocked, and the block must be a four.
		f, two := s.fives(opp)
		if two || b.sq[f].cls[me]&^flagForbid < kBlock4 {
			return 0
		}
		moves[0] = scored{int16(f), 0}
		n = 1
	} else {
		if b.counts[me][kFlex4] > 0 {
			if m := s.find(me, kFlex4); m >= 0 {
				if line != nil {
					*line = append((*line)[:0], int16(m))
				}
				return 3
			}
		}
		if fours <= 0 || !b.hasFour(me) {
			return 0
		}
		for _, c := range b.cand {
			i := int(c)
			if b.cells[i] != Empty {
				continue
			}
			k := b.sq[i].cls[me] &^ flagForbid
			if k >= kBlock4 && k <= kBlock4Flex3 && n < len(moves) {
				moves[n] = scored{int16(i), int32(k)<<16 + s.prio(i)}
				n++
			}
		}
		slices.SortFunc(moves[:n], func(a, c scored) int { return int(c.score - a.score) })
	}
	key := s.key()
	if s.vt.failed(key, fours) {
		return 0
	}
	for _, sc := range moves[:n] {
		m := int(sc.m)
		if !s.legal(me, m) {
			continue
		}
		s.make(m)
		r := 0
		f, g := s.fiveNear(me, m)
		var sub []int16
		switch {
		case f < 0:
			// Not a four after all (cannot happen with consistent tables).
		case g >= 0:
			// Two fives to block.
			r = 3
			sub = append(sub, int16(f), int16(g))
		case !s.legal(opp, f):
			// Black can't block on a forbidden square.
			r = 3
		default:
			s.make(f)
			var subLine *[]int16
			if line != nil {
				subLine = &sub
			}
			if k := s.vcf(fours-1, subLine); k > 0 {
				r = k + 2
				if line != nil {
					sub = append([]int16{int16(f)}, sub...)
				}
			}
			s.unmake(f)
		}
		s.unmake(m)
		if r > 0 {
			if line != nil {
				*line = append(append((*line)[:0], int16(m)), sub...)
			}
			return r
		}
		if s.aborted || s.vcfLeft <= 0 {
			return 0
		}
	}
	s.vt.fail(key, fours)
	return 0
}

// SolveVCF looks for a win of the side to move by continuous fours in p,
// spending at most nodes nodes (0: no limit), and returns its length in
// plies and its moves (the defender's forced replies included; a line may
// stop early where the defender has no reply that matters), or 0 and nil.
func SolveVCF(p *Position, nodes int64) (int, []engines.Move) {
	n, line, _ := solveVCF(p, nodes)
	return n, line
}

// solveVCF is SolveVCF, also returning the nodes searched.
func solveVCF(p *Position, nodes int64) (int, []engines.Move, int64) {
	if p.result != engines.None {
		return 0, nil, 0
	}
	s := NewSearcher(engines.Config{HashMB: 1})
	s.load(p)
	s.stop = &search.Stop{}
	s.nodeCap = nodes
	s.vcfLeft = math.MaxInt64
	n, line := s.vcfRoot(maxVCFFours)
	if n == 0 {
		return 0, nil, s.nodes
	}
	out := make([]engines.Move, len(line))
	for i, m := range line {
		out[i] = engines.Move(m)
	}
	return n, out, s.nodes
}

// maxVCFFours bounds the fours of a VCF that SolveVCF looks for.
const maxVCFFours = 60

// MakesFour reports whether m, an empty square, gives the side to move a
// four or better (a five included).
func (p *Position) MakesFour(m engines.Move) bool {
	i := int(m)
	if i < 0 || i >= numCells || p.b.cells[i] != Empty {
		return false
	}
	return p.b.sq[i].cls[p.side]&^flagForbid >= kBlock4
}

// MakesFive reports whether m, an empty square, gives the side to move a
// five.
func (p *Position) MakesFive(m engines.Move) bool {
	i := int(m)
	if i < 0 || i >= numCells || p.b.cells[i] != Empty {
		return false
	}
	return p.b.sq[i].cls[p.side]&^flagForbid == kFive
}

// FiveSquares returns the empty squares where side would make a five.
func (p *Position) FiveSquares(side engines.Side) []engines.Move {
	var out []engines.Move
	for _, c := range p.b.inside {
		i := int(c)
		if p.b.cells[i] == Empty && p.b.sq[i].cls[side]&^flagForbid == kFive {
			out = append(out, engines.Move(i))
		}
	}
	return out
}

// aligned reports whether squares a and b share a line within four squares.
func aligned(a, b int) bool { return onLine(a, b, 4) }

// onLine reports whether squares a and b share a line (a row, a column or
// a diagonal) within reach squares of each other.
func onLine(a, b, reach int) bool {
	d, line := apart(a, b)
	return line && d <= reach
}

// apart returns the king-move distance of squares a and b and whether they
// share a line (a row, a column or a diagonal).
func apart(a, b int) (d int, line bool) {
	ax, ay := cellXY(a)
	bx, by := cellXY(b)
	dx, dy := iabs(bx-ax), iabs(by-ay)
	return max(dx, dy), dx == 0 || dy == 0 || dx == dy
}
