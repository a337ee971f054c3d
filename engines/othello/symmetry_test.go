// Tests of the symmetries and the packed positions.

package othello

import (
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestSymmetryConforms(t *testing.T) {
	for _, n := range []int{4, 6, 8, 10} {
		g, err := New(n)
		require.NoError(t, err)
		enginetest.Symmetry(t, g, 2)
	}
}

func TestTransform8MapsEverySquare(t *testing.T) {
	for k := range 8 {
		for sq := range 64 {
			to := mapSquare(engines.Move(sq), k, 8)
			require.Equal(t, uint64(1)<<to, transform8(1<<sq, k), "square %s under symmetry %d", SquareName(sq, 8), k)
		}
	}
}

func TestUnpackRefusesDamage(t *testing.T) {
	g, err := New(8)
	require.NoError(t, err)
	good := StartPosition(8).Pack(nil, 0)
	for name, b := range map[string][]byte{
		"short":     good[:16],
		"two discs": append(append(append([]byte(nil), good[:8]...), good[:8]...), 0),
		"bad side":  append(append([]byte(nil), good[:16]...), 2),
	} {
		_, err := g.Unpack(b)
		require.Error(t, err, name)
	}
	g6, err := New(6)
	require.NoError(t, err)
	b := StartPosition(6).Pack(nil, 0)
	b[4] |= 0x80 // bit 39: off a 36-square board
	_, err = g6.Unpack(b)
	require.ErrorContains(t, err, "off the 6x6 board")
}
