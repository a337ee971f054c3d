// Package perft is the `qi perft` tool: it counts the move sequences of each
// depth from a position of any game, with the time taken, to check and to time
// move generators.
package perft

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"qi/engines"
	"qi/tools/cmdline"
)

// Run runs `qi perft` with args (flags), writing the counts to stdout.
func Run(args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	game := fs.String("game", "tictactoe", "game to count")
	size := fs.Int("size", 0, "board size (0: the game's usual size)")
	rule := fs.String("rule", "", "rule set, for games with several")
	depth := fs.Int("depth", 0, "deepest depth to count (0: 5)")
	from := fs.Int("from", 1, "first depth to count")
	pos := fs.String("position", "", "position text to count from (default: the start)")
	divide := fs.Bool("divide", false, "split the deepest count per root move")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi perft [flags]\nCount the move sequences of each depth from a position of any game, with their speed."); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("perft: unexpected argument %q", fs.Arg(0))
	}
	if *depth <= 0 {
		*depth = 5
	}
	if *from < 0 || *from > *depth {
		return errors.New("perft: -from must be from 0 to -depth")
	}
	g, err := reg.New(*game, engines.Config{BoardSize: *size, Rule: *rule})
	if err != nil {
		return err
	}
	p := g.Start()
	if *pos != "" {
		if p, err = g.Parse(*pos); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s from %s\n", g.Name(), p.Text())
	for d := *from; d <= *depth; d++ {
		start := time.Now()
		var n uint64
		if *divide && d == *depth {
			for _, e := range engines.Divide(p, d) {
				fmt.Fprintf(stdout, "  %s: %d\n", p.MoveText(e.Move), e.Nodes)
				n += e.Nodes
			}
		} else {
			n = engines.Perft(p, d)
		}
		el := time.Since(start)
		fmt.Fprintf(stdout, "perft %2d %15d  %8.3f s  %12.0f leaves/s\n", d, n, el.Seconds(), float64(n)/max(el.Seconds(), 1e-9))
	}
	return nil
}
