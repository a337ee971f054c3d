// Tests of the game: the conformance test under every rule and size, fives
// and overlines per rule, caro's closed fives, notation, position text and
// bad input.

package gomoku

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func mustGame(t testing.TB, w, h int, rule Rule) *Game {
	t.Helper()
	g, err := NewGame(w, h, rule)
	require.NoError(t, err)
	return g
}

func TestConformance(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for _, size := range []int{15, 7} {
			t.Run(fmt.Sprintf("%s/%d", rule, size), func(t *testing.T) {
				g := mustGame(t, size, size, rule)
				games := 3
				if size == 7 {
					games = 12
				}
				enginetest.Conformance(t, g, games)
			})
		}
	}
	t.Run("rect", func(t *testing.T) {
		enginetest.Conformance(t, mustGame(t, 9, 6, Freestyle), 6)
	})
}

func TestLevelElo(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for _, size := range []int{15, 20} {
			enginetest.LevelElo(t, mustGame(t, size, size, rule))
		}
	}
	free := mustGame(t, 15, 15, Freestyle).LevelElo()
	assert.Equal(t, free, mustGame(t, 15, 15, Standard).LevelElo(), "standard takes freestyle's table")
	assert.Equal(t, free, mustGame(t, 20, 20, Caro).LevelElo(), "caro takes freestyle's table")
	assert.NotEqual(t, free, mustGame(t, 15, 15, Renju).LevelElo(), "renju has its own")
}

// play plays squares in order, alternately from the side to move.
func play(t *testing.T, p *Position, squares string) {
	t.Helper()
	for _, s := range strings.Fields(squares) {
		m, err := engines.Legal(p, s)
		require.NoError(t, err, "%s in\n%s", s, p)
		p.Play(m)
	}
}

// setup builds a position from black and white squares with side to move.
func setup(t *testing.T, g *Game, black, white string, side engines.Side) *Position {
	t.Helper()
	var stones []Stone
	for i, list := range []string{black, white} {
		for _, s := range strings.Fields(list) {
			x, y, err := g.ParseSquare(s)
			require.NoError(t, err)
			stones = append(stones, Stone{x, y, Color(i + 1)})
		}
	}
	p, err := g.Setup(stones, side)
	require.NoError(t, err)
	return p
}

func TestFives(t *testing.T) {
	tests := []struct {
		name         string
		rule         Rule
		black, white string
		side         engines.Side
		move         string
		want         engines.Result
	}{
		{"freestyle five", Freestyle, "d8 e8 f8 g8", "a1 a2 a3 a4", engines.P1, "h8", engines.P1Win},
		{"freestyle overline wins", Freestyle, "d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9", engines.P1, "h8", engines.P1Win},
		{"freestyle white overline", Freestyle, "a1 a2 a3 a4 a6 c1", "d8 e8 f8 g8 i8", engines.P2, "h8", engines.P2Win},
		{"standard five", Standard, "d8 e8 f8 g8", "a1 a2 a3 a4", engines.P1, "h8", engines.P1Win},
		{"standard overline goes on", Standard, "d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9", engines.P1, "h8", engines.None},
		{"standard white overline goes on", Standard, "a1 a3 a5 a7 a9 c1", "d8 e8 f8 g8 i8", engines.P2, "h8", engines.None},
		{"renju black five", Renju, "d8 e8 f8 g8", "a1 a2 a3 a4", engines.P1, "h8", engines.P1Win},
		{"renju white overline wins", Renju, "a1 a3 a5 a7 a9 c1", "d8 e8 f8 g8 i8", engines.P2, "h8", engines.P2Win},
		{"caro open five", Caro, "d8 e8 f8 g8", "a1 a3 a5 a7", engines.P1, "h8", engines.P1Win},
		{"caro closed at one end", Caro, "d8 e8 f8 g8", "c8 a3 a5 a7", engines.P1, "h8", engines.P1Win},
		{"caro closed at both ends", Caro, "d8 e8 f8 g8", "c8 i8 a5 a7", engines.P1, "h8", engines.None},
		{"caro edge does not close", Caro, "a8 b8 c8 d8", "f8 c1 c3 c5", engines.P1, "e8", engines.P1Win},
		{"caro closed at one end, gap", Caro, "b8 c8 d8 e8", "a8 h8 c3 c5", engines.P1, "f8", engines.P1Win},
		{"caro overline", Caro, "d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9", engines.P1, "h8", engines.None},
		{"caro white closed", Caro, "c8 i8 a5 a7 a9", "d8 e8 f8 g8", engines.P2, "h8", engines.None},
		{"caro diagonal closed", Caro, "c3 i9 a9 a11 a13", "d4 e5 f6 g7", engines.P2, "h8", engines.None},
		{"caro diagonal open", Caro, "c3 a9 a11 a13 a7", "d4 e5 f6 g7", engines.P2, "h8", engines.P2Win},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, 15, 15, tt.rule)
			p := setup(t, g, tt.black, tt.white, tt.side)
			require.Equal(t, engines.None, p.Result())
			m, err := engines.Legal(p, tt.move)
			require.NoError(t, err)
			p.Play(m)
			require.Equal(t, tt.want, p.Result(), "\n%s", p)
			if tt.want == engines.None {
				require.NotEmpty(t, p.LegalMoves(nil))
			} else {
				require.Empty(t, p.LegalMoves(nil))
			}
			p.Undo()
			require.Equal(t, engines.None, p.Result())
		})
	}
}

func TestRenjuOverlineIllegal(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := setup(t, g, "d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9", engines.P1)
	_, err := engines.Legal(p, "h8")
	require.ErrorIs(t, err, engines.ErrIllegal)
	m, _ := p.ParseMove("h8")
	require.ErrorContains(t, p.Legal(m), "overline")
}

// TestIllegalSaysWhy: engines.Legal, which qi play and the protocols use,
// says why a square is refused, in people's words.
func TestIllegalSaysWhy(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	tests := []struct {
		black, white, move, err string
	}{
		{"h7 g8 i8 h9", "a1 a2 a3 a4", "h8", "illegal move: h8 is forbidden for black: double-three"},
		{"d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9", "h8", "illegal move: h8 is forbidden for black: overline"},
		{"h7 g8 i8 h9", "a1 a2 a3 a4", "j10", ""},
	}
	for _, tt := range tests {
		t.Run(tt.move+"/"+tt.err, func(t *testing.T) {
			p := setup(t, g, tt.black, tt.white, engines.P1)
			_, err := engines.Legal(p, tt.move)
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, engines.ErrIllegal)
			require.EqualError(t, err, tt.err)
		})
	}
}

func TestSetupResults(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := setup(t, g, "d8 e8 f8 g8 h8", "a1", engines.P2)
	require.Equal(t, engines.P1Win, p.Result())
	require.Empty(t, p.LegalMoves(nil))
	_, err := g.Setup([]Stone{{0, 0, Black}, {1, 0, Black}, {2, 0, Black}, {3, 0, Black}, {4, 0, Black},
		{0, 1, White}, {1, 1, White}, {2, 1, White}, {3, 1, White}, {4, 1, White}}, engines.P1)
	require.Error(t, err)
	// A full board without five is a draw.
	g5 := mustGame(t, 5, 5, Freestyle)
	var stones []Stone
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			c := Black
			if (x/2+y)%2 == 1 {
				c = White
			}
			stones = append(stones, Stone{x, y, c})
		}
	}
	full, err := g5.Setup(stones, engines.P1)
	require.NoError(t, err)
	require.Equal(t, engines.Draw, full.Result(), "\n%s", full)
}

func TestBlockedSquares(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	b, _, _ := g.ParseSquare("h8")
	_ = b
	p, err := g.ParsePosition("15/15/15/15/15/15/15/3xxxx#7/15/15/15/15/15/15/15 x")
	require.NoError(t, err)
	// h8 is blocked: neither side can play it and the four is dead on
	// that side.
	_, err = p.ParseMove("h8")
	require.ErrorContains(t, err, "blocked")
	m, err := engines.Legal(p, "c8")
	require.NoError(t, err)
	p.Play(m)
	require.Equal(t, engines.P1Win, p.Result())
	require.Contains(t, p.String(), "#")
	require.Equal(t, "15/15/15/15/15/15/15/2xxxxx#7/15/15/15/15/15/15/15 o", p.Text())
}

func TestNotation(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	p := g.NewPosition()
	for _, tt := range []struct {
		in   string
		x, y int
	}{
		{"h8", 7, 7}, {"H8", 7, 7}, {"P@h8", 7, 7}, {"p@H8", 7, 7}, {"a1", 0, 14}, {"o15", 14, 0},
		{"a15", 0, 0}, {"i9", 8, 6}, {"7,7", 7, 7}, {"0,14", 0, 14}, {" 3, 4", 3, 4},
	} {
		m, err := p.ParseMove(tt.in)
		require.NoError(t, err, tt.in)
		x, y := XY(m)
		require.Equal(t, [2]int{tt.x, tt.y}, [2]int{x, y}, tt.in)
	}
	for _, bad := range []string{"", "h", "h0", "h16", "p16", "z1", "1h", "h-1", "h+8", "P@", "@h8", "15,0", "-1,3", "a,b", "3,", "h8x", "ü8"} {
		_, err := p.ParseMove(bad)
		require.Error(t, err, bad)
	}
	m, _ := p.ParseMove("h8")
	require.Equal(t, "h8", p.MoveText(m))
	p.Play(m)
	_, err := p.ParseMove("h8")
	require.ErrorContains(t, err, "taken")
	// 20x20 and rectangles.
	g20 := mustGame(t, 20, 20, Freestyle)
	p20 := g20.NewPosition()
	m, err = p20.ParseMove("t20")
	require.NoError(t, err)
	require.Equal(t, "t20", p20.MoveText(m))
	x, y := XY(m)
	require.Equal(t, [2]int{19, 0}, [2]int{x, y})
	r := mustGame(t, 12, 7, Freestyle)
	_, err = r.NewPosition().ParseMove("l7")
	require.NoError(t, err)
	_, err = r.NewPosition().ParseMove("m1")
	require.Error(t, err)
	_, err = r.NewPosition().ParseMove("a8")
	require.Error(t, err)
}

func TestText(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := g.NewPosition()
	require.Equal(t, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x", p.Text())
	play(t, p, "h8 i9")
	require.Equal(t, "15/15/15/15/15/15/8o6/7x7/15/15/15/15/15/15/15 x", p.Text())
	q, err := g.Parse(p.Text())
	require.NoError(t, err)
	require.Equal(t, p.Text(), q.Text())
	require.Equal(t, p.Hash(), q.Hash())
	// Dots and upper case are read too.
	q, err = g.Parse("15/15/15/15/15/15/........O....../.......X......./15/15/15/15/15/15/15 X")
	require.NoError(t, err)
	require.Equal(t, p.Text(), q.Text())
	// cutechess FEN: P is black (the first player), w its turn.
	q, err = g.Parse("15/15/15/15/15/15/8p6/7P7/15/15/15/15/15/15/15[PPPPpppp] w - - 0 2")
	require.NoError(t, err)
	require.Equal(t, p.Text(), q.Text())
	require.Equal(t, "15/15/15/15/15/15/8p6/7P7/15/15/15/15/15/15/15 w - - 0 2", p.FEN())
	q, err = g.Parse(p.FEN())
	require.NoError(t, err)
	require.Equal(t, p.Hash(), q.Hash())

	for _, bad := range []string{
		"", "x", "15/15 x", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 y",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/16 x", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/14 x",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/14z x", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/0x14 x",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/xxxxxooooo6 x",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x extra",
		"xxxxx10/ooooo10/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15[P w - - 0 1",
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15 w - - 0 1",
	} {
		_, err := g.Parse(bad)
		require.Error(t, err, bad)
	}
}

func TestString(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := setup(t, g, "h7 g8 i8 h9", "a1 a2 a3", engines.P2)
	play(t, p, "o15")
	s := p.String()
	require.Contains(t, s, " 8 . . . . . . X * X . . . . . . 8")
	require.Contains(t, s, "15 . . . . . . . . . . . . . .[O]15")
	require.Contains(t, s, "a b c d e f g h i j k l m n o")
	require.Contains(t, s, "Renju, black (X) to move. Last move o15 in brackets. * is forbidden for black.")
	lines, handled, err := p.Command("forbidden", nil)
	require.NoError(t, err)
	require.True(t, handled)
	require.Equal(t, []string{"forbidden h8:double-three"}, lines)
	_, handled, _ = p.Command("perft", nil)
	require.False(t, handled)
	_, _, err = p.Command("forbidden", []string{"x"})
	require.Error(t, err)
	h8, err := p.ParseMove("h8")
	require.NoError(t, err)
	require.Equal(t, []FoulAt{{Move: h8, Foul: DoubleThree}}, p.Fouls())
	free := setup(t, mustGame(t, 15, 15, Freestyle), "h7 g8 i8 h9", "a1 a2 a3", engines.P1)
	lines, _, _ = free.Command("forbidden", nil)
	require.Equal(t, []string{"forbidden"}, lines)
	require.Empty(t, free.Fouls())
}

func TestRegistry(t *testing.T) {
	spec := Spec()
	reg := engines.NewRegistry(spec)
	for _, tt := range []struct {
		variant string
		rule    Rule
	}{{"gomoku", Standard}, {"gomokufreestyle", Freestyle}, {"renju", Renju}, {"caro", Caro}} {
		name, cfg, ok := reg.Variant(tt.variant, engines.Config{})
		require.True(t, ok)
		g, err := reg.New(name, cfg)
		require.NoError(t, err)
		gg := g.(*Game)
		require.Equal(t, tt.rule, gg.Rule())
		require.Equal(t, 15, gg.Width())
	}
	g, err := reg.New("gomoku", engines.Config{})
	require.NoError(t, err)
	require.Equal(t, Freestyle, g.(*Game).Rule())
	g, err = reg.New("gomoku", engines.Config{BoardSize: 20, Rule: "Renju"})
	require.NoError(t, err)
	require.Equal(t, 20, g.(*Game).Height())
	for _, cfg := range []engines.Config{{BoardSize: 4}, {BoardSize: 23}, {Rule: "swap"}} {
		_, err := reg.New("gomoku", cfg)
		require.Error(t, err)
	}
}

func TestGomocupRules(t *testing.T) {
	for _, tt := range []struct {
		mask       int
		rule       Rule
		continuous bool
	}{{0, Freestyle, false}, {1, Standard, false}, {2, Freestyle, true}, {3, Standard, true}, {4, Renju, false}, {6, Renju, true}, {8, Caro, false}, {9, Caro, false}, {10, Caro, true}} {
		r, c, err := RuleFromGomocup(tt.mask)
		require.NoError(t, err)
		assert.Equal(t, tt.rule, r, "mask %d", tt.mask)
		assert.Equal(t, tt.continuous, c, "mask %d", tt.mask)
	}
	for _, bad := range []int{-1, 12, 16} {
		_, _, err := RuleFromGomocup(bad)
		require.Error(t, err)
	}
	for _, r := range []Rule{Freestyle, Standard, Renju, Caro} {
		back, _, err := RuleFromGomocup(r.Gomocup())
		require.NoError(t, err)
		require.Equal(t, r, back)
	}
}

func TestFeaturesMatchEvaluation(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		g := mustGame(t, 15, 15, rule)
		p := g.NewPosition()
		play(t, p, "h8 i9 g9 i7 i8 g7 j10 f8 e8 j8")
		f := make([]float64, NumFeatures)
		w := g.Weights()
		for p.Result() == engines.None && p.Plies() < 40 {
			p.Features(f)
			sum := 0.0
			for i := range f {
				sum += f[i] * w[i]
			}
			require.Equal(t, int(p.Evaluate()), int(sum), "%s\n%s", rule, p)
			ms := p.LegalMoves(nil)
			p.Play(ms[(p.Plies()*7919)%len(ms)])
		}
		w2 := append([]float64(nil), w...)
		w2[5] += 7
		g2, err := g.WithWeights(w2)
		require.NoError(t, err)
		require.Equal(t, w2, g2.Weights())
		_, err = g.WithWeights(w2[1:])
		require.Error(t, err)
	}
}

func TestParseWeights(t *testing.T) {
	tests := []struct {
		text string
		want []float64
		bad  bool
	}{
		{text: "# a comment\n1,2,\n3\n", want: []float64{1, 2, 3}},
		{text: "1, -2.5 ,3", want: []float64{1, -2.5, 3}},
		{text: "1,,3", bad: true},
		{text: "1,x", bad: true},
	}
	for _, tt := range tests {
		v, err := ParseWeights(tt.text)
		if tt.bad {
			assert.Error(t, err, tt.text)
			continue
		}
		require.NoError(t, err, tt.text)
		assert.Equal(t, tt.want, v)
	}
	// The embedded weights round-trip through their text.
	for rule, text := range map[Rule]string{Freestyle: freestyleText, Standard: freestyleText, Renju: renjuText, Caro: freestyleText} {
		v, err := ParseWeights(text)
		require.NoError(t, err)
		assert.Equal(t, v, mustGame(t, 15, 15, rule).Weights(), "%s", rule)
	}
}
