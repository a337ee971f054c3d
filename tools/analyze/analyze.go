// Package analyze is the `qi analyze` tool: it finds where a finished game
// was lost, as Edax, NTest and Yixin analyse a game record. For every move
// of every game of the records given (PGN, SGF, GGF, WTHOR, Gomocup's psq)
// it searches the position before the move for the engine's best move and
// its value, searches the move played at the same limits, and calls the
// difference the move's loss; losses past a game's thresholds mark
// inaccuracies (?!), mistakes (?) and blunders (??). It writes a table per
// game with each side's average loss and marks, or JSON, and the record
// annotated in its own format; the games of a file are the items of a
// batch job (tools/shard).
package analyze

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/record"
	"qi/tools/cmdline"
	"qi/tools/progress"
	"qi/tools/shard"
)

const usage = `usage: qi analyze [flags] record... (- for standard input)
Analyse finished games: for each move, the engine's best move and value in
the position before it, the value of the move played at the same limits,
and the loss between them, from the view of the side that moved. Records:
PGN, SGF (gomoku; tic-tac-toe on SZ[3]), GGF and WTHOR (.wtb: othello, its
players named from WTH.JOU beside it), Gomocup .psq; files of several games
too. The game, board and rule come from the record, or from -game, -size
and -rule where it does not say.

Default limits: othello depth 8, solved exactly from 20 empties; gomoku
depth 6; tic-tac-toe and niu jiao qi their full, exact search. Marks by
loss, in the units the table shows (othello discs): othello ?! 2, ? 4, ?? 8;
gomoku 3, 6, 12; tic-tac-toe and niu jiao qi 0.25, 0.50, 1.00 (a result
lost). Letting a forced win go, or walking into a forced loss, is a blunder.

-o FILE writes the records annotated: PGN (.pgn, any game: comments and
NAGs $6 ?!, $2 ?, $4 ??), SGF (.sgf, gomoku and tic-tac-toe: C[] comments
and DO/BM marks) or GGF (.ggf, othello: each move's value in its
evaluation field and the summary in C[]; GGF has no comment on a move).

With -json each game is a line with a JSON object with the fields
  number, source       the game's number in the input (from 1), its file
  game, board_size, rule, event, players (first player first), result
  limits, thresholds   the searches' limits; the losses of the marks
  moves                per move: ply, side, move, opening (not analysed),
                       forced (the only move), value and best_value
                       ({score, text, depth, exact}), best, loss, mark
                       (inaccuracy, mistake, blunder)
  sides                per side: side, player, moves, loss, average_loss,
                       inaccuracies, mistakes, blunders
Scores and losses are in the game's score units: 100 a disc in othello;
+-(1000000-n) for a result forced n plies on. A search of fixed depth or
nodes gives the same analysis in every run and shard; -movetime does not.

` + shard.Usage

// options are the flags of one run.
type options struct {
	set      record.Setting
	depth    int
	nodes    int64
	moveTime time.Duration
	// exact is -exact: othello's exact solves.
	exact    int
	marks    [3]float64
	opening  bool
	hash     int
	json     bool
	out      string
	progress string
}

// profile is the game's profile with the thresholds the flags set.
func (o *options) profile(game string) profile {
	p := profileOf(game)
	for i, t := range []*engines.Score{&p.thresholds.Inaccuracy, &p.thresholds.Mistake, &p.thresholds.Blunder} {
		if o.marks[i] > 0 {
			*t = engines.Score(o.marks[i]*100 + 0.5)
		}
	}
	return p
}

// limitsFor returns the limits of a game's searches: the flags', else the
// game's depth; -exact for a game that solves exactly (othello).
func (o *options) limitsFor(game string) limits {
	p := profileOf(game)
	l := limits{depth: o.depth, nodes: o.nodes, moveTime: o.moveTime}
	if l.depth == 0 && l.nodes == 0 && l.moveTime == 0 {
		l.depth = p.depth
	}
	if p.solves {
		l.exact = o.exact
	}
	return l
}

// Run runs `qi analyze` with args; ctx ends the analysis early (Ctrl-C).
// A record named "-" is read from stdin; the tables (or JSON) go to
// stdout, progress to stderr.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, reg *engines.Registry) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	o := &options{}
	fs.StringVar(&o.set.Game, "game", "", "the game, where the record does not say: tictactoe, niujiao, gomoku, othello (or a variant: renju ...)")
	fs.IntVar(&o.set.BoardSize, "size", 0, "the board, where the record does not say (0: the game's usual)")
	fs.StringVar(&o.set.Rule, "rule", "", "gomoku's rule, where the record does not say: freestyle, standard, renju, caro")
	fs.IntVar(&o.depth, "depth", 0, "search depth of each position (0: the game's default, when neither -nodes nor -movetime is given)")
	fs.Int64Var(&o.nodes, "nodes", 0, "nodes of each search (0: no limit)")
	fs.DurationVar(&o.moveTime, "movetime", 0, "time of each search (0: no limit); the analysis then differs from run to run")
	fs.IntVar(&o.exact, "exact", 20, "othello: solve positions of at most `N` empties exactly (0: none)")
	fs.Float64Var(&o.marks[0], "inaccuracy", 0, "loss from which a move is an inaccuracy (?!), in the units the table shows (0: the game's)")
	fs.Float64Var(&o.marks[1], "mistake", 0, "loss from which a move is a mistake (?) (0: the game's)")
	fs.Float64Var(&o.marks[2], "blunder", 0, "loss from which a move is a blunder (??) (0: the game's)")
	fs.BoolVar(&o.opening, "opening", false, "analyse the opening moves the record marks (book, opening move), passed over otherwise")
	fs.IntVar(&o.hash, "hash", 64, "hash table size in MiB")
	fs.BoolVar(&o.json, "json", false, "one JSON object a game instead of the tables")
	fs.StringVar(&o.out, "o", "", "write the records annotated to `FILE` (.pgn, .sgf or .ggf)")
	fs.StringVar(&o.progress, "progress", progress.Auto, "progress on stderr: bar, lines, off, auto (a bar on a terminal)")
	var batch shard.Flags
	batch.Register(fs)
	files, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	if len(files) == 0 {
		return errors.New("analyze: which records? (qi analyze -h)")
	}

	if slices.Contains(files, "-") {
		// Standard input is read once, by this process: shards, which
		// read their records themselves, cannot share it.
		if p, err := batch.Plan(shard.Job{Tool: Tool, Items: 1}, os.Getenv); err == nil && p.Mode != shard.Whole {
			return errors.New("analyze: standard input cannot be split into shards: give a file")
		}
	}
	inputs, err := readInputs(reg, files, stdin, o.set)
	if err != nil {
		return err
	}
	games := inputs.games
	format, err := o.annotation()
	if err != nil {
		return err
	}
	params := append(shard.FlagParams(fs, "o", "progress"), inputs.params...)
	if format != "" {
		params = append(params, "#annotate="+string(format))
	}
	job := shard.Job{Tool: Tool, Params: params, Items: len(games)}
	if format != "" {
		job.Outputs = map[string]string{string(format): o.out}
	}
	var merged *shard.Manifest
	plan, done, err := batch.Start(job, []string{"analyze"}, args, stdout, stderr,
		func(m *shard.Manifest, _ io.Writer) error { merged = m; return nil })
	switch {
	case err != nil:
		return fmt.Errorf("analyze: %w", err)
	case done && plan.Mode == shard.Local && merged != nil:
		// All the shards ran here: their merge is what one process
		// writes on stdout.
		return writeMerged(plan, merged, o.json, stdout)
	case done:
		return nil
	}
	items := plan.Items()
	for _, j := range items {
		if err := games[j].Err; err != nil {
			return fmt.Errorf("analyze: %s: %w", games[j].Source, err)
		}
		if format != "" {
			if err := canWrite(format, &games[j]); err != nil {
				return fmt.Errorf("analyze: -o %s: %s: %w", o.out, games[j].Source, err)
			}
		}
	}
	return run(ctx, o, plan, games, items, format, stdout, stderr)
}

// Tool is the tool's name in batch manifests.
const Tool = "analyze"

// parseArgs parses the flags, which may come before, between and after the
// records, and returns the records.
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var files []string
	rest := args
	for {
		if err := cmdline.Parse(fs, rest, stdout, usage); err != nil {
			return nil, err
		}
		rest = fs.Args()
		if len(rest) == 0 {
			return files, nil
		}
		files = append(files, rest[0])
		rest = rest[1:]
	}
}

// check refuses flags out of their ranges.
func (o *options) check() error {
	switch {
	case o.depth < 0 || o.nodes < 0 || o.moveTime < 0 || o.exact < 0:
		return errors.New("analyze: -depth, -nodes, -movetime and -exact are 0 (none) or more")
	case o.hash < 1:
		return errors.New("analyze: -hash is at least 1 (MiB)")
	case o.marks[0] < 0 || o.marks[1] < 0 || o.marks[2] < 0:
		return errors.New("analyze: -inaccuracy, -mistake and -blunder are losses: 0 (the game's) or more")
	}
	switch o.progress {
	case progress.Auto, progress.BarMode, progress.LinesMode, progress.Off:
	default:
		return fmt.Errorf("analyze: -progress is bar, lines, off or auto, not %q", o.progress)
	}
	return nil
}

// inputs are the games of the records given.
type inputs struct {
	games []record.Replayed
	// params stand for the records' contents in the job's parameters.
	params []string
}

// readInputs reads every game of the records named ("-": stdin).
func readInputs(reg *engines.Registry, files []string, stdin io.Reader, set record.Setting) (inputs, error) {
	var in inputs
	for _, name := range files {
		var data []byte
		var games []record.Replayed
		var err error
		if name == "-" {
			if data, err = io.ReadAll(stdin); err == nil {
				games, err = record.ReadGames(reg, "-", data, set)
			}
		} else {
			if data, err = os.ReadFile(name); err == nil {
				games, err = record.ReadGameFile(reg, name, set)
			}
		}
		if err != nil {
			return in, fmt.Errorf("analyze: %w", err)
		}
		// The records enter the job's parameters by their content: the
		// paths may differ between machines, the games must not.
		sum := sha256.Sum256(data)
		in.params = append(in.params, "#record-sha256="+hex.EncodeToString(sum[:]))
		in.games = append(in.games, games...)
	}
	return in, nil
}

// run analyses the items, writing them (the whole job here) or putting
// them in the shard's output.
func run(ctx context.Context, o *options, plan shard.Plan, games []record.Replayed, items []int, format record.Format, stdout, stderr io.Writer) (err error) {
	var out *shard.Output
	if plan.Mode == shard.One {
		streams := []shard.Stream{{Ext: reportExt(o.json)}}
		if format != "" {
			streams = append(streams, shard.Stream{Ext: string(format)})
		}
		if out, err = plan.Create(streams...); err != nil {
			return err
		}
		defer func() {
			if err != nil {
				// A shard that fails leaves no half output: it is
				// missing until run again.
				out.Abort()
			}
		}()
	}
	total := 0
	for _, j := range items {
		total += len(games[j].Moves)
	}
	bar := progress.NewBar(stderr, o.progress, "analysing", "moves", int64(total))
	done := 0
	a := &analyser{opt: o, searchers: map[string]engines.Searcher{}, step: func() {
		done++
		bar.Set(int64(done))
	}}
	defer a.close()
	start := time.Now()
	tally := newCounts()
	var annotated bytes.Buffer
	for _, j := range items {
		r := &games[j]
		report, rec, err := a.item(ctx, r, j, format, tally)
		if err != nil {
			bar.Finish()
			return fmt.Errorf("analyze: %s: %w", r.Source, err)
		}
		if out != nil {
			chunks := [][]byte{report}
			if format != "" {
				chunks = append(chunks, rec)
			}
			if err := out.Put(j, chunks...); err != nil {
				return err
			}
			continue
		}
		if _, err := stdout.Write(report); err != nil {
			return err
		}
		annotated.Write(rec)
	}
	bar.Finish()
	if out != nil {
		if err := out.Close(nil, tally); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "analysed %s into %s.*\n", count(tally.Games, "game", "games"), filepath.Join(plan.Dir, plan.ID.Name()))
		return nil
	}
	if !o.json {
		writeTotals(tally, stdout)
	}
	if format != "" {
		if err := os.WriteFile(o.out, annotated.Bytes(), 0o666); err != nil {
			return fmt.Errorf("analyze: %w", err)
		}
	}
	fmt.Fprintf(stderr, "analysed %s, %s in %s\n", count(tally.Games, "game", "games"), count(tally.moves(), "move", "moves"),
		time.Since(start).Round(10*time.Millisecond))
	return nil
}

// item analyses game j of the input, counts it and returns its report and
// (with a format) its annotated record.
func (a *analyser) item(ctx context.Context, r *record.Replayed, j int, format record.Format, tally *counts) (report, rec []byte, err error) {
	ga, err := a.game(ctx, r, j+1)
	if err != nil {
		return nil, nil, err
	}
	tally.add(ga)
	if report, err = gameReport(ga, a.opt.json); err != nil {
		return nil, nil, err
	}
	if format != "" {
		if rec, err = annotate(format, r, ga); err != nil {
			return nil, nil, err
		}
	}
	return report, rec, nil
}

// reportExt names the stream of the analyses: the tables or the JSON.
func reportExt(asJSON bool) string {
	if asJSON {
		return "jsonl"
	}
	return "txt"
}

// writeMerged writes on stdout what one process writes of a job that all
// its shards ran here: the merged analyses, then the totals of the tables.
func writeMerged(plan shard.Plan, m *shard.Manifest, asJSON bool, stdout io.Writer) error {
	f, err := os.Open(plan.MergedFile(reportExt(asJSON)))
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.Copy(stdout, f); err != nil {
		return err
	}
	if asJSON {
		return nil
	}
	return Report(m, stdout)
}

// annotation returns the format -o writes, "" for none.
func (o *options) annotation() (record.Format, error) {
	if o.out == "" {
		return "", nil
	}
	switch f := record.Format(strings.TrimPrefix(strings.ToLower(filepath.Ext(o.out)), ".")); f {
	case record.FormatPGN, record.FormatSGF, record.FormatGGF:
		return f, nil
	}
	return "", fmt.Errorf("analyze: -o %s: annotated records are .pgn, .sgf or .ggf", o.out)
}
