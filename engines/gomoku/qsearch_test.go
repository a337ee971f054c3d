// Tests of the quiescence search below the horizon: its wins by fours are
// real wins, it finds most of the VCF set, it stands on the evaluation in
// quiet positions, and under renju black never plays a forbidden four
// there while white wins with a four black may not block.

package gomoku

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/search"
)

// qsearchOf runs the quiescence search on p with a full window and returns
// its score and line.
func qsearchOf(p *Position) (engines.Score, []engines.Move) {
	s := NewSearcher(engines.Config{HashMB: 1})
	s.load(p)
	s.stop = &search.Stop{}
	const inf = engines.Mate + 1
	v := s.qsearch(0, -inf, inf, 0)
	line := make([]engines.Move, s.pvLen[0])
	for i := range line {
		line[i] = engines.Move(s.pv[0][i])
	}
	return v, line
}

func TestQSearchVCFSet(t *testing.T) {
	cases := readVCFCases(t)
	found := 0
	for _, c := range cases {
		g := mustGame(t, c.size, c.size, c.rule)
		p, err := g.ParsePosition(c.text)
		require.NoError(t, err)
		v, line := qsearchOf(p)
		if !v.IsMate() {
			continue
		}
		require.Positive(t, v, "%s: the attacker wins", c.source)
		checkVCFLine(t, p, line)
		found++
	}
	// Fours after the first stay near the last one: a few long VCFs that
	// jump across the board are left to the VCF search at the root.
	assert.GreaterOrEqual(t, found, len(cases)*3/4, "found %d of %d", found, len(cases))
}

func TestQSearchPositions(t *testing.T) {
	tests := []struct {
		name         string
		rule         Rule
		black, white string
		side         engines.Side
		want         engines.Score // 0: no mate
	}{
		{"quiet", Freestyle, "h8 i9 g7", "h9 g9", engines.P2, 0},
		{"four-three", Freestyle, "e8 f8 g8 h9 h10", "d8 a1 a3 a5 o1", engines.P1, engines.MateIn(5)},
		// h8 is black's double four: white's four h9-h12 can't be blocked.
		{"renju: white's four on a forbidden block", Renju, "e8 g8 i8 k8 h7 h13", "h9 h10 h11 a1 a3 o1", engines.P2, engines.MateIn(3)},
		{"renju: black's double four is no win", Renju, "h5 h6 h7 e8 f8 g8", "h4 d8 a1 a3 a5 o1", engines.P1, 0},
		{"block a four first", Freestyle, "e8 f8 g8 h8 a15", "d8 h6 h5 h4 a1", engines.P2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := setup(t, mustGame(t, 15, 15, tt.rule), tt.black, tt.white, tt.side)
			v, line := qsearchOf(p)
			if tt.want == 0 {
				assert.False(t, v.IsMate() && v > 0, "score %s", v.UCI())
			} else {
				assert.Equal(t, tt.want, v, "line %s", engines.PVText(p, line, " "))
				require.NotEmpty(t, line)
			}
			if tt.rule == Renju && tt.side == engines.P2 {
				assert.Equal(t, "h12", p.MoveText(line[0]))
			}
			q := p.clone()
			for _, m := range line {
				require.NoError(t, q.Legal(m), "%s in\n%s", q.MoveText(m), q)
				q.Play(m)
			}
		})
	}
}

// TestQSearchTable checks that the quiescence search keeps what its lines of
// fours found in the table: after a search with a full window the position's
// score and first move are there, and a null window just below the score is
// answered from the table without a node, where the search without the
// table leaves nothing in it.
func TestQSearchTable(t *testing.T) {
	const inf = engines.Mate + 1
	searched := 0
	for _, c := range readVCFCases(t) {
		g := mustGame(t, c.size, c.size, c.rule)
		p, err := g.ParsePosition(c.text)
		require.NoError(t, err)

		s := NewSearcher(engines.Config{HashMB: 1})
		s.load(p)
		s.stop = &search.Stop{}
		v := s.qsearch(0, -inf, inf, 0)
		if !v.IsMate() || v >= engines.MateIn(5) || s.b.counts[1-s.stm][kFive] > 0 {
			// Wins by an open four or a four-three are seen without a
			// search of the fours, and a forced block is no search
			// either: nothing is stored for the position.
			continue
		}
		searched++
		e, ok := s.tt.Probe(s.key())
		require.True(t, ok, "%s: the result is in the table", c.source)
		assert.Equal(t, search.Exact, e.Bound, c.source)
		assert.Equal(t, v, search.FromTT(e.Score, 0), c.source)
		assert.Equal(t, int(s.pv[0][0]), int(e.Move), "%s: with the move that wins", c.source)
		s.nodes = 0
		assert.Equal(t, v, s.qsearch(0, v-1, v, 0), c.source)
		assert.Zero(t, s.nodes, "%s: answered from the table", c.source)

		off := NewSearcherOptions(engines.Config{HashMB: 1}, Options{Off: offQTable})
		off.load(p)
		off.stop = &search.Stop{}
		assert.Equal(t, v, off.qsearch(0, -inf, inf, 0), c.source)
		_, ok = off.tt.Probe(off.key())
		assert.False(t, ok, "%s: without the table nothing is kept", c.source)
	}
	assert.Greater(t, searched, 10, "wins found by searching the fours")
}
