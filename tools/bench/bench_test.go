// Tests of the bench tool.

package bench

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/tictactoe"
)

func TestRunQuick(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"-quick"}, &out, &errs, catalog.New()))
	for _, name := range catalog.New().Names() {
		assert.Contains(t, out.String(), "== "+name+"\n")
	}
	assert.Contains(t, out.String(), "solve the empty board x2")
	assert.Contains(t, out.String(), "perft 9                              leaves      127872")
	assert.Contains(t, out.String(), "== total")
}

// plain hides tictactoe's own benchmark.
type plain struct{ engines.Game }

func TestGeneric(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, Generic(context.Background(), &out, plain{tictactoe.Game{}}, true))
	assert.Contains(t, out.String(), "search from the start")
	assert.Contains(t, out.String(), "depth   9")
}

func TestErrors(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Error(t, Run(context.Background(), []string{"-game", "chess"}, &out, &errs, catalog.New()))
	assert.Error(t, Run(context.Background(), []string{"extra"}, &out, &errs, catalog.New()))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.Error(t, Run(ctx, []string{"-quick"}, &out, &errs, catalog.New()))
}
