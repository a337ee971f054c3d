// This file holds the batch flags every batch tool takes and the plan they
// make: run the whole job here as before, be one shard of it, or run all its
// shards as child processes of this binary.

package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// Flags are the batch flags of a tool's command line.
type Flags struct {
	// Shard is -shard i/N (or i, with -shards N).
	Shard string
	// Shards is -shards N: the count, and without an index from anywhere,
	// the number of shards to run here.
	Shards int
	// Procs is how many shards run at once here (0: one per core).
	Procs int
	// Items is -items from:to, a part of the job (an SPRT wave).
	Items string
	// OutDir holds the runs; Run names this one (default: from the tool
	// and its parameters).
	OutDir, Run string
	// DryRun prints the plan and stops.
	DryRun bool
}

// DefaultOutDir is where runs go without -outdir.
const DefaultOutDir = "qi-runs"

// Usage describes the batch flags, for tools that write their own usage.
const Usage = `Batch (a job split into shards; see docs/batch.md):
  -shard <i/N>          be shard i of N (from 0); with -shards, -outdir or
                        -run but no -shard, the index comes from QI_SHARD,
                        JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or
                        AWS_BATCH_JOB_ARRAY_INDEX (with -shards N or QI_SHARDS)
  -shards <N>           the shard count; with no index anywhere, run all N
                        shards here as child processes and merge them
  -procs <P>            with -shards: shards run at once (default: one a core)
  -items <from:to>      only items from to to-1 (an SPRT wave)
  -outdir <dir>         where runs go (default qi-runs): each shard writes
                        <dir>/<run>/shard-0003-of-0016.* and a .json manifest
  -run <name>           the run's name (default: the tool, a hash of its
                        parameters and the items)
  -dryrun               print the shard, its items and its files, and stop
`

// Register adds the batch flags to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Shard, "shard", "", "be shard `i/N` of a batch job (else from the environment: docs/batch.md)")
	fs.IntVar(&f.Shards, "shards", 0, "shard count; with no index given, run all `N` shards here and merge them")
	fs.IntVar(&f.Procs, "procs", 0, "with -shards: shards run at once (0: one a core)")
	fs.StringVar(&f.Items, "items", "", "only items `from:to` (to excluded: an SPRT wave)")
	fs.StringVar(&f.OutDir, "outdir", "", "directory of batch runs (default "+DefaultOutDir+")")
	fs.StringVar(&f.Run, "run", "", "name of the batch run (default: the tool, a hash of its parameters, the items)")
	fs.BoolVar(&f.DryRun, "dryrun", false, "print the shard, its items and its files, and stop")
}

// batchFlags are the flags Register adds: no part of a job's parameters.
var batchFlags = []string{"shard", "shards", "procs", "items", "outdir", "run", "dryrun"}

// Set sets the valued flag name (without its dash) to v, for tools with
// command lines of their own; it reports false when name is no batch flag.
// -dryrun takes no value: such tools set DryRun themselves.
func (f *Flags) Set(name, v string) (bool, error) {
	var err error
	switch name {
	case "shard":
		f.Shard = v
	case "shards":
		f.Shards, err = strconv.Atoi(v)
	case "procs":
		f.Procs, err = strconv.Atoi(v)
	case "items":
		f.Items = v
	case "outdir":
		f.OutDir = v
	case "run":
		f.Run = v
	default:
		return false, nil
	}
	if err != nil {
		return true, fmt.Errorf("-%s %q: want a whole number", name, v)
	}
	return true, nil
}

// FlagParams lists the flags of fs that make a job's results, "-name=value"
// in name order, defaults included (so that spelling one out changes
// nothing): every flag but the batch ones and those in skip (output files,
// verbosity).
func FlagParams(fs *flag.FlagSet, skip ...string) []string {
	var out []string
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(batchFlags, f.Name) && !slices.Contains(skip, f.Name) {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

// FileParam returns a parameter that stands for the content of a file the
// job reads, "#<name>-sha256=<hex>": the path may differ between machines,
// the content must not.
func FileParam(name, path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return "#" + name + "-sha256=" + hex.EncodeToString(h.Sum(nil)), nil
}

// Job describes a batch job to plan.
type Job struct {
	// Tool names the tool as its command line does: "arena",
	// "othellotrain selfplay".
	Tool string
	// Params are the words that make the job's results, hashed so that
	// merge refuses shards of different jobs.
	Params []string
	// Items is the number of items of the whole job.
	Items int
	// Outputs are the files the tool writes when it runs the job whole,
	// by the extension of the stream each holds ("smp": the -o path); a
	// run of all the shards here (-shards N) writes its merged streams
	// there too. An empty path is skipped.
	Outputs map[string]string
}

// Mode says how a process takes part in a job.
type Mode int

// The modes.
const (
	// Whole runs the job (or its -items) in this process, writing the
	// tool's usual output.
	Whole Mode = iota
	// One runs one shard, writing its files under Dir.
	One
	// Local runs every shard as a child process of this binary, then
	// merges them.
	Local
)

// Plan is what a process does in a job.
type Plan struct {
	Mode Mode
	// ID is this shard (One) or the count to run (Local, Index 0).
	ID ID
	// Source says where ID came from: "-shard", an environment variable.
	Source string
	// Range is the run's items.
	Range Range
	Job   Job
	// Hash is the hash of the job's tool and parameters.
	Hash string
	// Run names the run; Dir is where its files go.
	Run, Dir string
	// Procs is how many shards run at once (Local).
	Procs  int
	DryRun bool
	getenv func(string) string
}

// Plan works out what this process does in job from the flags and the
// environment (read with getenv, os.Getenv but in tests). A command line that
// asks for batch work (-shard, -shards, -outdir or -run, or QI_SHARD set) is
// a shard: of -shard's index, else of the environment's (FromEnv); without
// one, -shards N runs the N shards here, and -outdir or -run alone make it
// the one shard of one. Any other command line runs the job as before (its
// -items only), whatever a batch system's variables say: a tool that an
// array task runs for other ends does not split itself.
func (f Flags) Plan(job Job, getenv func(string) string) (Plan, error) {
	p := Plan{Job: job, DryRun: f.DryRun, Procs: f.Procs, getenv: getenv}
	if f.Shards < 0 || f.Procs < 0 {
		return p, errors.New("-shards and -procs are counts: 0 or more")
	}
	if p.Procs == 0 {
		p.Procs = runtime.NumCPU()
	}
	var err error
	have := false
	asked := f.Shards > 0 || f.OutDir != "" || f.Run != "" || getenv(EnvShard) != ""
	switch {
	case f.Shard != "":
		p.ID, err = ParseID(f.Shard, f.Shards)
		p.Source, have = "-shard", err == nil
	case asked:
		p.ID, p.Source, have, err = FromEnv(getenv, f.Shards)
	}
	if err != nil {
		return p, err
	}
	if p.Range, err = ParseRange(f.Items, job.Items); err != nil {
		return p, err
	}
	h := sha256.New()
	for _, w := range append([]string{job.Tool}, job.Params...) {
		fmt.Fprintf(h, "%d:%s\n", len(w), w)
	}
	p.Hash = hex.EncodeToString(h.Sum(nil))
	switch {
	case have:
		p.Mode = One
	case f.Shards > 0:
		p.Mode, p.ID, p.Source = Local, ID{Count: f.Shards}, "-shards"
	case f.OutDir != "" || f.Run != "":
		p.Mode, p.ID, p.Source = One, ID{Count: 1}, "-outdir"
	default:
		return p, nil
	}
	p.Run = f.Run
	if p.Run == "" {
		p.Run = strings.ReplaceAll(job.Tool, " ", "-") + "-" + p.Hash[:8]
		if p.Range != (Range{0, job.Items}) {
			p.Run += fmt.Sprintf("-items-%d-%d", p.Range.From, p.Range.To)
		}
	}
	if p.Run == "." || p.Run == ".." || strings.ContainsAny(p.Run, `/\`) {
		return p, fmt.Errorf("-run %q: a run is named by one plain word", p.Run)
	}
	out := f.OutDir
	if out == "" {
		out = DefaultOutDir
	}
	p.Dir = filepath.Join(out, p.Run)
	if p.Mode == One && p.Source == EnvSlurm {
		if err := p.sameCount(); err != nil {
			return p, err
		}
	}
	return p, nil
}

// sameCount refuses a Slurm task whose shard count differs from the count of
// the shards the run's directory already holds: one index resubmitted alone
// (sbatch --array=2) is an array of one task, and would play the whole match
// as shard 0 of 1 beside the others' files.
func (p Plan) sameCount() error {
	names, err := filepath.Glob(filepath.Join(p.Dir, "*shard-*-of-*"))
	if err != nil {
		return err
	}
	for _, name := range names {
		var i, n int
		base := strings.TrimPrefix(filepath.Base(name), ".")
		if _, err := fmt.Sscanf(base, "shard-%d-of-%d.", &i, &n); err != nil || n == p.ID.Count {
			continue
		}
		task := p.getenv(EnvSlurm)
		return fmt.Errorf("%s holds shards of %d, but Slurm says %d (%s): a task resubmitted alone? "+
			"Requeue the array's own task (scontrol requeue <array job>_%s), or give the count: "+
			"sbatch --array=%s --export=ALL,%s=%s/%d <script>",
			p.Dir, n, p.ID.Count, EnvSlurmCount, task, task, EnvShard, task, n)
	}
	return nil
}

// MergedFile returns the path of stream ext in the merge that a run of all
// the shards here makes (RunLocal).
func (p Plan) MergedFile(ext string) string {
	return filepath.Join(p.mergedDir(), MergedName+"."+ext)
}

func (p Plan) mergedDir() string { return filepath.Join(p.Dir, MergedName) }

// Items lists the items this process plays: the shard's part of the range,
// or the whole range (Whole); none for Local, whose children play them.
func (p Plan) Items() []int {
	switch p.Mode {
	case One:
		return p.ID.Items(p.Range)
	case Whole:
		out := make([]int, 0, p.Range.Len())
		for j := p.Range.From; j < p.Range.To; j++ {
			out = append(out, j)
		}
		return out
	}
	return nil
}

// Owns reports whether this process plays item j.
func (p Plan) Owns(j int) bool {
	in := j >= p.Range.From && j < p.Range.To
	switch p.Mode {
	case One:
		return in && p.ID.Owns(j)
	case Whole:
		return in
	}
	return false
}

// Describe writes the plan in a line or two, for -dryrun and the start of
// a shard's output.
func (p Plan) Describe(w io.Writer) {
	switch p.Mode {
	case Whole:
		fmt.Fprintf(w, "batch: %s in one process, items %s of %d\n", p.Job.Tool, p.Range, p.Job.Items)
	case One:
		items := p.Items()
		shown := items[:min(len(items), 5)]
		more := ""
		if len(items) > len(shown) {
			more = " ..."
		}
		fmt.Fprintf(w, "batch: %s shard %s (from %s), items %s of %d: %d of them (%s%s)\n",
			p.Job.Tool, p.ID, p.Source, p.Range, p.Job.Items, len(items), strings.Trim(fmt.Sprint(shown), "[]"), more)
		fmt.Fprintf(w, "batch: run %s, files %s.*\n", p.Run, filepath.Join(p.Dir, p.ID.Name()))
	case Local:
		fmt.Fprintf(w, "batch: %s in %d shards, %d at a time here, items %s of %d\n",
			p.Job.Tool, p.ID.Count, min(p.Procs, p.ID.Count), p.Range, p.Job.Items)
		fmt.Fprintf(w, "batch: run %s, files %s, merged into %s\n", p.Run,
			filepath.Join(p.Dir, "shard-*"), filepath.Join(p.Dir, MergedName))
	}
}
