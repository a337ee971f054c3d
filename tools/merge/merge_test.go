// Tests of the qi merge command line on the shards of a made-up job.

package merge

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/shard"
)

// shards writes the n shards of a job of a tool without a report of its
// own, each item a line and a win.
func shards(t *testing.T, dir string, n int) string {
	job := shard.Job{Tool: "test", Params: []string{"-x=1"}, Items: 5}
	for i := range n {
		p, err := shard.Flags{Shard: fmt.Sprintf("%d/%d", i, n), OutDir: dir, Run: "r"}.Plan(job, func(string) string { return "" })
		require.NoError(t, err)
		o, err := p.Create(shard.Stream{Ext: "txt"})
		require.NoError(t, err)
		for _, j := range p.Items() {
			require.NoError(t, o.Put(j, fmt.Appendf(nil, "item %d\n", j)))
		}
		require.NoError(t, o.Close(&shard.Score{W: len(p.Items())}, nil))
	}
	return filepath.Join(dir, "r")
}

func TestRun(t *testing.T) {
	run := shards(t, t.TempDir(), 2)
	tests := []struct {
		name string
		args []string
		out  string
		err  string
	}{
		{"help", []string{"-h"}, "usage: qi merge", ""},
		{"no directory", nil, "", "which directories"},
		{"two without -o", []string{run, run}, "", "the one -o names"},
		{"unknown flag", []string{"-x", run}, "", "flag provided but not defined"},
		{"dry run", []string{"-dryrun", run}, "test: 5 items\nScore: 5 - 0 - 0", ""},
		{"merge", []string{run}, "test: 5 items", ""},
		{"missing", []string{filepath.Join(run, "absent")}, "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := Run(tt.args, &out, &errs, nil)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Contains(t, out.String(), tt.out)
		})
	}
	assert.FileExists(t, filepath.Join(run, "merged", "merged.txt"))
}
