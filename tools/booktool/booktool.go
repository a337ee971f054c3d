// Package booktool is `qi book`: building opening books (package qi/book)
// from game records, growing them by deviations, learning games into them,
// merging them, and showing, counting, exporting and importing what they
// hold.
package booktool

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	bk "qi/book"
	"qi/engines"
	"qi/engines/record"
	"qi/tools/progress"
	"qi/tools/shard"
)

// Run runs `qi book <command> [flags] [args]`.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	if len(args) == 0 || isHelp(args[0]) || args[0] == "help" {
		usage(stdout)
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		usage(stderr)
		return fmt.Errorf("book: unknown command %q", args[0])
	}
	t := &tool{ctx: ctx, reg: reg, stdout: stdout, stderr: stderr, name: args[0], args: args[1:]}
	t.fs = flag.NewFlagSet("qi book "+args[0], flag.ContinueOnError)
	t.fs.SetOutput(stderr)
	run := cmd.flags(t)
	t.fs.Usage = func() {
		fmt.Fprintf(t.fs.Output(), "usage: qi book %s %s\n\n%s\n\nflags:\n", args[0], cmd.args, cmd.doc)
		t.fs.PrintDefaults()
	}
	for _, a := range args[1:] {
		if isHelp(a) {
			t.fs.SetOutput(stdout)
			t.fs.Usage()
			return nil
		}
	}
	if err := t.fs.Parse(args[1:]); err != nil {
		return err
	}
	if err := t.checkDepths(); err != nil {
		return err
	}
	return run()
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// command is a subcommand: its arguments and help, and flags, which
// defines its flags on the tool and returns what runs it.
type command struct {
	args, doc string
	flags     func(t *tool) func() error
}

var commands = map[string]command{
	"build": {"-book FILE [flags] [records...]", `Builds the book FILE (creating it, for -game, -size and -rule): the positions
of the records' first -plies plies that occur at least -min times are searched
-level plies deep for their best move outside the book, every game is counted,
the games learned into FILE's game logs (FILE.logs/) are folded in, and the
values go up the tree by negamax. Records: WTHOR .wtb, Gomocup .psq, PGN, GGF,
SGF and game logs (.log), or folders of them. A killed build resumes where it
stopped when run again (FILE.journal keeps its searches).`, buildFlags},
	"deviate": {"-book FILE [flags]", `Grows the book by its own analysis, from the game's start (added if missing)
and every other position the book holds that no other leads to: every move
whose value is within -error of the best, on lines that lose no more than
-cumulative in all, leads to a position that joins the book, searched; rounds
repeat until none is left or -rounds are done. The book is saved after each
round; a killed round resumes.`, deviateFlags},
	"learn": {"-book FILE [flags] records...", `Learns the records' games as qi learns its own: each is written to the book's
game log, then walked from its end, adding the positions missing and searching
the best move outside the book where it might beat the book's (-deviation).`, learnFlags},
	"merge": {"-book FILE [flags] other.book...", `Merges other books into FILE: where both know a position the deeper search
wins, an exact one over any other, and the games add up; leaves that became
book positions are searched again.`, mergeFlags},
	"show": {"-book FILE [-moves \"m1 m2 ...\"] [position]", `Shows the book's moves in a position (the start, a position text, and/or
moves played from it): value for the side to move, depth, games.`, showFlags},
	"stats": {"-book FILE", "Counts what the book holds.", statsFlags},
	"export": {"-book FILE [-format text|lib] [-o out.txt|out.lib]", `Writes the book as text, one position a line; or, for a gomoku 15x15 book, as
a RenLib library (.lib): its tree of book moves from the empty board, each
with its value as a comment.`, exportFlags},
	"import": {"-book FILE [flags] file.txt|file.lib...", `Reads positions written by export into FILE (creating it for the game the
text names), as merge does. A RenLib library (.lib) gives the positions of
its lines, replayed under the book's rule (a new book's: gomoku 15x15 renju,
or -rule), up to -plies: those new to the book are searched -level deep for
their best move outside the book, as build's are, and the values go up the
tree by negamax.`, importFlags},
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: qi book <command> -book FILE [flags] [args]

commands (qi book <command> -h for each):
  build    build a book from game records, fold in the games learned
  deviate  grow a book by its own analysis
  learn    learn games into a book
  merge    merge books
  show     the book's moves in a position
  stats    what a book holds
  export   write a book as text or as a RenLib library
  import   read a book's text or RenLib libraries
`)
}

// tool is one run of a subcommand.
type tool struct {
	ctx            context.Context
	reg            *engines.Registry
	stdout, stderr io.Writer
	name           string
	args           []string
	fs             *flag.FlagSet

	// batch are the batch flags of a command whose first plan a batch job
	// may split (nil for the others), batchDone that the first plan came;
	// results is -results.
	batch     *shard.Flags
	batchDone bool
	results   string

	path, game, rule   string
	size, level, plies int
	threads            int
	selective          bool
	progress           string
}

// bookFlags defines the flags that name the book and its game.
func (t *tool) bookFlags() {
	t.fs.StringVar(&t.path, "book", "", "the book file (required)")
	t.fs.StringVar(&t.game, "game", "", "the game of a new book: othello, gomoku, tictactoe, niujiao")
	t.fs.IntVar(&t.size, "size", 0, "the board of a new book (0: the game's usual)")
	t.fs.StringVar(&t.rule, "rule", "", "gomoku's rule of a new book: freestyle, standard, renju, caro")
	t.fs.StringVar(&t.progress, "progress", "auto", "progress on stderr: bar, lines, off, auto (a bar on a terminal)")
}

// searchFlags defines the flags of searching.
func (t *tool) searchFlags() {
	t.fs.IntVar(&t.level, "level", 0, "depth of the searches (0: the book's; a new book's: 10 othello, 4 gomoku, 20 others)")
	t.fs.IntVar(&t.plies, "plies", 0, "plies from the start that the book holds (0: the book's; a new book's: othello 8x8 to where its level solves exactly, 40 at level 10, other othello boards 30, gomoku 20, others 40)")
	t.fs.IntVar(&t.threads, "threads", 1, "searches at once")
	t.fs.BoolVar(&t.selective, "selective", false, "prune the searches as searches on the clock do (othello's ProbCut): depth 10 in a third of the time, values within about half a disc")
}

// openBook opens the book, or creates it when create is set and it is not
// there, with game (when not nil) or the game the flags name.
func (t *tool) openBook(create bool, game engines.Game) (*bk.Book, error) {
	if t.path == "" {
		return nil, errors.New("book: -book FILE is required")
	}
	name, setting, err := bk.Identify(t.path)
	switch {
	case err == nil:
		g, err := gameFor(t.reg, name, setting)
		if err != nil {
			return nil, err
		}
		if t.game != "" && !strings.EqualFold(t.game, name) {
			return nil, fmt.Errorf("book: %s is a book of %s, not of %s", t.path, name, t.game)
		}
		b, err := bk.Open(t.path, g)
		if err != nil {
			return nil, err
		}
		t.setDepths(b)
		return b, nil
	case !errors.Is(err, fs.ErrNotExist) || !create:
		return nil, err
	}
	if game == nil {
		if t.game == "" {
			return nil, fmt.Errorf("book: %s is not there: name its game with -game (and -size, -rule) to make it", t.path)
		}
		if game, err = t.reg.New(t.game, engines.Config{BoardSize: t.size, Rule: t.rule}); err != nil {
			return nil, err
		}
	}
	b, err := bk.New(game, t.level, t.plies)
	if err != nil {
		return nil, err
	}
	b.SetLogDir(bk.LogDir(t.path))
	return b, nil
}

// setDepths applies -level and -plies to an existing book (checkDepths
// has checked them).
func (t *tool) setDepths(b *bk.Book) {
	if t.level > 0 {
		b.SetLevel(t.level)
	}
	if t.plies > 0 {
		b.SetPlies(t.plies)
	}
}

// checkDepths refuses a -level or -plies out of bounds, rather than taking
// a negative one for the default or searching for ever.
func (t *tool) checkDepths() error {
	if t.level < 0 || t.level > bk.MaxLevel {
		return fmt.Errorf("book: -level wants 1 to %d (0: the book's), not %d", bk.MaxLevel, t.level)
	}
	if t.plies < 0 || t.plies > bk.MaxPlies {
		return fmt.Errorf("book: -plies wants 1 to %d (0: the book's), not %d", bk.MaxPlies, t.plies)
	}
	return nil
}

// gameFor creates the game a book file names: its name, and its setting
// read as a board ("8x8") and a rule.
func gameFor(reg *engines.Registry, name, setting string) (engines.Game, error) {
	var cfg engines.Config
	for _, f := range strings.Fields(setting) {
		w, h, ok := strings.Cut(f, "x")
		n, err1 := strconv.Atoi(w)
		m, err2 := strconv.Atoi(h)
		switch {
		case ok && err1 == nil && err2 == nil && n == m:
			cfg.BoardSize = n
		case ok && err1 == nil && err2 == nil:
			return nil, fmt.Errorf("book: a book of a %s board: qi book reads square boards only", f)
		default:
			cfg.Rule = f
		}
	}
	g, err := reg.New(name, cfg)
	if err != nil {
		return nil, fmt.Errorf("book: a book of %s %s: %w", name, setting, err)
	}
	return g, nil
}

// save saves the book where it was opened, saying so.
func (t *tool) save(b *bk.Book) error {
	start := time.Now()
	if err := b.Save(t.path); err != nil {
		return err
	}
	st, err := os.Stat(t.path)
	if err != nil {
		return err
	}
	fmt.Fprintf(t.stdout, "saved %s: %d positions, %s, in %s\n", t.path, b.Len(), sizeText(st.Size()), since(start))
	return nil
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func since(t time.Time) time.Duration {
	d := time.Since(t)
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

// score writes a value as the records do: hundredths of the game's units,
// or a forced result in moves.
func score(v engines.Score) string {
	if v < -engines.Mate {
		return "?"
	}
	return record.ScoreText(v)
}

// units reads an error given in the game's units ("2" discs, "0.5") as a
// score.
func units(s float64) engines.Score { return engines.Score(s * 100) }

// interrupted explains how to go on after ctx ended a step.
func (t *tool) interrupted(err error, what string) error {
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("book %s: interrupted %s; the searches done are kept: run the same command again to go on", t.name, what)
	}
	return err
}

// The journals beside the book keep the searches of a plan until the book
// is saved: one for the plan of records or deviations, one for the leaves
// searched again after them, so that a build killed in its second plan
// keeps the first one's.
const (
	planJournal = ".journal"
	leafJournal = ".leaves.journal"
)

// runPlan searches a plan's items, keeping them in the journal of suffix
// beside the book, and puts the results into the book. The command's first
// plan may be a batch job's instead (batchPlan): shardDone then says that
// this process searched its shard of it and has nothing left to do.
func (t *tool) runPlan(b *bk.Book, p *bk.Plan, what, suffix string) (shardDone bool, err error) {
	p.Selective = t.selective
	known, shardDone, err := t.batchPlan(b, p)
	if err != nil || shardDone {
		return shardDone, err
	}
	pr := progress.NewBar(t.stderr, t.progress, what, "positions", int64(p.Len()))
	start := time.Now()
	resumed := -1
	results, err := p.Run(t.ctx, b, bk.RunOptions{Threads: t.threads, Journal: t.path + suffix, Known: known, Progress: func(done, total int) {
		if resumed < 0 {
			resumed = done
		}
		pr.Set(int64(done))
	}})
	pr.Finish()
	if err != nil {
		return false, t.interrupted(err, what)
	}
	searched := len(results) - max(resumed, 0)
	el := time.Since(start)
	fmt.Fprintf(t.stdout, "searched %d positions at depth %d in %s (%.1f a second)", searched, b.Level(), since(start), float64(searched)/max(el.Seconds(), 1e-9))
	if resumed > 0 {
		fmt.Fprintf(t.stdout, ", %d more from the journal or a batch run", resumed)
	}
	fmt.Fprintln(t.stdout)
	p.Apply(b, results)
	return false, nil
}

// negamax values the book and says what changed.
func (t *tool) negamax(b *bk.Book) ([]uint64, error) {
	start := time.Now()
	changed, roots, err := b.Negamax(t.ctx)
	if err != nil {
		return nil, t.interrupted(err, "negamax")
	}
	fmt.Fprintf(t.stdout, "negamax: %d values changed in %s\n", changed, since(start))
	return roots, nil
}

// finish saves the book and drops the journals of its searches.
func (t *tool) finish(b *bk.Book) error {
	if err := t.save(b); err != nil {
		return err
	}
	for _, suffix := range []string{planJournal, leafJournal} {
		if err := os.Remove(t.path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
