// Package wdltool is the `qi wdl` tool: it fits the win/draw/loss models of
// package engines/wdl to game records that carry the engines' scores (qi
// arena's PGN), by maximum likelihood, and shows how well they predict
// games they were not fitted to.
package wdltool

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"qi/engines"
	"qi/engines/wdl"
	"qi/tools/cmdline"
	"qi/tools/progress"
)

const usage = `usage: qi wdl <command> [flags] [records]
commands:
  fit   fit the win/draw/loss model of each game setting to scored records
run a command with -h for its flags`

// Run runs `qi wdl` with args. A request for help prints the usage on
// stdout and returns flag.ErrHelp.
func Run(args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	if len(args) == 0 {
		return fmt.Errorf("wdl: a command is needed\n%s", usage)
	}
	if cmdline.IsHelp(args[0]) {
		fmt.Fprintln(stdout, usage)
		return flag.ErrHelp
	}
	switch strings.ToLower(args[0]) {
	case "fit":
		return runFit(args[1:], stdout, stderr, reg)
	}
	return fmt.Errorf("wdl: unknown command %q\n%s", args[0], usage)
}

const fitUsage = `usage: qi wdl fit [flags] records...
Fit the win/draw/loss model of each game setting (game, board, rule) in the
records to the scores the engines gave and the results the games reached,
by maximum likelihood: the chance of a win is 1/(1+exp(-(s-a)/b)), of a
loss 1/(1+exp((s+a)/b)), a draw the rest, with a and b moving in a straight
line from stage 0 to stage -span (b by a constant factor a stage), each at
least one unit of the game's scores. Records are PGN files as qi arena writes
them ({score/depth time} after the engines' moves), or folders of them.
Forced results (mate scores) are certain and left out of the fit. With
-holdout the last games of each setting are kept out of the fit to measure
it. Prints the models, their log-loss (nats a position) and a calibration
table; -write puts them into a models file (engines/wdl/models.txt).`

// fitTool is one run of qi wdl fit.
type fitTool struct {
	stdout, stderr io.Writer
	reg            *engines.Registry
	holdout        float64
	span, buckets  int
	maxStage       int
	flat           bool
	write          string
	progress       string
}

func runFit(args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	t := &fitTool{stdout: stdout, stderr: stderr, reg: reg}
	fs := flag.NewFlagSet("wdl fit", flag.ContinueOnError)
	fs.Float64Var(&t.holdout, "holdout", 0, "share of each setting's games, the last ones in the records, kept out of the fit to measure it (0 to 0.9)")
	fs.IntVar(&t.span, "span", 0, "the stage at which the second a and b apply (0: the stage that 90% of the fitted positions do not pass)")
	fs.BoolVar(&t.flat, "flat", false, "fit one a and one b for the whole game")
	fs.IntVar(&t.maxStage, "maxstage", 0, "leave out the positions past this stage, those the searches solved (0: none)")
	fs.IntVar(&t.buckets, "buckets", 10, "rows of the calibration table")
	fs.StringVar(&t.write, "write", "", "models file to write the fitted models into, replacing their settings' lines")
	fs.StringVar(&t.progress, "progress", progress.Auto, "progress on stderr: bar, lines, off, auto (a bar on a terminal)")
	if err := cmdline.Parse(fs, args, stdout, fitUsage); err != nil {
		return err
	}
	switch {
	case fs.NArg() == 0:
		return fmt.Errorf("wdl fit: no records (see qi wdl fit -h)")
	case t.holdout < 0 || t.holdout > 0.9 || math.IsNaN(t.holdout):
		return fmt.Errorf("wdl fit: -holdout must be from 0 to 0.9, not %g", t.holdout)
	case t.span < 0:
		return fmt.Errorf("wdl fit: -span must not be negative, not %d", t.span)
	case t.maxStage < 0:
		return fmt.Errorf("wdl fit: -maxstage must not be negative, not %d", t.maxStage)
	case t.buckets < 1:
		return fmt.Errorf("wdl fit: -buckets must be at least 1, not %d", t.buckets)
	}
	switch t.progress {
	case progress.Auto, progress.BarMode, progress.LinesMode, progress.Off:
	default:
		return fmt.Errorf("wdl fit: -progress must be bar, lines, off or auto, not %q", t.progress)
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return fmt.Errorf("wdl fit: %w", err)
	}
	r := newReader(reg)
	r.maxStage = t.maxStage
	pr := progress.NewBar(stderr, t.progress, "reading", "files", int64(len(files)))
	for i, f := range files {
		if err := r.readFile(f); err != nil {
			return fmt.Errorf("wdl fit: %w", err)
		}
		pr.Set(int64(i + 1))
	}
	pr.Finish()
	r.report(stdout, len(files))
	if len(r.settings) == 0 {
		return fmt.Errorf("wdl fit: no scored games in the records")
	}
	var lines []string
	var keys []string
	for _, s := range r.settings {
		keys = append(keys, s.key)
		m, err := t.fitSetting(s)
		if err != nil {
			return fmt.Errorf("wdl fit: %s: %w", s.key, err)
		}
		lines = append(lines, m.Line(s.key))
	}
	if t.write != "" {
		if err := writeModels(t.write, keys, lines); err != nil {
			return fmt.Errorf("wdl fit: %w", err)
		}
		fmt.Fprintf(stdout, "wrote %d models to %s\n", len(lines), t.write)
	}
	return nil
}

// recordFiles lists the PGN files among paths, the folders walked, in name
// order.
func recordFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir():
				return nil
			case strings.EqualFold(filepath.Ext(path), ".pgn"):
				files = append(files, path)
			case path == p:
				return fmt.Errorf("%s: not a PGN record (.pgn)", path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("no PGN records (.pgn) in %s", strings.Join(paths, ", "))
	}
	return files, nil
}

// fitSetting fits, measures and shows the model of one setting, and
// returns it as the models file holds it.
func (t *fitTool) fitSetting(s *setting) (wdl.Model, error) {
	n := len(s.games)
	nFit := n - int(math.Round(t.holdout*float64(n)))
	if nFit < 1 {
		return wdl.Model{}, fmt.Errorf("%d games leave none to fit after -holdout %g", n, t.holdout)
	}
	fitSet, held := flatten(s.games[:nFit]), flatten(s.games[nFit:])
	span := t.span
	if span == 0 {
		span = stageQuantile(fitSet, 0.9)
	}
	if t.flat {
		span = 0
	}
	res, err := fit(fitSet, span)
	if err != nil {
		return wdl.Model{}, err
	}
	m := rounded(res.m)
	w := t.stdout
	fmt.Fprintf(w, "\n%s: %s, %d scored positions", s.key, games(n), len(fitSet)+len(held))
	if s.forced > 0 {
		fmt.Fprintf(w, "; %d forced results left out, %.1f%% as the games ended", s.forced, 100*float64(s.right)/float64(s.forced))
	}
	fmt.Fprintln(w)
	what := "all the games"
	if nFit < n {
		what = "the first " + games(nFit)
	}
	if span == 0 {
		fmt.Fprintf(w, "  fitted to %s (%d positions): a %.1f, b %.1f for the whole game (%d iterations)\n",
			what, len(fitSet), m.A[0], m.B[0], res.iterations)
	} else {
		fmt.Fprintf(w, "  fitted to %s (%d positions): a %.1f to %.1f, b %.1f to %.1f from stage 0 to %d (%d iterations)\n",
			what, len(fitSet), m.A[0], m.A[1], m.B[0], m.B[1], span, res.iterations)
	}
	if p := paramsOf(m); slices.Contains(p[:], maxAB) {
		fmt.Fprintf(w, "  a or b is at its bound, %g: the scores say little of who wins\n", float64(maxAB))
	}
	base := rates(fitSet)
	fmt.Fprintf(w, "  log-loss %.4f fitted (outcome rates alone %.4f)", logLoss(m, fitSet), ratesLoss(base, fitSet))
	table, tableOf := fitSet, "fitted"
	if len(held) > 0 {
		fmt.Fprintf(w, ", %.4f held out (%.4f; %s, %d positions)", logLoss(m, held), ratesLoss(base, held), games(n-nFit), len(held))
		table, tableOf = held, "held-out"
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  model: %s\n", m.Line(s.key))
	fmt.Fprintf(w, "  calibration of the %s positions (per cent):\n", tableOf)
	fmt.Fprintf(w, "  %21s %9s  %5s %5s %5s  %5s %5s %5s\n", "scores", "positions", "win", "draw", "loss", "won", "drew", "lost")
	for _, b := range calibration(m, table, t.buckets) {
		fmt.Fprintf(w, "  %9.0f .. %-8.0f %9d  %5.1f %5.1f %5.1f  %5.1f %5.1f %5.1f\n", b.lo, b.hi, b.n,
			100*b.predicted[0], 100*b.predicted[1], 100*b.predicted[2], 100*b.observed[0], 100*b.observed[1], 100*b.observed[2])
	}
	return m, nil
}

// games writes a count of games.
func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

func flatten(games [][]sample) []sample {
	var ss []sample
	for _, g := range games {
		ss = append(ss, g...)
	}
	return ss
}

// stageQuantile returns the stage that a share q of the samples reach.
func stageQuantile(ss []sample, q float64) int {
	if len(ss) == 0 {
		return 0
	}
	stages := make([]int, len(ss))
	for i, x := range ss {
		stages[i] = x.stage
	}
	slices.Sort(stages)
	return stages[min(int(q*float64(len(stages))), len(stages)-1)]
}

// writeModels puts the models' lines into the models file at path.
func writeModels(path string, keys, lines []string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	for i, key := range keys {
		if text, err = wdl.SetLine(text, key, lines[i]); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if _, err := wdl.ReadModels(strings.NewReader(text)); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
