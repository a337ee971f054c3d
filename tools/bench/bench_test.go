// Tests of the bench tool.

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/tictactoe"
)

// TestRunQuick runs every game's quick measurements, as text and as JSON:
// each result is a row, none with a depth of 0 (a total over searches of
// different depths has none).
func TestRunQuick(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"-quick"}, &out, &errs, catalog.New()))
	text := out.String()
	for _, name := range catalog.New().Names() {
		assert.Contains(t, text, "== "+name+"\n")
	}
	assert.Regexp(t, `(?m)^solve the empty board x2 +depth   9  nodes +27336 `, text)
	assert.Regexp(t, `(?m)^perft 9 +leaves +127872  time +[0-9.]+ s  leaves/s +\d+$`, text)
	assert.Regexp(t, `(?m)^search, all positions +nodes +\d+  time`, text)
	assert.Regexp(t, `(?m)^VCF set \(Gomocup records\) +nodes +\d+ .* solved 42/42$`, text)
	assert.Regexp(t, `(?m)^FFO #40-#40 solved +nodes +\d+ .* solved 1/1$`, text)
	assert.NotContains(t, text, "depth   0")
	assert.Contains(t, text, "== total")
	assert.Empty(t, errs.String(), "no progress where stderr is no terminal")
}

// TestJSON: -json writes one object a line with the documented fields,
// those that do not apply left out.
func TestJSON(t *testing.T) {
	var out, errs bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"-quick", "-json", "-game", "tictactoe"}, &out, &errs, catalog.New()))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2)
	var rows []map[string]any
	for _, l := range lines {
		var row map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &row), l)
		rows = append(rows, row)
	}
	assert.Equal(t, "tictactoe", rows[0]["game"])
	assert.Equal(t, "solve the empty board x2", rows[0]["name"])
	assert.EqualValues(t, 9, rows[0]["depth"])
	assert.Contains(t, rows[0], "nodes")
	assert.Contains(t, rows[0], "seconds")
	assert.NotContains(t, rows[0], "leaves")
	assert.Equal(t, "perft 9", rows[1]["name"])
	assert.EqualValues(t, 127872, rows[1]["leaves"])
	assert.NotContains(t, rows[1], "depth")
	assert.NotContains(t, rows[1], "nodes")
	assert.NotContains(t, rows[1], "solved")
}

// plain hides tictactoe's own benchmark.
type plain struct{ engines.Game }

func TestGeneric(t *testing.T) {
	bs := Benches(plain{tictactoe.Game{}}, true)
	require.Len(t, bs, 1)
	assert.Equal(t, "search from the start", bs[0].Name)
	// The whole tree, solved: a limit no loaded machine reaches, which the
	// exact result ends long before.
	r, err := Generic(plain{tictactoe.Game{}}, time.Hour).Run(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 9, r.Depth)
}

func TestErrors(t *testing.T) {
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"-game", "chess"}, "unknown game"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-progress", "loud"}, "-progress must be auto, on or off"},
	}
	for _, tt := range tests {
		var out, errs bytes.Buffer
		assert.ErrorContains(t, Run(context.Background(), tt.args, &out, &errs, catalog.New()), tt.err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	assert.Error(t, Run(ctx, []string{"-quick"}, &out, &errs, catalog.New()))
}
