// Tests of the move ordering: the features the tool fits are the ones the
// search scores, the vector round-trips, and the replies to an open three
// keep every defence though most squares go untested.

package gomoku

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// randomGame plays a game of random candidate moves and calls at before each
// move with the position and the last two moves.
func randomGame(t *testing.T, g *Game, rng *rand.Rand, plies int, at func(p *Position, last, before engines.Move)) {
	p := g.NewPosition()
	p.Play(engines.Move(cellIndex(g.w/2, g.h/2)))
	last, before := engines.Move(cellIndex(g.w/2, g.h/2)), engines.NoMove
	for p.Result() == engines.None && p.Plies() < plies {
		at(p, last, before)
		var ms []engines.Move
		for _, c := range p.b.cand {
			if m := engines.Move(c); p.b.cells[c] == Empty && p.Legal(m) == nil {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			return
		}
		m := ms[rng.IntN(len(ms))]
		p.Play(m)
		last, before = m, last
	}
}

func TestOrderFeaturesMatchScore(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	require.NotNil(t, g.ord, "freestyle has its fitted ordering")
	w := g.Order()
	rng := rand.New(rand.NewPCG(3, 5))
	seen := 0
	for range 10 {
		randomGame(t, g, rng, 50, func(p *Position, last, before engines.Move) {
			p.OrderFeatures(last, before, func(m engines.Move, f [4]int) {
				sum := w[f[0]] + w[f[1]] + w[f[2]] + w[f[3]]
				got := g.ord.score(&p.b, int(p.side), int(m), int(last), int(before))
				require.Equal(t, int32(sum), got, "%v\n%s", m, p)
				seen++
			})
		})
	}
	assert.Greater(t, seen, 10000)
}

func TestWithOrder(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	w := g.Order()
	require.Len(t, w, NumOrderFeatures)
	w[7] += 3
	g2, err := g.WithOrder(w)
	require.NoError(t, err)
	assert.Equal(t, w, g2.Order())
	g3, err := g.WithOrder(nil)
	require.NoError(t, err)
	assert.Nil(t, g3.Order())
	for _, rule := range []Rule{Freestyle, Standard, Renju} {
		assert.NotNil(t, mustGame(t, 15, 15, rule).Order(), "%s has a fitted ordering", rule)
	}
	assert.Nil(t, mustGame(t, 15, 15, Caro).Order(), "caro orders by the evaluation's terms")
	_, err = g.WithOrder(w[1:])
	assert.Error(t, err)
	w[0] = math.NaN()
	_, err = g.WithOrder(w)
	assert.Error(t, err)
	w[0] = 2 * MaxWeight
	_, err = g.WithOrder(w)
	assert.Error(t, err)
}

// TestThreatRepliesKeepEveryDefence compares the replies to an open three
// with every candidate tested by a full move: a defence that onLines left
// out would show.
func TestThreatRepliesKeepEveryDefence(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	for _, rule := range []Rule{Freestyle, Standard, Renju} {
		g := mustGame(t, 15, 15, rule)
		tested := 0
		for range 16 {
			randomGame(t, g, rng, 60, func(p *Position, _, _ engines.Move) {
				s := searcherAt(p)
				me, opp := s.stm, 1-s.stm
				if p.Decided() || s.b.counts[opp][kFive] > 0 || !s.threat(opp) {
					return
				}
				var got []int
				for _, sc := range s.genMoves(0, 0, noMove) {
					got = append(got, int(sc.m))
				}
				var want []int
				b := &s.b
				for _, c := range b.cand {
					i := int(c)
					if b.cells[i] != Empty || !s.legal(me, i) {
						continue
					}
					if b.sq[i].cls[me]&^flagForbid >= kBlock4 {
						want = append(want, i)
						continue
					}
					if b.sq[i].cls[opp]&^flagForbid < kBlock4 {
						continue
					}
					s.make(i)
					if !s.threat(opp) {
						want = append(want, i)
					}
					s.unmake(i)
				}
				slices.Sort(got)
				slices.Sort(want)
				require.Equal(t, want, got, "%s\n%s", rule, p)
				tested++
			})
		}
		assert.Greater(t, tested, 40, rule.String())
	}
}
