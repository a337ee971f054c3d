// Command qi is a board-game engine bot: with no arguments it speaks UGI, UCI,
// Gomocup or NBoard on stdin and stdout, picked from the first command; with a
// subcommand it runs a tool or lets a person play. This file only wires the
// packages together.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"qi/engines/catalog"
	"qi/protocol"
	"qi/protocol/terminal"
	"qi/tools/arena"
	"qi/tools/bench"
	"qi/tools/booktool"
	"qi/tools/gomocup"
	"qi/tools/merge"
	"qi/tools/othellotrain"
	"qi/tools/perft"
	"qi/tools/release"
	"qi/tools/solve"
)

// version is reported to clients by id/ABOUT lines.
const version = release.Version

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	reg := catalog.New()
	cfg := protocol.Config{
		Registry: reg, Name: "qi", Version: version, Author: "the qi developers", Country: "unknown",
		DefaultGame: "tictactoe", Log: stderr,
	}
	// Piskvork only pipes to brains named pbrain-*, and speaks nothing
	// but Gomocup to them.
	if strings.HasPrefix(strings.ToLower(filepath.Base(args[0])), "pbrain-") {
		cfg.Dialect = protocol.Gomocup
	}
	var err error
	switch sub := ""; {
	case len(args) > 1:
		sub = args[1]
		rest := args[2:]
		switch sub {
		case "play":
			err = terminal.Run(ctx, rest, stdin, stdout, reg)
		case "perft":
			err = perft.Run(rest, stdout, stderr, reg)
		case "bench":
			err = bench.Run(ctx, rest, stdout, stderr, reg)
		case "arena":
			err = arena.Run(rest, stdout, stderr, reg)
		case "solve":
			err = solve.Run(rest, stdout, stderr)
		case "othellotrain":
			err = othellotrain.Run(rest, stdout, stderr)
		case "gomocup":
			err = gomocup.Run(rest, stdout, stderr)
		case "merge":
			err = merge.Run(rest, stdout, stderr, reg)
		case "book":
			err = booktool.Run(ctx, rest, stdout, stderr, reg)
		case "version", "--version", "-version":
			fmt.Fprintf(stdout, "qi %s\n", version)
		case "help", "-h", "-help", "--help":
			usage(stdout)
		default:
			fmt.Fprintf(stderr, "qi: unknown subcommand %q\n", sub)
			usage(stderr)
			return 2
		}
	default:
		err = protocol.Run(ctx, stdin, stdout, cfg)
	}
	// A tool's -h prints its usage: that is no failure.
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stderr, "qi: %v\n", err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: qi                       speak UGI, UCI, Gomocup or NBoard on stdin/stdout
       qi play [game] [flags]   play a game against qi in the terminal
       qi perft [flags]         count move sequences (qi perft -h)
       qi bench [flags]         measure the engines' speed (qi bench -h)
       qi arena [options]       play engines against each other (qi arena -help)
       qi solve [flags] file    solve othello positions exactly, Edax-style (qi solve -h)
       qi othellotrain <cmd>    train othello's evaluation weights (qi othellotrain)
       qi gomocup <cmd>         learn from Gomocup records, gomoku self-play (qi gomocup help)
       qi merge [flags] dir...  merge the shards of batch runs (qi merge -h; docs/batch.md)
       qi book <cmd>            build, grow, learn into and show opening books (qi book help)
       qi version
`)
}
