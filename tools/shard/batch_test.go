// Tests of batch work with a qi binary built from this source, end to end: shards run as
// two processes at once under each batch system's variables, a shard killed
// mid-run and rerun, every shard run here with -procs, and the help of the
// batch commands.

package shard_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/shard"
)

// shardVars are the variables that make a process a shard: tests start
// from an environment without them, whatever runs the tests.
var shardVars = []string{shard.EnvShard, shard.EnvShards, shard.EnvKubernetes, shard.EnvSlurm,
	shard.EnvSlurmCount, shard.EnvSlurmMin, shard.EnvAWSBatch, shard.EnvCrashAfter}

// cleanEnv returns the environment without shard variables, plus extra.
func cleanEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "SLURM_") && !slices.Contains(shardVars, name) {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// moduleRoot returns the root of qi's source: these tests run the qi that
// this source builds.
func moduleRoot(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// built is qi built from this source, once for all the package's tests.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// TestMain removes the qi the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildQi builds qi from this source into a temporary directory, the
// first time it is asked.
func buildQi(t *testing.T) string {
	t.Helper()
	root := moduleRoot(t)
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "qi-shard-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "qi")
		cmd := exec.Command("go", "build", "-o", built.bin, ".")
		cmd.Dir = root
		built.out, built.err = cmd.CombinedOutput()
	})
	require.NoError(t, built.err, string(built.out))
	return built.bin
}

// ended is a finished qi process.
type ended struct {
	stdout, stderr string
	code           int
}

// command returns a command running bin in dir with env added.
func command(bin, dir string, env []string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = cleanEnv(env...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	return cmd, &out, &errs
}

func finish(t *testing.T, cmd *exec.Cmd, err error, out, errs *bytes.Buffer) ended {
	t.Helper()
	code := 0
	if err != nil {
		exit, ok := err.(*exec.ExitError)
		require.True(t, ok, "%v: %v", cmd.Args, err)
		code = exit.ExitCode()
	}
	return ended{out.String(), errs.String(), code}
}

// qiBin runs bin to its end.
func qiBin(t *testing.T, bin, dir string, env []string, args ...string) ended {
	t.Helper()
	cmd, out, errs := command(bin, dir, env, args...)
	return finish(t, cmd, cmd.Run(), out, errs)
}

// resultLines are the lines of a match's results that a merge repeats: all
// but the timed end line.
var resultLines = regexp.MustCompile(`(?m)^(Score of|\.\.\.  |Elo difference|Pairs|SPRT).*$`)

func TestBatch(t *testing.T) {
	bin := buildQi(t)
	match := strings.Fields("arena -game tictactoe -engine name=weak option.Level=1 -engine name=strong -each depth=4 " +
		"-games 8 -openings gen=2 depth=1 margin=1000 -seed 5 -quiet -ratinginterval 0 -progress off")
	whole := qiBin(t, bin, t.TempDir(), nil, match...)
	require.Zero(t, whole.code, whole.stderr)
	want := resultLines.FindAllString(whole.stdout, -1)
	require.Len(t, want, 6, whole.stdout)

	t.Run("each system's variables, two processes", func(t *testing.T) {
		tests := []struct {
			name   string
			env    func(i int) []string
			args   func(i int) []string
			source string
		}{
			{"QI_SHARD", func(i int) []string { return []string{fmt.Sprintf("QI_SHARD=%d/2", i)} }, nil, "QI_SHARD"},
			{"QI_SHARD QI_SHARDS", func(i int) []string { return []string{fmt.Sprint("QI_SHARD=", i), "QI_SHARDS=2"} }, nil, "QI_SHARD"},
			{"Kubernetes", func(i int) []string { return []string{fmt.Sprint("JOB_COMPLETION_INDEX=", i)} },
				func(int) []string { return []string{"-shards", "2"} }, "JOB_COMPLETION_INDEX"},
			{"Slurm", func(i int) []string {
				return []string{fmt.Sprint("SLURM_ARRAY_TASK_ID=", i+1), "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=2"}
			}, nil, "SLURM_ARRAY_TASK_ID"},
			{"AWS Batch", func(i int) []string { return []string{fmt.Sprint("AWS_BATCH_JOB_ARRAY_INDEX=", i), "QI_SHARDS=2"} }, nil, "AWS_BATCH_JOB_ARRAY_INDEX"},
			{"HTCondor", func(int) []string { return nil }, func(i int) []string { return []string{"-shard", fmt.Sprintf("%d/2", i)} }, "-shard"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				dir := t.TempDir()
				type proc struct {
					cmd       *exec.Cmd
					out, errs *bytes.Buffer
				}
				var procs []proc
				for i := range 2 {
					args := append(append([]string(nil), match...), "-outdir", "runs")
					if tt.args != nil {
						args = append(args, tt.args(i)...)
					}
					cmd, out, errs := command(bin, dir, tt.env(i), args...)
					require.NoError(t, cmd.Start())
					procs = append(procs, proc{cmd, out, errs})
				}
				for i, p := range procs {
					r := finish(t, p.cmd, p.cmd.Wait(), p.out, p.errs)
					require.Zero(t, r.code, r.stderr)
					assert.Contains(t, r.stderr, fmt.Sprintf("shard %d/2 (from %s)", i, tt.source))
				}
				runs, err := filepath.Glob(filepath.Join(dir, "runs", "*"))
				require.NoError(t, err)
				require.Len(t, runs, 1)
				m := qiBin(t, bin, dir, nil, "merge", runs[0])
				require.Zero(t, m.code, m.stderr)
				assert.Equal(t, want, resultLines.FindAllString(m.stdout, -1), m.stdout)
			})
		}
	})

	t.Run("killed and rerun", func(t *testing.T) {
		dir := t.TempDir()
		selfplay := strings.Fields("othellotrain selfplay -size 6 -games 6 -depth 1 -random 4 -weights none")
		r := qiBin(t, bin, dir, nil, append(selfplay, "-o", "whole.smp")...)
		require.Zero(t, r.code, r.stderr)
		shardArgs := func(i int) []string {
			return slices.Concat(selfplay, []string{"-shard", fmt.Sprintf("%d/2", i), "-outdir", "runs", "-run", "r"})
		}
		r = qiBin(t, bin, dir, []string{shard.EnvCrashAfter + "=2"}, shardArgs(0)...)
		assert.NotZero(t, r.code)
		assert.Contains(t, r.stderr, "exiting after 2 items")
		left, _ := filepath.Glob(filepath.Join(dir, "runs", "r", ".shard-0000-of-0002.*.tmp"))
		assert.NotEmpty(t, left, "the killed shard left its temporary files")
		assert.NoFileExists(t, filepath.Join(dir, "runs", "r", "shard-0000-of-0002.json"))
		r = qiBin(t, bin, dir, nil, shardArgs(1)...)
		require.Zero(t, r.code, r.stderr)
		r = qiBin(t, bin, dir, nil, "merge", filepath.Join("runs", "r"))
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "items 0:6 in 2 shards: shard 0 missing (no shard-0000-of-0002.json)")

		r = qiBin(t, bin, dir, nil, shardArgs(0)...)
		require.Zero(t, r.code, r.stderr)
		hidden, _ := filepath.Glob(filepath.Join(dir, "runs", "r", ".*"))
		assert.Empty(t, hidden, "the rerun left no temporary file")
		r = qiBin(t, bin, dir, nil, "merge", filepath.Join("runs", "r"))
		require.Zero(t, r.code, r.stderr)
		assert.Contains(t, r.stdout, "6 games")
		wholeSamples, err := os.ReadFile(filepath.Join(dir, "whole.smp"))
		require.NoError(t, err)
		merged, err := os.ReadFile(filepath.Join(dir, "runs", "r", "merged", "merged.smp"))
		require.NoError(t, err)
		assert.Equal(t, wholeSamples, merged, "the merge is the whole run's, byte for byte")
	})

	t.Run("all shards here", func(t *testing.T) {
		dir := t.TempDir()
		args := append(append([]string(nil), match...), "-shards", "4", "-procs", "2", "-outdir", "runs")
		r := qiBin(t, bin, dir, nil, args...)
		require.Zero(t, r.code, r.stderr)
		assert.Equal(t, want, resultLines.FindAllString(r.stdout, -1), r.stdout)
		assert.Equal(t, 4, strings.Count(r.stderr, " done in "), r.stderr)
		again := qiBin(t, bin, dir, nil, args...)
		require.Zero(t, again.code, again.stderr)
		assert.Equal(t, 4, strings.Count(again.stderr, "is already done"), "a rerun runs only what is missing")
		assert.Equal(t, r.stdout, again.stdout)
	})

	t.Run("all shards here write the tool's own files", func(t *testing.T) {
		dir := t.TempDir()
		selfplay := strings.Fields("othellotrain selfplay -size 6 -games 6 -depth 1 -random 4 -weights none")
		r := qiBin(t, bin, dir, nil, append(selfplay, "-o", "whole.smp")...)
		require.Zero(t, r.code, r.stderr)
		r = qiBin(t, bin, dir, nil, append(selfplay, "-o", "sharded.smp", "-shards", "2", "-outdir", "runs")...)
		require.Zero(t, r.code, r.stderr)
		assert.Contains(t, r.stderr, "merged.smp copied to sharded.smp")
		whole, err := os.ReadFile(filepath.Join(dir, "whole.smp"))
		require.NoError(t, err)
		sharded, err := os.ReadFile(filepath.Join(dir, "sharded.smp"))
		require.NoError(t, err, "-o names the file the merged samples go to")
		assert.Equal(t, whole, sharded)
		wholeInfo, err := os.Stat(filepath.Join(dir, "whole.smp"))
		require.NoError(t, err)
		shardedInfo, err := os.Stat(filepath.Join(dir, "sharded.smp"))
		require.NoError(t, err)
		assert.Equal(t, wholeInfo.Mode(), shardedInfo.Mode(), "the copy is made as the whole run's file is")

		args := append(append([]string(nil), match...), "-shards", "2", "-outdir", "runs",
			"-pgnout", "games.pgn", "-book-learn", "t.book")
		r = qiBin(t, bin, dir, nil, args...)
		require.Zero(t, r.code, r.stderr)
		pgn, err := os.ReadFile(filepath.Join(dir, "games.pgn"))
		require.NoError(t, err, "-pgnout names the file the merged games go to")
		assert.Equal(t, 8, strings.Count(string(pgn), "[Result "))
		logs, err := filepath.Glob(filepath.Join(dir, "t.book.logs", "arena-*.log"))
		require.NoError(t, err)
		assert.Len(t, logs, 1, "the merged games are in the book's log folder: %s", r.stdout)
	})

	t.Run("book build, all shards here", func(t *testing.T) {
		wthor := filepath.Join(moduleRoot(t), "engines", "record", "testdata", "WTH_1977.wtb")
		dir := t.TempDir()
		build := func(name string, extra ...string) ended {
			args := append([]string{"book", "build", "-book", name, "-game", "othello", "-level", "2", "-plies", "12",
				"-min", "1", "-progress", "off"}, extra...)
			r := qiBin(t, bin, dir, nil, append(args, wthor)...)
			require.Zero(t, r.code, r.stderr)
			return r
		}
		build("whole.book")
		r := build("sharded.book", "-shards", "3", "-procs", "2")
		assert.Equal(t, 3, strings.Count(r.stderr, " done in "), r.stderr)
		assert.Regexp(t, `\d+ more from the journal or a batch run`, r.stdout)
		export := func(name string) string {
			e := qiBin(t, bin, dir, nil, "book", "export", "-book", name)
			require.Zero(t, e.code, e.stderr)
			return e.stdout
		}
		assert.Equal(t, export("whole.book"), export("sharded.book"), "three shards build the book one process builds")
	})

	t.Run("analyze, all shards here", func(t *testing.T) {
		wthor := filepath.Join(moduleRoot(t), "engines", "record", "testdata", "WTH_1977.wtb")
		dir := t.TempDir()
		args := []string{"analyze", "-depth", "2", "-exact", "8", "-items", "0:4", "-progress", "off", wthor}
		whole := qiBin(t, bin, dir, nil, append(args, "-o", "whole.pgn")...)
		require.Zero(t, whole.code, whole.stderr)
		r := qiBin(t, bin, dir, nil, append(args, "-o", "sharded.pgn", "-shards", "2", "-outdir", "runs")...)
		require.Zero(t, r.code, r.stderr)
		assert.Equal(t, 2, strings.Count(r.stderr, " done in "), r.stderr)
		assert.Equal(t, whole.stdout, r.stdout, "the tables and totals one process writes")
		assert.Contains(t, r.stdout, "Totals of 4 games:")
		wholePGN, err := os.ReadFile(filepath.Join(dir, "whole.pgn"))
		require.NoError(t, err)
		sharded, err := os.ReadFile(filepath.Join(dir, "sharded.pgn"))
		require.NoError(t, err, "-o names the file the merged records go to")
		assert.Equal(t, string(wholePGN), string(sharded))
	})

	t.Run("help", func(t *testing.T) {
		for _, args := range [][]string{
			{"merge", "-h"}, {"arena", "-h"}, {"analyze", "-h"}, {"othellotrain", "selfplay", "-h"},
			{"othellotrain", "label", "-h"}, {"gomokutrain", "selfplay", "-h"},
			{"book", "build", "-h"}, {"book", "deviate", "-h"},
		} {
			r := qiBin(t, bin, t.TempDir(), nil, args...)
			assert.Zero(t, r.code, "%v: %s", args, r.stderr)
			if args[0] == "merge" {
				assert.Contains(t, r.stdout, "usage: qi merge")
			} else {
				assert.Contains(t, r.stdout+r.stderr, "-shard", "%v lists the batch flags", args)
			}
		}
	})
}

// clockFree masks what the clock writes in a record: the times of moves
// and the date a game was played.
var clockFree = regexp.MustCompile(`(\d+\.\d+s\}|\[(Date|Time|UTCDate|UTCTime) "[^"]*"\])`)

// TestBatchToolsRepeat runs each batch tool twice with the same seed and
// compares the outputs byte for byte (a record's move times and dates
// aside): whatever a batch run draws at random comes from its seed and the
// item, so the same item plays the same game wherever and whenever it runs.
// A match whose engine played from its book at a level below 10 drew the
// book's moves from the clock, and two runs differed.
func TestBatchToolsRepeat(t *testing.T) {
	bin := buildQi(t)
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.smp")
	r := qiBin(t, bin, dir, nil, strings.Fields("othellotrain selfplay -size 6 -games 4 -depth 1 -random 4 -weights none -o "+samples)...)
	require.Zero(t, r.code, r.stderr)
	wthor := filepath.Join(moduleRoot(t), "engines", "record", "testdata", "WTH_1977.wtb")
	tests := []struct {
		name string
		args []string
		// book is a book file the command works on, copied for each run.
		book string
	}{
		{"arena, a book at level 9", strings.Fields("arena -game tictactoe -engine name=weak option.Level=9 option.BookRandomness=300 " +
			"-engine name=strong -each depth=4 -games 48 -openings gen=2 depth=1 margin=1000 -seed 5 -quiet -ratinginterval 0 -progress off"), ""},
		{"othellotrain selfplay", strings.Fields("othellotrain selfplay -size 6 -games 6 -depth 1 -random 4 -weights none -seed 3"), ""},
		{"othellotrain label", strings.Fields("othellotrain label -i " + samples + " -depth 1 -every 2"), ""},
		{"gomokutrain selfplay", strings.Fields("gomokutrain selfplay -rule freestyle -games 4 -nodes 300"), ""},
		{"book build", strings.Fields("book build -game othello -level 2 -plies 8 -min 1 -progress off " + wthor), "build"},
		{"book deviate", strings.Fields("book deviate -level 1 -rounds 1 -error 1 -progress off"), "deviate"},
		{"analyze", strings.Fields("analyze -depth 2 -exact 8 -items 0:3 -progress off " + wthor), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var outs []map[string]string
			for run := range 2 {
				wd := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"), fmt.Sprint(run))
				require.NoError(t, os.MkdirAll(wd, 0o755))
				args := slices.Clone(tt.args)
				switch tt.book {
				case "build":
					args = append(args[:2:2], append([]string{"-book", "b.book"}, args[2:]...)...)
				case "deviate":
					built := qiBin(t, bin, wd, nil, "book", "build", "-book", "b.book", "-game", "tictactoe", "-level", "2", "-progress", "off")
					require.Zero(t, built.code, built.stderr)
					args = append(args[:2:2], append([]string{"-book", "b.book"}, args[2:]...)...)
				}
				if tt.name == "othellotrain label" || strings.HasPrefix(tt.name, "othellotrain selfplay") {
					args = append(args, "-o", "out.smp")
				}
				// The batch flags before the records a command reads.
				words := 2 // qi's subcommand and its command
				if args[0] == "arena" || args[0] == "analyze" {
					words = 1
				}
				args = slices.Concat(args[:words:words], []string{"-outdir", "runs", "-run", "r"}, args[words:])
				r := qiBin(t, bin, wd, nil, args...)
				require.Zero(t, r.code, "%v: %s", args, r.stderr)
				files, err := filepath.Glob(filepath.Join(wd, "runs", "r", "shard-*"))
				require.NoError(t, err)
				got := map[string]string{}
				for _, f := range files {
					if strings.HasSuffix(f, ".json") {
						continue
					}
					data, err := os.ReadFile(f)
					require.NoError(t, err)
					got[filepath.Base(f)] = clockFree.ReplaceAllString(string(data), "")
				}
				require.NotEmpty(t, got, "the run wrote its files")
				outs = append(outs, got)
			}
			require.Equal(t, outs[0], outs[1], "the same seed, the same output")
		})
	}
}
