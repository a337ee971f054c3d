// Tests that the commands take the games of every kind of record: order fits
// to the moves after the opening, and to one engine's moves when asked.

package gomokutrain

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
)

// sgfRecords holds a freestyle game with names and two opening moves, as
// qi arena writes it (the reader's cases are engines/record's tests).
const sgfRecords = "(;FF[4]GM[4]RU[0]SZ[15]PB[rapfi]PW[qi];B[hh]C[opening move];W[ih]C[opening move];B[hi];W[hg];B[gi])\n"

func TestOrderReadsEveryRecord(t *testing.T) {
	alone := filepath.Join(t.TempDir(), "c.sgf")
	require.NoError(t, os.WriteFile(alone, []byte(sgfRecords), 0o666))
	data, _, _, err := readChoices([]string{alone}, gomoku.Freestyle, 0, "")
	require.NoError(t, err)
	assert.Len(t, data, 3, "the freestyle game's moves after its two opening moves")
	for _, tc := range []struct {
		player string
		want   int
	}{{"rapfi", 2}, {"RAPFI", 2}, {"qi", 1}, {"wine", 0}} {
		data, _, _, err := readChoices([]string{alone}, gomoku.Freestyle, 0, tc.player)
		require.NoError(t, err)
		assert.Len(t, data, tc.want, "the moves of %s", tc.player)
	}
	// A .psq record names its engines by their programs.
	psq := filepath.Join("testdata", "records", "0_0_10_2.psq")
	all, _, _, err := readChoices([]string{psq}, gomoku.Freestyle, 0, "")
	require.NoError(t, err)
	first, _, _, err := readChoices([]string{psq}, gomoku.Freestyle, 0, "ego21")
	require.NoError(t, err)
	second, _, _, err := readChoices([]string{psq}, gomoku.Freestyle, 0, "renjusolver.f")
	require.NoError(t, err)
	assert.NotEmpty(t, first)
	assert.NotEmpty(t, second)
	assert.Equal(t, len(all), len(first)+len(second), "each engine's moves, and together all of them")
}
