// Tests of analyses split into shards: the games of the records are the
// items, and N shards merged give what one process gives, byte for byte:
// the tables with their totals, the JSON and the annotated records.

package analyze

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/shard"
)

func TestShardsMergedAreOneRun(t *testing.T) {
	// Shallow searches: the test is of the split, not of the analysis.
	records := []string{"-depth", "3", testdata("tictactoe.pgn"), testdata("gomoku.sgf"), testdata("endgame.ggf")}
	for _, tt := range []struct {
		name string
		args []string
		ext  string
	}{
		{"tables and PGN", []string{"-o", "annotated.pgn"}, "txt"},
		{"JSON", []string{"-json"}, "jsonl"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			args := func(out string) []string {
				a := append([]string(nil), tt.args...)
				if len(a) > 0 && a[0] == "-o" {
					a[1] = filepath.Join(dir, out)
				}
				return append(a, records...)
			}
			whole := mustAnalyze(t, args("whole.pgn")...)
			for i := range 3 {
				out := mustAnalyze(t, append(args("ignored.pgn"), "-shard", fmt.Sprintf("%d/3", i), "-outdir", dir, "-run", "r")...)
				assert.Contains(t, out, fmt.Sprintf("into %s", filepath.Join(dir, "r", fmt.Sprintf("shard-%04d-of-0003", i))))
			}
			assert.NoFileExists(t, filepath.Join(dir, "ignored.pgn"), "a shard's records go to its own files")
			m, err := shard.Merge([]string{filepath.Join(dir, "r")}, shard.MergeOptions{Out: filepath.Join(dir, "r", shard.MergedName)})
			require.NoError(t, err)
			assert.Equal(t, 5, m.Items)

			merged, err := os.ReadFile(filepath.Join(dir, "r", shard.MergedName, shard.MergedName+"."+tt.ext))
			require.NoError(t, err)
			var report bytes.Buffer
			require.NoError(t, Report(m, &report))
			if tt.ext == "jsonl" {
				assert.Equal(t, whole, string(merged), "the JSON of the games, in their order")
				assert.Len(t, analyses(t, whole), 5)
				return
			}
			assert.Equal(t, whole, string(merged)+report.String(), "the tables, then the totals")
			assert.Contains(t, report.String(), "Totals of 5 games:")
			wholePGN, err := os.ReadFile(filepath.Join(dir, "whole.pgn"))
			require.NoError(t, err)
			mergedPGN, err := os.ReadFile(filepath.Join(dir, "r", shard.MergedName, shard.MergedName+".pgn"))
			require.NoError(t, err)
			assert.Equal(t, string(wholePGN), string(mergedPGN), "the annotated records")

			// A run of every shard here writes the merge as one process
			// writes it: the tables, then the totals.
			plan, err := shard.Flags{Shards: 3, OutDir: dir, Run: "r"}.Plan(shard.Job{Tool: Tool, Items: 5}, func(string) string { return "" })
			require.NoError(t, err)
			require.Equal(t, shard.Local, plan.Mode)
			var local bytes.Buffer
			require.NoError(t, writeMerged(plan, m, false, &local))
			assert.Equal(t, whole, local.String())
		})
	}
}
