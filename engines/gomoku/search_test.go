// Tests of the search: it wins in one, blocks fours and open threes, finds
// wins by continuous fours, obeys its limits, and leaves positions alone.

package gomoku

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

// searchOf searches p with a node limit and returns the report.
func searchOf(t *testing.T, p *Position, cfg engines.Config, nodes int64) engines.Info {
	t.Helper()
	s := p.game.NewSearcher(cfg)
	before := p.Text()
	info := s.Search(context.Background(), p, engines.Limits{Nodes: nodes}, nil)
	require.Equal(t, before, p.Text(), "the search leaves the position alone")
	require.NotEmpty(t, info.PV)
	require.NoError(t, p.Legal(info.Best()))
	return info
}

// tactics are positions whose move (any of want) and mate distance every
// search must find.
var tactics = []struct {
	name         string
	rule         Rule
	black, white string
	side         engines.Side
	want         []string // any of these
	mate         int      // plies to the win for the side to move, <0 lost, 0 not a mate
}{
	{"five", Freestyle, "e8 f8 g8 h8", "e9 f9 g9 a1", engines.P1, []string{"d8", "i8"}, 1},
	{"five over a block", Freestyle, "e8 f8 g8 h8", "d8 f9 g9 h9", engines.P1, []string{"i8"}, 1},
	{"block a four", Freestyle, "e8 f8 g8 h8 a15", "d8 h6 h5 a1", engines.P2, []string{"i8"}, 0},
	{"block an open three", Freestyle, "f8 g8 h8 a15", "h7 h6 a1", engines.P2, []string{"e8", "i8", "d8", "j8"}, 0},
	{"open four", Freestyle, "f8 g8 h8 c3", "f9 g9 h7 a1", engines.P1, []string{"e8", "i8"}, 3},
	{"four-three", Freestyle, "e8 f8 g8 h9 h10", "d8 a1 a3 a5 o1", engines.P1, []string{"h8"}, 5},
	{"lost to two fours", Freestyle, "e8 f8 g8 h8 e9 f9 g9 h9", "d8 d9 a1 a3 a5 a7", engines.P2, []string{"i8", "i9"}, -2},
	{"standard: no overline", Standard, "e8 f8 g8 i8 j8", "e9 f9 g9 a1 a3", engines.P1, nil, 0},
	{"renju: five beats a foul", Renju, "h5 h6 h7 d8 e8 f8 g8 h9 h10 h11", "a1 a3 a5 a7 a9 a11 a13 o1 o3 o5", engines.P1, []string{"h8", "c8"}, 1},
	{"renju: white wins on a forbidden square", Renju, "e8 g8 i8 k8 b2", "c13 d13 e13 f13 o1", engines.P2, []string{"g13", "b13"}, 1},
}

func TestSearchTactics(t *testing.T) {
	for _, tt := range tactics {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, 15, 15, tt.rule)
			p := setup(t, g, tt.black, tt.white, tt.side)
			info := searchOf(t, p, engines.Config{}, 200000)
			if tt.want != nil {
				require.Contains(t, tt.want, p.MoveText(info.Best()), "score %s pv %s", info.Score.UCI(), engines.PVText(p, info.PV, " "))
			}
			switch {
			case tt.mate > 0:
				require.Equal(t, engines.MateIn(tt.mate), info.Score, "pv %s", engines.PVText(p, info.PV, " "))
			case tt.mate < 0:
				require.Equal(t, engines.MatedIn(-tt.mate), info.Score)
			default:
				require.False(t, info.Score.IsMate(), "score %s", info.Score.UCI())
			}
			if tt.name == "standard: no overline" {
				require.NotEqual(t, "h8", p.MoveText(info.Best()))
			}
		})
	}
}

// TestFourThreeThatForcesNothing checks a position from a game Rapfi won:
// black's j11 is a four-three, but white's block of that four would be a
// four of white's, so the four-three forces nothing, and white wins with the
// open three m10. The replies to a four-three left m10 out, and the search
// missed the win.
func TestFourThreeThatForcesNothing(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := setup(t, g, "j14 j13 h11 k11 l11 h10 h9 k9 j8 i7 l6 m6", "h13 i10 l10 i9 j9 l9 h8 i8 k8 l8 l7", engines.P2)
	m10, err := p.ParseMove("m10")
	require.NoError(t, err)
	s := searcherAt(p)
	require.Positive(t, s.b.counts[0][kBlock4Flex3], "black has a four-three")
	var replies []engines.Move
	for _, sc := range s.genMoves(0, 0, noMove) {
		replies = append(replies, engines.Move(sc.m))
	}
	require.Contains(t, replies, m10)
	info := searchOf(t, p, engines.Config{}, 200000)
	require.Equal(t, "m10", p.MoveText(info.Best()))
	require.True(t, info.Score.IsMate() && info.Score > 0, "score %s pv %s", info.Score.UCI(), engines.PVText(p, info.PV, " "))
}

// TestRenjuBlackAvoidsFouls checks that black never plays a forbidden
// square, even when it looks best.
func TestRenjuBlackAvoidsFouls(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	// h8 would make a 4x4 (two fours, a win if it were allowed).
	p := setup(t, g, "h5 h6 h7 e8 f8 g8", "h4 d8 a1 a3 a5 o1", engines.P1)
	m, _ := p.ParseMove("h8")
	require.Equal(t, DoubleFour, p.Foul(m))
	for level := 1; level <= engines.MaxLevel; level++ {
		info := searchOf(t, p, engines.Config{Level: level}, 20000)
		require.NotEqual(t, "h8", p.MoveText(info.Best()), "level %d", level)
	}
}

func TestSearchLimits(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := g.NewPosition()
	play(t, p, "h8 i9 g9 i7 i8 g7")
	s := g.NewSearcher(engines.Config{})
	info := s.Search(context.Background(), p, engines.Limits{Depth: 3}, nil)
	require.LessOrEqual(t, info.Depth, 3)
	require.NotEmpty(t, info.PV)
	info = s.Search(context.Background(), p, engines.Limits{Nodes: 5000}, nil)
	require.Less(t, info.Nodes, int64(5000+2000))
	require.NotEmpty(t, info.PV)
	// A cancelled context still gives a move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info = s.Search(ctx, p, engines.Limits{}, nil)
	require.NotEmpty(t, info.PV)
	require.NoError(t, p.Legal(info.Best()))
	// A deadline is kept to within a few milliseconds.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	info = s.Search(ctx, p, engines.Limits{Infinite: true}, nil)
	require.NotEmpty(t, info.PV)
	require.Less(t, time.Since(start), 2*time.Second)
}

func TestBaselinePlays(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := g.NewPosition()
	s := g.NewSearcher(engines.Config{Baseline: true})
	for i := 0; i < 12 && p.Result() == engines.None; i++ {
		info := s.Search(context.Background(), p, engines.Limits{Depth: 2}, nil)
		require.NotEmpty(t, info.PV)
		require.NoError(t, p.Legal(info.Best()))
		p.Play(info.Best())
	}
	require.Equal(t, "h8", p.MoveText(engines.Move(p.hist[0].cell)))
}

// TestSearchRestoresBoard checks that the searcher's board, after a search
// that made and took back every kind of move (light ones in the threat
// searches among them), holds the same terms as a board built afresh.
func TestSearchRestoresBoard(t *testing.T) {
	for i := range benchPositions {
		p := benchGamePosition(t, i)
		s := NewSearcher(engines.Config{})
		s.Search(context.Background(), p, engines.Limits{Nodes: 30000}, nil)
		fresh := p.b.clone()
		fresh.rebuild()
		require.Equal(t, fresh.valOwn, s.b.valOwn)
		require.Equal(t, fresh.valOpp, s.b.valOpp)
		require.Equal(t, fresh.counts, s.b.counts)
		require.Equal(t, fresh.flagged, s.b.flagged)
		require.Equal(t, fresh.hash, s.b.hash)
		require.False(t, s.b.light)
		for _, c := range fresh.inside {
			if fresh.cells[c] == Empty {
				require.Equal(t, fresh.sq[c].pats, s.b.sq[c].pats)
				require.Equal(t, fresh.sq[c].vals, s.b.sq[c].vals)
			}
		}
	}
}

// TestSavingBoardTakesBack: a searcher's board, which takes moves back by
// restoring what they changed, ends every take-back in the state of a
// board that recomputes it, light moves and one-sided test moves among them.
func TestSavingBoardTakesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range benchPositions {
		p := benchGamePosition(t, i)
		var saving board
		saving.copyFrom(&p.b)
		plain := p.b.clone()
		require.True(t, saving.saving)
		require.False(t, plain.saving)
		var made []int
		// lightFrom is how many moves were made when light went on (-1:
		// off): light moves are all taken back before it goes off.
		lightFrom := -1
		takeBack := func(step int) {
			m := made[len(made)-1]
			made = made[:len(made)-1]
			c := Black + Color(len(made)%2)
			saving.take(m, c)
			plain.take(m, c)
			if len(made) == lightFrom {
				saving.light, plain.light, lightFrom = false, false, -1
			}
			require.Equal(t, plain.sq, saving.sq, "position %d, step %d", i, step)
			require.Equal(t, plain.counts, saving.counts)
			require.Equal(t, plain.flagged, saving.flagged)
			require.Equal(t, plain.valOwn, saving.valOwn)
			require.Equal(t, plain.valOpp, saving.valOpp)
			require.Equal(t, plain.hash, saving.hash)
			require.Equal(t, plain.cand, saving.cand)
		}
		for step := 0; step < 400; step++ {
			if len(made) > 0 && (len(made) >= 40 || rng.IntN(3) == 0) {
				takeBack(step)
				continue
			}
			if lightFrom < 0 && rng.IntN(10) == 0 {
				saving.light, plain.light, lightFrom = true, true, len(made)
			}
			m := int(plain.cand[rng.IntN(len(plain.cand))])
			for plain.cells[m] != Empty {
				m = int(plain.cand[rng.IntN(len(plain.cand))])
			}
			c := Black + Color(len(made)%2)
			if rng.IntN(4) == 0 {
				// A test move (the defence test's): one side's patterns
				// only, taken back at once.
				saving.putFor(m, c, 1<<rng.IntN(2))
				plain.put(m, c)
				made = append(made, m)
				takeBack(step)
				continue
			}
			saving.put(m, c)
			plain.put(m, c)
			made = append(made, m)
		}
		for len(made) > 0 {
			takeBack(-1)
		}
		require.Empty(t, saving.changes)
		require.Empty(t, saving.frames)
		require.Equal(t, p.b.sq, saving.sq)
	}
}

// TestStoppedSearchMove: a search stopped before it has finished an
// iteration plays the move it would have tried first, never the first legal
// square (a15, the corner the old fallback played), and FirstMove names a
// move of that kind without searching.
func TestStoppedSearchMove(t *testing.T) {
	tests := []struct {
		name         string
		rule         Rule
		black, white string
		side         engines.Side
		want         []string // any of these; nil: next to a stone
	}{
		{"quiet middle game", Freestyle, "h8 i9 g7", "h9 g9", engines.P2, nil},
		{"a four to block", Freestyle, "e8 f8 g8 h8 a15", "d8 h6 h5 a1", engines.P2, []string{"i8"}},
		{"a five to make", Renju, "e8 f8 g8 h8", "e9 f9 g9 a1", engines.P1, []string{"d8", "i8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := setup(t, mustGame(t, 15, 15, tt.rule), tt.black, tt.white, tt.side)
			first := p.LegalMoves(nil)[0]
			s := NewSearcher(engines.Config{HashMB: 1})
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			stopped := s.Search(ctx, p, engines.Limits{}, nil).Best()
			named := s.FirstMove(p)
			for _, m := range []engines.Move{stopped, named} {
				require.NoError(t, p.Legal(m))
				require.NotEqual(t, first, m, "not the first legal square %s", p.MoveText(first))
				if tt.want != nil {
					require.Contains(t, tt.want, p.MoveText(m))
					continue
				}
				x, y := XY(m)
				near := false
				for dx := -2; dx <= 2; dx++ {
					for dy := -2; dy <= 2; dy++ {
						if c := p.At(x+dx, y+dy); c == Black || c == White {
							near = true
						}
					}
				}
				require.True(t, near, "%s is next to the stones", p.MoveText(m))
			}
		})
	}
}

// TestNoFalseMateAtHorizon checks that a mate the search reports holds
// against the defender's counter-fours: at the horizon an open three used
// to be answered only by blocks, so a three the defender beats with its
// own fours scored as a win, and the deepening stopped on it (renju, qi as
// black against PentaZen: m7 "mated" at depth 1, and white won by fours).
func TestNoFalseMateAtHorizon(t *testing.T) {
	const (
		black = "m6 m4 m9 k4 l4 m3 j6 l5 n7 l7"
		white = "h4 i9 k6 j5 j4 m5 k5 j3 o8 l6"
	)
	tests := []struct {
		name         string
		rule         Rule
		black, white string
		side         engines.Side
		depth        int
	}{
		{"renju: white's fours beat black's three", Renju, black, white, engines.P1, 1},
		{"renju: the same a ply deeper", Renju, black, white, engines.P1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := setup(t, mustGame(t, 15, 15, tt.rule), tt.black, tt.white, tt.side)
			s := p.game.NewSearcher(engines.Config{})
			info := s.Search(context.Background(), p, engines.Limits{Depth: tt.depth}, nil)
			require.NotEmpty(t, info.PV)
			require.False(t, info.Score.IsMate() && info.Score > 0, "score %s pv %s",
				info.Score.UCI(), engines.PVText(p, info.PV, " "))
		})
	}
}
