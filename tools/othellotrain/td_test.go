// Tests of the TD(lambda) relabelling: the returns' signs across passes and
// the mix of the next position's value and its return.

package othellotrain

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTDReturns(t *testing.T) {
	dir := t.TempDir()
	played := filepath.Join(dir, "sp.smp")
	// Self-play on 6x6 leaves the passes out of its records, and its labels
	// with -mix 1 are the game's result from the side to move.
	run(t, "selfplay", "-size", "6", "-games", "30", "-depth", "1", "-random", "6", "-mix", "1", "-weights", "none", "-o", played)
	n, ss, err := readSamples(played)
	require.NoError(t, err)
	passes := 0
	for i := 1; i < len(ss); i++ {
		if ss[i].game == ss[i-1].game && sameSide(&ss[i-1], &ss[i]) {
			passes++
		}
	}
	require.Positive(t, passes, "some game has a pass, so that the test sees one")
	tests := []struct {
		name   string
		lambda float64
		exact  int
		value  float64
		want   func(i int) int16 // label of sample i
	}{
		{"lambda 1 keeps the results", 1, 0, 1234, func(i int) int16 { return ss[i].label }},
		{"lambda 0 takes the next value", 0, 0, 100, func(i int) int16 {
			switch {
			case i+1 == len(ss) || ss[i+1].game != ss[i].game:
				return ss[i].label // the last position keeps its own
			case sameSide(&ss[i], &ss[i+1]):
				return 100
			}
			return -100
		}},
		{"exact labels stay", 0.5, 36, 100, func(i int) int16 { return ss[i].label }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := append([]sample(nil), ss...)
			tdReturns(got, n, tt.lambda, tt.exact, func(*sample) float64 { return tt.value })
			for i := range got {
				require.Equal(t, tt.want(i), got[i].label, "sample %d", i)
			}
		})
	}
	out := run(t, "td", "-i", played, "-o", filepath.Join(dir, "td.smp"), "-lambda", "0.8", "-exact", "4", "-weights", "none")
	assert.Contains(t, out, "relabelled")
}
