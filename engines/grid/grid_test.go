// Tests of the board geometry and of the boards read from position texts.

package grid

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/niujiao"
	"qi/engines/tictactoe"
)

func TestGeometry(t *testing.T) {
	g, err := Of(tictactoe.Game{})
	require.NoError(t, err)
	assert.Equal(t, 3, g.W)
	assert.Equal(t, 3, g.H)
	tests := []struct {
		sq   string
		x, y int
	}{
		{"a1", 0, 2}, {"c3", 2, 0}, {"b2", 1, 1}, {"a3", 0, 0}, {"c1", 2, 2}, {"P@b3", 1, 0},
	}
	for _, tt := range tests {
		x, y, err := g.XY(tt.sq)
		require.NoError(t, err, tt.sq)
		assert.Equal(t, [2]int{tt.x, tt.y}, [2]int{x, y}, tt.sq)
		if tt.sq[0] != 'P' {
			assert.Equal(t, tt.sq, g.Square(tt.x, tt.y))
		}
	}
	for _, bad := range []string{"", "a", "d1", "a4", "a0", "1a", "a+1", "a-1", "z9", "7,7"} {
		_, _, err := g.XY(bad)
		assert.Error(t, err, bad)
	}
	assert.True(t, g.On(2, 2))
	assert.False(t, g.On(3, 0))
	assert.False(t, g.On(0, -1))

	// Gomoku's notation on 15x15: rank 1 at the bottom, two-digit ranks.
	big := Geometry{W: 15, H: 15}
	x, y, err := big.XY("o15")
	require.NoError(t, err)
	assert.Equal(t, [2]int{14, 0}, [2]int{x, y})
	x, y, err = big.XY("h8")
	require.NoError(t, err)
	assert.Equal(t, [2]int{7, 7}, [2]int{x, y})
	assert.Equal(t, "a15", big.Square(0, 0))
	assert.Equal(t, "i5", big.Square(8, 10))

	_, err = Of(niujiao.Game{})
	assert.ErrorIs(t, err, ErrNoGrid)
}

// mirrored is tic-tac-toe whose game names squares with x,y itself, as
// gomoku's *Game does: the geometry must use its conversion.
type mirrored struct{ tictactoe.Game }

func (mirrored) ParseSquare(s string) (int, int, error) {
	var x, y int
	if _, err := fmt.Sscanf(s, "%d,%d", &x, &y); err != nil {
		// The game's moves are names; map them by hand.
		p := &tictactoe.Position{}
		m, err := p.ParseMove(s)
		if err != nil {
			return 0, 0, err
		}
		return 2 - int(m)%3, int(m) / 3, nil
	}
	return x, y, nil
}

func (mirrored) Square(x, y int) string { return fmt.Sprintf("%d,%d", x, y) }

func TestNamerHook(t *testing.T) {
	g, err := Of(mirrored{})
	require.NoError(t, err)
	x, y, err := g.XY("a1")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 0}, [2]int{x, y}, "the game's own conversion is used")
	assert.Equal(t, "1,2", g.Square(1, 2))
}

func TestParseBoard(t *testing.T) {
	b, err := Parse("x.o/.x./... o")
	require.NoError(t, err)
	assert.Equal(t, 3, b.W)
	assert.Equal(t, 3, b.H)
	assert.Equal(t, engines.P2, b.Side)
	assert.Equal(t, First, b.At(0, 0))
	assert.Equal(t, Second, b.At(2, 0))
	assert.Equal(t, First, b.At(1, 1))
	assert.Equal(t, Empty, b.At(0, 2))

	b, err = Parse("15/15/15/15/15/15/8o6/7x7/15/15/15/15/15/15/#14 x")
	require.NoError(t, err)
	assert.Equal(t, 15, b.W)
	assert.Equal(t, 15, b.H)
	assert.Equal(t, First, b.At(7, 7))
	assert.Equal(t, Second, b.At(8, 6))
	assert.Equal(t, Blocked, b.At(0, 14))

	for _, bad := range []string{"", "x.o", "R.......BB r", "x.o/.x o", "x.o/.x./... z", "x.o/.x./..q x", "0/3/3 x", "3/3/3"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
}

func TestFENAndGGF(t *testing.T) {
	start := tictactoe.Game{}.Start()
	f, ok := FEN(start)
	require.True(t, ok)
	assert.Equal(t, "3/3/3[PPPPPpppp] w - - 0 1", f, "as cutechess writes it")
	p, err := engines.PlayAll(start, []string{"b2", "a1", "c3"})
	require.NoError(t, err)
	f, ok = FEN(p)
	require.True(t, ok)
	assert.Equal(t, "2P/1P1/p2[PPPppp] b - - 0 2", f)
	back, err := tictactoe.Game{}.Parse(f)
	require.NoError(t, err)
	assert.Equal(t, p.Text(), back.Text(), "qi reads the FEN back")

	bo, err := GGFBoard(p)
	require.NoError(t, err)
	assert.Equal(t, "3 --* -*- O-- O", bo)

	_, ok = FEN(niujiao.Game{}.Start())
	assert.False(t, ok)
	_, err = GGFBoard(niujiao.Game{}.Start())
	assert.Error(t, err)
	_, err = Board{W: 2, H: 3, Cells: make([]Cell, 6)}.GGF()
	assert.Error(t, err)
}
