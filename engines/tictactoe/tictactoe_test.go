// Tests of the tic-tac-toe rules against the counts in RULES.md, and of the
// perfect player.

package tictactoe

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, Game{}, 200)
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	for d, n := range want {
		assert.Equal(t, n, engines.Perft(Game{}.Start(), d), "perft %d", d)
	}
}

// TestEnumeration walks every game, counting distinct positions and games.
func TestEnumeration(t *testing.T) {
	seen := map[uint64]int{} // key -> stones
	byLength := map[int]int{}
	byResult := map[engines.Result]int{}
	var walk func(p *Position)
	walk = func(p *Position) {
		seen[p.Hash()] = p.Plies()
		if r := p.Result(); r != engines.None {
			byLength[p.Plies()]++
			byResult[r]++
			return
		}
		for _, m := range p.LegalMoves(nil) {
			p.Play(m)
			walk(p)
			p.Undo()
		}
	}
	walk(&Position{})
	require.Len(t, seen, 5478)
	perStones := make([]int, 10)
	for _, n := range seen {
		perStones[n]++
	}
	assert.Equal(t, []int{1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78}, perStones)
	assert.Equal(t, map[int]int{5: 1440, 6: 5328, 7: 47952, 8: 72576, 9: 127872}, byLength)
	assert.Equal(t, 255168, byLength[5]+byLength[6]+byLength[7]+byLength[8]+byLength[9])
	assert.Equal(t, map[engines.Result]int{engines.P1Win: 131184, engines.P2Win: 77904, engines.Draw: 46080}, byResult)
}

func parse(t *testing.T, text string) engines.Position {
	t.Helper()
	p, err := Game{}.Parse(text)
	require.NoError(t, err)
	return p
}

func TestParse(t *testing.T) {
	tests := []struct {
		text, want, err string
	}{
		{text: ".../.../... x", want: ".../.../... x"},
		{text: "X.O/.X./... O", want: "x.o/.x./... o"},
		{text: "3/3/3[PPPPPpppp] w - - 0 1", want: ".../.../... x"},
		{text: "P1p/1P1/3[PPPpppp] b - - 0 2", want: "x.o/.x./... o"},
		{text: "2P/3/3 b", want: "..x/.../... o"},
		{text: "x../.../... x", err: "o's turn"},
		{text: "xxx/oo./o.. x", err: "cannot have moved"},
		{text: "xxx/oo./... o", want: "xxx/oo./... o"},
		{text: "xxx/ooo/x.. o", err: "both sides"},
		{text: "x../.../...", err: "bad position"},
		{text: "x.y/.../... o", err: "bad square"},
		{text: "4/3/3 w", err: "bad count"},
		{text: "PPPP/3/3 w", err: "longer"},
		{text: "3/3 w", err: "ranks"},
		{text: "3/3/3 z", err: "side to move"},
		{text: "", err: "bad position"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p, err := Game{}.Parse(tt.text)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, p.Text())
		})
	}
}

func TestMoveText(t *testing.T) {
	p := Game{}.Start()
	for _, s := range []string{"a1", "B2", "P@c3", "p@a2"} {
		_, err := p.ParseMove(s)
		assert.NoError(t, err, s)
	}
	for _, s := range []string{"", "d1", "a4", "a", "b22", "Q@b2"} {
		_, err := p.ParseMove(s)
		assert.Error(t, err, s)
	}
	m, err := p.ParseMove("c1")
	require.NoError(t, err)
	assert.Equal(t, "c1", p.MoveText(m))
	assert.Equal(t, engines.Move(2), m, "squares count from a1 along the ranks")
}

func solveWith(t *testing.T, p engines.Position, level int) engines.Info {
	t.Helper()
	s := Game{}.NewSearcher(engines.Config{Level: level})
	return s.Search(context.Background(), p, engines.Limits{}, nil)
}

// value solves a position by plain minimax: +1 a win for the side to move.
func value(p engines.Position) int {
	switch r := p.Result(); r {
	case engines.Draw:
		return 0
	case engines.None:
	default:
		if r == engines.WinFor(p.SideToMove()) {
			return 1
		}
		return -1
	}
	best := -2
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		best = max(best, -value(p))
		p.Undo()
	}
	return best
}

func TestPerfectPlayFacts(t *testing.T) {
	start := Game{}.Start()
	info := solveWith(t, start, engines.MaxLevel)
	assert.Equal(t, engines.Score(0), info.Score, "the empty board is a draw")
	assert.True(t, info.Exact)

	replies := func(first string) []string {
		p := Game{}.Start()
		m, err := p.ParseMove(first)
		require.NoError(t, err)
		p.Play(m)
		var good []string
		for _, r := range p.LegalMoves(nil) {
			p.Play(r)
			if value(p) == 0 {
				good = append(good, p.MoveText(r))
			}
			p.Undo()
		}
		return good
	}
	assert.Equal(t, []string{"b2"}, replies("a1"), "against a corner only the centre holds")
	assert.Equal(t, []string{"a1", "c1", "a3", "c3"}, replies("b2"), "against the centre the corners hold")
	assert.ElementsMatch(t, []string{"a1", "c1", "b2", "b3"}, replies("b1"), "against an edge")
}

// TestPerfectEverywhere checks the full-strength player in every reachable
// position: it never picks a move that worsens the value, wins by the shortest
// way, loses by the longest, and reports forced results as mates.
func TestPerfectEverywhere(t *testing.T) {
	// dist: plies to the end under perfect play (shortest win, longest loss).
	type solved struct{ value, plies int }
	memo := map[uint64]solved{}
	var solve func(p engines.Position) solved
	solve = func(p engines.Position) solved {
		if s, ok := memo[p.Hash()]; ok {
			return s
		}
		var s solved
		switch r := p.Result(); {
		case r == engines.Draw:
		case r != engines.None:
			s.value = -1 // the side to move has lost
		default:
			s = solved{value: -2}
			for _, m := range p.LegalMoves(nil) {
				p.Play(m)
				c := solve(p)
				p.Undo()
				v, n := -c.value, c.plies+1
				if v > s.value || v == s.value && (v > 0 && n < s.plies || v < 0 && n > s.plies) {
					s = solved{v, n}
				}
			}
		}
		memo[p.Hash()] = s
		return s
	}
	solve(Game{}.Start())
	searcher := Game{}.NewSearcher(engines.Config{})
	checked := 0
	var walk func(p engines.Position)
	seen := map[uint64]bool{}
	walk = func(p engines.Position) {
		if seen[p.Hash()] || p.Result() != engines.None {
			return
		}
		seen[p.Hash()] = true
		want := memo[p.Hash()]
		info := searcher.Search(context.Background(), p, engines.Limits{}, nil)
		p.Play(info.Best())
		got := memo[p.Hash()]
		p.Undo()
		require.Equal(t, want.value, -got.value, "%s: %s loses value", p.Text(), p.MoveText(info.Best()))
		if want.value != 0 {
			require.Equal(t, want.plies, got.plies+1, "%s: %s is not the fastest win or the longest loss", p.Text(), p.MoveText(info.Best()))
			require.True(t, info.Score.IsMate())
			require.Equal(t, want.plies, info.Score.MatePlies())
		} else {
			require.Equal(t, engines.Score(0), info.Score)
		}
		checked++
		for _, m := range p.LegalMoves(nil) {
			p.Play(m)
			walk(p)
			p.Undo()
		}
	}
	walk(Game{}.Start())
	assert.Equal(t, 4520, checked, "every reachable position that goes on")
}

func TestMateText(t *testing.T) {
	// X wins at once on c3: mate 1.
	p := parse(t, "o../.x./x.o x")
	info := solveWith(t, p, engines.MaxLevel)
	assert.Equal(t, "c3", p.MoveText(info.Best()))
	assert.Equal(t, "mate 1", info.Score.UCI())
	p = parse(t, "x.x/.o./... o")
	info = solveWith(t, p, engines.MaxLevel)
	assert.Equal(t, "b3", p.MoveText(info.Best()), "O must block")
}

func TestLevels(t *testing.T) {
	// The shallow level looks one ply ahead with open lines; it takes the
	// centre from the empty board, as the classic program does.
	p := Game{}.Start()
	info := solveWith(t, p, 1)
	assert.Equal(t, "b2", p.MoveText(info.Best()))
	assert.Equal(t, 1, info.Depth)
	assert.False(t, info.Exact)
	// From a position where the shallow search errs, full strength does not.
	wins, weakWins := 0, 0
	for _, text := range []string{"x../.o./..x o", "..x/.o./x.. o"} {
		p := parse(t, text)
		strong := solveWith(t, p, engines.MaxLevel)
		weak := solveWith(t, p, 1)
		p.Play(strong.Best())
		wins += value(p)
		p.Undo()
		p.Play(weak.Best())
		weakWins += value(p)
		p.Undo()
	}
	assert.Equal(t, 0, wins, "the perfect player holds the draw (its opponent's value 0)")
	assert.Equal(t, 2, weakWins, "the shallow player falls into both corner traps")
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{".../.../... x", "x.o/.x./... o", "3/3/3[PPPPPpppp] w - - 0 1", "P1p/1P1/3 b", "x//./.../... x", "a1", "P@c3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := (Game{}.Parse(s)); err == nil {
			q, err := Game{}.Parse(p.Text())
			require.NoError(t, err)
			require.Equal(t, p.Text(), q.Text())
			p.LegalMoves(nil)
			p.Result()
		}
		start := Game{}.Start()
		if m, err := start.ParseMove(s); err == nil {
			back, err := start.ParseMove(start.MoveText(m))
			require.NoError(t, err)
			require.Equal(t, m, back)
		}
	})
}

func TestLevelElo(t *testing.T) {
	enginetest.LevelElo(t, Game{})
}
