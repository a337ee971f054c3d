// Tests of the perft tool.

package perft

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
)

func TestRun(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run([]string{"-game", "tictactoe", "-depth", "9"}, &out, &errs, catalog.New()))
	for _, want := range []string{"tictactoe from .../.../... x", "perft  1               9", "perft  9          127872"} {
		assert.Contains(t, out.String(), want)
	}
	out.Reset()
	require.NoError(t, Run([]string{"-game", "niujiao", "-depth", "2", "-from", "2", "-divide"}, &out, &errs, catalog.New()))
	assert.Contains(t, out.String(), "  01: 3\n  02: 3\nperft  2               6")
	out.Reset()
	require.NoError(t, Run([]string{"-game", "tictactoe", "-position", "xxo/oo./x.. x", "-depth", "1"}, &out, &errs, catalog.New()))
	assert.Contains(t, out.String(), "perft  1               3")
}

func TestErrors(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Error(t, Run([]string{"-game", "chess"}, &out, &errs, catalog.New()))
	assert.Error(t, Run([]string{"-position", "nonsense"}, &out, &errs, catalog.New()))
	assert.Error(t, Run([]string{"-depth", "3", "-from", "4"}, &out, &errs, catalog.New()))
	assert.Error(t, Run([]string{"extra"}, &out, &errs, catalog.New()))
	assert.Error(t, Run([]string{"-nosuchflag"}, &out, &errs, catalog.New()))
}
