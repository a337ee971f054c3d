// This file extracts positions won by continuous fours from the records: the
// position before the winner's last run of fours that ends the game, when
// the engine's VCF solver confirms the win.

package gomokutrain

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/record"
	"qi/tools/cmdline"
)

func runVCF(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomokutrain vcf", flag.ContinueOnError)
	ruleName := fset.String("rule", "", "only records of this rule (default: all)")
	minFours := fset.Int("min", 6, "fewest fours in the record's winning run")
	limit := fset.Int("n", 40, "positions to write")
	nodes := fset.Int64("nodes", 2_000_000, "the solver's node limit for confirming a win")
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomokutrain vcf [flags] DIR...\nExtract positions won by continuous fours from Gomocup records, for testdata."); err != nil {
		return err
	}
	var only *gomoku.Rule
	if *ruleName != "" {
		r, err := gomoku.ParseRule(*ruleName)
		if err != nil {
			return err
		}
		only = &r
	}
	fmt.Fprintf(stdout, "# VCF positions from the Gomocup records: the side to move wins by continuous fours.\n")
	fmt.Fprintf(stdout, "# Written by `qi gomokutrain vcf -min %d`: one position a line, fields separated by '|':\n", *minFours)
	fmt.Fprintf(stdout, "# rule, size, position text (qi's), the record's first four, the fours of the record's\n")
	fmt.Fprintf(stdout, "# winning run, the record file (from Gomocup's psq archives).\n")
	found := 0
	errStop := fmt.Errorf("enough")
	err := record.WalkGomoku(fset.Args(), func(r record.GomokuGame) error {
		if found >= *limit {
			return errStop
		}
		if only != nil && r.Rule != *only {
			return nil
		}
		_, winner, ok, err := r.Decisive()
		if !ok {
			return err
		}
		// Walk the game again, remembering where the winner's current run
		// of fours began.
		runStart, runFours := -1, 0
		var at string
		var first engines.Move
		_, _, err = r.Replay(func(p *gomoku.Position, ply int, m engines.Move) error {
			if engines.WinFor(p.SideToMove()) != winner {
				return nil
			}
			if p.MakesFour(m) {
				if runStart < 0 {
					runStart, runFours = ply, 0
					at, first = p.Text(), m
				}
				runFours++
			} else {
				runStart = -1
			}
			return nil
		})
		if err != nil || runStart < 0 || runFours < *minFours {
			return err
		}
		g, err := gomoku.NewGame(r.W, r.H, r.Rule)
		if err != nil {
			return err
		}
		p, err := g.ParsePosition(at)
		if err != nil {
			return err
		}
		n, _ := gomoku.SolveVCF(p, *nodes)
		if n == 0 {
			return nil
		}
		found++
		file := filepath.ToSlash(r.Path)
		if i := strings.Index(file, "gomocup20"); i >= 0 {
			file = file[i:]
		}
		fmt.Fprintf(stdout, "%s|%d|%s|%s|%d|%s\n", r.Rule, r.W, at, p.MoveText(first), runFours-1, file)
		return nil
	})
	if err == errStop {
		err = nil
	}
	return err
}
