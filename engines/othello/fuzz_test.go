// Fuzz tests of the parsers: bad input gets an error, never a panic, and what
// is accepted reads back the same.

package othello

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		startText8, StartPosition(10).Text(), StartPosition(4).Text(),
		"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;",
		strings.Repeat("*", 36) + " *", strings.Repeat(".", 256) + " O", "X O", "", "-- X",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseText(s)
		if err != nil {
			return
		}
		q, err := ParseText(p.Text())
		require.NoError(t, err)
		require.Equal(t, p.Text(), q.Text())
		require.Equal(t, p.Hash(), q.Hash())
		moves := p.LegalMoves(nil)
		require.Equal(t, p.Result() == engines.None, len(moves) > 0)
		_ = p.String()
		if len(moves) > 0 {
			p.Play(moves[0])
			p.Undo()
			require.Equal(t, q.Text(), p.Text())
		}
		if g, err := ParseGGFBoard(p.GGFBoard()); err == nil {
			require.Equal(t, p.Text(), g.Text())
		} else {
			t.Fatalf("GGF board %q does not read back: %v", p.GGFBoard(), err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f5", "F5", "j10", "P@a1", "pass", "PA", "0000", "", "a", "z9", "a100", "\x00"} {
		f.Add(s, 8)
		f.Add(s, 10)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = MinSize + 2*((n%7+7)%7)
		m, err := ParseMove(s, n)
		if err != nil {
			require.Equal(t, engines.NoMove, m)
			return
		}
		p := StartPosition(n)
		back, err := p.ParseMove(p.MoveText(m))
		require.NoError(t, err)
		require.Equal(t, m, back)
		_, _ = engines.Legal(p, s)
	})
}
