// Package bench is the `qi bench` tool: it runs the measurements each game
// offers (engines.Bencher), or a generic one, and prints a line per result, so
// that speed can be compared between versions and machines.
package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"qi/engines"
	"qi/internal/cmdline"
)

// Run runs `qi bench` with args (flags), writing results to stdout.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	game := fs.String("game", "", "game to measure (default: all)")
	size := fs.Int("size", 0, "board size (0: the game's usual size)")
	rule := fs.String("rule", "", "rule set, for games with several")
	quick := fs.Bool("quick", false, "a short run of seconds, as a smoke test")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi bench [flags]\nRun each game's measurements (nodes per second, solve times, perft speed), a line per result."); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	names := reg.Names()
	if *game != "" {
		names = []string{*game}
	}
	start := time.Now()
	for _, name := range names {
		g, err := reg.New(name, engines.Config{BoardSize: *size, Rule: *rule})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "== %s\n", g.Name())
		if b, ok := g.(engines.Bencher); ok {
			err = b.Bench(ctx, stdout, *quick)
		} else {
			err = Generic(ctx, stdout, g, *quick)
		}
		if err != nil {
			return fmt.Errorf("bench %s: %w", name, err)
		}
	}
	fmt.Fprintf(stdout, "== total %.2f s\n", time.Since(start).Seconds())
	return nil
}

// Generic measures a game without a benchmark of its own: a full-strength
// search from the start for a second (a tenth when quick).
func Generic(ctx context.Context, w io.Writer, g engines.Game, quick bool) error {
	limit := time.Second
	if quick {
		limit = 100 * time.Millisecond
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	info := g.NewSearcher(engines.Config{}).Search(sctx, g.Start(), engines.Limits{MoveTime: limit}, nil)
	engines.BenchLine(w, "search from the start", info)
	return ctx.Err()
}
