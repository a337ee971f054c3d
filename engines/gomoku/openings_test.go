// Tests of the opening lists: Piskvork's offset lines read as Gomocup
// managers read them.

package gomoku

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
)

func TestParseOpenings(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Opening
		bad  bool
	}{
		{"one line", "0,0, 1,0, 1,3", []Opening{{{0, 0}, {1, 0}, {1, 3}}}, false},
		{"comments and blanks", "# rapfi\n\n-2,0, -1,1\n  4,-1, 5,0  \n", []Opening{{{-2, 0}, {-1, 1}}, {{4, -1}, {5, 0}}}, false},
		{"odd count", "0,0, 1", nil, true},
		{"not a number", "0,0, a,1", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseOpenings(tt.text)
			if tt.bad {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestOpeningSquares checks that offsets count y downward from the centre,
// as c-gomoku-cli and qi arena read them: 0,0, 1,0, 1,3 is h8 i8 i5.
func TestOpeningSquares(t *testing.T) {
	g := mustGame(t, 15, 15, Renju)
	p := g.NewPosition()
	list, err := ParseOpenings("0,0, 1,0, 1,3")
	require.NoError(t, err)
	require.NoError(t, list[0].Play(p))
	var names []string
	for _, r := range p.hist {
		names = append(names, p.MoveText(engines.Move(r.cell)))
	}
	assert.Equal(t, []string{"h8", "i8", "i5"}, names)
}
