// Package bench is the `qi bench` tool: it runs the measurements each game
// offers (engines.Bencher), or a generic one, and prints a line per result,
// as text or as JSON, so that speed can be compared between versions and
// machines.
package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"qi/engines"
	"qi/tools/cmdline"
	"qi/tools/progress"
)

const usage = `usage: qi bench [flags]
Run each game's measurements (nodes per second, solve times, perft speed),
a line per result. With -json each line is a JSON object with the fields
  game, name     the game and what was measured
  depth          the depth searched (left out for totals over searches of
                 different depths, and for a search that finished no iteration)
  nodes, nps     nodes searched and nodes per second (for searches)
  leaves, leaves_per_second   perft's leaves and their rate (for perft)
  solved, of     positions solved of a set (for sets)
  seconds        the time taken`

// Run runs `qi bench` with args (flags), writing results to stdout and
// progress to stderr.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	game := fs.String("game", "", "game to measure (default: all)")
	size := fs.Int("size", 0, "board size (0: the game's usual size)")
	rule := fs.String("rule", "", "rule set, for games with several")
	quick := fs.Bool("quick", false, "a short run of seconds, as a smoke test")
	asJSON := fs.Bool("json", false, "one JSON object a line instead of text")
	show := fs.String("progress", progress.Auto, "show measurements that take more than a second on stderr: auto (on a terminal), on or off")
	if err := cmdline.Parse(fs, args, stdout, usage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	meter, err := progress.New(stderr, *show)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	names := reg.Names()
	if *game != "" {
		names = []string{*game}
	}
	var games []engines.Game
	for _, name := range names {
		g, err := reg.New(name, engines.Config{BoardSize: *size, Rule: *rule})
		if err != nil {
			return err
		}
		games = append(games, g)
	}
	write := writeText
	if *asJSON {
		write = writeJSON
	}
	start := time.Now()
	for _, g := range games {
		if !*asJSON {
			fmt.Fprintf(stdout, "== %s\n", g.Name())
		}
		for _, b := range Benches(g, *quick) {
			end := meter.Step(g.Name() + ": " + b.Name)
			r, err := b.Run(ctx)
			end()
			if err != nil {
				return fmt.Errorf("bench %s: %w", g.Name(), err)
			}
			write(stdout, g.Name(), b.Name, r)
		}
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "== total %.2f s\n", time.Since(start).Seconds())
	}
	return nil
}

// Benches returns a game's measurements: its own, or a generic one.
func Benches(g engines.Game, quick bool) []engines.Bench {
	if b, ok := g.(engines.Bencher); ok {
		return b.Benches(quick)
	}
	limit := time.Second
	if quick {
		limit = 100 * time.Millisecond
	}
	return []engines.Bench{Generic(g, limit)}
}

// Generic measures a game without a benchmark of its own: a full-strength
// search from the start for limit (qi bench: a second, a tenth when quick),
// or until it is exact.
func Generic(g engines.Game, limit time.Duration) engines.Bench {
	return engines.Bench{Name: "search from the start", Run: func(ctx context.Context) (engines.BenchResult, error) {
		// The clock starts once the searcher and its table are made.
		s := g.NewSearcher(engines.Config{})
		sctx, cancel := context.WithTimeout(ctx, limit)
		defer cancel()
		info := s.Search(sctx, g.Start(), engines.Limits{MoveTime: limit}, nil)
		return engines.SearchBench(info), ctx.Err()
	}}
}

// rate is a count per second of r's time.
func rate(n int64, r engines.BenchResult) int64 {
	if r.Time <= 0 {
		return 0
	}
	return int64(float64(n) / r.Time.Seconds())
}

// writeText writes a result as a line of columns, leaving out what does
// not apply.
func writeText(w io.Writer, _, name string, r engines.BenchResult) {
	line := fmt.Sprintf("%-36s", name)
	if r.Depth > 0 {
		line += fmt.Sprintf(" depth %3d", r.Depth)
	} else {
		line += fmt.Sprintf(" %9s", "")
	}
	if r.Leaves > 0 {
		line += fmt.Sprintf("  leaves %11d  time %9.3f s  leaves/s %11d", r.Leaves, r.Time.Seconds(), rate(r.Leaves, r))
	} else {
		line += fmt.Sprintf("  nodes %12d  time %9.3f s  nps %11d", r.Nodes, r.Time.Seconds(), rate(r.Nodes, r))
	}
	if r.Of > 0 {
		line += fmt.Sprintf("  solved %d/%d", r.Solved, r.Of)
	}
	fmt.Fprintln(w, line)
}

// jsonResult is a result as -json writes it; the usage documents the
// fields.
type jsonResult struct {
	Game            string  `json:"game"`
	Name            string  `json:"name"`
	Depth           int     `json:"depth,omitempty"`
	Nodes           int64   `json:"nodes,omitempty"`
	NPS             int64   `json:"nps,omitempty"`
	Leaves          int64   `json:"leaves,omitempty"`
	LeavesPerSecond int64   `json:"leaves_per_second,omitempty"`
	Solved          *int    `json:"solved,omitempty"`
	Of              int     `json:"of,omitempty"`
	Seconds         float64 `json:"seconds"`
}

// writeJSON writes a result as one JSON object on a line.
func writeJSON(w io.Writer, game, name string, r engines.BenchResult) {
	j := jsonResult{Game: game, Name: name, Depth: r.Depth, Nodes: r.Nodes, NPS: rate(r.Nodes, r),
		Leaves: r.Leaves, LeavesPerSecond: rate(r.Leaves, r), Of: r.Of, Seconds: r.Time.Seconds()}
	if r.Of > 0 {
		j.Solved = &r.Solved
	}
	_ = json.NewEncoder(w).Encode(j)
}
