// Tests of niu jiao qi against RULES.md: the state counts, the values found by
// an independent retrograde analysis, the repetition rule, and the player's
// perfection in every reachable position.

package niujiao

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, Game{}, 300)
}

// solved is a state's game-theoretic value for the side to move: +1 win, -1
// loss, 0 draw, with the plies to the end under best play.
type solved struct{ value, plies int }

// retrograde solves all states by backward induction from the finished ones,
// without the repetition rule: the draws are the states neither side can force.
func retrograde(t *testing.T) (map[state]solved, []state) {
	var all []state
	for red := 0; red < Points; red++ {
		for a := 0; a < Points; a++ {
			for b := a + 1; b < Points; b++ {
				if a == red || b == red {
					continue
				}
				for side := engines.P1; side <= engines.P2; side++ {
					all = append(all, state{int8(red), 1<<a | 1<<b, side})
				}
			}
		}
	}
	succ := func(s state) []state {
		p := newPosition(s)
		if goal&(1<<s.red) != 0 {
			return nil
		}
		var out []state
		for _, m := range p.moveList(nil) {
			p.Play(m)
			out = append(out, p.state)
			p.Undo()
		}
		return out
	}
	known := map[state]solved{}
	for _, s := range all {
		switch {
		case goal&(1<<s.red) != 0:
			v := -1
			if s.side == engines.P1 {
				v = 1
			}
			known[s] = solved{v, 0}
		case len(succ(s)) == 0:
			known[s] = solved{-1, 0}
		}
	}
	for k := 1; ; k++ {
		found := map[state]solved{}
		for _, s := range all {
			if _, ok := known[s]; ok {
				continue
			}
			allWins, maxWin := true, 0
			for _, n := range succ(s) {
				v, ok := known[n]
				if ok && v.value == -1 && v.plies == k-1 {
					found[s] = solved{1, k}
					break
				}
				if !ok || v.value != 1 {
					allWins = false
				} else {
					maxWin = max(maxWin, v.plies)
				}
			}
			if _, ok := found[s]; !ok && allWins && maxWin == k-1 {
				found[s] = solved{-1, k}
			}
		}
		if len(found) == 0 && k > 30 {
			break
		}
		for s, v := range found {
			known[s] = v
		}
	}
	for _, s := range all {
		if _, ok := known[s]; !ok {
			known[s] = solved{}
		}
	}
	return known, all
}

func reachable() []state {
	start := Game{}.Start().(*Position).state
	seen := map[state]bool{start: true}
	queue := []state{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		p := newPosition(s)
		if goal&(1<<s.red) != 0 {
			continue
		}
		for _, m := range p.moveList(nil) {
			p.Play(m)
			if !seen[p.state] {
				seen[p.state] = true
				queue = append(queue, p.state)
			}
			p.Undo()
		}
	}
	var out []state
	for s := range seen {
		out = append(out, s)
	}
	return out
}

func TestFacts(t *testing.T) {
	values, all := retrograde(t)
	assert.Len(t, all, 720)
	reach := reachable()
	assert.Len(t, reach, 624)
	start := Game{}.Start().(*Position)
	assert.Equal(t, solved{}, values[start.state], "the start is a draw")
	for _, m := range start.moveList(nil) {
		start.Play(m)
		assert.Equal(t, 0, values[start.state].value, "first move %s draws", start.MoveText(m))
		start.Undo()
	}
	longestWin, longestLoss := 0, 0
	for _, s := range reach {
		switch v := values[s]; v.value {
		case 1:
			longestWin = max(longestWin, v.plies)
		case -1:
			longestLoss = max(longestLoss, v.plies)
		}
	}
	assert.Equal(t, 11, longestWin)
	assert.Equal(t, 12, longestLoss)
}

// TestPerfectPlay checks the full-strength player from every reachable
// position against the retrograde values: the right score, mates counted right,
// and a move that keeps the value by the shortest win or the longest loss.
func TestPerfectPlay(t *testing.T) {
	values, _ := retrograde(t)
	searcher := Game{}.NewSearcher(engines.Config{})
	checked := 0
	for _, s := range reachable() {
		p := newPosition(s)
		if p.Result() != engines.None {
			continue
		}
		want := values[s]
		info := searcher.Search(context.Background(), p, engines.Limits{}, nil)
		require.NotEmpty(t, info.PV, p.Text())
		switch want.value {
		case 0:
			require.False(t, info.Score.IsMate(), "%s is a draw, search says %s", p.Text(), info.Score.UCI())
		default:
			require.True(t, info.Score.IsMate(), "%s: %+v, search says %s", p.Text(), want, info.Score.UCI())
			require.Equal(t, want.value > 0, info.Score > 0, p.Text())
			require.Equal(t, want.plies, info.Score.MatePlies(), p.Text())
			require.True(t, info.Exact)
		}
		p.Play(info.Best())
		after := values[p.state]
		require.Equal(t, want.value, -after.value, "%s: move %s changes the value", s, p.MoveText(info.Best()))
		if want.value != 0 {
			require.Equal(t, want.plies, after.plies+1, "%s: move %s is not the fastest win or longest loss", p.Text(), p.MoveText(info.Best()))
		}
		checked++
	}
	assert.Greater(t, checked, 500)
}

func TestThirdRepetition(t *testing.T) {
	p := Game{}.Start()
	// Blue shuffles 6<->7 within its row while Red goes 1<->2: the position
	// after 97 (Red 1, Blue 7 and 8, Red to move) comes back twice.
	for i, s := range []string{"01", "97", "12", "76", "21", "67", "12", "76", "21", "67"} {
		require.Equal(t, engines.None, p.Result(), "before move %d", i+1)
		m, err := engines.Legal(p, s)
		require.NoError(t, err, s)
		p.Play(m)
	}
	assert.Equal(t, ".R.....BB. r", p.Text())
	assert.Equal(t, 2, p.(*Position).Repetitions())
	assert.Equal(t, engines.Draw, p.Result(), "the third occurrence is a draw")
	assert.Empty(t, p.LegalMoves(nil))
	p.Undo()
	assert.Equal(t, engines.None, p.Result())
	assert.Equal(t, 1, p.(*Position).Repetitions())
}

func TestRules(t *testing.T) {
	tests := []struct {
		text   string
		moves  []string
		result engines.Result
	}{
		{"R.......BB r", []string{"01", "02"}, engines.None},
		{".R.....B.B b", []string{"75", "76", "98"}, engines.None}, // never back toward 8 and 9
		{"R.......BB b", []string{"86", "87", "97"}, engines.None},
		{"RBB....... r", nil, engines.P2Win}, // pushed back into the horn
		{"B.B.....R. b", nil, engines.P1Win}, // Red reached 8
		{"..BB...R.. b", []string{"21", "20", "31"}, engines.None},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p, err := Game{}.Parse(tt.text)
			require.NoError(t, err)
			var got []string
			for _, m := range p.LegalMoves(nil) {
				got = append(got, p.MoveText(m))
			}
			assert.ElementsMatch(t, tt.moves, got)
			assert.Equal(t, tt.result, p.Result())
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{"", "R.......BB", "R.......BB x", "RR......BB r", "R........B r", "R.......Bx r", ".........B r"} {
		_, err := Game{}.Parse(text)
		assert.Error(t, err, text)
	}
	p := Game{}.Start()
	for _, s := range []string{"", "0", "05", "0a", "123"} {
		_, err := p.ParseMove(s)
		assert.Error(t, err, s)
	}
	m, err := p.ParseMove("0-2")
	require.NoError(t, err)
	assert.Equal(t, "02", p.MoveText(m))
}

func TestNodesAndLevels(t *testing.T) {
	p := Game{}.Start()
	full := Game{}.NewSearcher(engines.Config{}).Search(context.Background(), p, engines.Limits{}, nil)
	assert.Equal(t, engines.Score(0), full.Score, "the start is a draw")
	assert.Positive(t, full.Nodes, "the boards checked are counted")
	weak := Game{}.NewSearcher(engines.Config{Level: 1}).Search(context.Background(), p, engines.Limits{}, nil)
	assert.Equal(t, 2, weak.Depth)
	assert.Less(t, weak.Nodes, full.Nodes)
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"R.......BB r", ".R.....B.B b", "RBB....... r", "02", "0-2", "99"} {
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
