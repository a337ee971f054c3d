// This file reads the scored positions of PGN records, by game setting.

package wdltool

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/record"
	"qi/engines/wdl"
)

// setting is the scored games of one game setting, in the records' order.
type setting struct {
	key string
	// games holds each game's scored positions.
	games [][]sample
	// forced counts the forced results left out of the fit, right those
	// whose game ended as they said.
	forced, right int
}

// reader gathers the scored positions of records.
type reader struct {
	reg *engines.Registry
	// maxStage, when not 0, leaves out the positions past it.
	maxStage int
	settings []*setting
	byKey    map[string]*setting
	games    int
	// skipped counts the games left out by why; bad keeps the first few
	// reasons in full.
	skipped map[string]int
	bad     []string
}

func newReader(reg *engines.Registry) *reader {
	return &reader{reg: reg, byKey: map[string]*setting{}, skipped: map[string]int{}}
}

// skip counts a game left out for why, keeping the first few details.
func (r *reader) skip(why, detail string) {
	r.skipped[why]++
	if len(r.bad) < 5 && detail != "" {
		r.bad = append(r.bad, detail)
	}
}

// readFile reads the games of the PGN file at path.
func (r *reader) readFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return r.read(f, path)
}

// read reads the games of a PGN text; name names it in the reasons.
func (r *reader) read(in io.Reader, name string) error {
	pgs, err := record.ReadPGN(in)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	for i, pg := range pgs {
		r.games++
		if why, detail := r.add(pg); why != "" {
			r.skip(why, fmt.Sprintf("%s: game %d: %s", name, i+1, detail))
		}
	}
	return nil
}

// add replays one game and keeps its scored positions, or says why it
// cannot.
func (r *reader) add(pg record.PGNGame) (why, detail string) {
	// qi's Game tag names the game, the Variant tag cutechess's variant
	// (whose "gomoku" is the standard rule).
	size, _ := strconv.Atoi(pg.Tags["BoardSize"])
	name, cfg := pg.Tags["Game"], engines.Config{BoardSize: size, Rule: pg.Tags["Rule"]}
	if name == "" {
		var ok bool
		if name, cfg, ok = r.reg.Variant(pg.Tags["Variant"], cfg); !ok {
			return "unknown game", fmt.Sprintf("no Game tag, and no game has the variant %q", pg.Tags["Variant"])
		}
	}
	g, err := r.reg.New(name, cfg)
	if err != nil {
		return "unknown game", err.Error()
	}
	stage := func(engines.Position) int { return 0 }
	if wg, ok := g.(wdl.Game); ok {
		stage = wg.Stage
	}
	result, err := record.ParseResult(pg.Result)
	if err != nil || result == engines.None {
		return "no result", fmt.Sprintf("result %q", pg.Result)
	}
	if t := pg.Tags["Termination"]; t != "" && t != "normal" && t != "adjudication" {
		return "ended by " + t, pg.Final
	}
	pos := g.Start()
	if fen := pg.Tags["FEN"]; fen != "" {
		if pos, err = g.Parse(fen); err != nil {
			return "bad start position", err.Error()
		}
	}
	key := wdl.Key(g)
	var ss []sample
	forced, right := 0, 0
	for i, m := range pg.RecordMoves() {
		if !m.Book && m.Score != "" {
			s, err := record.ParseScore(m.Score)
			if err != nil {
				return "bad score", fmt.Sprintf("move %d: %v", i+1, err)
			}
			side := pos.SideToMove()
			out := drew
			switch result {
			case engines.WinFor(side):
				out = won
			case engines.WinFor(side.Other()):
				out = lost
			}
			if s.IsMate() {
				forced++
				if (s > 0 && out == won) || (s < 0 && out == lost) {
					right++
				}
			} else if st := stage(pos); r.maxStage == 0 || st <= r.maxStage {
				ss = append(ss, sample{s: float64(s), stage: st, out: out})
			}
		}
		mv, err := engines.Legal(pos, m.Text)
		if err != nil {
			return "illegal move", fmt.Sprintf("move %d: %v", i+1, err)
		}
		pos.Play(mv)
	}
	if len(ss) == 0 && forced == 0 {
		return "no scores", ""
	}
	st := r.byKey[key]
	if st == nil {
		st = &setting{key: key}
		r.byKey[key] = st
		r.settings = append(r.settings, st)
		slices.SortFunc(r.settings, func(a, b *setting) int { return strings.Compare(a.key, b.key) })
	}
	st.games = append(st.games, ss)
	st.forced += forced
	st.right += right
	return "", ""
}

// report writes what was read, and what was left out and why.
func (r *reader) report(w io.Writer, files int) {
	fmt.Fprintf(w, "read %d games from %d files:", r.games, files)
	for i, s := range r.settings {
		if i > 0 {
			fmt.Fprint(w, ",")
		}
		fmt.Fprintf(w, " %d %s", len(s.games), s.key)
	}
	fmt.Fprintln(w)
	if len(r.skipped) == 0 {
		return
	}
	whys := make([]string, 0, len(r.skipped))
	for why := range r.skipped {
		whys = append(whys, why)
	}
	slices.Sort(whys)
	fmt.Fprint(w, "left out:")
	for i, why := range whys {
		if i > 0 {
			fmt.Fprint(w, ",")
		}
		fmt.Fprintf(w, " %d %s", r.skipped[why], why)
	}
	fmt.Fprintln(w)
	for _, b := range r.bad {
		fmt.Fprintf(w, "  %s\n", b)
	}
}
