// This file holds gomocup stats: the results and illegal endings of
// Gomocup records, replayed under qi's rules.

package gomokutrain

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"sort"

	"qi/engines"
	"qi/engines/record"
	"qi/tools/cmdline"
)

// runStats is gomocup stats.
func runStats(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomokutrain stats", flag.ContinueOnError)
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomokutrain stats DIR...\nReplay Gomocup records: games, results, illegal endings."); err != nil {
		return err
	}
	type tally struct{ games, p1, p2, draw, open, illegal, moves int }
	byLeague := map[string]*tally{}
	var illegal bytes.Buffer
	err := record.WalkGomoku(fset.Args(), func(r record.GomokuGame) error {
		t := byLeague[r.League]
		if t == nil {
			t = &tally{}
			byLeague[r.League] = t
		}
		t.games++
		t.moves += len(r.Moves)
		p, bad, err := r.Replay(nil)
		if err != nil {
			return err
		}
		switch {
		case bad >= 0:
			t.illegal++
			x, y := r.Moves[bad][0], r.Moves[bad][1]
			fmt.Fprintf(&illegal, "%s: move %d (%d,%d): %s\n", r.Path, bad+1, x, y, r.Why)
		case p.Result() == engines.P1Win:
			t.p1++
		case p.Result() == engines.P2Win:
			t.p2++
		case p.Result() == engines.Draw:
			t.draw++
		default:
			t.open++
		}
		return nil
	})
	if err != nil {
		return err
	}
	var leagues []string
	for l := range byLeague {
		leagues = append(leagues, l)
	}
	sort.Strings(leagues)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintf(w, "%-12s %7s %7s %7s %6s %6s %8s %9s\n", "league", "games", "black", "white", "draw", "open", "illegal", "moves/g")
	for _, l := range leagues {
		t := byLeague[l]
		fmt.Fprintf(w, "%-12s %7d %7d %7d %6d %6d %8d %9.1f\n", l, t.games, t.p1, t.p2, t.draw, t.open, t.illegal, float64(t.moves)/float64(t.games))
	}
	_, err = w.Write(illegal.Bytes())
	return err
}
