// Tests of the VCF solver on positions from the Gomocup records.

package gomoku

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

// vcfCase is a line of testdata/vcf.txt.
type vcfCase struct {
	rule   Rule
	size   int
	text   string
	record string // the record's first four
	fours  int
	source string
}

func readVCFCases(t testing.TB) []vcfCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "vcf.txt"))
	require.NoError(t, err)
	defer f.Close()
	var cases []vcfCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fl := strings.Split(line, "|")
		require.Len(t, fl, 6, line)
		rule, err := ParseRule(fl[0])
		require.NoError(t, err)
		size, err := strconv.Atoi(fl[1])
		require.NoError(t, err)
		fours, err := strconv.Atoi(fl[4])
		require.NoError(t, err)
		cases = append(cases, vcfCase{rule, size, fl[2], fl[3], fours, fl[5]})
	}
	require.NoError(t, sc.Err())
	return cases
}

// checkVCFLine replays a VCF line: the attacker's moves are fours, the
// defender's the blocks, and it ends in a five or a four the defender can't
// stop.
func checkVCFLine(t *testing.T, p *Position, line []engines.Move) {
	t.Helper()
	q := p.clone()
	att := q.SideToMove()
	for i, m := range line {
		require.NoError(t, q.Legal(m), "move %d of the line", i)
		if q.SideToMove() == att {
			require.True(t, q.MakesFour(m), "attacker's move %s is a four", q.MoveText(m))
		} else {
			fives := q.FiveSquares(att)
			require.Contains(t, fives, m, "the defender blocks a four")
		}
		q.Play(m)
	}
	if q.Result() == engines.WinFor(att) {
		return
	}
	require.Equal(t, att.Other(), q.SideToMove(), "the line ends with the attacker's move\n%s", q)
	fives := q.FiveSquares(att)
	require.NotEmpty(t, fives)
	if len(fives) == 1 {
		require.Error(t, q.Legal(fives[0]), "the defender can't block\n%s", q)
	}
}

func TestVCFSet(t *testing.T) {
	cases := readVCFCases(t)
	require.GreaterOrEqual(t, len(cases), 40)
	rules := map[Rule]int{}
	for _, c := range cases {
		t.Run(c.source, func(t *testing.T) {
			g := mustGame(t, c.size, c.size, c.rule)
			p, err := g.ParsePosition(c.text)
			require.NoError(t, err)
			n, line := SolveVCF(p, 2_000_000)
			require.Positive(t, n, "a VCF is found")
			checkVCFLine(t, p, line)
			// The record's four starts a VCF too.
			m, err := p.ParseMove(c.record)
			require.NoError(t, err)
			require.True(t, p.MakesFour(m))
			q := p.clone()
			q.Play(m)
			fives := q.FiveSquares(p.SideToMove())
			if len(fives) == 1 && q.Legal(fives[0]) == nil {
				q.Play(fives[0])
				n2, _ := SolveVCF(q, 2_000_000)
				require.Positive(t, n2, "the record's line wins")
			}
			rules[c.rule]++
		})
	}
	require.Len(t, rules, 3)
}

// TestNoFalseVCF checks quiet opening positions have no VCF.
func TestNoFalseVCF(t *testing.T) {
	g := mustGame(t, 15, 15, Freestyle)
	for _, o := range Openings() {
		p := g.NewPosition()
		require.NoError(t, o.Play(p))
		n, _ := SolveVCF(p, 100000)
		require.Zero(t, n)
	}
}
