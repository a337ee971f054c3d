// Package gomokutrain is the `qi gomokutrain` tool, which trains qi's gomoku
// engine and measures it: its subcommands replay the Gomocup tournament
// records (.psq files, extracted from the Gomocup archives) and SGF games,
// extract positions won by continuous fours (VCF) for the engine's test
// set, fit the evaluation weights to the records' results (or to positions
// another engine labelled) and the move ordering to their moves, and play
// self-play matches between two settings of qi's engine from Piskvork's
// openings.
package gomokutrain

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"qi/engines/gomoku"
	"qi/tools/cmdline"
)

// Run runs `qi gomokutrain <command> [flags]`. A request for help prints the
// usage on stdout and returns flag.ErrHelp.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("gomokutrain: a command is needed")
	}
	rest := args[1:]
	switch args[0] {
	case "stats":
		return runStats(rest, stdout, stderr)
	case "vcf":
		return runVCF(rest, stdout, stderr)
	case "tune":
		return runTune(rest, stdout, stderr)
	case "order":
		return runOrder(rest, stdout, stderr)
	case "selfplay":
		return runSelfplay(rest, stdout, stderr)
	case "label":
		return runLabel(rest, stdout, stderr)
	}
	if cmdline.IsHelp(args[0]) {
		fmt.Fprint(stdout, usage)
		return flag.ErrHelp
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("gomokutrain: unknown command %q", args[0])
}

var usage = strings.TrimLeft(`
usage: qi gomokutrain <command> [flags] (each command has -h)
  stats    DIR...   replay Gomocup records: games, results, illegal endings
  vcf      DIR...   extract positions won by continuous fours, for testdata
  tune     DIR...   fit the evaluation weights to the records' results (or to labels)
  label    RECORDS  label the records' positions with another brain's evaluations
  order    DIR...   fit the move ordering to the moves the records' engines played
  selfplay          play two settings of qi's engine against each other
DIR holds .psq files (extract Gomocup's result archives, *-psq.tar.xz, with tar xJf)
and .sgf files (qi arena -sgfout, c-gomoku-cli's -sgf); a DIR may also be one such file.
`, "\n")

// ruleGame returns the game of a rule's name on a square board of side size:
// the commands' -rule and -size.
func ruleGame(ruleName string, size int) (*gomoku.Game, error) {
	rule, err := gomoku.ParseRule(ruleName)
	if err != nil {
		return nil, err
	}
	return gomoku.NewGame(size, size, rule)
}
