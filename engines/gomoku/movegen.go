// This file holds the gomoku search's move generation: the root's moves,
// the candidates of a node in the order they are tried (the table's move,
// the threats that must be answered, then the rest by the fitted ordering
// or the evaluation's terms), and the replies to a four or an open three.

package gomoku

import (
	"slices"

	"qi/engines"
)

// centre returns the empty square nearest the centre.
func (s *Searcher) centre(p *Position) int {
	cx, cy := (p.game.w-1)/2, (p.game.h-1)/2
	best, bestD := -1, 1<<30
	for _, c := range s.b.inside {
		i := int(c)
		if s.b.cells[i] != Empty {
			continue
		}
		x, y := cellXY(i)
		if d := (x-cx)*(x-cx) + (y-cy)*(y-cy); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// rootMoves lists the moves the root searches: the legal candidates, only
// the defences when the opponent threatens an open four, all legal moves
// when no candidate is left; of these, only the ones lim allows.
func (s *Searcher) rootMoves(p *Position, lim engines.Limits) {
	s.root = s.root[:0]
	for _, sc := range s.genMoves(0, 0, -1) {
		if lim.Allows(engines.Move(sc.m)) {
			s.root = append(s.root, rootMove{m: sc.m, prio: sc.score})
		}
	}
	if len(s.root) == 0 {
		// No candidate, or none the limits allow (all of them lose to
		// a four they do not stop): the moves allowed, by their value.
		for _, m := range lim.RootMoves(p) {
			s.root = append(s.root, rootMove{m: int16(m), prio: s.prio(int(m))})
		}
	}
	slices.SortStableFunc(s.root, func(a, c rootMove) int { return int(c.prio - a.prio) })
}

// genMoves fills move buffer slot with the moves to search at ply, scored
// for ordering (ttMove first): the opponent's five to block; when the
// opponent threatens an open four, the mover's fours and the squares that stop it;
// when it has a four-three to play, the mover's fours and the squares that leave it
// none (every candidate if none does); else every candidate. Black's
// forbidden squares are left out under renju.
func (s *Searcher) genMoves(slot, ply int, ttMove int) []scored {
	b := &s.b
	me, opp := s.stm, 1-s.stm
	list := s.buf[slot][:0]
	st := &s.st[ply]
	div := int32(s.par.HistoryDivisor)
	if div <= 0 {
		div = 64
	}
	lastOpp, lastOwn := s.prevMove(ply-1), s.prevMove(ply-2)
	if ply < 2 {
		lastOwn = s.last[1-ply]
		if ply == 0 {
			lastOpp = s.last[0]
		}
	}
	add := func(i int) {
		if !s.legal(me, i) {
			return
		}
		var sc int32
		if s.ord != nil {
			sc = s.ord.score(b, me, i, lastOpp, lastOwn)
		} else {
			sc = s.prio(i)
		}
		switch {
		case i == ttMove:
			sc += 1 << 28
		case int16(i) == st.killers[0]:
			sc += 300
		case int16(i) == st.killers[1]:
			sc += 200
		}
		if b.sq[i].cls[me]&^flagForbid >= kFlex3 {
			sc += int32(s.hist[me][i][histAttack]) / div
		} else {
			sc += int32(s.hist[me][i][histQuiet]) / div
		}
		list = append(list, scored{int16(i), sc})
	}
	if b.counts[opp][kFive] > 0 {
		if f, _ := s.fives(opp); f >= 0 {
			add(f)
		}
		s.buf[slot] = list
		return list
	}
	// stops reports whether a move on i leaves the opponent without a
	// square of class k: the test reads the opponent's classes only, so a
	// light move skips the terms, and the mover's own patterns are left as they
	// were.
	stops := func(i int, k class) bool {
		if !s.renjuBlack(opp) {
			// Every square of a four's class lies within two squares
			// of the side's stones, among the candidates, and nothing
			// forbids it: counting them after the move is finding one.
			return b.countAfter(i, colorOf(me), opp, k) == 0
		}
		return !b.withStone(i, colorOf(me), 1<<opp, func() bool {
			if k == kFlex4 {
				return s.threat(opp)
			}
			return b.counts[opp][k] > 0 && s.find(opp, k) >= 0
		})
	}
	// defend adds the mover's fours and the other squares keep accepts (keep
	// checks that they may be played, after its cheaper tests): the replies
	// to a threat.
	defend := func(keep func(i int) bool) {
		for _, c := range b.cand {
			i := int(c)
			if b.cells[i] != Empty {
				continue
			}
			if b.sq[i].cls[me]&^flagForbid >= kBlock4 {
				add(i)
				continue
			}
			if keep(i) {
				add(i)
			}
		}
	}
	if !s.opt.NoThreatReplies && s.threat(opp) {
		// Against an open three: the mover's fours, and the squares after which
		// the opponent has no open four to make, found among those where
		// it could make a four. The fours count at the horizon too: a
		// defence by counter-fours left out there made the three a false
		// mate that stopped the deepening.
		//
		// A square where the opponent makes an open four, unflagged, stays
		// one unless the mover's stone lands on one of its lines within a pattern's
		// reach: a move off the lines of any such square (the first few
		// are kept) can't stop the threat and needs no test.
		var open4 [4]int
		n4 := 0
		for _, c := range b.cand {
			i := int(c)
			if n4 < len(open4) && b.cells[i] == Empty && b.sq[i].cls[opp] == kFlex4 {
				open4[n4] = i
				n4++
			}
		}
		defend(func(i int) bool {
			return b.sq[i].cls[opp]&^flagForbid >= kBlock4 && onLines(i, open4[:n4]) && s.legal(me, i) && stops(i, kFlex4)
		})
		s.buf[slot] = list
		return list
	}
	if !s.opt.NoThreatReplies && !s.disabled(offDefend43) && b.counts[opp][kBlock4Flex3] > 0 {
		// Against a four-three: the mover's fours, the squares on its lines after
		// which the opponent has none left, and the squares after which
		// the block of its four would be a four of the mover's (the block then
		// takes the tempo back). When that block is a four already, the
		// four-three forces nothing and every move stays.
		if c := s.find(opp, kBlock4Flex3); c >= 0 {
			if f := s.blockOfFour(c); f < 0 || b.sq[f].cls[me]&^flagForbid < kBlock4 || !s.legal(me, f) {
				// counters reports whether the mover's stone on i makes the block
				// on f a four of ours.
				counters := func(i int) bool {
					return b.withStone(i, colorOf(me), 1<<me, func() bool { return b.sq[f].cls[me]&^flagForbid >= kBlock4 })
				}
				defend(func(i int) bool {
					return s.legal(me, i) && ((i == c || aligned(c, i) && b.sq[i].cls[opp]&^flagForbid >= kBlock3) && stops(i, kBlock4Flex3) ||
						f >= 0 && i != f && aligned(f, i) && counters(i))
				})
				if len(list) > 0 {
					s.buf[slot] = list
					return list
				}
			}
		}
	}
	for _, c := range b.cand {
		i := int(c)
		if b.cells[i] == Empty {
			add(i)
		}
	}
	s.buf[slot] = list
	return list
}

// blockOfFour returns the square where the side to move must block the
// opponent's five after the opponent plays its four-three on c (-1: none).
func (s *Searcher) blockOfFour(c int) int {
	opp := 1 - s.stm
	f := -1
	s.b.withStone(c, colorOf(opp), 1<<opp, func() bool {
		f, _ = s.fives(opp)
		return f >= 0
	})
	return f
}

// onLines reports whether square i is each of squares or shares a line
// with it within halfLen squares, the reach of a stone on a pattern.
func onLines(i int, squares []int) bool {
	for _, f := range squares {
		if !onLine(i, f, halfLen) {
			return false
		}
	}
	return true
}

// pick moves the best-scored move from i on to i.
func pick(list []scored, i int) {
	best := i
	for j := i + 1; j < len(list); j++ {
		if list[j].score > list[best].score {
			best = j
		}
	}
	list[i], list[best] = list[best], list[i]
}
