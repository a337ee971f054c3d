// This file holds qi arena's part in batch work: a match's items are its
// openings, each played in every pairing (with both colours when repeated); a
// shard plays the items it owns, with no SPRT stop, and writes their records
// item by item and its counts to its manifest; a merge of them reports as the
// whole match would, and says whether an SPRT run in waves goes on.

package arena

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/google/shlex"

	"qi/book"
	"qi/engines"
	"qi/engines/grid"
	"qi/tools/arena/stats"
	"qi/tools/shard"
)

// Tool is the arena's name in batch manifests.
const Tool = "arena"

// batchStart is what a shard's match needs of its plan.
type batchStart struct {
	plan shard.Plan
	// sgf and ggf say which records beside PGN were asked for, bookLog
	// the games for an opening book's log (-book-learn).
	sgf, ggf, bookLog bool
}

// runBatch works out the match's part in batch work from its flags and
// the environment. It prints the plan of -dryrun, or runs every shard here
// as a child process (-shards N) and reports their merge, and then says that
// it is done; otherwise it returns what the match plays.
func runBatch(c *Config, args []string, reg *engines.Registry, stdout, stderr io.Writer) (*batchStart, bool, error) {
	words, err := expandConfig(args, 0)
	if err != nil {
		return nil, true, fmt.Errorf("arena: %w", err)
	}
	params := batchParams(words)
	if c.Openings.File != "" {
		p, err := shard.FileParam("openings", c.Openings.File)
		if err != nil {
			return nil, true, fmt.Errorf("arena: -openings: %w", err)
		}
		params = append(params, p)
	}
	report := func(m *shard.Manifest, w io.Writer) error { return Report(m, w, reg) }
	job := shard.Job{Tool: Tool, Params: params, Items: c.items(), Outputs: map[string]string{"pgn": c.PGN, "sgf": c.SGF, "ggf": c.GGF}}
	plan, done, err := c.Batch.Start(job, []string{"arena"}, args, stdout, stderr, report)
	if err == nil && done && plan.Mode == shard.Local && c.BookLearn != "" {
		// All the shards ran here: their merged games go to the book.
		var dest string
		if dest, err = installBookLog(c.BookLearn, plan); err == nil {
			fmt.Fprintf(stdout, "Book: %s.%s copied to %s\n", shard.MergedName, bookLogExt, dest)
		}
	}
	if done || err != nil {
		if err != nil {
			err = fmt.Errorf("arena: %w", err)
		}
		return nil, true, err
	}
	if plan.Mode != shard.Whole && !c.HasSeed {
		// Every shard must make the same openings: a seed from the job,
		// not the clock.
		c.Seed, _ = strconv.ParseUint(plan.Hash[:8], 16, 64)
		c.Seed %= 1_000_000_000
		c.HasSeed = true
	}
	b := &batchStart{plan: plan, sgf: c.SGF != "", ggf: c.GGF != "", bookLog: c.BookLearn != ""}
	if plan.Mode == shard.One {
		// A shard's own SPRT would stop it on a part of the evidence: only
		// the merge decides. Its records go to its own files.
		c.SPRT = nil
		c.PGN, c.SGF, c.GGF = "", "", ""
	}
	return b, false, nil
}

// items returns the number of items of the match: openings per pairing
// and round, times the rounds.
func (c *Config) items() int {
	perPairing := c.Games
	if c.Repeat {
		perPairing = (c.Games + 1) / 2
	}
	return perPairing * c.Rounds
}

// expandConfig replaces -config files by the words they hold.
func expandConfig(args []string, depth int) ([]string, error) {
	var out []string
	for i := 0; i < len(args); i++ {
		if strings.TrimLeft(args[i], "-") != "config" || !strings.HasPrefix(args[i], "-") || i+1 == len(args) {
			out = append(out, args[i])
			continue
		}
		if depth >= maxConfigDepth {
			return nil, errors.New("config files nest too deep")
		}
		i++
		data, err := os.ReadFile(args[i])
		if err != nil {
			return nil, err
		}
		words, err := shlex.Split(string(data))
		if err != nil {
			return nil, fmt.Errorf("-config %s: %w", args[i], err)
		}
		more, err := expandConfig(words, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// notParams are the options that change no result, with how many values
// they take: the batch flags, concurrency, output files and progress.
var notParams = map[string]int{
	"shard": 1, "shards": 1, "procs": 1, "items": 1, "outdir": 1, "run": 1, "dryrun": 0,
	"concurrency": 1, "pgnout": 1, "pgn": 1, "sgfout": 1, "sgf": 1, "ggfout": 1, "ggf": 1,
	"log": 1, "ratinginterval": 1, "progress": 1, "quiet": 0,
}

// batchParams returns the words of a command line that make the match's
// results.
func batchParams(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if n, ok := notParams[strings.TrimLeft(w, "-")]; ok && strings.HasPrefix(w, "-") {
			i += n
			continue
		}
		out = append(out, w)
	}
	return out
}

// batchOutput collects a shard's games item by item for its output.
type batchOutput struct {
	out               *shard.Output
	sgf, ggf, bookLog bool
	// left counts the games of each item still to come; games holds
	// those in.
	left  map[int]int
	games map[int][]outcome
}

// owned returns the jobs of the match's part of a batch job.
func (m *match) owned(jobs []job) []job {
	if m.plan == nil {
		return jobs
	}
	var out []job
	for _, j := range jobs {
		if m.plan.Owns(j.item) {
			out = append(out, j)
		}
	}
	return out
}

// startBatch sets the match up for its plan: the items it owns and, for a
// shard, its output files.
func (m *match) startBatch(b *batchStart) error {
	if b == nil {
		return nil
	}
	m.plan = &b.plan
	if b.plan.Mode != shard.One {
		return nil
	}
	if b.sgf && m.geo == nil {
		return fmt.Errorf("-sgfout needs a game played on squares; %s is not", m.gameName)
	}
	if b.ggf {
		if _, err := grid.GGFBoard(m.game.Start()); err != nil {
			return fmt.Errorf("-ggfout needs a game with a GGF board; %s has none", m.gameName)
		}
	}
	streams := []shard.Stream{{Ext: "pgn"}}
	if b.sgf {
		streams = append(streams, shard.Stream{Ext: "sgf"})
	}
	if b.ggf {
		streams = append(streams, shard.Stream{Ext: "ggf"})
	}
	if b.bookLog {
		// The shard's games go to its output, not to the book's log.
		m.bookLog.Close()
		m.bookLog = nil
		streams = append(streams, shard.Stream{Ext: bookLogExt, Header: []byte(book.LogHeader(m.game))})
	}
	out, err := b.plan.Create(streams...)
	if err != nil {
		return err
	}
	m.batch = &batchOutput{out: out, sgf: b.sgf, ggf: b.ggf, bookLog: b.bookLog, left: map[int]int{}, games: map[int][]outcome{}}
	for _, j := range m.owned(m.schedule()) {
		m.batch.left[j.item]++
	}
	return nil
}

// add takes a finished game; once all of its item's games are in, they go
// to the output in the order of the match.
func (b *batchOutput) add(m *match, o outcome) error {
	i := o.job.item
	b.games[i] = append(b.games[i], o)
	if b.left[i]--; b.left[i] > 0 {
		return nil
	}
	games := b.games[i]
	delete(b.games, i)
	slices.SortFunc(games, func(x, y outcome) int { return x.job.number - y.job.number })
	var pgn, sgf, ggf bytes.Buffer
	var sgfW, ggfW io.Writer
	chunks := [][]byte{nil}
	if b.sgf {
		sgfW = &sgf
	}
	if b.ggf {
		ggfW = &ggf
	}
	for _, g := range games {
		if err := m.records(g, &pgn, sgfW, ggfW); err != nil {
			return err
		}
	}
	chunks[0] = pgn.Bytes()
	if b.sgf {
		chunks = append(chunks, sgf.Bytes())
	}
	if b.ggf {
		chunks = append(chunks, ggf.Bytes())
	}
	if b.bookLog {
		lines, err := m.bookLogLines(games)
		if err != nil {
			return err
		}
		chunks = append(chunks, lines)
	}
	return b.out.Put(i, chunks...)
}

// counts are what a shard's manifest counts beyond the first pairing's
// score: every pairing's results by colour and pairs, and the endings.
type counts struct {
	Pairings []pairingCounts `json:"pairings"`
	Ends     map[string]int  `json:"ends"`
}

// pairingCounts are a pairing's results from its first engine's view: all,
// by the side it played, from the first player's view, and by pairs.
type pairingCounts struct {
	WDL      stats.WDL    `json:"wdl"`
	ByColour [2]stats.WDL `json:"byColour"`
	First    stats.WDL    `json:"first"`
	Penta    stats.Penta  `json:"penta"`
}

// close finishes the shard's output with the match's results, or drops it
// after a failure.
func (b *batchOutput) close(t *tally, failed error) error {
	if failed != nil {
		b.out.Abort()
		return failed
	}
	c := counts{Ends: t.ends}
	for _, s := range t.pairs {
		c.Pairings = append(c.Pairings, pairingCounts{WDL: s.wdl, ByColour: s.byColour, First: s.first, Penta: s.penta})
	}
	first := t.pairs[0]
	score := shard.Score{W: first.wdl.W, D: first.wdl.D, L: first.wdl.L, Penta: first.penta}
	return b.out.Close(&score, c)
}

// Report prints the results of a merged arena run as the match prints its
// own: the score, Elo, LOS, pairs and SPRT lines (the table of a tournament)
// and the endings; for an SPRT, whether to stop or which items to play next.
func Report(man *shard.Manifest, w io.Writer, reg *engines.Registry) error {
	var words []string
	for _, p := range man.Params {
		if !strings.HasPrefix(p, "#") {
			words = append(words, p)
		}
	}
	c, err := parseArgs(words)
	if err != nil {
		return fmt.Errorf("arena: the run's parameters: %w", err)
	}
	_, _, _, g, err := c.lookUpGame(reg)
	if err != nil {
		return err
	}
	m := &match{conf: c, game: g, engines: append([]Engine(nil), c.Engines...)}
	names(m.engines)
	var counts counts
	if err := man.ReadCounts(&counts); err != nil {
		return err
	}
	pairings := m.pairings()
	if len(counts.Pairings) != len(pairings) {
		return fmt.Errorf("arena: the run counts %d pairings, its parameters make %d", len(counts.Pairings), len(pairings))
	}
	t := &tally{m: m, byEngine: make([]stats.WDL, len(m.engines)), ends: counts.Ends}
	for i, p := range pairings {
		pc := counts.Pairings[i]
		t.pairs = append(t.pairs, &score{a: p[0], b: p[1], wdl: pc.WDL, byColour: pc.ByColour, first: pc.First, penta: pc.Penta})
		t.byEngine[p[0]] = t.byEngine[p[0]].Add(pc.WDL)
		t.byEngine[p[1]] = t.byEngine[p[1]].Add(pc.WDL.Flip())
		t.played += pc.WDL.N()
	}
	t.report(w)
	fmt.Fprintf(w, "Finished match: %d games; endings: %s\n", t.played, t.endings())
	if c.BookLearn != "" {
		fmt.Fprintf(w, "Book: the games for %s are in the merge's %s.%s; in %s they are learned by qi book build -book %s\n",
			c.BookLearn, shard.MergedName, bookLogExt, book.LogDir(c.BookLearn), c.BookLearn)
	}
	if c.SPRT != nil && len(t.pairs) == 1 {
		s := t.pairs[0]
		waves(w, c.SPRT.Decide(c.SPRT.LLR(m.sprtCounts(s.wdl, s.penta))), man.Parts, c.items())
	}
	return nil
}

// waves says what an SPRT run in waves does next: stop when the test has
// decided, else play the next items, as many as the last wave had.
func waves(w io.Writer, d stats.Decision, parts []shard.Part, total int) {
	var rs []shard.Range
	for _, p := range parts {
		r := shard.Range{From: p.From, To: p.To}
		if !slices.Contains(rs, r) {
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(a, b shard.Range) int { return a.From - b.From })
	// played is where the items played from 0 on end.
	played := 0
	for _, r := range rs {
		if r.From > played {
			break
		}
		played = max(played, r.To)
	}
	wave := rs[len(rs)-1].Len()
	switch {
	case d != stats.Continue:
		fmt.Fprintf(w, "Waves: stop, %s after items 0:%d\n", d, played)
	case played >= total:
		fmt.Fprintf(w, "Waves: all %d items are played and the SPRT has not decided\n", total)
	default:
		fmt.Fprintf(w, "Waves: no decision after items 0:%d: next -items %d:%d\n", played, played, min(played+wave, total))
	}
}
