// Tests of cutechess FENs.

package fen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

func TestParseFormat(t *testing.T) {
	b, err := Parse("P1p/3/2P[PPPpppp] b - - 0 2", 3, 3)
	require.NoError(t, err)
	assert.Equal(t, engines.P2, b.Side)
	assert.Equal(t, First, b.Cells[2][0])
	assert.Equal(t, Second, b.Cells[2][2])
	assert.Equal(t, First, b.Cells[0][2])
	assert.Equal(t, "P1p/3/2P[PPPpppp] b - - 0 2", Format(b, 5))
	assert.Equal(t, "P1p/3/2P b - - 0 2", Format(b, 0))

	big, err := Parse("15/15/15/15/15/15/15/7P7/15/15/15/15/15/15/15[] b - - 0 1", 15, 15)
	require.NoError(t, err)
	assert.Equal(t, First, big.Cells[7][7])
	assert.Equal(t, "15/15/15/15/15/15/15/7P7/15/15/15/15/15/15/15 b - - 0 1", Format(big, 0))
	p10, err := Parse("10p4/15/15/15/15/15/15/15/15/15/15/15/15/15/15 w", 15, 15)
	require.NoError(t, err)
	assert.Equal(t, Second, p10.Cells[14][10], "two-digit counts")
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "3/3 w", "4/3/3 w", "2/3/3 w", "3/3/3 x", "3/3/3[PP w", "PPPP/3/3 w", "0P2/3/3 w", "3/3/3x w", "99999999999999999999/3/3 w"} {
		_, err := Parse(s, 3, 3)
		assert.Error(t, err, s)
	}
}

func TestLooks(t *testing.T) {
	for s, want := range map[string]bool{
		"3/3/3[PPPPPpppp] w - - 0 1": true, "P1p/3/3 b": true, "x.o/.x./... o": false, "R.......BB r": false, "": false, "33 w": false,
	} {
		assert.Equal(t, want, Looks(s), s)
	}
}
