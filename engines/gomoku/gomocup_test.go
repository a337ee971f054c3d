// Tests of the API the Gomocup dialect builds on: set-ups from BOARD lines,
// take-backs, forbidden squares in YXSHOWFORBID's form, time budgets, SWAP2,
// and fuzzing of the parsers.

package gomoku

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/search"
)

func TestFromGomocup(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	// In move order from black: played as moves, so they can be taken back.
	p, err := g.FromGomocup([]BoardLine{{7, 7, Opponent}, {8, 8, Own}, {6, 8, Opponent}})
	require.NoError(t, err)
	require.Equal(t, engines.P2, p.SideToMove(), "the brain is white")
	require.Equal(t, 3, p.Plies())
	require.Equal(t, Black, p.At(7, 7))
	require.Equal(t, White, p.At(8, 8))
	require.NoError(t, p.TakeXY(6, 8))
	require.Equal(t, engines.P1, p.SideToMove())
	require.Error(t, p.TakeXY(7, 7), "only the last move")
	require.Error(t, p.TakeXY(3, 3), "an empty square")
	require.Error(t, p.TakeXY(15, 3), "off the board")

	// Equal counts: the brain is black.
	p, err = g.FromGomocup([]BoardLine{{7, 7, Own}, {8, 8, Opponent}})
	require.NoError(t, err)
	require.Equal(t, engines.P1, p.SideToMove())
	require.Equal(t, Black, p.At(7, 7))

	// Out of order and blocked squares: set up at once; any stone can be
	// taken back.
	p, err = g.FromGomocup([]BoardLine{{8, 8, Opponent}, {7, 7, Own}, {0, 0, Wall}, {3, 4, Opponent}, {5, 5, Own}})
	require.NoError(t, err)
	require.Equal(t, 0, p.Plies())
	require.Equal(t, Blocked, p.At(0, 0))
	require.Equal(t, engines.P1, p.SideToMove())
	require.NoError(t, p.TakeXY(8, 8))
	require.Equal(t, Empty, p.At(8, 8))
	require.Equal(t, engines.P2, p.SideToMove(), "the side of the stone taken moves")
	require.Error(t, p.TakeXY(0, 0))

	for _, bad := range [][]BoardLine{
		{{7, 7, Own}, {7, 7, Opponent}},
		{{15, 0, Own}},
		{{-1, 0, Own}},
		{{1, 1, 4}},
	} {
		_, err := g.FromGomocup(bad)
		require.Error(t, err, "%v", bad)
	}
}

func TestPlayXY(t *testing.T) {
	g := mustGame(t, 20, 20, Freestyle)
	p := g.NewPosition()
	require.NoError(t, p.PlayXY(10, 10))
	require.ErrorIs(t, p.PlayXY(10, 10), engines.ErrIllegal)
	require.Error(t, p.PlayXY(20, 0))
	require.Error(t, p.PlayXY(0, -1))
	x, y := XY(p.LastMove())
	require.Equal(t, [2]int{10, 10}, [2]int{x, y})
	require.Equal(t, "k10", p.MoveText(p.LastMove()))
	text := p.Text()
	require.Error(t, p.PlayXY(99, 99))
	require.Equal(t, text, p.Text(), "a refused move leaves the position alone")
}

func TestShowForbid(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := setup(t, g, "h7 g8 i8 h9 d8 e8 f8 c8", "a1 a3 a5 a7 n1 n3 n5", engines.P2)
	// h8 is a double-three (with g8/i8 and h7/h9 ... ) and b8 or g8's row
	// has an overline point.
	fouls := p.Fouls()
	require.NotEmpty(t, fouls)
	want := "FORBID "
	for _, f := range fouls {
		x, y := XY(f.Move)
		want += string([]byte{byte('0' + x/10), byte('0' + x%10), byte('0' + y/10), byte('0' + y%10)})
	}
	require.Equal(t, want+".", p.ShowForbid())
}

func TestTimeBudget(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := g.NewPosition()
	soft, hard := p.TimeBudget(5*time.Second, 0, search.Overhead)
	require.Equal(t, 5*time.Second-search.Overhead, hard)
	require.Equal(t, hard, soft)
	soft, hard = p.TimeBudget(30*time.Second, 180*time.Second, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.LessOrEqual(t, hard, 30*time.Second)
	require.LessOrEqual(t, hard, 60*time.Second)
	require.LessOrEqual(t, soft, hard)
	soft, hard = p.TimeBudget(0, 2147483647*time.Millisecond, search.Overhead)
	require.Zero(t, soft)
	require.Zero(t, hard)
	_, hard = p.TimeBudget(0, 100*time.Millisecond, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.Less(t, hard, 100*time.Millisecond)
	soft, hard = p.TimeBudget(0, -5*time.Millisecond, search.Overhead)
	require.Equal(t, time.Millisecond, hard)
	require.Equal(t, time.Millisecond, soft)
	_, hard = p.TimeBudget(10*time.Millisecond, 0, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.Less(t, hard, 10*time.Millisecond)
}

func TestSwap2(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	s := NewSearcher(engines.Config{HashMB: 1})
	lim := engines.Limits{Nodes: 40000}
	p := g.NewPosition()
	c, err := s.Swap2(context.Background(), p, lim, 0, nil)
	require.NoError(t, err)
	require.False(t, c.Swap)
	require.Len(t, c.Moves, 3)
	for _, m := range c.Moves {
		require.NoError(t, p.Legal(m))
		p.Play(m)
	}
	c, err = s.Swap2(context.Background(), p, lim, 0, nil)
	require.NoError(t, err)
	if !c.Swap {
		require.Contains(t, []int{1, 2}, len(c.Moves))
		for _, m := range c.Moves {
			require.NoError(t, p.Legal(m))
			p.Play(m)
		}
	}
	// Black far ahead: swap. White to move, black has an open three
	// and white nothing.
	q := setup(t, g, "g8 h8 i8", "a1 o15", engines.P2)
	c, err = s.Swap2(context.Background(), q, lim, 0, nil)
	require.NoError(t, err)
	require.True(t, c.Swap, "score %d", c.Score)
	// Five stones with white (to move) winning: play on.
	q = setup(t, g, "a1 o15 a15", "g8 h8", engines.P2)
	c, err = s.Swap2(context.Background(), q, lim, 0, nil)
	require.NoError(t, err)
	require.False(t, c.Swap)
	require.Len(t, c.Moves, 1)
	_, err = s.Swap2(context.Background(), setup(t, g, "a1 b2", "", engines.P1), lim, 0, nil)
	require.Error(t, err)
	// The eight symmetries give legal openings on a small board too.
	small := mustGame(t, 7, 7, Standard)
	for v := 0; v < 8; v++ {
		c, err := s.Swap2(context.Background(), small.NewPosition(), engines.Limits{Nodes: 3000}, v, nil)
		require.NoError(t, err)
		require.Len(t, c.Moves, 3)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
		"15/15/15/15/15/15/8o6/7x7/15/15/15/15/15/15/15 o",
		"15/15/15/15/15/15/8p6/7P7/15/15/15/15/15/15/15[PPPPpppp] w - - 0 2",
		"15/15/15/15/15/15/15/3xxxx#7/15/15/15/15/15/15/15 x",
		"xxxxx10/15/15/15/15/15/15/15/15/15/15/15/15/15/15 o",
		"", "x", "1/2/3 x", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/99999999999999999999 x",
	} {
		f.Add(seed)
	}
	g := mustGame(f, 15, 15, Renju)
	f.Fuzz(func(t *testing.T, text string) {
		p, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		again, err := g.ParsePosition(p.Text())
		require.NoError(t, err)
		require.Equal(t, p.Text(), again.Text())
		require.Equal(t, p.Hash(), again.Hash())
		_ = p.String()
		p.LegalMoves(nil)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"h8", "H8", "P@h8", "p@o15", "a1", "7,7", "0,14", "z9", "h0", "h16", ",", "1,", "P@", "h-8", "\x00"} {
		f.Add(seed)
	}
	g := mustGame(f, 15, 15, Freestyle)
	p, err := g.ParsePosition("15/15/15/15/15/15/8o6/7x7/15/15/15/15/15/15/15 x")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		require.NoError(t, p.Legal(m), "a parsed move is an empty square")
		back, err := p.ParseMove(p.MoveText(m))
		require.NoError(t, err)
		require.Equal(t, m, back)
		x, y := XY(m)
		back, err = p.ParseMove(fmt.Sprintf("%d,%d", x, y))
		require.NoError(t, err)
		require.Equal(t, m, back)
	})
}

// FuzzGomocupBoard feeds BOARD lines from bytes: set-ups are refused or
// consistent, never a crash.
func FuzzGomocupBoard(f *testing.F) {
	f.Add([]byte{7, 7, 1, 8, 8, 2, 6, 8, 1})
	f.Add([]byte{0, 0, 3, 14, 14, 1})
	f.Add([]byte{7, 7, 1, 7, 7, 2})
	g := mustGame(f, 15, 15, Renju)
	f.Fuzz(func(t *testing.T, data []byte) {
		var lines []BoardLine
		for i := 0; i+2 < len(data) && len(lines) < 120; i += 3 {
			lines = append(lines, BoardLine{int(data[i]) - 1, int(data[i+1]) - 1, Field(data[i+2] % 5)})
		}
		p, err := g.FromGomocup(lines)
		if err != nil {
			return
		}
		assert.Equal(t, p.Text(), p.clone().Text())
		ms := p.LegalMoves(nil)
		if len(ms) > 0 {
			p.Play(ms[0])
			p.Undo()
		}
		_ = p.ShowForbid()
	})
}
