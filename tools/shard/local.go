// This file runs all shards of a job on one machine: child processes of this
// same binary, each one shard as a cluster would run it, a few at a time.

package shard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"qi/engines"
)

// RunLocal runs the plan's shards (mode Local) as child processes of this
// binary, p.Procs at a time, then merges them into <dir>/<run>/merged and
// returns the merged manifest for the tool to report. args is the command
// line of the tool as qi got it, its first prefix words the subcommand's
// ("othellotrain", "selfplay"): each child runs it with "-shard i/N" after
// them, the very command a cluster's shard runs. A shard whose output is
// already whole (its manifest is of this job and its files check out) is not
// run again, so that rerunning the command after a failure runs only what is
// missing. The plan, progress and the output of failed shards go to stderr.
func (p Plan) RunLocal(ctx context.Context, args []string, prefix int, stderr io.Writer) (*Manifest, error) {
	if p.Mode != Local {
		return nil, errors.New("shard: RunLocal runs the shards of a Local plan")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	p.Describe(stderr)
	if err := p.runAll(ctx, exe, args, prefix, stderr); err != nil {
		return nil, err
	}
	return Merge([]string{p.Dir}, MergeOptions{Out: p.mergedDir()})
}

// runAll runs the shards not yet done as child processes of exe.
func (p Plan) runAll(ctx context.Context, exe string, args []string, prefix int, stderr io.Writer) error {
	var todo []ID
	for i := range p.ID.Count {
		id := ID{Index: i, Count: p.ID.Count}
		if p.whole(id) {
			fmt.Fprintf(stderr, "batch: shard %s is already done\n", id)
			continue
		}
		todo = append(todo, id)
	}
	var (
		mu     sync.Mutex
		failed []string
		done   int
		wg     sync.WaitGroup
	)
	queue := make(chan ID)
	for range min(p.Procs, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range queue {
				start := time.Now()
				out, err := p.runChild(ctx, exe, args, prefix, id)
				mu.Lock()
				done++
				if err != nil {
					failed = append(failed, id.String())
					fmt.Fprintf(stderr, "batch: shard %s failed: %v\n%s", id, err, out)
				} else {
					fmt.Fprintf(stderr, "batch: shard %s done in %s (%d of %d)\n", id, time.Since(start).Round(100*time.Millisecond), done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	for _, id := range todo {
		select {
		case queue <- id:
		case <-ctx.Done():
		}
	}
	close(queue)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(failed) > 0 {
		slices.Sort(failed)
		return fmt.Errorf("shards %s failed; the same command runs them again", strings.Join(failed, ", "))
	}
	return nil
}

// runChild runs one shard and returns the end of its output.
func (p Plan) runChild(ctx context.Context, exe string, args []string, prefix int, id ID) (string, error) {
	argv := append(append(append([]string(nil), args[:prefix]...), "-shard", id.String()), args[prefix:]...)
	cmd := exec.CommandContext(ctx, exe, argv...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	var tail tailBuffer
	cmd.Stdout, cmd.Stderr = &tail, &tail
	err := cmd.Run()
	return tail.String(), err
}

// whole reports whether shard id of the plan's run is done: its manifest is
// of this job and version, for the same items, and its files check out.
func (p Plan) whole(id ID) bool {
	path := filepath.Join(p.Dir, id.Name()+".json")
	m, ok, err := readManifest(path)
	if err != nil || !ok || m.Hash != p.Hash || m.Version != engines.Version {
		return false
	}
	want := []Part{{Shard: id.Index, Shards: id.Count, From: p.Range.From, To: p.Range.To}}
	return slices.Equal(m.Parts, want) && located{m, p.Dir, path}.verify() == nil
}

// tailBuffer keeps the last lines a child wrote.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4096

// Write keeps p, dropping what came long before.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*tailSize {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

// String returns the last tailSize bytes written.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.buf
	if len(s) > tailSize {
		s = s[len(s)-tailSize:]
	}
	return string(s)
}

// Reporter prints the results of a merged run as its tool does.
type Reporter func(m *Manifest, w io.Writer) error

// Start does the batch part of a tool's command: it plans job from the
// flags and the environment, prints the plan of -dryrun to stdout, or runs
// every shard here and reports their merge (-shards N); done then says the
// command has nothing left to do. Otherwise the tool plays plan.Items(),
// into plan.Create's output when plan.Mode is One. cmd are the subcommand's
// words ("othellotrain", "selfplay") and args the rest of its command line,
// which the shards run here get again. The shards run here leave the merged
// streams in job.Outputs as well, where the unsharded command writes them.
func (f Flags) Start(job Job, cmd, args []string, stdout, stderr io.Writer, report Reporter) (plan Plan, done bool, err error) {
	plan, err = f.Plan(job, os.Getenv)
	switch {
	case err != nil:
		return plan, true, err
	case plan.DryRun:
		plan.Describe(stdout)
		return plan, true, nil
	case plan.Mode == Local:
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		m, err := plan.RunLocal(ctx, append(slices.Clone(cmd), args...), len(cmd), stderr)
		if err != nil {
			return plan, true, err
		}
		if err := plan.writeOutputs(stderr); err != nil {
			return plan, true, err
		}
		return plan, true, report(m, stdout)
	case plan.Mode == One:
		plan.Describe(stderr)
	}
	return plan, false, nil
}

// writeOutputs copies the merged streams to the job's output files.
func (p Plan) writeOutputs(stderr io.Writer) error {
	exts := slices.Sorted(maps.Keys(p.Job.Outputs))
	for _, ext := range exts {
		dest := p.Job.Outputs[ext]
		if dest == "" {
			continue
		}
		if err := CopyFile(p.MergedFile(ext), dest); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "batch: %s.%s copied to %s\n", MergedName, ext, dest)
	}
	return nil
}

// CopyFile writes a copy of src to dest through a temporary file beside
// dest, so that dest is never left half written. dest gets the permissions a
// file created the usual way gets (0666 less the umask), as the unsharded
// command's output has.
func CopyFile(src, dest string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := filepath.Join(filepath.Dir(dest), fmt.Sprintf(".%s.%d.tmp", filepath.Base(dest), os.Getpid()))
	out, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = io.Copy(out, in); err != nil {
		return err
	}
	if err = out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, dest)
}
