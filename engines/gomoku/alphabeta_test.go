// Tests of the node search's parts: the four-three quick win, the replies
// to a four-three, the history's bounds and the options of A/B matches.

package gomoku

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// searcherAt returns a searcher whose board is p's, ready for its parts to
// be called without a search.
func searcherAt(p *Position) *Searcher {
	s := NewSearcher(engines.Config{HashMB: 1})
	s.load(p)
	return s
}

func TestFourThree(t *testing.T) {
	cases := []struct {
		name         string
		rule         Rule
		black, white string
		want         string // "" for none
	}{
		// h8 makes the closed four e8-h8 (i8 its five) and the open three
		// h8-h10.
		{"wins", Freestyle, "e8 f8 g8 h9 h10", "d8 a1 a4 a7 o1", "h8"},
		// The block on i8 makes a three of j9 k10 for white, whose four
		// would answer the open four: no quick win.
		{"the block makes a three", Freestyle, "e8 f8 g8 h9 h10", "d8 j9 k10 a4 o1", ""},
		// White's four-three under renju: black's block on i8 is legal.
		{"renju white", Renju, "d8 a1 a4 a7 o1 o4", "e8 f8 g8 h9 h10", "h8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, 15, 15, c.rule)
			side := engines.P1
			if c.rule == Renju {
				side = engines.P2
			}
			p := setup(t, g, c.black, c.white, side)
			s := searcherAt(p)
			before := s.b.hash
			m := s.fourThree()
			assert.Equal(t, before, s.b.hash, "the board is left as it was")
			if c.want == "" {
				assert.Equal(t, -1, m)
				return
			}
			require.GreaterOrEqual(t, m, 0)
			assert.Equal(t, c.want, p.MoveText(engines.Move(m)))
		})
	}
}

// TestRepliesToFourThree checks that against the opponent's four-three the
// search tries only the mover's fours and the squares that leave it none, and all
// of those.
func TestRepliesToFourThree(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	// White threatens h8 (the four e8-h8 and the open three h8-h10).
	p := setup(t, g, "d8 b2 b4 m2 m4 c13", "e8 f8 g8 h9 h10", engines.P1)
	s := searcherAt(p)
	list := s.genMoves(0, 0, noMove)
	require.NotEmpty(t, list)
	got := map[string]bool{}
	for _, sc := range list {
		got[p.MoveText(engines.Move(sc.m))] = true
	}
	assert.True(t, got["h8"], "the four-three's own square")
	assert.True(t, got["i8"], "the four's five")
	assert.False(t, got["a15"], "a square far away")
	// Each is one of ours that makes a four, or stops the four-three.
	for _, sc := range list {
		m := int(sc.m)
		if s.b.sq[m].cls[0]&^flagForbid >= kBlock4 {
			continue
		}
		s.make(m)
		left := s.find(1, kBlock4Flex3) >= 0
		s.unmake(m)
		assert.False(t, left, "%s leaves the four-three", p.MoveText(engines.Move(m)))
	}
	// Every square that stops it is there: try them all.
	for _, c := range s.b.cand {
		m := int(c)
		if s.b.cells[m] != Empty || !s.legal(0, m) {
			continue
		}
		s.make(m)
		left := s.find(1, kBlock4Flex3) >= 0
		s.unmake(m)
		if !left {
			assert.True(t, got[p.MoveText(engines.Move(m))], "%s stops the four-three", p.MoveText(engines.Move(m)))
		}
	}
}

func TestHistoryBounds(t *testing.T) {
	var h history
	for range 1000 {
		h.add(0, 100, histQuiet, statBonus(30))
	}
	assert.LessOrEqual(t, int(h[0][100][histQuiet]), histRange)
	assert.Greater(t, int(h[0][100][histQuiet]), histRange*9/10)
	for range 1000 {
		h.add(0, 100, histQuiet, -statBonus(30))
	}
	assert.GreaterOrEqual(t, int(h[0][100][histQuiet]), -histRange)
	assert.Less(t, int(h[0][100][histQuiet]), -histRange*9/10)
}

func TestOptionsSet(t *testing.T) {
	var o Options
	require.NoError(t, o.Set("off", "null+se"))
	assert.Equal(t, offNull|offSE, o.Off)
	require.NoError(t, o.Set("MoveCountBase", "6.5"))
	assert.InDelta(t, 6.5, o.Params.MoveCountBase, 1e-6)
	require.NoError(t, o.Set("novct", ""))
	assert.True(t, o.NoVCT)
	for _, bad := range [][2]string{{"off", "nothing"}, {"movecountbase", "-1"}, {"movecountbase", "x"}, {"nosuch", "1"}, {"novct", "maybe"}, {"evalavg", ""}} {
		assert.Error(t, o.Set(bad[0], bad[1]), "%s=%s", bad[0], bad[1])
	}
	p := defaultParams(Renju)
	p.override(o.Params)
	assert.InDelta(t, 6.5, p.MoveCountBase, 1e-6)
	assert.Equal(t, defaultParams(Renju).FutilityScale, p.FutilityScale, "fields left at zero keep the rule's default")
}

func TestOptionNamesAreAccepted(t *testing.T) {
	names := OptionNames()
	bools, rest, ok := strings.Cut(names, " (true/false); off=")
	require.True(t, ok, names)
	offs, nums, ok := strings.Cut(rest, " joined by +; ")
	require.True(t, ok, names)
	nums = strings.TrimSuffix(nums, " (numbers)")
	var o Options
	for _, b := range strings.Split(bools, ", ") {
		assert.NoError(t, o.Set(b, "true"), b)
	}
	for _, part := range strings.Split(offs, "|") {
		assert.NoError(t, o.Set("off", part), part)
	}
	for _, n := range strings.Split(nums, ", ") {
		assert.NoError(t, o.Set(n, "1.5"), n)
	}
	assert.Len(t, strings.Split(bools, ", "), len(o.flags()))
	assert.Len(t, strings.Split(offs, "|"), len(offNames))
	assert.Len(t, strings.Split(nums, ", "), len(o.params()))
}
