// This file holds the search for a victory by continuous threats (VCT): the
// attacker plays fours and open threes, the defender answers a four on its
// completing square and an open three on any square where the attacker could
// make a four (a superset of the real defences) or with a four of its own.
// A three of the attacker only counts if it threatens an open four the
// attacker may play (renju's forbidden squares make some threes fake), and
// once the defender threatens an open four itself the attacker may only go
// on with fours.

package gomoku

import (
	"slices"
	"time"
)

// vctTable remembers VCT results: a failure up to some depth, or a win.
type vctTable struct {
	e    []vctEntry
	mask uint64
}

type vctEntry struct {
	key   uint64
	depth int16
	win   int16 // plies to the win, 0 for a failure
}

func newVCTTable(bits int) *vctTable {
	return &vctTable{e: make([]vctEntry, 1<<bits), mask: 1<<bits - 1}
}

func (t *vctTable) clear() { clear(t.e) }

// vctNode bounds the moves an attacker tries at one VCT node, maxVCTPly the
// plies of a VCT line.
const (
	vctNode   = 24
	maxVCTPly = 40
)

// vctRoot looks for a VCT of the side to move with at most depth threes,
// spending at most nodes nodes, and returns its length in plies and first
// move (0 and -1 when there is none).
func (s *Searcher) vctRoot(depth int, nodes int64) (int, int) {
	light := s.b.light
	s.b.light = true
	defer func() { s.b.light = light }()
	s.vctLeft = nodes
	for d := 1; d <= depth; d++ {
		n, m := s.vct(d, 0)
		if n > 0 {
			return n, m
		}
		if s.aborted || s.vctLeft <= 0 {
			break
		}
	}
	return 0, -1
}

// vct searches a VCT for the side to move with at most depth threes, ply
// plies below its root, and returns the plies to the win and the first move.
func (s *Searcher) vct(depth, ply int) (int, int) {
	s.count()
	if s.aborted || s.vctLeft <= 0 {
		return 0, -1
	}
	s.vctLeft--
	b := &s.b
	att, def := s.stm, 1-s.stm
	if m := s.find(att, kFive); m >= 0 {
		return 1, m
	}
	if b.counts[def][kFive] > 0 {
		// The defender's four must be blocked; the attack goes on if the
		// block keeps a threat standing (vctTry checks).
		f, two := s.fives(def)
		if two || !s.legal(att, f) {
			return 0, -1
		}
		return s.vctTry(depth, ply, []scored{{int16(f), 0}})
	}
	if m := s.find(att, kFlex4); m >= 0 {
		return 3, m
	}
	key := s.key()
	e := &s.vtt.e[key&s.vtt.mask]
	if e.key == key && ply > 0 {
		if e.win > 0 {
			return int(e.win), -1
		}
		if int(e.depth) >= depth {
			return 0, -1
		}
	}
	// A VCF is a VCT; looking for it first is cheap, but not free: its
	// nodes come out of the VCT's budget, which otherwise bounded only a
	// part of what the search spent (a root VCT given a tenth of a move
	// could take all of it).
	if b.hasFour(att) {
		given := min(int64(leafVCF), max(s.vctLeft, 1))
		s.vcfLeft = given
		var line []int16
		n := s.vcf(s.lv.vcfFours, &line)
		s.vctLeft -= given - s.vcfLeft
		if n > 0 {
			return n, int(line[0])
		}
	}
	if ply >= maxVCTPly {
		return 0, -1
	}
	if depth <= 0 {
		return 0, -1
	}
	onlyFours := s.threat(def)
	var buf [64]scored
	moves := buf[:0]
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] != Empty {
			continue
		}
		k := b.sq[i].cls[att] &^ flagForbid
		if k < kFlex3 || (onlyFours && k < kBlock4) {
			continue
		}
		moves = append(moves, scored{int16(i), int32(k)<<16 + s.prio(i)})
	}
	slices.SortFunc(moves, func(a, c scored) int { return int(c.score - a.score) })
	if len(moves) > vctNode {
		moves = moves[:vctNode]
	}
	n, m := s.vctTry(depth, ply, moves)
	if n > 0 {
		*e = vctEntry{key: key, win: int16(n)}
	} else if !s.aborted && s.vctLeft > 0 {
		*e = vctEntry{key: key, depth: int16(depth)}
	}
	return n, m
}

// vctTry tries the attacker's moves in order and returns the first win.
func (s *Searcher) vctTry(depth, ply int, moves []scored) (int, int) {
	att := s.stm
	for _, sc := range moves {
		m := int(sc.m)
		if !s.legal(att, m) {
			continue
		}
		four := s.b.sq[m].cls[att]&^flagForbid >= kBlock4
		s.make(m)
		var n int
		if four || s.threat(att) {
			n = s.vctDefend(depth, ply+1, four)
		}
		s.unmake(m)
		if n > 0 {
			return n + 1, m
		}
		if s.aborted || s.vctLeft <= 0 {
			break
		}
	}
	return 0, -1
}

// vctDefend tries every defence of the defender (to move) and returns the
// plies to the attacker's win if none holds.
func (s *Searcher) vctDefend(depth, ply int, four bool) int {
	b := &s.b
	def, att := s.stm, 1-s.stm
	if b.counts[def][kFive] > 0 {
		return 0
	}
	var buf [64]int16
	replies := buf[:0]
	if four {
		f, g := -1, -1
		for _, c := range b.cand {
			i := int(c)
			if b.cells[i] == Empty && b.sq[i].cls[att]&^flagForbid == kFive {
				if f < 0 {
					f = i
				} else {
					g = i
				}
			}
		}
		switch {
		case f < 0:
			return 0
		case g >= 0 || !s.legal(def, f):
			return 2
		}
		replies = append(replies, int16(f))
	} else {
		for _, c := range b.cand {
			i := int(c)
			if b.cells[i] != Empty {
				continue
			}
			if b.sq[i].cls[att]&^flagForbid >= kBlock4 || b.sq[i].cls[def]&^flagForbid >= kBlock4 {
				if s.legal(def, i) && len(replies) < len(buf) {
					replies = append(replies, int16(i))
				}
			}
		}
	}
	// A three costs a level of depth, a four none.
	d := depth - 1
	if four {
		d = depth
	}
	longest := 0
	for _, r := range replies {
		m := int(r)
		s.make(m)
		n, _ := s.vct(d, ply+1)
		s.unmake(m)
		if n == 0 {
			return 0
		}
		longest = max(longest, n+1)
	}
	return longest
}

// defendVCT checks at the root whether the opponent would have a VCT if
// the side to move passed; if so, it keeps the root moves after which it
// has none (all of them when none stops it), spending about budget nodes.
func (s *Searcher) defendVCT(budget int64, until time.Time) {
	s.stm ^= 1
	n, _ := s.vctRoot(maxVCTDepth, budget/2)
	s.stm ^= 1
	if n == 0 || s.aborted {
		return
	}
	per := max(budget/int64(2*len(s.root)), 300)
	keep := s.root[:0:0]
	for i, rm := range s.root {
		if !until.IsZero() && time.Now().After(until) {
			// Out of this part's time: the moves not checked stay.
			keep = append(keep, s.root[i:]...)
			break
		}
		s.make(int(rm.m))
		n, _ := s.vctRoot(maxVCTDepth, per)
		s.unmake(int(rm.m))
		if s.aborted {
			return
		}
		if n == 0 {
			keep = append(keep, rm)
		}
	}
	if len(keep) > 0 {
		s.root = keep
	}
}
