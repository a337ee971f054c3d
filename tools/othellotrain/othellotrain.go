// Package othellotrain is the `qi othellotrain` tool that makes othello's
// evaluation weights: it turns the WTHOR database into labelled positions,
// plays self-play games (for boards without expert games), relabels positions
// by deeper searches, fits the pattern weights stage by stage, and plays
// matches between two weight sets to measure a change.
package othellotrain

import (
	"flag"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"qi/tools/cmdline"
)

const usage = `usage: qi othellotrain <command> [flags] [files]
commands:
  wthor     read WTHOR games into labelled samples
  selfplay  play games with the engine and write labelled samples
  label     relabel samples by searching each position
  td        relabel the positions of games by temporal differences
  train     fit weights to samples and write a weight file
  match     play two weight sets against each other from XOT openings
  probcut   measure the error model of ProbCut
  positions write the positions of WTHOR games at N empties as obf lines
run a command with -h for its flags`

// Run runs `qi othellotrain` with args. A request for help prints the usage
// on stdout and returns flag.ErrHelp.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("a command is needed\n%s", usage)
	}
	if cmdline.IsHelp(args[0]) {
		fmt.Fprintln(stdout, usage)
		return flag.ErrHelp
	}
	cmds := map[string]func([]string, io.Writer, io.Writer) error{
		"wthor":     runWthor,
		"selfplay":  runSelfPlay,
		"label":     runLabel,
		"td":        runTD,
		"train":     runTrain,
		"match":     runMatch,
		"probcut":   runProbcut,
		"positions": runPositions,
	}
	cmd, ok := cmds[strings.ToLower(args[0])]
	if !ok {
		return fmt.Errorf("unknown command %q\n%s", args[0], usage)
	}
	return cmd(args[1:], stdout, stderr)
}

func popcount(x uint64) int { return bits.OnesCount64(x) }
