// This file holds the subcommands of `qi book`.

package booktool

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bk "qi/book"
	"qi/engines"
	"qi/tools/progress"
)

func buildFlags(t *tool) func() error {
	t.bookFlags()
	t.searchFlags()
	t.batchFlags()
	minCount := t.fs.Int("min", 2, "positions that occur fewer times in the records are left out")
	deviation := t.fs.Float64("deviation", 0, "when folding the game logs: search the best move outside the book where it is within this of the book's best, in the game's units (negative: never)")
	noLogs := t.fs.Bool("nologs", false, "do not fold the game logs in")
	anyRule := t.fs.Bool("anyrule", false, "gomoku: read the games of every rule on the book's board, replayed under the book's rule (a freestyle book from standard games)")
	return func() error {
		b, err := t.openBook(true, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		start, before := time.Now(), b.Len()
		fmt.Fprintf(t.stdout, "book %s: %s, level %d, plies %d, %d positions\n", t.path, b.Describe(), b.Level(), b.Plies(), before)
		if len(t.fs.Args()) > 0 {
			if shardDone, err := t.buildFromRecords(b, t.fs.Args(), *minCount, *anyRule); err != nil || shardDone {
				return err
			}
		}
		if len(t.fs.Args()) == 0 {
			if f := t.batchFlagSet(); f != "" {
				return fmt.Errorf("book build: -%s: a batch job splits the search of records, and there are none", f)
			}
		}
		t.batchDone = true // the plans of the logs are searched here
		added := 0
		if !*noLogs {
			if added, err = t.fold(b, units(*deviation)); err != nil {
				return err
			}
		}
		// The records' plan searched the leaves its positions made stale;
		// the positions learned from the logs may have made others so.
		if err := t.settle(b, added == 0); err != nil {
			return err
		}
		fmt.Fprintf(t.stdout, "built in %s: %d positions, %d new\n", since(start), b.Len(), b.Len()-before)
		return nil
	}
}

// buildFromRecords counts the records' positions, then searches those that
// occur often enough.
func (t *tool) buildFromRecords(b *bk.Book, paths []string, minCount int, anyRule bool) (shardDone bool, err error) {
	rs := newRecords(t.reg, b.Game())
	rs.anyRule = anyRule
	files, err := rs.files(paths)
	if err != nil {
		return false, err
	}
	c := bk.NewCounter(b.Game(), b.Plies())
	pr := progress.NewBar(t.stderr, t.progress, "reading", "files", int64(len(files)))
	start := time.Now()
	for i, f := range files {
		err := rs.readFile(f, func(gm bk.Game) error {
			if err := c.Add(gm); err != nil {
				rs.skip("illegal move", fmt.Sprintf("%s: %v", f, err))
			}
			return nil
		})
		if err != nil {
			return false, err
		}
		pr.Set(int64(i + 1))
		if err := t.ctx.Err(); err != nil {
			return false, err
		}
	}
	pr.Finish()
	fmt.Fprintf(t.stdout, "read %d games from %d files in %s:%s\n", c.Games(), len(files), since(start), countsText(rs.read))
	if len(rs.skipped) > 0 || c.Skipped > 0 {
		fmt.Fprintf(t.stdout, "left out:%s\n", countsText(rs.skipped))
		for _, b := range rs.bad {
			fmt.Fprintf(t.stdout, "  %s\n", b)
		}
	}
	p, err := c.Plan(b, minCount)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(t.stdout, "%d positions in the first %d plies, %d new ones occur at least %d times; %d positions to search\n",
		c.Positions(), b.Plies(), p.NewPositions(), minCount, p.Len())
	return t.runPlan(b, p, "searching", planJournal)
}

// countsText writes counts by name, largest first.
func countsText(m map[string]int) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	var sb strings.Builder
	for i, n := range names {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, " %d %s", m[n], n)
	}
	return sb.String()
}

// fold folds the book's game logs in, saving now and then so that a kill
// loses little, and returns how many positions it added.
func (t *tool) fold(b *bk.Book, deviation engines.Score) (int, error) {
	dir := bk.LogDir(t.path)
	files, size, err := b.PendingLogs(dir)
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	if len(files) == 0 {
		return 0, nil
	}
	pr := progress.NewBar(t.stderr, t.progress, "learning", "bytes", size)
	start, saved := time.Now(), time.Now()
	var saveErr error
	st, err := b.Fold(t.ctx, bk.NewScorer(b.Game(), b.Level(), t.selective), dir, deviation, func(done, total int64) {
		pr.Set(done)
		if time.Since(saved) > 5*time.Minute && saveErr == nil {
			saveErr = b.Save(t.path)
			saved = time.Now()
		}
	})
	pr.Finish()
	if err == nil {
		err = saveErr
	}
	if err != nil {
		return 0, t.interrupted(err, "while folding the game logs (the games are still in the logs)")
	}
	fmt.Fprintf(t.stdout, "folded %d game logs in %s: %d games learned, %d of random moves skipped; %d positions added (%d deviations), %d leaves searched again\n",
		st.Logs, since(start), st.Games, st.Skipped, st.Added, st.Deviations, st.Rescored)
	for _, bad := range st.Bad {
		fmt.Fprintf(t.stdout, "  left out: %s\n", bad)
	}
	return st.Added, nil
}

func deviateFlags(t *tool) func() error {
	t.bookFlags()
	t.searchFlags()
	perMove := t.fs.Float64("error", 2, "the most a move may lose against the best, in the game's units (othello: discs)")
	cumulative := t.fs.Float64("cumulative", 6, "the most the moves of a line may lose together")
	rounds := t.fs.Int("rounds", 0, "rounds at most (0: until no position is left within the errors)")
	t.batchFlags()
	return func() error {
		b, err := t.openBook(true, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		opt := bk.DeviateOptions{PerMove: units(*perMove), Cumulative: units(*cumulative), Plies: b.Plies()}
		start, before := time.Now(), b.Len()
		if added, err := b.AddStart(t.ctx, bk.NewScorer(b.Game(), b.Level(), t.selective)); err != nil {
			return t.interrupted(err, "searching the start")
		} else if added {
			fmt.Fprintln(t.stdout, "the start position joins the book")
		}
		for round := 1; *rounds == 0 || round <= *rounds; round++ {
			roots, err := t.negamax(b)
			if err != nil {
				return err
			}
			p, err := b.DeviationPlan(t.ctx, roots, opt)
			if err != nil {
				return err
			}
			if p.Len() == 0 {
				fmt.Fprintln(t.stdout, "no leaf is left within the errors")
				break
			}
			fmt.Fprintf(t.stdout, "round %d: %d new positions, %d leaves to search again\n", round, p.NewPositions(), p.Len()-p.NewPositions())
			if shardDone, err := t.runPlan(b, p, fmt.Sprintf("round %d", round), planJournal); err != nil || shardDone {
				return err
			}
			if _, err := t.negamax(b); err != nil {
				return err
			}
			if err := t.finish(b); err != nil {
				return err
			}
		}
		fmt.Fprintf(t.stdout, "deviations in %s: %d positions, %d new\n", since(start), b.Len(), b.Len()-before)
		return nil
	}
}

func learnFlags(t *tool) func() error {
	t.bookFlags()
	t.searchFlags()
	deviation := t.fs.Float64("deviation", 0, "search the best move outside the book where it is within this of the book's best, in the game's units (negative: never)")
	return func() error {
		if len(t.fs.Args()) == 0 {
			return fmt.Errorf("book learn: name the records to learn")
		}
		b, err := t.openBook(true, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		rs := newRecords(t.reg, b.Game())
		files, err := rs.files(t.fs.Args())
		if err != nil {
			return err
		}
		n := 0
		for _, f := range files {
			err := rs.readFile(f, func(gm bk.Game) error {
				n++
				return b.Record(gm)
			})
			if err != nil {
				return err
			}
		}
		fmt.Fprintf(t.stdout, "%d games written to the game log in %s\n", n, bk.LogDir(t.path))
		if _, err := t.fold(b, units(*deviation)); err != nil {
			return err
		}
		return t.settle(b, false)
	}
}

func mergeFlags(t *tool) func() error {
	t.bookFlags()
	t.searchFlags()
	noSearch := t.fs.Bool("nosearch", false, "leave the leaves that became book positions as they are (they are searched at the next build)")
	return func() error {
		others := t.fs.Args()
		if len(others) == 0 {
			return fmt.Errorf("book merge: name the books to merge into %s", t.path)
		}
		var game engines.Game
		name, setting, err := bk.Identify(others[0])
		if err != nil {
			return err
		}
		if game, err = gameFor(t.reg, name, setting); err != nil {
			return err
		}
		b, err := t.openBook(true, game)
		if err != nil {
			return err
		}
		defer b.Close()
		for _, path := range others {
			o, err := bk.Open(path, b.Game())
			if err != nil {
				return err
			}
			n, err := b.Merge(o)
			o.Close()
			if err != nil {
				return err
			}
			fmt.Fprintf(t.stdout, "merged %d positions of %s\n", n, path)
		}
		return t.settle(b, *noSearch)
	}
}

// settle searches the leaves that became book positions (unless
// noSearch: a merge's, an import's, or those of positions learned that
// another position's leaf led to), values the book and saves it.
func (t *tool) settle(b *bk.Book, noSearch bool) error {
	if !noSearch {
		p, err := b.StalePlan()
		if err != nil {
			return err
		}
		if p.Len() > 0 {
			fmt.Fprintf(t.stdout, "%d leaves to search again\n", p.Len())
			if _, err := t.runPlan(b, p, "searching leaves", leafJournal); err != nil {
				return err
			}
		}
	}
	if _, err := t.negamax(b); err != nil {
		return err
	}
	return t.finish(b)
}

func showFlags(t *tool) func() error {
	t.fs.StringVar(&t.path, "book", "", "the book file (required)")
	moves := t.fs.String("moves", "", "moves played from the position, separated by spaces")
	return func() error {
		b, err := t.openBook(false, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		g := b.Game()
		pos := g.Start()
		if text := strings.Join(t.fs.Args(), " "); text != "" {
			if pos, err = g.Parse(text); err != nil {
				return err
			}
		}
		if pos, err = engines.PlayAll(pos, strings.Fields(*moves)); err != nil {
			return err
		}
		fmt.Fprintf(t.stdout, "%s\n%s", pos.Text(), pos.String())
		cands := b.Probe(pos)
		if cands == nil {
			fmt.Fprintf(t.stdout, "not in the book (%s, %d positions)\n", b.Describe(), b.Len())
			return nil
		}
		key, _ := b.Key(pos)
		e, _ := b.Lookup(key)
		exact := ""
		if e.Exact {
			exact = ", exact"
		}
		fmt.Fprintf(t.stdout, "in the book: value %s (depth %d%s), %d games: %d won, %d drawn, %d lost by the side to move\n",
			score(e.Value), e.Level, exact, e.Games(), e.Wins, e.Draws, e.Losses)
		fmt.Fprintf(t.stdout, "%-8s %8s %6s %8s %8s %8s %8s\n", "move", "value", "depth", "games", "won", "drawn", "lost")
		for _, c := range cands {
			depth := fmt.Sprint(c.Level)
			if c.Exact {
				depth = "exact"
			}
			mv := pos.MoveText(c.Move)
			if c.Leaf {
				fmt.Fprintf(t.stdout, "%-8s %8s %6s %8s   (the best move outside the book)\n", mv, score(c.Value), depth, "-")
				continue
			}
			fmt.Fprintf(t.stdout, "%-8s %8s %6s %8d %8d %8d %8d\n", mv, score(c.Value), depth, c.Games(), c.Wins, c.Draws, c.Losses)
		}
		return nil
	}
}

func statsFlags(t *tool) func() error {
	t.fs.StringVar(&t.path, "book", "", "the book file (required)")
	return func() error {
		b, err := t.openBook(false, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		st := b.Stats()
		fi, err := os.Stat(t.path)
		if err != nil {
			return err
		}
		fmt.Fprintf(t.stdout, "%s: a book of %s, level %d, plies %d\n", t.path, b.Describe(), b.Level(), b.Plies())
		if st.Positions == 0 {
			fmt.Fprintf(t.stdout, "positions  0 (%s: the header alone)\n", sizeText(fi.Size()))
		} else {
			fmt.Fprintf(t.stdout, "positions  %d (%s, %.0f bytes a position)\n", st.Positions, sizeText(fi.Size()), float64(fi.Size())/float64(st.Positions))
		}
		fmt.Fprintf(t.stdout, "exact      %d\n", st.Exact)
		fmt.Fprintf(t.stdout, "leaves     %d\n", st.Leaves)
		fmt.Fprintf(t.stdout, "games      %d through the start\n", st.StartGames)
		levels := make([]int, 0, len(st.ByLevel))
		for l := range st.ByLevel {
			levels = append(levels, l)
		}
		slices.Sort(levels)
		for _, l := range levels {
			fmt.Fprintf(t.stdout, "depth %3d  %d\n", l, st.ByLevel[l])
		}
		files, size, err := b.PendingLogs(bk.LogDir(t.path))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		if len(files) > 0 {
			fmt.Fprintf(t.stdout, "to fold    %s in %d game logs (qi book build folds them)\n", sizeText(size), len(files))
		}
		return nil
	}
}

func exportFlags(t *tool) func() error {
	t.fs.StringVar(&t.path, "book", "", "the book file (required)")
	out := t.fs.String("o", "", "the file to write (default: standard output; a library needs a file)")
	format := t.fs.String("format", "", "text (one position a line) or lib (a RenLib library of a gomoku 15x15 book's tree from the empty board); default: lib when -o ends in .lib, else text")
	return func() error {
		lib, err := exportFormat(*format, *out)
		if err != nil {
			return err
		}
		b, err := t.openBook(false, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		if lib {
			return t.exportLib(b, *out)
		}
		if *out == "" {
			return b.Export(t.stdout)
		}
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		if err := b.Export(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
}

// exportFormat says whether an export writes a RenLib library.
func exportFormat(format, out string) (lib bool, err error) {
	switch format {
	case "":
		return strings.EqualFold(filepath.Ext(out), ".lib"), nil
	case "text":
		return false, nil
	case "lib":
		if out == "" {
			return false, fmt.Errorf("book export: a RenLib library is a binary file: name it with -o")
		}
		return true, nil
	}
	return false, fmt.Errorf("book export: -format is text or lib, not %q", format)
}

func importFlags(t *tool) func() error {
	t.bookFlags()
	t.searchFlags()
	noSearch := t.fs.Bool("nosearch", false, "text: leave the leaves that became book positions as they are (a library's positions are always searched: it holds no values)")
	format := t.fs.String("format", "", "the files' format: text (qi book export's) or lib (RenLib's libraries); default: lib for a file whose name ends in .lib or that starts with RenLib's header, else text")
	return func() error {
		files := t.fs.Args()
		if len(files) == 0 {
			return fmt.Errorf("book import: name the files to read")
		}
		var texts []string
		var libs []libFile
		for _, path := range files {
			isLib := *format == "lib"
			switch *format {
			case "":
				var err error
				if isLib, err = isLibFile(path); err != nil {
					return err
				}
			case "lib", "text":
			default:
				return fmt.Errorf("book import: -format is text or lib, not %q", *format)
			}
			if !isLib {
				texts = append(texts, path)
				continue
			}
			// Every library is read whole before the book changes, so that
			// a damaged one leaves the book as it was.
			l, err := readLib(path)
			if err != nil {
				return err
			}
			libs = append(libs, l)
		}
		if len(libs) > 0 && *noSearch {
			return fmt.Errorf("book import: -nosearch: a RenLib library holds no values, so its positions are searched")
		}
		var game engines.Game
		var err error
		if len(texts) > 0 {
			game, err = textGame(t, texts[0])
		} else {
			game, err = libGame(t)
		}
		if err != nil {
			return err
		}
		b, err := t.openBook(true, game)
		if err != nil {
			return err
		}
		defer b.Close()
		if len(libs) > 0 {
			if _, err := libBoard(b); err != nil {
				return err
			}
		}
		for _, path := range texts {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			n, err := b.Import(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			fmt.Fprintf(t.stdout, "read %d positions from %s\n", n, path)
		}
		if len(libs) > 0 {
			if err := t.importLibs(b, libs); err != nil {
				return err
			}
		}
		// A library's plan searched the leaves its positions made stale;
		// a text's positions leave theirs to this.
		return t.settle(b, *noSearch || len(texts) == 0)
	}
}

// textGame returns the game a text export names on its first line, when
// the flags name none.
func textGame(t *tool, path string) (engines.Game, error) {
	if t.game != "" {
		return t.reg.New(t.game, engines.Config{BoardSize: t.size, Rule: t.rule})
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	first, _, _ := strings.Cut(string(data), "\n")
	desc, ok := strings.CutPrefix(first, "# qi book ")
	desc, _, _ = strings.Cut(desc, ":")
	name, setting, _ := strings.Cut(desc, " ")
	if !ok || name == "" {
		return nil, fmt.Errorf("%s does not name its game on its first line: give -game", path)
	}
	return gameFor(t.reg, name, setting)
}
