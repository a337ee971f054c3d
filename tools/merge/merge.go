// Package merge is the `qi merge` tool: it merges the shards of batch runs of
// any batch tool into one output of the same form as a shard's (so merges
// merge again), after checking that every shard is there once, of one job and
// whole, and prints the results as the tool itself would.
package merge

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"qi/tools/cmdline"
	"qi/tools/shard"
)

// Reporter prints the results of a merged run as its tool does.
type Reporter func(m *shard.Manifest, w io.Writer) error

const usage = `usage: qi merge [-o dir] [-partial] [-dryrun] dir...

Merges the shards of batch runs (the shard-*-of-*.json manifests and their
files in each dir; merged.json of earlier merges too) into dir/merged, or
-o dir: it checks that they come from one job (tool, parameters, qi version),
that every shard 0..N-1 of each run is there once, that waves of -items do not
overlap and that every file is whole, then sums the counts, puts the records,
samples and logs back in item order, and prints the results as the tool does
(for an SPRT: stop, or the -items of the next wave).

  -o <dir>     where the merged files go (default: dir/merged, with one dir)
  -partial     accept runs with shards missing (to merge with the rest later)
  -dryrun      check and print the results, write nothing
`

// Run runs `qi merge` with args; reports holds each batch tool's Reporter
// by the tool's name in the manifests.
func Run(args []string, stdout, stderr io.Writer, reports map[string]Reporter) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "")
	partial := fs.Bool("partial", false, "")
	dry := fs.Bool("dryrun", false, "")
	err := flag.ErrHelp
	if len(args) == 0 || !cmdline.IsHelp(args[0]) {
		err = fs.Parse(args)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return nil
		}
		return fmt.Errorf("merge: %w\n%s", err, usage)
	}
	dirs := fs.Args()
	if len(dirs) == 0 {
		return fmt.Errorf("merge: which directories?\n%s", usage)
	}
	opt := shard.MergeOptions{Out: *out, Partial: *partial}
	switch {
	case *dry:
		opt.Out = ""
	case opt.Out == "" && len(dirs) == 1:
		opt.Out = filepath.Join(dirs[0], shard.MergedName)
	case opt.Out == "":
		return errors.New("merge: several directories merge into the one -o names")
	}
	m, err := shard.Merge(dirs, opt)
	if err != nil {
		return err
	}
	where := "checked, nothing written"
	if opt.Out != "" {
		where = "into " + opt.Out
	}
	fmt.Fprintf(stderr, "merged %d items of %s (%d shards, run %s) %s\n", m.Items, m.Tool, len(m.Parts), m.Run, where)
	if report, ok := reports[m.Tool]; ok {
		return report(m, stdout)
	}
	return plainReport(m, stdout)
}

// plainReport prints what any merged run holds: its items and its score.
func plainReport(m *shard.Manifest, w io.Writer) error {
	fmt.Fprintf(w, "%s: %d items\n", m.Tool, m.Items)
	if s := m.Score; s != nil {
		fmt.Fprintf(w, "Score: %d - %d - %d (wins, losses, draws); pairs (LL LD WL+DD WD WW): %d %d %d %d %d\n",
			s.W, s.L, s.D, s.Penta[0], s.Penta[1], s.Penta[2], s.Penta[3], s.Penta[4])
	}
	return nil
}
