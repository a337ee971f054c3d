// Tests of set-ups, moves and take-backs by coordinates, SWAP2, and fuzzing
// of the parsers.

package gomoku

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

func TestSetupAndTakeXY(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := g.NewPosition()
	for _, xy := range [][2]int{{7, 7}, {8, 8}, {6, 8}} {
		require.NoError(t, p.PlayXY(xy[0], xy[1]))
	}
	require.NoError(t, p.TakeXY(6, 8))
	require.Equal(t, engines.P1, p.SideToMove())
	require.Error(t, p.TakeXY(7, 7), "only the last move")
	require.Error(t, p.TakeXY(3, 3), "an empty square")
	require.Error(t, p.TakeXY(15, 3), "off the board")

	// A set-up: any stone can be taken back, not a blocked square.
	p, err := g.Setup([]Stone{{8, 8, White}, {7, 7, Black}, {0, 0, Blocked}}, engines.P2)
	require.NoError(t, err)
	require.Equal(t, 0, p.Plies())
	require.Equal(t, Blocked, p.At(0, 0))
	require.NoError(t, p.TakeXY(7, 7))
	require.Equal(t, Empty, p.At(7, 7))
	require.Equal(t, engines.P1, p.SideToMove(), "the side of the stone taken moves")
	require.Error(t, p.TakeXY(0, 0))
	for _, bad := range [][]Stone{{{7, 7, Black}, {7, 7, White}}, {{15, 0, Black}}, {{-1, 0, Black}}, {{1, 1, Empty}}} {
		_, err := g.Setup(bad, engines.P1)
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
