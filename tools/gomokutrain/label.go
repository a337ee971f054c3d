// This file holds the labelling of positions by another engine: each
// distinct position of the games is set up on a Gomocup brain's board and
// searched for a fixed time, and the win rate of the evaluation the brain
// reported is written with the position's moves, as `tune -labels` reads
// them. A stronger engine's evaluations label positions better than the
// games' results do.

package gomokutrain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/shlex"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/grid"
	"qi/engines/record"
	"qi/tools/cmdline"
	brain "qi/tools/match/player"
	"qi/tools/shard"
)

// LabelTool is the labelling's name in batch manifests.
const LabelTool = "gomokutrain label"

// labelCounts are a labelling shard's counts, summed by a merge.
type labelCounts struct {
	Labelled int `json:"labelled"`
	Decided  int `json:"decided"` // the brain reported a forced result
	Silent   int `json:"silent"`  // the brain reported no evaluation
}

// ReportLabels prints the counts of a merged labelling.
func ReportLabels(m *shard.Manifest, w io.Writer) error {
	var c labelCounts
	if err := m.ReadCounts(&c); err != nil {
		return err
	}
	fmt.Fprintln(w, c)
	return nil
}

// String says what became of the positions: a position the brain called won or
// lost is labelled only under -decided, and the counts can't tell which run
// it was, so the line says both.
func (c labelCounts) String() string {
	return fmt.Sprintf("%d positions labelled by an evaluation, %d reported won or lost (labelled only with -decided), %d without an evaluation",
		c.Labelled, c.Decided, c.Silent)
}

func runLabel(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gomokutrain label", flag.ContinueOnError)
	engine := fs.String("engine", "", "the brain's command line: its program and arguments, split as a shell would")
	dir := fs.String("dir", "", "the brain's working directory (default: the current one)")
	out := fs.String("o", "", "labels file to write")
	ruleName := fs.String("rule", "freestyle", "rule of the games to label: freestyle, standard, renju or caro")
	size := fs.Int("size", 15, "board side of the games to label")
	from := fs.Int("from", 6, "least stones of a labelled position")
	moveTime := fs.Duration("movetime", 40*time.Millisecond, "the brain's time a position (INFO timeout_turn)")
	evalExpr := fs.String("eval", `Eval (\S+)`, "regular expression matching the brain's MESSAGE lines that carry its evaluation, the evaluation in its first group (the default reads Rapfi's)")
	scale := fs.Float64("scale", 200, "the brain's evaluation units for a factor e in the odds (Rapfi's: 200)")
	block := fs.Int("block", 500, "positions of a batch item")
	decided := fs.Float64("decided", 0, "label the positions the brain reports won with this score, and lost with 1 minus it, instead of leaving them out (0: leave them out)")
	var batch shard.Flags
	batch.Register(fs)
	if err := cmdline.Parse(fs, args, stdout, "usage: qi gomokutrain label -engine CMD [flags] RECORDS...\n"+
		"Label the positions of games with a Gomocup brain's evaluation, for tune -labels.\n"+
		"RECORDS are folders of .psq files and .sgf files (qi arena -sgfout); every distinct\n"+
		"position of their games of the rule and size, from -from stones on, is set up on the\n"+
		"brain's board and searched for -movetime, and written as \"SCORE x,y ...\", SCORE the\n"+
		"win rate 1/(1+exp(-eval/scale)) of the last evaluation the brain reported. Positions it\n"+
		"reports won or lost (an evaluation that is not a number, as +M9) are left out, or\n"+
		"labelled -decided."); err != nil {
		return err
	}
	words, err := shlex.Split(*engine)
	if err != nil || len(words) == 0 {
		return fmt.Errorf("gomokutrain label: -engine needs the brain's command line")
	}
	evalRE, err := regexp.Compile(*evalExpr)
	if err != nil || evalRE.NumSubexp() < 1 {
		return fmt.Errorf("gomokutrain label: -eval %q is not a regular expression with a group", *evalExpr)
	}
	if *moveTime <= 0 || !(*scale > 0) {
		return fmt.Errorf("gomokutrain label: -movetime and -scale must be positive")
	}
	if !(*decided == 0 || *decided > 0.5 && *decided <= 1) {
		return fmt.Errorf("gomokutrain label: -decided wants a score above 0.5 and at most 1, or 0")
	}
	g, err := ruleGame(*ruleName, *size)
	if err != nil {
		return err
	}
	todo, err := positionsOf(fs.Args(), g, *from)
	if err != nil {
		return err
	}
	if len(todo) == 0 {
		return fmt.Errorf("gomokutrain label: no position of a %s %dx%d game", g.Rule(), *size, *size)
	}
	// The positions make the job, wherever the records lie.
	h := sha256.New()
	for _, p := range todo {
		fmt.Fprintln(h, movesText(p))
	}
	params := append(shard.FlagParams(fs, "o", "dir"), "#positions-sha256="+hex.EncodeToString(h.Sum(nil)))
	n := max(*block, 1)
	plan, done, err := batch.Start(shard.Job{Tool: LabelTool, Params: params, Items: (len(todo) + n - 1) / n, Outputs: map[string]string{"txt": *out}},
		[]string{"gomocup", "label"}, args, stdout, stderr, ReportLabels)
	if done || err != nil {
		return err
	}
	if *out == "" && plan.Mode == shard.Whole {
		return fmt.Errorf("gomokutrain label: -o is needed")
	}
	geo, err := grid.Of(g)
	if err != nil {
		return err
	}
	l := &labeller{
		game: g, geo: geo, moveTime: *moveTime, eval: evalRE, scale: *scale,
		spec: brain.Spec{Name: words[0], Cmd: words[0], Args: words[1:], Dir: *dir, Proto: brain.Gomocup},
	}
	l.spec.Log = l.log
	ctx := context.Background()
	defer l.quit()
	var output *shard.Output
	if plan.Mode == shard.One {
		if output, err = plan.Create(shard.Stream{Ext: "txt"}); err != nil {
			return err
		}
	}
	var all bytes.Buffer
	var c labelCounts
	start := time.Now()
	items := plan.Items()
	for i, b := range items {
		if i > 0 && i%20 == 0 {
			fmt.Fprintf(stderr, "%d of %d blocks, %d labelled, %v\n", i, len(items), c.Labelled, time.Since(start).Round(time.Second))
		}
		var chunk bytes.Buffer
		for _, moves := range todo[b*n : min((b+1)*n, len(todo))] {
			v, score, err := l.label(ctx, moves)
			if err != nil {
				if output != nil {
					output.Abort()
				}
				return fmt.Errorf("gomokutrain label: position %s: %w", movesText(moves), err)
			}
			switch v {
			case silent:
				c.Silent++
				continue
			case won, lost:
				c.Decided++
				if *decided == 0 {
					continue
				}
				score = *decided
				if v == lost {
					score = 1 - score
				}
			default:
				c.Labelled++
			}
			fmt.Fprintf(&chunk, "%.4f %s\n", score, movesText(moves))
		}
		if output != nil {
			if err := output.Put(b, chunk.Bytes()); err != nil {
				output.Abort()
				return err
			}
		} else {
			all.Write(chunk.Bytes())
		}
	}
	if output != nil {
		err = output.Close(nil, c)
	} else {
		err = os.WriteFile(*out, all.Bytes(), 0o666)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%v, in %v\n", c, time.Since(start).Round(time.Second))
	return nil
}

// positionsOf returns the distinct positions (by their stones) of the games
// of g's rule and size in the records, as move lists from the empty board,
// with at least from stones and the game not yet over, in the records'
// order.
func positionsOf(paths []string, g *gomoku.Game, from int) ([][][2]int, error) {
	var games [][][2]int
	err := record.WalkGomoku(paths, func(r record.GomokuGame) error {
		if r.Rule == g.Rule() && r.W == g.Width() && r.H == g.Height() {
			games = append(games, r.Moves)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{}
	var out [][][2]int
	for _, moves := range games {
		p := g.NewPosition()
		for k, xy := range moves {
			if p.Result() != engines.None {
				break
			}
			if k >= from && !seen[p.Hash()] {
				seen[p.Hash()] = true
				out = append(out, moves[:k:k])
			}
			m, err := g.Move(xy[0], xy[1])
			if err == nil {
				err = p.Legal(m)
			}
			if err != nil {
				break // an illegal ending: the moves before it count
			}
			p.Play(m)
		}
	}
	return out, nil
}

// movesText writes moves as the labels file does: x,y separated by spaces.
func movesText(moves [][2]int) string {
	parts := make([]string, len(moves))
	for i, xy := range moves {
		parts[i] = strconv.Itoa(xy[0]) + "," + strconv.Itoa(xy[1])
	}
	return strings.Join(parts, " ")
}

// labeller asks one brain for its evaluations.
type labeller struct {
	game     *gomoku.Game
	geo      grid.Geometry
	spec     brain.Spec
	p        brain.Player
	moveTime time.Duration
	eval     *regexp.Regexp
	scale    float64
	// last is the evaluation of the brain's last MESSAGE line that had
	// one; the brain's lines are logged in the goroutine that reads them,
	// label's.
	last string
}

// log is the brain's log: it keeps the evaluations of its messages.
func (l *labeller) log(dir byte, line string) {
	if dir != '>' {
		return
	}
	if f := strings.Fields(line); len(f) > 0 && strings.EqualFold(f[0], "MESSAGE") {
		if m := l.eval.FindStringSubmatch(line); m != nil {
			l.last = m[1]
		}
	}
}

// verdict is what a brain's search of a position said.
type verdict int

const (
	evaluated verdict = iota // an evaluation: a win rate
	won                      // a forced win for the side to move (+M9)
	lost                     // a forced loss (-M9)
	silent                   // no evaluation at all
)

// label searches the position of moves with the brain and returns its
// verdict, with the win rate of its evaluation when evaluated. A brain that
// fails (it died or stalled) is started again for one more try.
func (l *labeller) label(ctx context.Context, moves [][2]int) (v verdict, score float64, err error) {
	for try := 0; ; try++ {
		v, score, err = l.ask(ctx, moves)
		if err == nil || ctx.Err() != nil || try == 1 {
			return v, score, err
		}
		l.quit()
	}
}

// ask is one try of label, with the brain started when none runs.
func (l *labeller) ask(ctx context.Context, moves [][2]int) (verdict, float64, error) {
	if l.p == nil || !l.p.Alive() {
		l.p = brain.New(l.spec)
		if err := l.p.Start(ctx); err != nil {
			return silent, 0, err
		}
	}
	pos := l.game.NewPosition()
	squares := make([]string, len(moves))
	for i, xy := range moves {
		m, err := l.game.Move(xy[0], xy[1])
		if err != nil {
			return silent, 0, err
		}
		pos.Play(m)
		squares[i] = l.geo.Square(xy[0], xy[1])
	}
	tc := brain.TimeControl{MoveTime: l.moveTime}
	// A new game each time: the brain's board then comes whole (BOARD),
	// not as the move after its own reply, which is not the game's.
	s := &brain.Setup{
		GameName: "gomoku", Variant: "gomoku", Config: engines.Config{BoardSize: l.game.Width(), Rule: l.game.Rule().String()},
		Start: l.game.NewPosition(), Geometry: &l.geo, Side: pos.SideToMove(), TC: [2]brain.TimeControl{tc, tc},
		MoveTimeout: l.moveTime,
	}
	if err := l.p.NewGame(ctx, s); err != nil {
		return silent, 0, err
	}
	l.last = ""
	// The deadline leaves the brain its time and then some: labelling is
	// not a game, and a late answer is still an answer.
	t := &brain.Turn{Pos: pos, Moves: squares, Deadline: time.Now().Add(4*l.moveTime + 5*time.Second)}
	if _, err := l.p.Move(ctx, t); err != nil {
		return silent, 0, err
	}
	e, err := strconv.ParseFloat(l.last, 64)
	switch {
	case l.last == "":
		return silent, 0, nil
	case err != nil || math.IsNaN(e) || math.IsInf(e, 0):
		// Not a number: a forced result, whose sign says whose (Rapfi's
		// -M9 is a loss).
		if strings.HasPrefix(l.last, "-") {
			return lost, 0, nil
		}
		return won, 0, nil
	}
	return evaluated, 1 / (1 + math.Exp(-e/l.scale)), nil
}

// quit ends the brain, if one runs.
func (l *labeller) quit() {
	if l.p != nil {
		l.p.Quit()
		l.p = nil
	}
}
