// This file holds `qi arena rate`: one rating list fitted to the results of
// many matches, from their outputs.

package arena

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"qi/tools/arena/stats"
	"qi/tools/cmdline"
)

const rateUsage = `usage: qi arena rate [-anchor <name>[=<elo>]] [-same <a>,<b>,...] [-order <a>,<b>,...] [file ...]

Fits one rating list to the results of matches: the Elo of every engine that
makes all their results most likely under the logistic model (draws half a
point), one engine fixed (the anchor, 0 Elo unless given), each with its 95%
interval relative to the anchor. It reads the outputs of qi arena (the files,
or standard input): the last "Score of <a> vs <b>: W - L - D" line of each
pairing in each output, summed over the outputs, so that matches of the same
pairing add up. It prints each pairing's own Elo difference beside the fitted
one, which shows results that do not fit the list, and the list.

  -anchor <name>[=<elo>]  the engine whose Elo is given (default: the first
                          engine read, at 0)
  -same <a>,<b>,...       rate these engines as one (engines that play the
                          same moves); repeat for more groups
  -order <a>,<b>,...      engines that should rate from the weakest up (the
                          levels of a game): also print their Elo made
                          non-decreasing, each run of engines out of order
                          pooled to its mean weighted by 1/margin^2 (the
                          pool-adjacent-violators fit); an engine rated as
                          one with others by -same takes their rating
`

// scoreOf reads the result line of a pairing.
var scoreOf = regexp.MustCompile(`^Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+) `)

// Rate runs `qi arena rate`.
func Rate(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && cmdline.IsHelp(args[0]) {
		fmt.Fprint(stdout, rateUsage)
		return nil
	}
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	anchor := fs.String("anchor", "", "")
	var same []string
	fs.Func("same", "", func(v string) error { same = append(same, v); return nil })
	order := fs.String("order", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, rateUsage)
			return nil
		}
		return fmt.Errorf("arena rate: %w", err)
	}
	alias := map[string]string{}
	for _, g := range same {
		names := strings.Split(g, ",")
		for _, n := range names {
			alias[n] = strings.Join(names, "=")
		}
	}
	anchorName, anchorElo := *anchor, 0.0
	if name, e, ok := strings.Cut(anchorName, "="); ok {
		v, err := strconv.ParseFloat(e, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("arena rate: -anchor %s: %q is not an Elo", name, e)
		}
		anchorName, anchorElo = name, v
	}
	var pairings []stats.Pairing
	read := func(r io.Reader, what string) error {
		ps, err := readPairings(r)
		if err != nil {
			return fmt.Errorf("arena rate: %s: %w", what, err)
		}
		pairings = append(pairings, ps...)
		return nil
	}
	if fs.NArg() == 0 {
		if err := read(os.Stdin, "standard input"); err != nil {
			return err
		}
	}
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("arena rate: %w", err)
		}
		err = read(f, path)
		f.Close()
		if err != nil {
			return err
		}
	}
	if len(pairings) == 0 {
		return errors.New("arena rate: no results read (no \"Score of\" lines)")
	}
	pairings = merge(pairings, alias)
	if len(pairings) == 0 {
		return errors.New("arena rate: every result is between engines rated as one")
	}
	if anchorName == "" {
		anchorName = pairings[0].A
	} else if a, ok := alias[anchorName]; ok {
		anchorName = a
	}
	ratings, err := stats.Fit(pairings, anchorName, anchorElo)
	if err != nil {
		return fmt.Errorf("arena rate: %w", err)
	}
	byName := map[string]stats.Rating{}
	for _, r := range ratings {
		byName[r.Name] = r
	}
	fmt.Fprintf(stdout, "Pairings (%d): the first engine's W-L-D, its Elo difference, the fitted one\n", len(pairings))
	for _, p := range pairings {
		elo, margin := p.Elo()
		fit := byName[p.A].Elo - byName[p.B].Elo
		fmt.Fprintf(stdout, "  %s vs %s: %s  Elo %s, fit %s\n", p.A, p.B, wdlText(p.WDL), eloText(elo, margin), number(fit))
	}
	stats.SortByElo(ratings)
	width := len("Name")
	for _, r := range ratings {
		width = max(width, len(r.Name))
	}
	fmt.Fprintf(stdout, "Rank %-*s %8s %7s %6s %7s  %s\n", width, "Name", "Elo", "+/-", "Games", "Score", "W-L-D")
	for i, r := range ratings {
		margin := fmt.Sprintf("%7.1f", r.Margin)
		if r.Name == anchorName {
			margin = fmt.Sprintf("%7s", "anchor")
		}
		fmt.Fprintf(stdout, "%4d %-*s %8.1f %s %6d %6.1f%%  %d-%d-%d\n", i+1, width, r.Name, r.Elo, margin,
			r.Games, 100*r.Result.Score(), r.Result.W, r.Result.L, r.Result.D)
	}
	if *order == "" {
		return nil
	}
	var elo, weight []float64
	names := strings.Split(*order, ",")
	for _, n := range names {
		key := n
		if a, ok := alias[n]; ok {
			key = a
		}
		r, ok := byName[key]
		if !ok {
			return fmt.Errorf("arena rate: -order: %s played no game", n)
		}
		w := 1e12 // the anchor's Elo is given
		if key != anchorName {
			w = 1 / max(r.Margin*r.Margin, 1e-6)
		}
		elo = append(elo, r.Elo)
		weight = append(weight, w)
	}
	fmt.Fprintln(stdout, "In order (non-decreasing):")
	for i, e := range stats.Monotone(elo, weight) {
		note := ""
		if math.Abs(e-elo[i]) > 0.05 {
			note = fmt.Sprintf("  (pooled; fitted %.1f)", elo[i])
		}
		fmt.Fprintf(stdout, "  %-*s %8.1f%s\n", width, names[i], e, note)
	}
	return nil
}

// readPairings reads the last result of each pairing in one output.
func readPairings(r io.Reader) ([]stats.Pairing, error) {
	last := map[[2]string]int{}
	var out []stats.Pairing
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		m := scoreOf.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		w, _ := strconv.Atoi(m[3])
		l, _ := strconv.Atoi(m[4])
		d, _ := strconv.Atoi(m[5])
		p := stats.Pairing{A: m[1], B: m[2], WDL: stats.WDL{W: w, L: l, D: d}}
		key := [2]string{p.A, p.B}
		if i, ok := last[key]; ok {
			out[i] = p
			continue
		}
		last[key] = len(out)
		out = append(out, p)
	}
	return out, sc.Err()
}

// merge renames the engines rated as one, drops the games between them and
// sums the results of each pairing, in the order the pairings were first
// read, from the view of the engine first named.
func merge(ps []stats.Pairing, alias map[string]string) []stats.Pairing {
	name := func(n string) string {
		if a, ok := alias[n]; ok {
			return a
		}
		return n
	}
	at := map[[2]string]int{}
	var out []stats.Pairing
	for _, p := range ps {
		p.A, p.B = name(p.A), name(p.B)
		if p.A == p.B {
			continue
		}
		if i, ok := at[[2]string{p.B, p.A}]; ok {
			out[i].WDL = out[i].WDL.Add(p.Flip())
			continue
		}
		if i, ok := at[[2]string{p.A, p.B}]; ok {
			out[i].WDL = out[i].WDL.Add(p.WDL)
			continue
		}
		at[[2]string{p.A, p.B}] = len(out)
		out = append(out, p)
	}
	return out
}
