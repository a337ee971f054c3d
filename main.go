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
	"syscall"

	"qi/book"
	"qi/book/shipped"
	"qi/engines"
	"qi/engines/catalog"
	"qi/protocol"
	"qi/tools/analyze"
	"qi/tools/arena"
	"qi/tools/bench"
	"qi/tools/booktool"
	"qi/tools/cmdline"
	"qi/tools/gomokutrain"
	"qi/tools/merge"
	"qi/tools/othellotrain"
	"qi/tools/perft"
	"qi/tools/play"
	"qi/tools/shard"
	"qi/tools/solve"
	"qi/tools/wdltool"
)

// version is reported to clients by id/ABOUT lines.
const version = engines.Version

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr, notifyInterrupts))
}

// notifyInterrupts makes the signals asked for values on the channel it
// returns instead of the end of the process; only the modes that handle
// them ask for them.
func notifyInterrupts(sigs ...os.Signal) <-chan os.Signal {
	c := make(chan os.Signal, 1)
	signal.Notify(c, sigs...)
	return c
}

// ends returns the signals that end a session the way Ctrl-C does: managers
// send SIGTERM, and a closed terminal SIGHUP. A search under way still
// answers with its best move so far.
func ends() []os.Signal { return []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} }

// errInterrupted is why a context ends on Ctrl-C: a normal end, not a
// failure.
var errInterrupted = errors.New("interrupted")

// untilInterrupt returns a context that the first interrupt on c ends, with
// errInterrupted as its cause, and the function that releases it.
func untilInterrupt(c <-chan os.Signal) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan struct{})
	go func() {
		select {
		case <-c:
			cancel(errInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		cancel(nil)
	}
}

// run is qi with its arguments, standard files and the source of its
// interrupts, which gives the signals asked for; it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, interrupts func(sigs ...os.Signal) <-chan os.Signal) int {
	reg := catalog.New()
	cfg := protocol.Config{
		Registry: reg, Name: "qi", Version: version, Author: "the qi developers", Country: "unknown",
		DefaultGame: "tictactoe", Log: stderr, Books: book.NewShelf(shipped.FS),
	}
	// Piskvork only pipes to brains named pbrain-*, and speaks nothing
	// but Gomocup to them.
	if strings.HasPrefix(strings.ToLower(filepath.Base(args[0])), "pbrain-") {
		cfg.Dialect = protocol.Gomocup
	}
	var err error
	ctx := context.Background()
	if len(args) < 2 {
		if cmdline.IsTerminal(stdin) {
			fmt.Fprintln(stderr, "qi: speaking UGI/UCI/Gomocup/NBoard; type help, or run `qi play`")
		}
		var stop func()
		ctx, stop = untilInterrupt(interrupts(ends()...))
		defer stop()
		err = protocol.Run(ctx, stdin, stdout, cfg)
	} else {
		sub, rest := args[1], args[2:]
		if sub == "help" && len(rest) > 0 {
			// qi help <sub> is qi <sub> -h.
			sub, rest = rest[0], []string{"-h"}
		}
		switch sub {
		case "play":
			// SIGTERM and SIGHUP end a person's game at once, as
			// always; Ctrl-C has its own meanings there.
			err = play.Run(ctx, rest, stdin, stdout, reg, cfg.Books, interrupts(os.Interrupt))
		case "perft":
			err = perft.Run(rest, stdout, stderr, reg)
		case "bench":
			var stop func()
			ctx, stop = untilInterrupt(interrupts(ends()...))
			defer stop()
			err = bench.Run(ctx, rest, stdout, stderr, reg)
		case "arena":
			err = arena.Run(rest, stdout, stderr, reg)
		case "analyze", "analyse":
			var stop func()
			ctx, stop = untilInterrupt(interrupts(ends()...))
			defer stop()
			err = analyze.Run(ctx, rest, stdin, stdout, stderr, reg)
		case "solve":
			err = solve.Run(rest, stdout, stderr)
		case "othellotrain":
			err = othellotrain.Run(rest, stdout, stderr)
		case "gomokutrain", "gomocup": // gomocup: its name before
			err = gomokutrain.Run(rest, stdout, stderr)
		case "merge":
			err = merge.Run(rest, stdout, stderr, mergeReports(reg))
		case "book":
			err = booktool.Run(ctx, rest, stdout, stderr, reg)
		case "wdl":
			err = wdltool.Run(rest, stdout, stderr, reg)
		case "version", "--version", "-version":
			err = versionCmd(rest, stdout)
		case "help", "-h", "-help", "--help":
			usage(stdout)
		default:
			fmt.Fprintf(stderr, "qi: unknown subcommand %q\n", sub)
			usage(stderr)
			return 2
		}
	}
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case context.Cause(ctx) == errInterrupted:
		return 0
	}
	fmt.Fprintf(stderr, "qi: %v\n", err)
	return 1
}

// mergeReports are the batch tools' own reports of a merged run, for qi
// merge, by each tool's name in the manifests.
func mergeReports(reg *engines.Registry) map[string]merge.Reporter {
	return map[string]merge.Reporter{
		arena.Tool:                func(m *shard.Manifest, w io.Writer) error { return arena.Report(m, w, reg) },
		analyze.Tool:              analyze.Report,
		othellotrain.SelfPlayTool: othellotrain.Report,
		othellotrain.LabelTool:    othellotrain.Report,
		gomokutrain.SelfplayTool:  gomokutrain.Report,
		gomokutrain.LabelTool:     gomokutrain.ReportLabels,
		booktool.BuildTool:        booktool.Report,
		booktool.DeviateTool:      booktool.Report,
	}
}

// versionCmd is qi version.
func versionCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if err := cmdline.Parse(fs, args, stdout, "usage: qi version\nPrint qi's version."); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("version: unexpected argument %q", fs.Arg(0))
	}
	fmt.Fprintf(stdout, "qi %s\n", version)
	return nil
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: qi                       speak UGI, UCI, Gomocup or NBoard on stdin/stdout
       qi play [game] [flags]   play a game against qi in the terminal
       qi perft [flags]         count move sequences
       qi bench [flags]         measure the engines' speed
       qi arena [options]       play engines against each other
       qi analyze [flags] file  find where finished games were lost
       qi solve [flags] file    solve othello positions exactly, Edax-style
       qi othellotrain <cmd>    train othello's evaluation weights
       qi gomokutrain <cmd>     train gomoku: Gomocup records, labels, self-play
       qi merge [flags] dir...  merge the shards of batch runs (docs/batch.md)
       qi book <cmd>            build, grow, learn into and show opening books
       qi wdl fit [flags] file  fit the win/draw/loss models to scored records
       qi version
Every subcommand prints its usage with -h (or qi help <subcommand>).
`)
}
