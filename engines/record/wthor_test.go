// Tests of the WTHOR reader on the 1977 file of the database.

package record

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
)

func TestReadWTHOR(t *testing.T) {
	games, err := ReadWTHOR([]string{"testdata"})
	require.NoError(t, err)
	require.Len(t, games, 12)
	for _, g := range games {
		n := 0
		var last *othello.Position
		moves, err := g.Replay(func(p *othello.Position) { n++; last = p })
		require.NoError(t, err, g.String())
		assert.GreaterOrEqual(t, len(moves), len(g.Moves), "the moves and the passes")
		assert.Equal(t, len(moves)+1, n, "each position before its move, and the last")
		if last.Result() != engines.None {
			assert.Equal(t, last.Result(), g.Result(), "a game played out has the result of its discs")
		}
	}
}
