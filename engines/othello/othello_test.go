// Tests of othello's rules, notation, perft counts and the conformance of
// every board size.

package othello

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func game(t *testing.T, n int) *Game {
	t.Helper()
	g, err := New(n)
	require.NoError(t, err)
	return g
}

func parse(t *testing.T, text string) *Position {
	t.Helper()
	p, err := ParseText(text)
	require.NoError(t, err)
	return p
}

func TestConformance(t *testing.T) {
	for _, tc := range []struct{ n, games int }{{8, 40}, {10, 10}, {6, 40}, {4, 100}} {
		t.Run(fmt.Sprintf("%dx%d", tc.n, tc.n), func(t *testing.T) {
			enginetest.Conformance(t, game(t, tc.n), tc.games)
		})
	}
}

func TestLevelElo(t *testing.T) {
	for _, n := range []int{8, 10, 4} {
		enginetest.LevelElo(t, game(t, n))
	}
	assert.Equal(t, game(t, 8).LevelElo(), game(t, 10).LevelElo(), "the 8x8 table stands for every board")
}

func TestSpecSizes(t *testing.T) {
	for _, n := range []int{0, 4, 6, 8, 10, 12, 14, 16} {
		g, err := Spec().New(engines.Config{BoardSize: n})
		require.NoError(t, err, n)
		want := n
		if n == 0 {
			want = 8
		}
		require.Equal(t, want, g.(*Game).Size())
		assert.Equal(t, want*want-4, g.Start().(*Position).Empties())
	}
	for _, n := range []int{-2, 1, 2, 3, 5, 7, 9, 11, 18, 20} {
		_, err := Spec().New(engines.Config{BoardSize: n})
		require.Error(t, err, n)
	}
}

// perftTable reads the counts of one board size from testdata/perft.md.
func perftTable(t *testing.T, heading string) []uint64 {
	t.Helper()
	f, err := os.Open("testdata/perft.md")
	require.NoError(t, err)
	defer f.Close()
	var counts []uint64
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## "+heading)
			continue
		}
		cells := strings.Split(line, "|")
		if !in || len(cells) < 4 {
			continue
		}
		d, err1 := strconv.Atoi(strings.TrimSpace(cells[1]))
		n, err2 := strconv.ParseUint(strings.ReplaceAll(strings.TrimSpace(cells[2]), ",", ""), 10, 64)
		if err1 == nil && err2 == nil {
			require.Equal(t, len(counts)+1, d)
			counts = append(counts, n)
		}
	}
	require.NotEmpty(t, counts)
	return counts
}

func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		heading        string
		n, depth, fast int
	}{{"8x8", 8, 11, 9}, {"10x10", 10, 9, 7}} {
		counts := perftTable(t, tc.heading)
		depth := tc.depth
		if testing.Short() {
			depth = tc.fast
		}
		for d := 1; d <= depth; d++ {
			assert.Equal(t, counts[d-1], StartPosition(tc.n).Perft(d), "%s perft %d", tc.heading, d)
		}
	}
	// The generic perft over the Position interface agrees on small sizes.
	for _, n := range []int{4, 6, 8} {
		for d := 1; d <= 5; d++ {
			want := StartPosition(n).Perft(d)
			assert.Equal(t, want, interfacePerft(StartPosition(n), d), "%dx%d perft %d", n, n, d)
		}
	}
}

// interfacePerft counts with Play and Undo by the convention of perft.md.
func interfacePerft(p engines.Position, depth int) uint64 {
	if depth == 0 || p.Result() != engines.None {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		n += interfacePerft(p, depth-1)
		p.Undo()
	}
	return n
}

// naiveFlips flips by walking each direction on a grid.
func naiveFlips(n int, grid []uint8, me uint8, sq int) []int {
	if grid[sq] != 0 {
		return nil
	}
	opp := 3 - me
	var out []int
	r0, c0 := sq/n, sq%n
	for _, d := range [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		var run []int
		r, c := r0+d[0], c0+d[1]
		for r >= 0 && r < n && c >= 0 && c < n && grid[r*n+c] == opp {
			run = append(run, r*n+c)
			r, c = r+d[0], c+d[1]
		}
		if len(run) > 0 && r >= 0 && r < n && c >= 0 && c < n && grid[r*n+c] == me {
			out = append(out, run...)
		}
	}
	return out
}

// TestMovesAgainstNaive checks move generation and flips of both boards on
// random positions against walking the grid.
func TestMovesAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 6, 8, 10, 16} {
		for range 300 {
			grid := make([]uint8, n*n)
			fill := rng.IntN(100)
			for i := range grid {
				if rng.IntN(100) < fill {
					grid[i] = uint8(1 + rng.IntN(2))
				}
			}
			side := engines.Side(rng.IntN(2))
			p, err := NewPosition(n, grid, side)
			require.NoError(t, err)
			me := uint8(side) + 1
			var want []engines.Move
			for sq := range grid {
				if len(naiveFlips(n, grid, me, sq)) > 0 {
					want = append(want, engines.Move(sq))
				}
			}
			got := p.LegalMoves(nil)
			if len(want) == 0 {
				// A pass or the end of the game.
				require.LessOrEqual(t, len(got), 1)
				continue
			}
			require.Equal(t, want, got, "moves of\n%s", p)
			for _, m := range got {
				c := p.clone()
				c.Play(m)
				after := append([]uint8(nil), grid...)
				after[m] = me
				for _, f := range naiveFlips(n, grid, me, int(m)) {
					after[f] = me
				}
				for sq := range grid {
					require.Equal(t, int(after[sq]), c.At(sq), "square %s after %s on\n%s", SquareName(sq, n), c.MoveText(m), p)
				}
			}
		}
	}
}

// TestFlips8AgainstNaive checks Flips8 and Moves8 on every empty square of
// random boards, legal moves or not, against walking the grid: the Go
// versions, and the AVX2 ones where the processor has it.
func TestFlips8AgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		fill := rng.Uint64() | rng.Uint64()
		p := rng.Uint64() & fill
		o := fill &^ p
		grid := make([]uint8, 64)
		for sq := range 64 {
			switch {
			case p>>sq&1 != 0:
				grid[sq] = 1
			case o>>sq&1 != 0:
				grid[sq] = 2
			}
		}
		var wantMoves uint64
		for sq := range 64 {
			if fill>>sq&1 != 0 {
				continue
			}
			var want uint64
			for _, f := range naiveFlips(8, grid, 1, sq) {
				want |= 1 << f
			}
			if want != 0 {
				wantMoves |= 1 << sq
			}
			require.Equal(t, want, Flips8(p, o, sq), "square %s, p %#x o %#x", SquareName(sq, 8), p, o)
			require.Equal(t, want, flips8Go(p, o, sq), "square %s, p %#x o %#x", SquareName(sq, 8), p, o)
			if haveAVX2 {
				require.Equal(t, want, flipsAVX2(p, o, sq), "square %s, p %#x o %#x", SquareName(sq, 8), p, o)
			}
		}
		require.Equal(t, wantMoves, Moves8(p, o), "p %#x o %#x", p, o)
		require.Equal(t, wantMoves, moves8Go(p, o), "p %#x o %#x", p, o)
		if haveAVX2 {
			require.Equal(t, wantMoves, movesAVX2(p, o), "p %#x o %#x", p, o)
		}
	}
}

func TestFlipsAllDirections(t *testing.T) {
	// d4 is surrounded by white discs, with black behind each of them.
	text := "" +
		"-X-X-X--" +
		"--OOO---" +
		"-XO-OX--" +
		"--OOO---" +
		"-X-X-X--" +
		"--------" +
		"--------" +
		"-------- X"
	p := parse(t, text)
	m, err := p.ParseMove("d3")
	require.NoError(t, err)
	_, err = engines.Legal(p, "d3")
	require.NoError(t, err)
	p.Play(m)
	want := "" +
		"-X-X-X--" +
		"--XXX---" +
		"-XXXXX--" +
		"--XXX---" +
		"-X-X-X--" +
		"--------" +
		"--------" +
		"-------- O"
	assert.Equal(t, want, p.Text())
	black, white := p.Discs()
	assert.Equal(t, 17, black)
	assert.Equal(t, 0, white)
}

func TestPassAndGameEnd(t *testing.T) {
	// White has no move; black does: white must pass.
	p := parse(t, "XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXOO"+"XXXXXX-- O")
	assert.Equal(t, engines.P2, p.SideToMove())
	assert.Equal(t, []engines.Move{Pass}, p.LegalMoves(nil))
	assert.Equal(t, engines.None, p.Result())
	m, err := engines.Legal(p, "pass")
	require.NoError(t, err)
	p.Play(m)
	assert.Equal(t, engines.P1, p.SideToMove())
	moves := p.LegalMoves(nil)
	assert.Equal(t, []string{"g8", "h8"}, []string{p.MoveText(moves[0]), p.MoveText(moves[1])})
	p.Undo()
	assert.Equal(t, engines.P2, p.SideToMove())

	// Neither side can move: the empty squares go to the winner.
	over := parse(t, "XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXXXXX"+"XXXXX--- O")
	assert.Empty(t, over.LegalMoves(nil))
	assert.Equal(t, engines.P1Win, over.Result())
	assert.Equal(t, 64, over.FinalScore())
	tie := parse(t, strings.Repeat("X", 32)+strings.Repeat("O", 32)+" X")
	assert.Equal(t, engines.Draw, tie.Result())
	assert.Equal(t, 0, tie.FinalScore())
	wWins := parse(t, "O"+strings.Repeat("-", 62)+"O X")
	assert.Equal(t, engines.P2Win, wWins.Result())
	assert.Equal(t, -64, wWins.FinalScore())
	small := parse(t, "XXXX"+"XXXX"+"XXXX"+"X-OX O")
	assert.Equal(t, []engines.Move{Pass}, small.LegalMoves(nil), "white cannot move but black can")
	small.Play(Pass)
	small.Play(13)
	assert.Equal(t, engines.P1Win, small.Result())
	assert.Equal(t, 16, small.FinalScore())
	assert.Equal(t, "XXXXXXXXXXXXXXXX O", small.Text())
}

func TestNotation(t *testing.T) {
	p := StartPosition(8)
	for _, tc := range []struct {
		in   string
		want engines.Move
	}{{"f5", 37}, {"F5", 37}, {"a1", 0}, {"h8", 63}, {"P@d3", 19}, {"0000", Pass}, {"pass", Pass}, {"PA", Pass}, {"Pa", Pass}} {
		m, err := p.ParseMove(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, m, tc.in)
	}
	for _, bad := range []string{"", "i1", "a9", "a0", "a", "f55", "ff", "00", "pas", "@f5", "j10"} {
		_, err := p.ParseMove(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "f5", p.MoveText(37))
	assert.Equal(t, "0000", p.MoveText(Pass))
	p10 := StartPosition(10)
	m, err := p10.ParseMove("J10")
	require.NoError(t, err)
	assert.Equal(t, engines.Move(99), m)
	assert.Equal(t, "j10", p10.MoveText(m))
	assert.Equal(t, "e5", SquareName(44, 10))
	// The 10x10 start: e5 and f6 white, f5 and e6 black.
	assert.Equal(t, 2, p10.At(44))
	assert.Equal(t, 2, p10.At(55))
	assert.Equal(t, 1, p10.At(45))
	assert.Equal(t, 1, p10.At(54))
}

func TestParseText(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: startText8, want: startText8},
		{in: strings.ReplaceAll(strings.ReplaceAll(startText8, "X", "*"), "-", "."), want: startText8},
		{in: "  " + strings.ToLower(startText8) + "  ", want: startText8},
		{in: "XO" + strings.Repeat("-", 14) + " O", want: "XO" + strings.Repeat("-", 14) + " O"},
		{in: startText8[:64], err: "bad position"},
		{in: startText8 + " extra", err: "bad position"},
		{in: startText8[:63] + " X", err: "cells"},
		{in: strings.Repeat("-", 81) + " X", err: "cells"},
		{in: strings.Replace(startText8, "-", "Z", 1), err: "bad cell"},
		{in: startText8[:64] + " Y", err: "side to move"},
		{in: "", err: "bad position"},
	} {
		p, err := ParseText(tc.in)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Contains(t, err.Error(), tc.err)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, p.Text())
	}
	_, err := game(t, 10).Parse(startText8)
	assert.ErrorContains(t, err, "10x10")
	assert.Equal(t, startText8, StartPosition(8).Text())
}

func TestGGFBoard(t *testing.T) {
	assert.Equal(t, "8 ---------------------------O*------*O--------------------------- *", StartPosition(8).GGFBoard())
	p10, err := ParseGGFBoard("10 " + StartPosition(10).Text()[:100] + " O")
	require.NoError(t, err)
	assert.Equal(t, 10, p10.Size())
	assert.Equal(t, engines.P2, p10.SideToMove())
	for _, bad := range []string{"", "8 --- *", "9 " + strings.Repeat("-", 81) + " *"} {
		_, err := ParseGGFBoard(bad)
		assert.Error(t, err, bad)
	}
}

func TestString(t *testing.T) {
	s := StartPosition(8).String()
	assert.Contains(t, s, "a b c d e f g h")
	assert.Contains(t, s, "Black (X) to move (+: d3 c4 f5 e6). Black 2, White 2.")
	assert.Equal(t, 4, strings.Count(s, " +"))
	s10 := StartPosition(10).String()
	assert.Contains(t, s10, " 10 ")
	assert.Contains(t, s10, "j")
}
