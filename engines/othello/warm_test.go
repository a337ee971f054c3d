// Tests that a new game decodes the trained weights ahead of its first
// search, in a fresh process (the weights are decoded once a process).

package othello

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/othello/pattern"
)

// warmChild names the environment variable that makes this test binary the
// fresh process of TestWeightsDecodeBeforeTheFirstSearch.
const warmChild = "QI_OTHELLO_WARM_CHILD"

// TestWeightsDecodeBeforeTheFirstSearch checks that a game begins decoding
// its trained weights when it is made: a first search on a clock of 0.1 s
// a move spent its time decoding them and answered at depth 1.
func TestWeightsDecodeBeforeTheFirstSearch(t *testing.T) {
	if os.Getenv(warmChild) != "" {
		for _, n := range []int{8, 10} {
			require.False(t, pattern.Decoded(n), "no game yet")
			_, err := New(n)
			require.NoError(t, err)
			require.Eventually(t, func() bool { return pattern.Decoded(n) }, time.Minute, time.Millisecond,
				"%dx%d: the weights are decoded without a search", n, n)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestWeightsDecodeBeforeTheFirstSearch$", "-test.count=1")
	cmd.Env = append(os.Environ(), warmChild+"=1")
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "%s", out)
}
