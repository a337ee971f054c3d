// Tests of the reader of NBoard's othello games in GGF.

package record

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
)

func TestParseGGF(t *testing.T) {
	p, moves, err := ParseGGF("(;GM[Othello]PC[NBoard]DT[2024-01-01]PB[a]PW[b]RE[?]TI[0:00]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6/-1.20/0.3];)")
	require.NoError(t, err)
	assert.Equal(t, othello.StartPosition(8).Text(), p.Text())
	require.Len(t, moves, 2)
	assert.Equal(t, "f5", p.MoveText(moves[0]))
	assert.Equal(t, "d6", p.MoveText(moves[1]))
	assert.Equal(t, "8 ---------------------------O*------*O--------------------------- *", p.GGFBoard())

	for _, bad := range []string{
		"", "(;", "GM[Othello]", "(;B[F5];)", "(;BO[8 --- *];)", "(;BO[9 " + strings.Repeat("-", 81) + " *];)",
		"(;BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)",
		"(;BO[8 ---------------------------O*------*O--------------------------- *]W[F5];)",
		"(;BO[8 ---------------------------O*------*O--------------------------- *]B[F5",
		"(;bo[8];)",
	} {
		_, _, err := ParseGGF(bad)
		assert.Error(t, err, bad)
	}
}

func FuzzParseGGF(f *testing.F) {
	f.Add("(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6/-1.20/0.3];)")
	f.Add("(;GM[Othello]BO[10 " + strings.Repeat("-", 100) + " O]W[PA];)")
	f.Add("(;BO[8 ---------------------------O*------*O--------------------------- *]B[f5];")
	f.Fuzz(func(t *testing.T, s string) {
		p, moves, err := ParseGGF(s)
		if err != nil {
			return
		}
		q := p.Clone()
		for _, m := range moves {
			_, err := engines.Legal(q, q.MoveText(m))
			require.NoError(t, err)
			q.Play(m)
		}
	})
}
