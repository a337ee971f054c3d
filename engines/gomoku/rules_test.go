// Tests of the rules: fives and overlines under each rule set, caro's closed
// fives, renju's forbidden moves against the shared cases, hand-made ones and
// a reference implementation of the RIF definition on random positions.

package gomoku

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

// renjuCase is one block of the renju case files.
type renjuCase struct {
	id, query, expect, note string
	size                    int
	black, white            []string
}

func readRenjuCases(t *testing.T, path string) []renjuCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []renjuCase
	var c renjuCase
	flush := func() {
		if c.id != "" {
			cases = append(cases, c)
		}
		c = renjuCase{}
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			flush()
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		require.True(t, ok, "line %q", line)
		v = strings.TrimSpace(v)
		switch k {
		case "id":
			c.id = v
		case "size":
			c.size = 15
			require.Equal(t, "15", v)
		case "black":
			c.black = strings.Fields(v)
		case "white":
			c.white = strings.Fields(v)
		case "query":
			c.query = v
		case "expect":
			c.expect = v
		case "note":
			c.note = v
		}
	}
	require.NoError(t, sc.Err())
	flush()
	return cases
}

// setupCase builds a case's position, black to move.
func setupCase(t *testing.T, g *Game, c renjuCase) *Position {
	t.Helper()
	var stones []Stone
	for _, list := range []struct {
		sq    []string
		color Color
	}{{c.black, Black}, {c.white, White}} {
		for _, s := range list.sq {
			x, y, err := g.ParseSquare(s)
			require.NoError(t, err, "%s: %s", c.id, s)
			stones = append(stones, Stone{x, y, list.color})
		}
	}
	p, err := g.Setup(stones, engines.P1)
	require.NoError(t, err, c.id)
	require.Equal(t, engines.None, p.Result(), "%s: the game goes on", c.id)
	return p
}

func TestRenjuCases(t *testing.T) {
	g, err := NewGame(15, 15, Renju)
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join("testdata", "renju", "cases_*.txt"))
	require.NoError(t, err)
	require.Len(t, files, 3)
	total := 0
	for _, file := range files {
		for _, c := range readRenjuCases(t, file) {
			total++
			t.Run(c.id, func(t *testing.T) {
				p := setupCase(t, g, c)
				m, err := p.ParseMove(c.query)
				require.NoError(t, err)
				want := "legal"
				if f := p.Foul(m); f != NoFoul {
					want = "forbidden " + f.String()
				}
				require.Equal(t, c.expect, want, c.note)

				// The reference judges the same.
				x, y := XY(m)
				require.Equal(t, c.expect, refVerdict(refOf(p), x, y), "reference: %s", c.note)

				// LegalMoves, Legal and the forbidden command agree.
				legal := p.LegalMoves(nil)
				lines, handled, err := p.Command("forbidden", nil)
				require.NoError(t, err)
				require.True(t, handled)
				require.Len(t, lines, 1)
				entry := " " + p.MoveText(m) + ":"
				if c.expect == "legal" {
					assert.Contains(t, legal, m)
					assert.NoError(t, p.Legal(m))
					assert.NotContains(t, lines[0], entry)
				} else {
					assert.NotContains(t, legal, m)
					assert.ErrorIs(t, p.Legal(m), engines.ErrIllegal)
					assert.Contains(t, lines[0]+" ", entry+strings.TrimPrefix(c.expect, "forbidden ")+" ")
					_, err := engines.Legal(p, c.query)
					assert.ErrorIs(t, err, engines.ErrIllegal)
				}
				// White may play anywhere.
				w, err := g.Setup(stonesOf(p), engines.P2)
				require.NoError(t, err)
				assert.NoError(t, w.Legal(m))
			})
		}
	}
	require.GreaterOrEqual(t, total, 55)
}

func stonesOf(p *Position) []Stone {
	var out []Stone
	for y := 0; y < p.game.h; y++ {
		for x := 0; x < p.game.w; x++ {
			if c := p.At(x, y); c != Empty {
				out = append(out, Stone{x, y, c})
			}
		}
	}
	return out
}

func refOf(p *Position) *refBoard {
	r := newRefBoard(p.game.w)
	for y := 0; y < p.game.h; y++ {
		for x := 0; x < p.game.w; x++ {
			switch p.At(x, y) {
			case Black:
				r.cells[y][x] = 1
			case White:
				r.cells[y][x] = 2
			}
		}
	}
	return r
}

func refVerdict(r *refBoard, x, y int) string {
	if f := r.refFoul(x, y); f != NoFoul {
		return "forbidden " + f.String()
	}
	return "legal"
}

// TestRenjuMatchesReference compares every empty square of random dense
// positions with the reference judgement.
func TestRenjuMatchesReference(t *testing.T) {
	g, err := NewGame(15, 15, Renju)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(7, 11))
	positions, fouls, kinds := 0, 0, map[Foul]int{}
	n := 400
	if testing.Short() {
		n = 100
	}
	for positions < n {
		var stones []Stone
		used := map[[2]int]bool{}
		nb, nw := 8+rng.IntN(30), 4+rng.IntN(20)
		for len(stones) < nb+nw {
			x, y := 3+rng.IntN(9), 3+rng.IntN(9)
			if rng.IntN(4) == 0 {
				x, y = rng.IntN(15), rng.IntN(15)
			}
			if used[[2]int{x, y}] {
				continue
			}
			used[[2]int{x, y}] = true
			c := Black
			if len(stones) >= nb {
				c = White
			}
			stones = append(stones, Stone{x, y, c})
		}
		p, err := g.Setup(stones, engines.P1)
		if err != nil || p.Result() != engines.None {
			continue
		}
		positions++
		r := refOf(p)
		for y := 0; y < 15; y++ {
			for x := 0; x < 15; x++ {
				if p.At(x, y) != Empty {
					continue
				}
				m, _ := g.Move(x, y)
				got := p.Foul(m)
				want := r.refFoul(x, y)
				require.Equal(t, want, got, "square %s of\n%s", g.Square(x, y), p)
				if got != NoFoul {
					fouls++
					kinds[got]++
				}
			}
		}
	}
	t.Logf("%d positions, %d forbidden squares: %v", positions, fouls, kinds)
	require.Positive(t, kinds[DoubleFour])
	require.Positive(t, kinds[DoubleThree])
	require.Positive(t, kinds[Overline])
}

// TestRenjuCasesNeedRecursion checks that qi's recursive cases are judged
// wrongly by a judgement that stops the recursion early: they test the
// recursion, not a shortcut.
func TestRenjuCasesNeedRecursion(t *testing.T) {
	g, err := NewGame(15, 15, Renju)
	require.NoError(t, err)
	levels := map[string]int{
		"qi_fake_three_both_points_overline": 0,
		"qi_recursive_two_levels_forbidden":  1,
		"qi_recursive_two_levels_legal":      0,
		"renjunet_05_problem3_false_3x3":     0,
		"renjunet_06a_game1_false_3x3":       0,
	}
	found := 0
	files, err := filepath.Glob(filepath.Join("testdata", "renju", "cases_*.txt"))
	require.NoError(t, err)
	for _, file := range files {
		for _, c := range readRenjuCases(t, file) {
			depth, ok := levels[c.id]
			if !ok {
				continue
			}
			found++
			p := setupCase(t, g, c)
			m, err := p.ParseMove(c.query)
			require.NoError(t, err)
			x, y := XY(m)
			r := refOf(p)
			require.NotEqual(t, r.refFoul(x, y), r.truncatedFoul(x, y, depth), c.id)
			require.Equal(t, r.refFoul(x, y), r.truncatedFoul(x, y, depth+1), c.id)
		}
	}
	require.Equal(t, len(levels), found)
}
