// This file holds the batch side of `qi book build` and `qi book deviate`:
// the searches of a plan are the items of a batch job (tools/shard), so that
// a cluster's array job (or -shards N here) searches them in shards whose
// results merge into one journal, which the build then takes instead of
// searching.

package booktool

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	bk "qi/book"
	"qi/tools/progress"
	"qi/tools/shard"
)

// The tools' names in batch manifests.
const (
	BuildTool   = "book build"
	DeviateTool = "book deviate"
)

// resultsExt names the stream of a shard's results: a journal of the plan.
const resultsExt = "bkj"

// batchCounts are what a book shard counts.
type batchCounts struct {
	Searched int `json:"searched"`
}

// Report prints what a merged run of book searches holds.
func Report(m *shard.Manifest, w io.Writer) error {
	var c batchCounts
	if err := m.ReadCounts(&c); err != nil {
		return err
	}
	file := ""
	for _, f := range m.Files {
		if f.Ext == resultsExt {
			file = ": " + f.Name
		}
	}
	fmt.Fprintf(w, "%d positions searched%s\n", c.Searched, file)
	return nil
}

// batchFlags defines the batch flags and -results.
func (t *tool) batchFlags() {
	t.batch = &shard.Flags{}
	t.batch.Register(t.fs)
	t.fs.StringVar(&t.results, "results", "", "take the searches of this merged batch run (its merged.bkj, or the directory holding it) instead of searching them")
}

// batchPlan works out how this process searches plan p, the first plan of
// the command and the only one a batch job splits: the whole of it here
// (known holds the results of -results or of the shards run here), or one
// shard of it (shardDone: its results are written, and the command has
// nothing left to do).
func (t *tool) batchPlan(b *bk.Book, p *bk.Plan) (known map[uint64]bk.Result, shardDone bool, err error) {
	if t.batch == nil || t.batchDone {
		return nil, false, nil
	}
	t.batchDone = true
	header := p.JournalHeader(b, 0)
	params := append(shard.FlagParams(t.fs, "threads", "progress", "results"), "#plan="+string(header[:len(header)-1]))
	tool := BuildTool
	if t.name == "deviate" {
		tool = DeviateTool
	}
	plan, done, err := t.batch.Start(shard.Job{Tool: tool, Params: params, Items: p.Len()},
		[]string{"book", t.name}, t.args, t.stdout, t.stderr, Report)
	switch {
	case err != nil:
		return nil, true, err
	case plan.DryRun:
		return nil, true, nil
	case plan.Mode == shard.Local:
		known, err = readResults(filepath.Join(plan.Dir, shard.MergedName), b, p)
		return known, false, err
	case plan.Mode == shard.One:
		return nil, true, t.runShard(b, p, plan, header)
	case done:
		return nil, true, nil
	}
	if t.results != "" {
		known, err = readResults(t.results, b, p)
	}
	return known, false, err
}

// readResults reads the merged results at path (a file, or a directory
// holding merged.bkj) for plan p.
func readResults(path string, b *bk.Book, p *bk.Plan) (map[uint64]bk.Result, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, shard.MergedName+"."+resultsExt)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	known, err := p.ReadResults(f, b, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return known, nil
}

// runShard searches the shard's items of p into its output.
func (t *tool) runShard(b *bk.Book, p *bk.Plan, plan shard.Plan, header []byte) error {
	out, err := plan.Create(shard.Stream{Ext: resultsExt, Header: header})
	if err != nil {
		return err
	}
	pr := progress.NewBar(t.stderr, t.progress, "searching", "positions", int64(len(plan.Items())))
	searched := 0
	_, err = p.Run(t.ctx, b, bk.RunOptions{Threads: t.threads, Only: plan.Owns,
		Progress: func(done, total int) { pr.Set(int64(done)) },
		Found: func(i int, r bk.Result) error {
			searched++
			return out.Put(i, bk.AppendResult(nil, r))
		}})
	pr.Finish()
	if err != nil {
		out.Abort()
		if errors.Is(err, t.ctx.Err()) {
			return fmt.Errorf("book %s: interrupted; run the shard again to search its items", t.name)
		}
		return err
	}
	if err := out.Close(nil, batchCounts{Searched: searched}); err != nil {
		return err
	}
	fmt.Fprintf(t.stdout, "searched %d positions at depth %d into %s\n", searched, b.Level(), filepath.Join(plan.Dir, plan.ID.Name()+"."+resultsExt))
	return nil
}

// batchFlagSet returns the name of a batch flag (or -results) given on the
// command line, "" when there is none.
func (t *tool) batchFlagSet() string {
	name := ""
	t.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "shard", "shards", "procs", "items", "outdir", "run", "dryrun", "results":
			if name == "" {
				name = f.Name
			}
		}
	})
	return name
}
