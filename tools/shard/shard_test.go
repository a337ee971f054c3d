// Tests of the shard contract on a made-up job whose items write a line
// each: identities, item lists, plans, crash-safe output and merges.

package shard

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestItemsPartition(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 16} {
		for _, r := range []Range{{0, 100}, {5, 37}, {40, 41}, {0, 3}} {
			t.Run(fmt.Sprintf("%d/%s", n, r), func(t *testing.T) {
				owner := map[int]int{}
				for i := range n {
					id := ID{i, n}
					items := id.Items(r)
					for k, j := range items {
						prev, twice := owner[j]
						assert.False(t, twice, "item %d in shards %d and %d", j, prev, i)
						owner[j] = i
						assert.True(t, id.Owns(j))
						if k > 0 {
							assert.Less(t, items[k-1], j, "in order")
						}
					}
				}
				for j := r.From; j < r.To; j++ {
					assert.Contains(t, owner, j, "item %d has a shard", j)
				}
				assert.Len(t, owner, r.Len(), "no item outside the range")
			})
		}
	}
}

func TestParseID(t *testing.T) {
	tests := []struct {
		in    string
		count int
		want  ID
		err   string
	}{
		{"3/16", 0, ID{3, 16}, ""},
		{"0/1", 0, ID{0, 1}, ""},
		{"3", 16, ID{3, 16}, ""},
		{"3/16", 16, ID{3, 16}, ""},
		{"3/16", 8, ID{}, "differs"},
		{"3", 0, ID{}, "how many"},
		{"16/16", 0, ID{}, "index runs"},
		{"-1/4", 0, ID{}, "index runs"},
		{"a/b", 0, ID{}, "want i/N"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			id, err := ParseID(tt.in, tt.count)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, id)
			assert.Equal(t, fmt.Sprintf("shard-%04d-of-%04d", id.Index, id.Count), id.Name())
		})
	}
}

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name   string
		getenv func(string) string
		count  int
		want   ID
		source string
		err    string
	}{
		{"none", env(), 0, ID{}, "", ""},
		{"qi", env(EnvShard, "2/5"), 0, ID{2, 5}, EnvShard, ""},
		{"qi count", env(EnvShard, "2", EnvShards, "5"), 0, ID{2, 5}, EnvShard, ""},
		{"qi first", env(EnvShard, "1/2", EnvSlurm, "7", EnvSlurmCount, "8"), 0, ID{1, 2}, EnvShard, ""},
		{"kubernetes", env(EnvKubernetes, "3"), 16, ID{3, 16}, EnvKubernetes, ""},
		{"kubernetes QI_SHARDS", env(EnvKubernetes, "3", EnvShards, "16"), 0, ID{3, 16}, EnvKubernetes, ""},
		{"kubernetes no count", env(EnvKubernetes, "3"), 0, ID{}, EnvKubernetes, "shard count"},
		{"kubernetes before slurm", env(EnvKubernetes, "3", EnvSlurm, "5", EnvSlurmCount, "16"), 16, ID{3, 16}, EnvKubernetes, ""},
		{"slurm", env(EnvSlurm, "5", EnvSlurmCount, "8"), 0, ID{5, 8}, EnvSlurm, ""},
		{"slurm from 1", env(EnvSlurm, "8", EnvSlurmCount, "8", EnvSlurmMin, "1"), 0, ID{7, 8}, EnvSlurm, ""},
		{"slurm count agrees", env(EnvSlurm, "5", EnvSlurmCount, "8"), 8, ID{5, 8}, EnvSlurm, ""},
		{"slurm count differs", env(EnvSlurm, "5", EnvSlurmCount, "8"), 16, ID{}, EnvSlurm, "says 8 shards"},
		{"slurm old, count given", env(EnvSlurm, "5"), 8, ID{5, 8}, EnvSlurm, ""},
		{"slurm beyond", env(EnvSlurm, "9", EnvSlurmCount, "8"), 0, ID{}, EnvSlurm, "index runs"},
		{"slurm contiguous", env(EnvSlurm, "3", EnvSlurmCount, "4", EnvSlurmMin, "0", EnvSlurmMax, "3"), 0, ID{3, 4}, EnvSlurm, ""},
		{"slurm stepped", env(EnvSlurm, "4", EnvSlurmCount, "8", EnvSlurmMin, "0", EnvSlurmMax, "14"), 0, ID{}, EnvSlurm, "contiguous array"},
		{"aws", env(EnvAWSBatch, "0"), 4, ID{0, 4}, EnvAWSBatch, ""},
		{"aws no count", env(EnvAWSBatch, "0"), 0, ID{}, EnvAWSBatch, "shard count"},
		{"garbage", env(EnvAWSBatch, "x"), 4, ID{}, EnvAWSBatch, "whole number"},
		{"bad count", env(EnvShards, "none"), 0, ID{}, EnvShards, "not a shard count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, source, ok, err := FromEnv(tt.getenv, tt.count)
			assert.Equal(t, tt.source, source)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				assert.False(t, ok)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, id)
			assert.Equal(t, tt.source != "", ok)
		})
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in   string
		want Range
		err  string
	}{
		{"", Range{0, 100}, ""},
		{"0:50", Range{0, 50}, ""},
		{"50:", Range{50, 100}, ""},
		{":10", Range{0, 10}, ""},
		{"50:50", Range{}, "below to"},
		{"0:101", Range{}, "has 100 items"},
		{"7", Range{}, "from:to"},
		{"a:b", Range{}, "from:to"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := ParseRange(tt.in, 100)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, r)
		})
	}
}

func TestSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for run := range uint64(4) {
		for j := range 1000 {
			s := Seed(run, j)
			assert.False(t, seen[s], "run %d item %d repeats a seed", run, j)
			seen[s] = true
			assert.Equal(t, s, Seed(run, j))
		}
	}
}

func TestPlan(t *testing.T) {
	dir := t.TempDir()
	job := Job{Tool: "test job", Params: []string{"-depth=3"}, Items: 20}
	tests := []struct {
		name   string
		flags  Flags
		getenv func(string) string
		mode   Mode
		id     ID
		items  []int
		err    string
	}{
		{"whole", Flags{}, env(), Whole, ID{}, nil, ""},
		{"whole items", Flags{Items: "3:6"}, env(), Whole, ID{}, []int{3, 4, 5}, ""},
		{"flag", Flags{Shard: "1/8", OutDir: dir}, env(), One, ID{1, 8}, []int{1, 9, 17}, ""},
		{"flag wins", Flags{Shard: "1/8"}, env(EnvSlurm, "2", EnvSlurmCount, "8"), One, ID{1, 8}, []int{1, 9, 17}, ""},
		{"env", Flags{Shards: 8}, env(EnvKubernetes, "2"), One, ID{2, 8}, []int{2, 10, 18}, ""},
		{"env items", Flags{Items: "10:20", OutDir: dir}, env(EnvSlurm, "2", EnvSlurmCount, "8"), One, ID{2, 8}, []int{10, 18}, ""},
		{"env unasked", Flags{Items: "10:12"}, env(EnvSlurm, "2", EnvSlurmCount, "8"), Whole, ID{}, []int{10, 11}, ""},
		{"QI_SHARD asks", Flags{}, env(EnvShard, "2/8"), One, ID{2, 8}, []int{2, 10, 18}, ""},
		{"local", Flags{Shards: 4, Procs: 2}, env(), Local, ID{0, 4}, nil, ""},
		{"outdir alone", Flags{OutDir: dir}, env(), One, ID{0, 1}, nil, ""},
		{"bad items", Flags{Items: "0:21"}, env(), Whole, ID{}, nil, "has 20 items"},
		{"bad run", Flags{Run: "a/b"}, env(), One, ID{}, nil, "plain word"},
		{"bad env", Flags{OutDir: dir}, env(EnvAWSBatch, "1"), One, ID{}, nil, "shard count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.flags.Plan(job, tt.getenv)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.mode, p.Mode)
			if tt.mode != Whole {
				assert.Equal(t, tt.id, p.ID)
				assert.True(t, strings.HasPrefix(p.Run, "test-job-"), p.Run)
			}
			if tt.items != nil {
				assert.Equal(t, tt.items, p.Items())
				for _, j := range tt.items {
					assert.True(t, p.Owns(j))
				}
			}
			var b strings.Builder
			p.Describe(&b)
			assert.Contains(t, b.String(), "test job")
		})
	}
	// The run's name and hash depend on the job, not on the shard.
	a, err := Flags{Shard: "0/2"}.Plan(job, env())
	require.NoError(t, err)
	b, err := Flags{Shard: "1/2", Procs: 3}.Plan(job, env())
	require.NoError(t, err)
	assert.Equal(t, a.Run, b.Run)
	assert.Equal(t, a.Hash, b.Hash)
	c, err := Flags{Shard: "1/2", Items: "0:10"}.Plan(job, env())
	require.NoError(t, err)
	assert.Equal(t, a.Hash, c.Hash, "a wave is the same job")
	assert.NotEqual(t, a.Run, c.Run, "a wave is a run of its own")
	d, err := Flags{Shard: "1/2"}.Plan(Job{Tool: "test job", Params: []string{"-depth=4"}, Items: 20}, env())
	require.NoError(t, err)
	assert.NotEqual(t, a.Hash, d.Hash)
}

func TestFlagParams(t *testing.T) {
	var f Flags
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	depth := fs.Int("depth", 4, "")
	fs.String("o", "", "")
	f.Register(fs)
	require.NoError(t, fs.Parse([]string{"-shard", "1/2", "-o", "x", "-procs=3"}))
	assert.Equal(t, []string{"-depth=4"}, FlagParams(fs, "o"))
	require.NoError(t, fs.Parse([]string{"-depth", "4"}))
	assert.Equal(t, 4, *depth)
	assert.Equal(t, []string{"-depth=4"}, FlagParams(fs, "o"), "a default spelt out is the same job")
	assert.Equal(t, "1/2", f.Shard)
}

// testJob is a made-up job of 30 items: each writes a line to a text
// stream (with a header) and a byte to a binary one, and scores a win, a
// draw or a loss.
type testJob struct {
	params []string
	items  int
}

func (j testJob) job() Job {
	return Job{Tool: "test", Params: j.params, Items: j.items}
}

// counts are the job's own counters.
type counts struct {
	Lines  int            `json:"lines"`
	ByKind map[string]int `json:"byKind"`
}

// shard runs shard flags of the job into dir.
func (j testJob) shard(t *testing.T, dir string, flags Flags, getenv func(string) string) *Manifest {
	t.Helper()
	flags.OutDir = dir
	p, err := flags.Plan(j.job(), getenv)
	require.NoError(t, err)
	require.Equal(t, One, p.Mode)
	o, err := p.Create(Stream{Ext: "txt", Header: []byte("# test\n")}, Stream{Ext: "bin"})
	require.NoError(t, err)
	var s Score
	c := counts{ByKind: map[string]int{}}
	items := p.Items()
	// Items finish out of order, as a match's games do.
	for k := len(items) - 1; k >= 0; k-- {
		i := items[k]
		require.NoError(t, o.Put(i, fmt.Appendf(nil, "item %d seed %d\n", i, Seed(1, i)%1000), []byte{byte(i)}))
		switch i % 3 {
		case 0:
			s.W++
		case 1:
			s.D++
		default:
			s.L++
		}
		s.Penta[i%5]++
		c.Lines++
		c.ByKind[fmt.Sprint("kind", i%2)]++
	}
	require.NoError(t, o.Close(&s, c))
	return o.Manifest()
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

func TestMergeEqualsOneShard(t *testing.T) {
	job := testJob{[]string{"-x=1"}, 30}
	one := t.TempDir()
	m1 := job.shard(t, one, Flags{Shard: "0/1", Run: "r"}, env())
	many := t.TempDir()
	for i := range 4 {
		job.shard(t, many, Flags{Shard: fmt.Sprintf("%d/4", i), Run: "r"}, env())
	}
	merged := filepath.Join(t.TempDir(), "merged")
	m, err := Merge([]string{filepath.Join(many, "r")}, MergeOptions{Out: merged})
	require.NoError(t, err)
	assert.Equal(t, 30, m.Items)
	assert.Equal(t, *m1.Score, *m.Score)
	var c1, c counts
	require.NoError(t, m1.ReadCounts(&c1))
	require.NoError(t, m.ReadCounts(&c))
	assert.Equal(t, c1, c)
	assert.Len(t, m.Parts, 4)
	for _, ext := range []string{"txt", "bin", "idx"} {
		assert.Equal(t, read(t, filepath.Join(one, "r", "shard-0000-of-0001."+ext)), read(t, filepath.Join(merged, "merged."+ext)),
			"merged %s is the one shard's, item by item", ext)
	}
	assert.True(t, strings.HasPrefix(read(t, filepath.Join(merged, "merged.txt")), "# test\nitem 0 "))

	// A merge of merges: shards 0 and 1, shards 2 and 3, then both.
	halves := t.TempDir()
	for k, pair := range [][]int{{0, 1}, {2, 3}} {
		in := filepath.Join(halves, fmt.Sprint("in", k))
		require.NoError(t, os.MkdirAll(in, 0o755))
		for _, i := range pair {
			name := ID{i, 4}.Name()
			files, _ := filepath.Glob(filepath.Join(many, "r", name+".*"))
			for _, f := range files {
				require.NoError(t, os.Link(f, filepath.Join(in, filepath.Base(f))))
			}
		}
		_, err := Merge([]string{in}, MergeOptions{Out: filepath.Join(halves, fmt.Sprint("half", k))})
		require.ErrorContains(t, err, "missing", "half the shards are not a whole run")
		_, err = Merge([]string{in}, MergeOptions{Out: filepath.Join(halves, fmt.Sprint("half", k)), Partial: true})
		require.NoError(t, err)
	}
	both := filepath.Join(halves, "both")
	m2, err := Merge([]string{filepath.Join(halves, "half1"), filepath.Join(halves, "half0")}, MergeOptions{Out: both})
	require.NoError(t, err)
	assert.Equal(t, m.Parts, m2.Parts)
	assert.Equal(t, m.Score, m2.Score)
	for _, ext := range []string{"txt", "bin", "idx"} {
		assert.Equal(t, read(t, filepath.Join(merged, "merged."+ext)), read(t, filepath.Join(both, "merged."+ext)))
	}

	// Waves: items 0:12 and 12:30, in different shard counts.
	waves := t.TempDir()
	job.shard(t, waves, Flags{Shard: "0/1", Items: "0:12"}, env())
	for i := range 3 {
		job.shard(t, waves, Flags{Shard: fmt.Sprintf("%d/3", i), Items: "12:30"}, env())
	}
	runs, err := filepath.Glob(filepath.Join(waves, "*"))
	require.NoError(t, err)
	require.Len(t, runs, 2, "a run a wave")
	mw, err := Merge(runs, MergeOptions{Out: filepath.Join(waves, "all")})
	require.NoError(t, err)
	assert.Equal(t, m.Score, mw.Score)
	assert.Equal(t, read(t, filepath.Join(merged, "merged.txt")), read(t, filepath.Join(waves, "all", "merged.txt")))
}

func TestMergeRejects(t *testing.T) {
	job := testJob{[]string{"-x=1"}, 30}
	base := t.TempDir()
	run := filepath.Join(base, "r")
	for i := range 4 {
		job.shard(t, base, Flags{Shard: fmt.Sprintf("%d/4", i), Run: "r"}, env())
	}
	// other holds shard 2 again, and shard 2 of another job.
	other := t.TempDir()
	job.shard(t, other, Flags{Shard: "2/4", Run: "r"}, env())
	testJob{[]string{"-x=2"}, 30}.shard(t, other, Flags{Shard: "2/4", Run: "s"}, env())
	// wave holds items 20:30 of the job, which overlap the whole run.
	wave := t.TempDir()
	job.shard(t, wave, Flags{Shard: "0/1", Items: "20:30", Run: "w"}, env())

	cp := func(t *testing.T, skip ...string) string {
		dir := t.TempDir()
		files, _ := filepath.Glob(filepath.Join(run, "*"))
		for _, f := range files {
			if !strings.Contains(strings.Join(skip, " "), filepath.Base(f)) {
				require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(f)), []byte(read(t, f)), 0o644))
			}
		}
		return dir
	}
	tests := []struct {
		name string
		dirs func(t *testing.T) []string
		err  string
	}{
		{"missing", func(t *testing.T) []string {
			return []string{cp(t, "shard-0001-of-0004.json", "shard-0003-of-0004.json")}
		},
			"items 0:30 in 4 shards: shard 1, 3 missing (no shard-0001-of-0004.json)"},
		{"duplicate", func(t *testing.T) []string { return []string{run, filepath.Join(other, "r")} },
			"shard 2/4 of items 0:30 is there twice"},
		{"mismatched", func(t *testing.T) []string { return []string{run, filepath.Join(other, "s")} },
			"has other parameters than"},
		{"overlapping wave", func(t *testing.T) []string { return []string{run, filepath.Join(wave, "w")} },
			"items 0:30 in 4 shards and items 20:30 in 1 shard overlap"},
		{"damaged", func(t *testing.T) []string {
			dir := cp(t)
			f := filepath.Join(dir, "shard-0002-of-0004.txt")
			require.NoError(t, os.WriteFile(f, []byte(strings.Replace(read(t, f), "item", "itex", 1)), 0o644))
			return []string{dir}
		}, "shard-0002-of-0004.txt is damaged"},
		{"lost file", func(t *testing.T) []string { return []string{cp(t, "shard-0000-of-0004.bin")} },
			"lists shard-0000-of-0004.bin"},
		{"other version", func(t *testing.T) []string {
			dir := cp(t)
			f := filepath.Join(dir, "shard-0003-of-0004.json")
			var m Manifest
			require.NoError(t, json.Unmarshal([]byte(read(t, f)), &m))
			m.Version = "0.0.1"
			m.Check = m.checksum()
			data, _ := json.Marshal(m)
			require.NoError(t, os.WriteFile(f, data, 0o644))
			return []string{dir}
		}, "was made by qi 0.0.1"},
		// Counts edited by hand were summed as they stood: a merge of
		// drawn games reported wins.
		{"edited counts", func(t *testing.T) []string {
			dir := cp(t)
			f := filepath.Join(dir, "shard-0001-of-0004.json")
			var m Manifest
			require.NoError(t, json.Unmarshal([]byte(read(t, f)), &m))
			m.Items++
			data, _ := json.MarshalIndent(m, "", "  ")
			require.NoError(t, os.WriteFile(f, data, 0o644))
			return []string{dir}
		}, "shard-0001-of-0004.json: the manifest is not as it was written"},
		{"no checksum", func(t *testing.T) []string {
			dir := cp(t)
			f := filepath.Join(dir, "shard-0001-of-0004.json")
			require.NoError(t, os.WriteFile(f, []byte(strings.Replace(read(t, f), `"check"`, `"unchecked"`, 1)), 0o644))
			return []string{dir}
		}, "shard-0001-of-0004.json: the manifest is not as it was written"},
		{"empty", func(t *testing.T) []string { return []string{t.TempDir()} }, "no shard manifests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Merge(tt.dirs(t), MergeOptions{Out: filepath.Join(t.TempDir(), "m")})
			require.ErrorContains(t, err, tt.err)
		})
	}
	_, err := Merge([]string{run}, MergeOptions{Out: run})
	require.ErrorContains(t, err, "other than its inputs")
}

// TestParamDiff: two jobs that differ are told apart by the parameter
// that differs, its flag with its value ("2 against 1" named neither).
func TestParamDiff(t *testing.T) {
	for _, tt := range []struct {
		a, b []string
		want string
	}{
		{[]string{"-games", "8", "-seed", "1"}, []string{"-games", "8", "-seed", "2"}, "-seed 2 against -seed 1"},
		{[]string{"-depth=3"}, []string{"-depth=4"}, "-depth=4 against -depth=3"},
		{[]string{"-engine", "name=a"}, []string{"-engine", "name=b"}, "-engine name=b against -engine name=a"},
		{[]string{"-x=1"}, []string{"-x=1", "-y"}, "-y against (none)"},
		{[]string{"a", "b"}, []string{"a", "b"}, "a different hash"},
	} {
		assert.Equal(t, tt.want, paramDiff(tt.a, tt.b))
	}
}

// TestSlurmRerunAlone: one index of an array resubmitted alone (sbatch
// --array=2) is a one-task array, which played the whole job as shard 0 of
// 1 beside the shards of 4; it is refused with the commands that rerun it.
func TestSlurmRerunAlone(t *testing.T) {
	job := testJob{[]string{"-x=1"}, 30}
	dir := t.TempDir()
	for i := range 4 {
		job.shard(t, dir, Flags{Shard: fmt.Sprintf("%d/4", i), Run: "r"}, env())
	}
	alone := env(EnvSlurm, "2", EnvSlurmCount, "1", EnvSlurmMin, "2", EnvSlurmMax, "2")
	_, err := Flags{OutDir: dir, Run: "r"}.Plan(job.job(), alone)
	require.ErrorContains(t, err, "holds shards of 4, but Slurm says 1")
	assert.ErrorContains(t, err, "scontrol requeue <array job>_2")
	assert.ErrorContains(t, err, "sbatch --array=2 --export=ALL,QI_SHARD=2/4")
	// The count given, as the error says: shard 2 of 4.
	p, err := Flags{OutDir: dir, Run: "r"}.Plan(job.job(), env(EnvShard, "2/4", EnvSlurm, "2", EnvSlurmCount, "1"))
	require.NoError(t, err)
	assert.Equal(t, ID{2, 4}, p.ID)
	// The array's own task, requeued: its count agrees.
	_, err = Flags{OutDir: dir, Run: "r"}.Plan(job.job(), env(EnvSlurm, "2", EnvSlurmCount, "4", EnvSlurmMin, "0", EnvSlurmMax, "3"))
	require.NoError(t, err)
}

// TestCrashHook: QI_SHARD_CRASH_AFTER=N/I crashes shard I alone, once: its
// rerun with the same environment (a requeued task keeps it) runs to the
// end, as after a kill.
func TestCrashHook(t *testing.T) {
	dir := t.TempDir()
	job := testJob{[]string{"-x=1"}, 30}
	for _, tt := range []struct {
		env, shard string
		want       int
		err        string
	}{
		{"3", "1/4", 3, ""}, {"3/1", "1/4", 3, ""}, {"3/1", "2/4", 0, ""}, {"x", "1/4", 0, "want a count"}, {"3/y", "1/4", 0, "want a count"},
	} {
		p, err := Flags{Shard: tt.shard, OutDir: dir, Run: "c"}.Plan(job.job(), env(EnvCrashAfter, tt.env))
		require.NoError(t, err)
		n, err := p.crashAfter()
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err, tt.env)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tt.want, n, "%s for shard %s", tt.env, tt.shard)
	}
	p, err := Flags{Shard: "1/4", OutDir: dir, Run: "c"}.Plan(job.job(), env(EnvCrashAfter, "3/1"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(p.Dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "."+p.ID.Name()+".crashed"), nil, 0o644))
	n, err := p.crashAfter()
	require.NoError(t, err)
	assert.Zero(t, n, "crashed once already")
}

func TestRerunReplaces(t *testing.T) {
	job := testJob{[]string{"-x=1"}, 30}
	dir := t.TempDir()
	first := job.shard(t, dir, Flags{Shard: "1/4", Run: "r"}, env())
	// A rerun that dies half-way: its manifest is gone at once, its
	// temporary files stay until the next run of the index.
	p, err := Flags{Shard: "1/4", Run: "r", OutDir: dir}.Plan(job.job(), env())
	require.NoError(t, err)
	o, err := p.Create(Stream{Ext: "txt"})
	require.NoError(t, err)
	require.NoError(t, o.Put(1, []byte("half\n")))
	assert.NoFileExists(t, filepath.Join(dir, "r", "shard-0001-of-0004.json"))
	tmp, _ := filepath.Glob(filepath.Join(dir, "r", ".*.tmp"))
	assert.NotEmpty(t, tmp)
	again := job.shard(t, dir, Flags{Shard: "1/4", Run: "r"}, env())
	assert.Equal(t, first.Files, again.Files)
	left, _ := filepath.Glob(filepath.Join(dir, "r", "*"))
	var names []string
	for _, f := range left {
		names = append(names, filepath.Base(f))
	}
	hidden, _ := filepath.Glob(filepath.Join(dir, "r", ".*"))
	assert.Empty(t, hidden, "no temporary file is left")
	assert.ElementsMatch(t, []string{"shard-0001-of-0004.json", "shard-0001-of-0004.txt", "shard-0001-of-0004.bin", "shard-0001-of-0004.idx"}, names)
	// An output cannot close with items missing.
	o, err = p.Create()
	require.NoError(t, err)
	require.ErrorContains(t, o.Close(nil, nil), "8 items missing")

	// A run name given twice does not let one job or wave replace another.
	job.shard(t, dir, Flags{Shard: "1/4", Run: "r"}, env())
	for _, f := range []Flags{{Shard: "1/4", Run: "r", Items: "0:10"}, {Shard: "1/4", Run: "r"}} {
		other := job
		if f.Items == "" {
			other.params = []string{"-x=2"}
		}
		p, err := f.Plan(other.job(), env())
		require.NoError(t, err)
		p.Dir = filepath.Join(dir, "r")
		_, err = p.Create(Stream{Ext: "txt"})
		require.ErrorContains(t, err, "shard-0001-of-0004.json holds shard 1/4 of items 0:30 of another job or other items")
	}
}

// TestMoreShardsThanItems merges shards of which some have no items.
func TestMoreShardsThanItems(t *testing.T) {
	job := testJob{[]string{"-x=1"}, 3}
	dir := t.TempDir()
	for i := range 5 {
		m := job.shard(t, dir, Flags{Shard: fmt.Sprintf("%d/5", i), Run: "r"}, env())
		assert.Equal(t, min(1, max(3-i, 0)), m.Items)
	}
	m, err := Merge([]string{filepath.Join(dir, "r")}, MergeOptions{Out: filepath.Join(dir, "m")})
	require.NoError(t, err)
	assert.Equal(t, 3, m.Items)
	assert.True(t, strings.HasPrefix(read(t, filepath.Join(dir, "m", "merged.txt")), "# test\nitem 0 seed"))
}

func TestSumJSON(t *testing.T) {
	tests := []struct {
		a, b, want, err string
	}{
		{`{"a":1,"b":[1,2]}`, `{"a":2,"b":[3,4],"c":5}`, `{"a":3,"b":[4,6],"c":5}`, ""},
		{`{"n":{"x":1}}`, `{"n":{"y":1}}`, `{"n":{"x":1,"y":1}}`, ""},
		{`{"s":"x","n":1}`, `{"s":"x","n":1}`, `{"n":2,"s":"x"}`, ""},
		{`{"s":"x"}`, `{"s":"y"}`, "", "counts.s"},
		{`[1,2]`, `[1]`, "", "different lengths"},
		{`{"a":1.5}`, `{"a":1}`, "", "whole numbers"},
		{``, `{"a":1}`, `{"a":1}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.a+"+"+tt.b, func(t *testing.T) {
			got, err := sumJSON(json.RawMessage(tt.a), json.RawMessage(tt.b))
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(got))
		})
	}
}
