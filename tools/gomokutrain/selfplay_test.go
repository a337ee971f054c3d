// Tests of the self-play match split into shards: merged, the shards are the
// whole match, game by game.

package gomokutrain

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/shard"
)

func TestSelfplayShards(t *testing.T) {
	// Node limits keep the games the same on any machine; odd games leave
	// the last opening with one game.
	match := []string{"selfplay", "-size", "9", "-games", "7", "-nodes", "300"}
	var whole, errs bytes.Buffer
	require.NoError(t, Run(append(match, "-v"), &whole, &errs), errs.String())
	runs := t.TempDir()
	for i := range 3 {
		var out bytes.Buffer
		require.NoError(t, Run(append(match, "-shard", fmt.Sprintf("%d/3", i), "-outdir", runs, "-run", "r"), &out, &errs), errs.String())
	}
	merged := filepath.Join(t.TempDir(), "m")
	m, err := shard.Merge([]string{filepath.Join(runs, "r")}, shard.MergeOptions{Out: merged})
	require.NoError(t, err)
	games, err := os.ReadFile(filepath.Join(merged, "merged.txt"))
	require.NoError(t, err)
	lines := strings.SplitAfter(whole.String(), "\n")
	assert.Equal(t, strings.Join(lines[:7], ""), string(games), "the merge holds the match's games in order")
	var report bytes.Buffer
	require.NoError(t, Report(m, &report))
	last := strings.TrimSpace(lines[7])
	assert.Equal(t, last[:strings.LastIndex(last, " in ")], strings.SplitN(report.String(), "\n", 2)[0])
	assert.Equal(t, 3, m.Score.Penta[0]+m.Score.Penta[1]+m.Score.Penta[2]+m.Score.Penta[3]+m.Score.Penta[4], "three pairs, one single game")
}

func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	require.ErrorIs(t, Run([]string{"help"}, &out, &errs), flag.ErrHelp, "help is printed, and main exits 0")
	assert.Contains(t, out.String(), "selfplay")
	assert.Error(t, Run([]string{"selfplay", "-games", "2", "-shard", "2/2"}, &out, &errs))
}
