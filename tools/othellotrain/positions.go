// This file holds `qi othellotrain positions`: positions of expert games at a
// given number of empties, as FFO/obf lines for `qi solve` and other solvers.

package othellotrain

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/record"
	"qi/tools/cmdline"
)

func runPositions(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain positions", flag.ContinueOnError)
	empties := fs.Int("empties", 0, "take each game's position with this many empty squares (1 to 59)")
	count := fs.Int("n", 0, "positions to write (0: one from every game that has one)")
	seed := fs.Uint64("seed", 0, "shuffle the games with this seed first (0: in the files' order)")
	out := fs.String("o", "", "obf file to write (default: standard output)")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain positions -empties N [flags] wthor-dir-or-files...\nWrite the positions of WTHOR games at N empties as obf lines (board, side to move, ';'),\none a game: a solver's test set (qi solve, edax -solve)."); err != nil {
		return err
	}
	if *empties < 1 || *empties > 59 || fs.NArg() == 0 || *count < 0 {
		return fmt.Errorf("usage: othellotrain positions -empties N (1 to 59) [-n count] [-seed s] [-o file] wthor-dir-or-files...")
	}
	games, err := record.ReadWTHOR(fs.Args())
	if err != nil {
		return err
	}
	if *seed != 0 {
		rng := rand.New(rand.NewPCG(*seed, 5))
		rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
	}
	w := stdout
	var f *os.File
	if *out != "" {
		if f, err = os.Create(*out); err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	written := 0
	for _, g := range games {
		if *count > 0 && written == *count {
			break
		}
		if p := positionAt(g, *empties); p != nil {
			fmt.Fprintf(bw, "%s;\n", p.Text())
			written++
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if f != nil {
		// A write the file system only refuses at closing is still lost.
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "%d positions at %d empties from %d games\n", written, *empties, len(games))
	return nil
}

// positionAt returns the position of game g with that many empties where the
// side to move has a move (after a pass, the mover's), or nil when the
// record has none: a game that ends or breaks off before it.
func positionAt(g record.WTHORGame, empties int) *othello.Position {
	var at *othello.Position
	_, err := g.Replay(func(p *othello.Position) {
		if at != nil || p.Empties() != empties || p.Result() != engines.None {
			return
		}
		if ms := p.LegalMoves(nil); len(ms) == 1 && ms[0] == othello.Pass {
			return
		}
		at = p.Root()
	})
	if err != nil {
		return nil
	}
	return at
}
