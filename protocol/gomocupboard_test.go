// Tests of the Gomocup dialect's boards: set-ups from BOARD lines,
// forbidden squares in YXSHOWFORBID's form and the time of a move.

package protocol

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/search"
)

func gomokuGame(t testing.TB, size int, rule gomoku.Rule) *gomoku.Game {
	g, err := gomoku.NewGame(size, size, rule)
	require.NoError(t, err)
	return g
}

func TestFromBoardLines(t *testing.T) {
	g := gomokuGame(t, 15, gomoku.Renju)
	// In move order from black: played as moves, so they can be taken back.
	p, err := fromBoardLines(g, []boardLine{{7, 7, opponentStone}, {8, 8, ownStone}, {6, 8, opponentStone}})
	require.NoError(t, err)
	require.Equal(t, engines.P2, p.SideToMove(), "the brain is white")
	require.Equal(t, 3, p.Plies())
	require.Equal(t, gomoku.Black, p.At(7, 7))
	require.Equal(t, gomoku.White, p.At(8, 8))
	require.NoError(t, p.TakeXY(6, 8))
	require.Equal(t, engines.P1, p.SideToMove())
	require.Error(t, p.TakeXY(7, 7), "only the last move")
	require.Error(t, p.TakeXY(3, 3), "an empty square")
	require.Error(t, p.TakeXY(15, 3), "off the board")

	// Equal counts: the brain is black.
	p, err = fromBoardLines(g, []boardLine{{7, 7, ownStone}, {8, 8, opponentStone}})
	require.NoError(t, err)
	require.Equal(t, engines.P1, p.SideToMove())
	require.Equal(t, gomoku.Black, p.At(7, 7))

	// Out of order and blocked squares: set up at once; any stone can be
	// taken back.
	p, err = fromBoardLines(g, []boardLine{{8, 8, opponentStone}, {7, 7, ownStone}, {0, 0, wall}, {3, 4, opponentStone}, {5, 5, ownStone}})
	require.NoError(t, err)
	require.Equal(t, 0, p.Plies())
	require.Equal(t, gomoku.Blocked, p.At(0, 0))
	require.Equal(t, engines.P1, p.SideToMove())
	require.NoError(t, p.TakeXY(8, 8))
	require.Equal(t, gomoku.Empty, p.At(8, 8))
	require.Equal(t, engines.P2, p.SideToMove(), "the side of the stone taken moves")
	require.Error(t, p.TakeXY(0, 0))

	for _, bad := range [][]boardLine{
		{{7, 7, ownStone}, {7, 7, opponentStone}},
		{{15, 0, ownStone}},
		{{-1, 0, ownStone}},
		{{1, 1, 4}},
	} {
		_, err := fromBoardLines(g, bad)
		require.Error(t, err, "%v", bad)
	}
}

func TestShowForbid(t *testing.T) {
	g := gomokuGame(t, 15, gomoku.Renju)
	var stones []gomoku.Stone
	for _, sq := range []string{"h7", "g8", "i8", "h9", "d8", "e8", "f8", "c8", "a1", "a3", "a5", "a7", "n1", "n3", "n5"} {
		x, y, err := g.ParseSquare(sq)
		require.NoError(t, err)
		c := gomoku.Black
		if len(stones) >= 8 {
			c = gomoku.White
		}
		stones = append(stones, gomoku.Stone{X: x, Y: y, Color: c})
	}
	p, err := g.Setup(stones, engines.P1)
	require.NoError(t, err)
	// h8 is a double-three (with g8/i8 and h7/h9 ... ) and b8 or g8's row
	// has an overline point.
	fouls := p.Fouls()
	require.NotEmpty(t, fouls)
	want := "FORBID "
	for _, f := range fouls {
		x, y := gomoku.XY(f.Move)
		want += string([]byte{byte('0' + x/10), byte('0' + x%10), byte('0' + y/10), byte('0' + y%10)})
	}
	require.Equal(t, want+".", showForbid(p))
}

func TestGomocupBudget(t *testing.T) {
	g := gomokuGame(t, 15, gomoku.Freestyle)
	p := g.NewPosition()
	soft, hard := gomocupBudget(p, 5*time.Second, 0, search.Overhead)
	require.Equal(t, 5*time.Second-search.Overhead, hard)
	require.Equal(t, hard, soft)
	soft, hard = gomocupBudget(p, 30*time.Second, 180*time.Second, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.LessOrEqual(t, hard, 30*time.Second)
	require.LessOrEqual(t, hard, 60*time.Second)
	require.LessOrEqual(t, soft, hard)
	soft, hard = gomocupBudget(p, 0, 2147483647*time.Millisecond, search.Overhead)
	require.Zero(t, soft)
	require.Zero(t, hard)
	_, hard = gomocupBudget(p, 0, 100*time.Millisecond, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.Less(t, hard, 100*time.Millisecond)
	soft, hard = gomocupBudget(p, 0, -5*time.Millisecond, search.Overhead)
	require.Equal(t, time.Millisecond, hard)
	require.Equal(t, time.Millisecond, soft)
	_, hard = gomocupBudget(p, 10*time.Millisecond, 0, search.Overhead)
	require.Greater(t, hard, time.Duration(0))
	require.Less(t, hard, 10*time.Millisecond)
}

// FuzzGomocupBoard feeds BOARD lines from bytes: set-ups are refused or
// consistent, never a crash.
func FuzzBoardLines(f *testing.F) {
	f.Add([]byte{7, 7, 1, 8, 8, 2, 6, 8, 1})
	f.Add([]byte{0, 0, 3, 14, 14, 1})
	f.Add([]byte{7, 7, 1, 7, 7, 2})
	g := gomokuGame(f, 15, gomoku.Renju)
	f.Fuzz(func(t *testing.T, data []byte) {
		var lines []boardLine
		for i := 0; i+2 < len(data) && len(lines) < 120; i += 3 {
			lines = append(lines, boardLine{int(data[i]) - 1, int(data[i+1]) - 1, field(data[i+2] % 5)})
		}
		p, err := fromBoardLines(g, lines)
		if err != nil {
			return
		}
		assert.Equal(t, p.Text(), p.Clone().Text())
		ms := p.LegalMoves(nil)
		if len(ms) > 0 {
			p.Play(ms[0])
			p.Undo()
		}
		_ = showForbid(p)
	})
}
