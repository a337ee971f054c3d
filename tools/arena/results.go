// This file holds the live results: the score of each pairing with its Elo
// line, LOS and SPRT, the table of a tournament of more engines, the game
// lines, and the progress shown on stderr.

package arena

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/record"
	"qi/tools/arena/stats"
	"qi/tools/cmdline"
)

// score tallies a pairing from its first engine's view.
type score struct {
	a, b int
	wdl  stats.WDL
	// byColour splits wdl by the side the first engine played.
	byColour [2]stats.WDL
	// first counts results from the first player's view.
	first stats.WDL
	penta stats.Penta
	// halves holds the first engine's points of pairs with one game in.
	halves map[int]float64
}

// tally is the match's results so far.
type tally struct {
	m        *match
	total    int
	played   int
	pairs    []*score
	byEngine []stats.WDL
	ends     map[string]int
	decided  bool
	began    time.Time
	bar      bool // progress as a bar on a terminal
	lines    bool // progress as plain lines
}

func newTally(m *match, total int) *tally {
	t := &tally{m: m, total: total, byEngine: make([]stats.WDL, len(m.engines)), ends: map[string]int{}, began: time.Now()}
	for _, p := range m.pairings() {
		t.pairs = append(t.pairs, &score{a: p[0], b: p[1], halves: map[int]float64{}})
	}
	switch m.conf.Progress {
	case "bar":
		t.bar = true
	case "lines":
		t.lines = true
	case "auto":
		t.bar = cmdline.IsTerminal(m.stderr)
		t.lines = !t.bar
	}
	return t
}

// points returns what a result gives the engine playing side.
func points(r engines.Result, side engines.Side) float64 {
	switch r {
	case engines.WinFor(side):
		return 1
	case engines.Draw:
		return 0.5
	}
	return 0
}

func wdlOf(p float64) stats.WDL {
	switch p {
	case 1:
		return stats.WDL{W: 1}
	case 0.5:
		return stats.WDL{D: 1}
	}
	return stats.WDL{L: 1}
}

// add counts a finished game, prints what is due and reports whether the
// SPRT has decided.
func (t *tally) add(o outcome) bool {
	t.played++
	j, res := o.job, o.rec.Result
	s := t.pairs[j.pairing]
	sideA := engines.P1
	if j.engines[1] == s.a {
		sideA = engines.P2
	}
	pa := points(res, sideA)
	s.wdl = s.wdl.Add(wdlOf(pa))
	s.byColour[sideA] = s.byColour[sideA].Add(wdlOf(pa))
	s.first = s.first.Add(wdlOf(points(res, engines.P1)))
	if j.pair >= 0 {
		if h, ok := s.halves[j.pair]; ok {
			s.penta.AddPair(h, pa)
			delete(s.halves, j.pair)
		} else {
			s.halves[j.pair] = pa
		}
	}
	t.byEngine[s.a] = t.byEngine[s.a].Add(wdlOf(pa))
	t.byEngine[s.b] = t.byEngine[s.b].Add(wdlOf(1 - pa))
	t.ends[o.rec.Termination]++

	out := t.m.stdout
	t.clearBar()
	if !t.m.conf.Quiet {
		fmt.Fprintf(out, "Finished game %d (%s vs %s): %s {%s}\n", j.number,
			o.rec.Players[0], o.rec.Players[1], record.PGNResult(res), o.rec.Reason)
	}
	if t.m.conf.SPRT != nil {
		llr := t.m.conf.SPRT.LLR(t.m.sprtCounts(s.wdl, s.penta))
		if t.m.conf.SPRT.Decide(llr) != stats.Continue {
			t.decided = true
		}
	}
	if iv := t.m.conf.RatingInterval; iv > 0 && t.played%iv == 0 && t.played < t.total && !t.decided {
		if len(t.m.engines) > 2 {
			// A tournament's interim results are its table.
			t.table(out)
		} else {
			t.report(out)
		}
		if t.lines {
			t.progressLine()
		}
	}
	t.drawBar()
	return t.decided
}

// finish prints the final results.
func (t *tally) finish(interrupted bool) {
	t.clearBar()
	out := t.m.stdout
	if interrupted {
		fmt.Fprintf(out, "Match interrupted after %d of %d games\n", t.played, t.total)
	}
	t.report(out)
	fmt.Fprintf(out, "Finished match: %d games in %s; endings: %s\n", t.played,
		time.Since(t.began).Round(10*time.Millisecond), t.endings())
}

// endings lists how many games ended each way.
func (t *tally) endings() string {
	var ends []string
	for k, n := range t.ends {
		ends = append(ends, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ends)
	return strings.Join(ends, ", ")
}

// report prints the score of each pairing (the Elo line of a match of two),
// and the table when more engines play.
func (t *tally) report(out io.Writer) {
	g := t.m.game
	p1, p2 := engines.SideName(g, engines.P1), engines.SideName(g, engines.P2)
	names := func(i int) string { return t.m.engines[i].Name }
	for _, s := range t.pairs {
		if s.wdl.N() == 0 {
			continue
		}
		fmt.Fprintf(out, "Score of %s vs %s: %s\n", names(s.a), names(s.b), wdlText(s.wdl))
		if len(t.pairs) > 1 {
			continue
		}
		fmt.Fprintf(out, "...      %s playing %s: %s\n", names(s.a), p1, wdlText(s.byColour[engines.P1]))
		fmt.Fprintf(out, "...      %s playing %s: %s\n", names(s.a), p2, wdlText(s.byColour[engines.P2]))
		fmt.Fprintf(out, "...      %s vs %s: %s\n", p1, p2, wdlText(s.first))
		elo, margin := s.wdl.Elo()
		fmt.Fprintf(out, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n",
			eloText(elo, margin), 100*s.wdl.LOS(), 100*s.wdl.DrawRatio())
		if s.penta.Pairs() > 0 {
			pe, pm := s.penta.Elo()
			fmt.Fprintf(out, "Pairs (LL LD WL+DD WD WW): %d %d %d %d %d, Elo %s\n",
				s.penta[0], s.penta[1], s.penta[2], s.penta[3], s.penta[4], eloText(pe, pm))
		}
		if sp := t.m.conf.SPRT; sp != nil {
			llr := sp.LLR(t.m.sprtCounts(s.wdl, s.penta))
			lo, hi := sp.Bounds()
			fmt.Fprintf(out, "SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g (elo0 %g, elo1 %g, %s) - %s\n",
				llr, 100*llr/hi, lo, hi, sp.Elo0, sp.Elo1, sp.Model, sp.Decide(llr))
		}
	}
	if len(t.m.engines) > 2 {
		t.table(out)
	}
}

// table prints the engines ranked by score, each with its Elo against the
// field.
func (t *tally) table(out io.Writer) {
	idx := make([]int, len(t.byEngine))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return t.byEngine[idx[a]].Score() > t.byEngine[idx[b]].Score()
	})
	width := 4
	for _, e := range t.m.engines {
		width = max(width, len(e.Name))
	}
	fmt.Fprintf(out, "Rank %-*s %8s %7s %6s %7s %6s\n", width, "Name", "Elo", "+/-", "Games", "Score", "Draw")
	for rank, i := range idx {
		r := t.byEngine[i]
		elo, margin := r.Elo()
		e, mg := number(elo), number(margin)
		if r.N() == 0 {
			e, mg = "-", "-"
		}
		fmt.Fprintf(out, "%4d %-*s %8s %7s %6d %6.1f%% %5.1f%%\n", rank+1, width, t.m.engines[i].Name,
			e, mg, r.N(), 100*r.Score(), 100*r.DrawRatio())
	}
}

func wdlText(r stats.WDL) string {
	return fmt.Sprintf("%d - %d - %d  [%.3f] %d", r.W, r.L, r.D, r.Score(), r.N())
}

func eloText(elo, margin float64) string {
	return number(elo) + " +/- " + number(margin)
}

// number writes an Elo figure: one decimal, or inf.
func number(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	case math.Abs(x) < 0.05:
		return "0.0"
	}
	return fmt.Sprintf("%.1f", x)
}

// eta estimates the time left.
func (t *tally) eta() time.Duration {
	if t.played == 0 {
		return 0
	}
	per := time.Since(t.began) / time.Duration(t.played)
	return (per * time.Duration(t.total-t.played)).Round(time.Second)
}

// progressLine prints a plain progress line on stderr.
func (t *tally) progressLine() {
	fmt.Fprintf(t.m.stderr, "progress: %d/%d games, %s elapsed, about %s left\n", t.played, t.total,
		time.Since(t.began).Round(time.Second), t.eta())
}

const barWidth = 30

// drawBar draws the progress bar on the terminal's last line.
func (t *tally) drawBar() {
	if !t.bar {
		return
	}
	filled := barWidth * t.played / max(t.total, 1)
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", barWidth-filled)
	line := fmt.Sprintf("[%s] %d/%d", bar, t.played, t.total)
	if len(t.pairs) == 1 {
		s := t.pairs[0]
		elo, margin := s.wdl.Elo()
		line += fmt.Sprintf("  %d-%d-%d  Elo %s", s.wdl.W, s.wdl.L, s.wdl.D, eloText(elo, margin))
	}
	line += fmt.Sprintf("  eta %s", t.eta())
	fmt.Fprint(t.m.stderr, "\r"+line+"\x1b[K")
}

// clearBar takes the bar off before other output.
func (t *tally) clearBar() {
	if t.bar {
		fmt.Fprint(t.m.stderr, "\r\x1b[K")
	}
}
