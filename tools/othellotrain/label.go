// This file turns games into labelled samples: the WTHOR games labelled by
// their theoretical score and by exact solves near the end, and any samples
// relabelled by deeper searches, or positions a few random moves off them
// labelled afresh.

package othellotrain

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/othello/pattern"
	"qi/engines/record"
	"qi/tools/cmdline"
	"qi/tools/shard"
)

// solver finds exact scores of 8x8 positions.
type solver struct {
	s engines.Searcher
}

func newSolver(hashMB int) *solver {
	g, _ := othello.New(8)
	return &solver{s: g.NewSearcher(engines.Config{HashMB: hashMB})}
}

// solve returns the exact score of p for the side to move in discs.
func (s *solver) solve(p *othello.Position) int {
	info := s.s.Search(context.Background(), p, engines.Limits{Depth: 64}, nil)
	return int(info.Score) / 100
}

// runWthor reads WTHOR files and writes samples: every position of every game
// that replays legally and reaches the theoretical score's depth, labelled by
// that score (the value of the game's position that many empties before the
// end with perfect play), positions with few empties by exact solves.
func runWthor(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain wthor", flag.ContinueOnError)
	out := fs.String("o", "", "sample file to write")
	solveEmpties := fs.Int("solve", 14, "solve positions with at most this many empties exactly")
	hash := fs.Int("hash", 64, "solver hash table size in MiB")
	limit := fs.Int("games", 0, "read at most this many games (0: all)")
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain wthor -o samples.bin [flags] wthor-dir-or-files...\nRead WTHOR games into labelled samples."); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("usage: othellotrain wthor -o samples.bin [-solve 14] wthor-dir-or-files...")
	}
	games, err := record.ReadWTHOR(fs.Args())
	if err != nil {
		return err
	}
	if *limit > 0 && len(games) > *limit {
		games = games[:*limit]
	}
	sv := newSolver(*hash)
	var samples []sample
	start := time.Now()
	used, solved := 0, 0
	for gi, g := range games {
		var positions []*othello.Position
		if _, err := g.Replay(func(p *othello.Position) { positions = append(positions, p.Root()) }); err != nil {
			continue
		}
		last := positions[len(positions)-1]
		if last.Empties() > g.TheoryDepth && last.Result() == engines.None {
			continue
		}
		used++
		theory := 2*g.TheoryBlack - 64
		for _, p := range positions {
			var label int
			switch {
			case p.Result() != engines.None:
				label = p.FinalScore()
				if p.SideToMove() == engines.P2 {
					label = -label
				}
			case p.Empties() <= *solveEmpties:
				label = sv.solve(p)
				solved++
			default:
				label = theory
				if p.SideToMove() == engines.P2 {
					label = -label
				}
			}
			samples = append(samples, sampleOf(p, 100*label, gi))
		}
		if gi%5000 == 0 {
			fmt.Fprintf(stderr, "game %d/%d: %d samples, %d solved, %v\n", gi, len(games), len(samples), solved, time.Since(start).Round(time.Second))
		}
	}
	if err := writeSamples(*out, 8, samples); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games of %d used, %d samples (%d solved) in %v\n", used, len(games), len(samples), solved, time.Since(start).Round(time.Second))
	return nil
}

// runLabel relabels samples by searching each position to a depth with some
// weights, solving exactly from some empties on. With -walk it labels
// positions a few random moves off the samples' instead: a search meets such
// positions at its leaves, and the games alone never show them.
func runLabel(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("othellotrain label", flag.ContinueOnError)
	in := fs.String("i", "", "sample file to read")
	out := fs.String("o", "", "sample file to write")
	depth := fs.Int("depth", 6, "search depth")
	weights := fs.String("weights", "", "weight file to search with (default: the embedded weights)")
	every := fs.Int("every", 1, "keep one sample in this many")
	mix := fs.Float64("mix", 1, "label = mix*search + (1-mix)*old label")
	hash := fs.Int("hash", 16, "hash table size in MiB")
	blockSize := fs.Int("block", 1000, "samples of a batch item (the search tables are cleared before each)")
	walk := fs.Int("walk", 0, "first play 0 to this many random moves from each position, as a search's leaves lie off the game")
	seed := fs.Uint64("seed", 1, "random seed of -walk")
	var span emptiesSpan
	fs.Var(&span, "empties", "label and keep only the positions with `lo:hi` empties (after -walk)")
	var batch shard.Flags
	batch.Register(fs)
	if err := cmdline.Parse(fs, args, stdout, "usage: qi othellotrain label -i in.bin -o out.bin [flags]\nRelabel samples by searching each position."); err != nil {
		return err
	}
	block := max(*blockSize, 1)
	usage := fmt.Errorf("usage: othellotrain label -i in.bin -o out.bin [-depth 6] [-weights w.bin]")
	if *in == "" {
		return usage
	}
	if *walk > 0 && *mix != 1 {
		return fmt.Errorf("othellotrain label: -walk labels new positions, which have no old label to -mix with")
	}
	n, samples, err := readSamples(*in)
	if err != nil {
		return err
	}
	// The input's content makes the job, wherever it lies.
	params := shard.FlagParams(fs, "i", "o")
	for _, f := range [][2]string{{"i", *in}, {"weights", *weights}} {
		if f[1] != "" {
			p, err := shard.FileParam(f[0], f[1])
			if err != nil {
				return err
			}
			params = append(params, p)
		}
	}
	// The samples to label, one in every, go in blocks: the items. The
	// search tables are cleared before each, so that a label does not
	// depend on the shard that searched the samples before it.
	var todo []int
	for i := 0; i < len(samples); i += max(*every, 1) {
		todo = append(todo, i)
	}
	plan, done, err := batch.Start(shard.Job{Tool: LabelTool, Params: params, Items: (len(todo) + block - 1) / block, Outputs: map[string]string{"smp": *out}},
		[]string{"othellotrain", "label"}, args, stdout, stderr, Report)
	if done || err != nil {
		return err
	}
	if *out == "" && plan.Mode == shard.Whole {
		return usage
	}
	w, err := loadWeights(*weights, n)
	if err != nil {
		return err
	}
	g, err := othello.New(n)
	if err != nil {
		return err
	}
	s := g.NewWeightedSearcher(engines.Config{HashMB: *hash}, w)
	var output *shard.Output
	if plan.Mode == shard.One {
		if output, err = plan.Create(sampleStream(n)); err != nil {
			return err
		}
	}
	var kept []sample
	labelled, read := 0, 0
	start := time.Now()
	for _, b := range plan.Items() {
		s.Clear()
		var part []sample
		items := todo[b*block : min((b+1)*block, len(todo))]
		for _, i := range items {
			sm := samples[i]
			if *walk > 0 {
				sm = walked(sm, n, *walk, rand.New(rand.NewPCG(shard.Seed(*seed, i), 13)))
			}
			if !span.has(sm.empties(n)) {
				continue
			}
			if p := sm.position(n); p.Result() == engines.None {
				info := s.Search(context.Background(), p, engines.Limits{Depth: *depth}, nil)
				v := *mix*float64(info.Score) + (1-*mix)*float64(sm.label)
				sm.label = int16(max(min(v, 6400), -6400))
			}
			part = append(part, sm)
		}
		labelled += len(part)
		read += len(items)
		if output != nil {
			if err := output.Put(b, sampleChunk(n, part)); err != nil {
				output.Abort()
				return err
			}
		} else {
			kept = append(kept, part...)
		}
		if read%20000 < len(items) {
			fmt.Fprintf(stderr, "%d/%d read, %d labelled, %v\n", read, len(todo), labelled, time.Since(start).Round(time.Second))
		}
	}
	if output != nil {
		err = output.Close(nil, batchCounts{Samples: labelled})
	} else {
		err = writeSamples(*out, n, kept)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d samples labelled at depth %d in %v\n", labelled, *depth, time.Since(start).Round(time.Second))
	return nil
}

// loadWeights reads a weight file for n x n boards; "" means the embedded
// weights, "none" the untrained evaluation (nil).
func loadWeights(path string, n int) (*pattern.Weights, error) {
	switch path {
	case "":
		return pattern.Load(n), nil
	case "none":
		return nil, nil
	}
	set := pattern.For(n)
	if set == nil {
		return nil, fmt.Errorf("no feature set for %dx%d", n, n)
	}
	return readWeightsFile(path, set)
}

// walked returns the sample's position after 0 to k random moves (fewer when
// the game ends), labelled by its final score if the game is over, else 0:
// the label is searched afresh.
func walked(sm sample, n, k int, rng *rand.Rand) sample {
	p := sm.position(n)
	var buf []engines.Move
	for range rng.IntN(k + 1) {
		ms := p.LegalMoves(buf[:0])
		if len(ms) == 0 {
			break
		}
		p.Play(ms[rng.IntN(len(ms))])
	}
	label := 0
	if p.Over() {
		label = 100 * p.FinalScore()
		if p.SideToMove() == engines.P2 {
			label = -label
		}
	}
	return sampleOf(p, label, int(sm.game))
}

// emptiesSpan is a range of empties, lo:hi both included; a span never set
// holds them all.
type emptiesSpan struct {
	lo, hi int
	set    bool
}

func (e *emptiesSpan) String() string {
	if !e.set {
		return ""
	}
	return fmt.Sprintf("%d:%d", e.lo, e.hi)
}

func (e *emptiesSpan) Set(v string) error {
	var lo, hi int
	var rest string
	if n, _ := fmt.Sscanf(v, "%d:%d%s", &lo, &hi, &rest); n != 2 || lo < 0 || hi < lo {
		return fmt.Errorf("want lo:hi, 0 <= lo <= hi")
	}
	*e = emptiesSpan{lo: lo, hi: hi, set: true}
	return nil
}

func (e *emptiesSpan) has(empties int) bool {
	return !e.set || empties >= e.lo && empties <= e.hi
}
