// This file holds the self-play match: two settings of qi's gomoku engine
// play each of Piskvork's openings with both colours, for A/B checks of the
// engine (not a general match runner: the arena tool is that).

package gomokutrain

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/search"
	"qi/tools/cmdline"
	"qi/tools/shard"
)

// player is one side's setting: a config, engine options, evaluation
// weights and ordering weights (nil: the engine's own).
type player struct {
	name     string
	cfg      engines.Config
	opt      gomoku.Options
	weights  []float64
	order    []float64
	moveTime time.Duration // 0: the match's
}

// parsePlayer reads a setting: comma-separated level=N, hash=MB, baseline,
// movetime=D (its own time per move), weights=FILE (a comma-separated weight
// vector, as tune prints it), order=FILE (an ordering vector, as order
// writes it) and the engine's option names (see gomoku.Options.Set).
func parsePlayer(spec string) (player, error) {
	p := player{name: spec}
	if spec == "" || spec == "default" {
		p.name = "default"
		return p, nil
	}
	for _, f := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(f), "=")
		switch k {
		case "level":
			n, err := strconv.Atoi(v)
			if err != nil {
				return p, fmt.Errorf("bad level %q", v)
			}
			p.cfg.Level = n
		case "hash":
			n, err := strconv.Atoi(v)
			if err != nil {
				return p, fmt.Errorf("bad hash %q", v)
			}
			p.cfg.HashMB = n
		case "baseline":
			p.cfg.Baseline = true
		case "movetime":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return p, fmt.Errorf("bad movetime %q", v)
			}
			p.moveTime = d
		case "weights", "order":
			vec, err := readVector(v)
			if err != nil {
				return p, fmt.Errorf("%s file: %w", k, err)
			}
			if k == "weights" {
				p.weights = vec
			} else {
				p.order = vec
			}
		default:
			if err := p.opt.Set(k, v); err != nil {
				return p, err
			}
		}
	}
	return p, nil
}

func runSelfplay(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomokutrain selfplay", flag.ContinueOnError)
	ruleName := fset.String("rule", "freestyle", "rule: freestyle, standard, renju or caro")
	size := fset.Int("size", 15, "board size")
	games := fset.Int("games", 80, "games (pairs of openings with both colours)")
	moveTime := fset.Duration("movetime", 100*time.Millisecond, "time per move")
	nodes := fset.Int64("nodes", 0, "nodes per move instead of time (0: use -movetime)")
	a := fset.String("a", "default", "player A, settings joined by commas: level=N, hash=MB, movetime=D, weights=FILE, order=FILE, baseline, and the search options "+gomoku.OptionNames())
	b := fset.String("b", "baseline", "player B")
	openingsFile := fset.String("openings", "", "openings file, one a line in Piskvork's offset form (default: Piskvork's 40)")
	verbose := fset.Bool("v", false, "print every game")
	var batch shard.Flags
	batch.Register(fset)
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomokutrain selfplay [flags]\nPlay two settings of qi's gomoku engine against each other."); err != nil {
		return err
	}
	// An item is an opening, played with both colours.
	plan, done, err := batch.Start(shard.Job{Tool: SelfplayTool, Params: shard.FlagParams(fset, "v"), Items: (*games + 1) / 2},
		[]string{"gomocup", "selfplay"}, args, stdout, stderr, Report)
	if done || err != nil {
		return err
	}
	g, err := ruleGame(*ruleName, *size)
	if err != nil {
		return err
	}
	pa, err := parsePlayer(*a)
	if err != nil {
		return err
	}
	pb, err := parsePlayer(*b)
	if err != nil {
		return err
	}
	var output *shard.Output
	if plan.Mode == shard.One {
		if output, err = plan.Create(shard.Stream{Ext: "txt"}); err != nil {
			return err
		}
	}
	openings := gomoku.Openings()
	if *openingsFile != "" {
		data, err := os.ReadFile(*openingsFile)
		if err != nil {
			return err
		}
		if openings, err = gomoku.ParseOpenings(string(data)); err != nil {
			return fmt.Errorf("%s: %w", *openingsFile, err)
		}
		if len(openings) == 0 {
			return fmt.Errorf("%s: no openings", *openingsFile)
		}
	}
	var win, draw, loss int
	var penta [5]int
	var stats [2]searchStats
	start := time.Now()
	for _, j := range plan.Items() {
		var lines bytes.Buffer
		pair := 0.0 // A's points in the opening's games
		for n := 2 * j; n < min(2*j+2, *games); n++ {
			o := openings[j%len(openings)]
			aBlack := n%2 == 0
			res, moves, err := playGame(g, o, pa, pb, aBlack, *moveTime, *nodes, &stats)
			if err != nil {
				return fmt.Errorf("game %d: %w", n+1, err)
			}
			aSide := engines.P1
			if !aBlack {
				aSide = engines.P2
			}
			outcome := "draw"
			switch res {
			case engines.WinFor(aSide):
				win++
				pair++
				outcome = "A wins"
			case engines.WinFor(aSide.Other()):
				loss++
				outcome = "B wins"
			default:
				draw++
				pair += 0.5
			}
			colour := "black"
			if !aBlack {
				colour = "white"
			}
			fmt.Fprintf(&lines, "game %3d: A %s, %s after %d moves: %s\n", n+1, colour, outcome, moves, res)
		}
		if 2*j+1 < *games {
			penta[int(2*pair)]++
		}
		if *verbose {
			stdout.Write(lines.Bytes())
		}
		if output != nil {
			if err := output.Put(j, lines.Bytes()); err != nil {
				output.Abort()
				return err
			}
		}
	}
	if output != nil {
		if err := output.Close(&shard.Score{W: win, D: draw, L: loss, Penta: penta}, nil); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "A %s vs B %s, %s %dx%d, %s in %s\n",
		pa.name, pb.name, g.Rule(), *size, *size, result(win, draw, loss), time.Since(start).Round(time.Second))
	if *verbose {
		for i, who := range []string{"A", "B"} {
			fmt.Fprintf(stdout, "%s: %s\n", who, stats[i])
		}
	}
	return nil
}

// searchStats sums a player's searches: how deep and how fast they went.
type searchStats struct {
	moves, depth int
	nodes        int64
	time         time.Duration
}

func (st searchStats) String() string {
	if st.moves == 0 {
		return "no searches"
	}
	nps := 0.0
	if st.time > 0 {
		nps = float64(st.nodes) / st.time.Seconds()
	}
	return fmt.Sprintf("%d searches, mean depth %.2f, mean nodes %.0f, %.0f nodes/s", st.moves, float64(st.depth)/float64(st.moves), float64(st.nodes)/float64(st.moves), nps)
}

// result writes a match's games, +wins =draws -losses, score and Elo.
func result(win, draw, loss int) string {
	total := win + draw + loss
	if total == 0 {
		return "no games"
	}
	score := (float64(win) + float64(draw)/2) / float64(total)
	return fmt.Sprintf("%d games: +%d =%d -%d, score %.1f%%, %s", total, win, draw, loss, 100*score, elo(win, draw, loss))
}

// playGame plays one game from opening o and returns the result and the
// number of moves.
func playGame(g *gomoku.Game, o gomoku.Opening, pa, pb player, aBlack bool, moveTime time.Duration, nodes int64, stats *[2]searchStats) (engines.Result, int, error) {
	p := g.NewPosition()
	if err := o.Play(p); err != nil {
		return engines.None, 0, err
	}
	ga, err := gameOf(g, pa)
	if err != nil {
		return engines.None, 0, err
	}
	gb, err := gameOf(g, pb)
	if err != nil {
		return engines.None, 0, err
	}
	sa := newSearcher(ga, pa)
	sb := newSearcher(gb, pb)
	// Each player searches its own copy of the game, on its own weights.
	pa2, err := ga.ParsePosition(p.Text())
	if err != nil {
		return engines.None, 0, err
	}
	pb2, err := gb.ParsePosition(p.Text())
	if err != nil {
		return engines.None, 0, err
	}
	for p.Result() == engines.None {
		s, own, mt, st := sb, pb2, pb.moveTime, &stats[1]
		if (p.SideToMove() == engines.P1) == aBlack {
			s, own, mt, st = sa, pa2, pa.moveTime, &stats[0]
		}
		if mt == 0 {
			mt = moveTime
		}
		var lim engines.Limits
		ctx := context.Background()
		cancel := func() {}
		if nodes > 0 {
			lim.Nodes = nodes
		} else {
			lim.MoveTime = mt
			soft, hard := search.Budget(lim, p.SideToMove(), 0, search.Overhead)
			lim.Soft = soft
			ctx, cancel = context.WithTimeout(ctx, hard)
		}
		t0 := time.Now()
		info := s.Search(ctx, own, lim, nil)
		cancel()
		st.moves++
		st.depth += info.Depth
		st.nodes += info.Nodes
		st.time += time.Since(t0)
		m := info.Best()
		if err := p.Legal(m); err != nil {
			return engines.None, p.Plies(), fmt.Errorf("%s played %v in\n%s: %w", p.SideToMove(), m, p, err)
		}
		p.Play(m)
		pa2.Play(m)
		pb2.Play(m)
	}
	return p.Result(), p.Plies(), nil
}

// readVector reads a weights or ordering file (see gomoku.ParseWeights).
func readVector(path string) ([]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := gomoku.ParseWeights(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// gameOf returns g with the player's weights and ordering.
func gameOf(g *gomoku.Game, pl player) (*gomoku.Game, error) {
	var err error
	if pl.weights != nil {
		if g, err = g.WithWeights(pl.weights); err != nil {
			return nil, err
		}
	}
	if pl.order != nil {
		g, err = g.WithOrder(pl.order)
	}
	return g, err
}

func newSearcher(g *gomoku.Game, pl player) engines.Searcher {
	if pl.cfg.Baseline {
		return g.NewSearcher(pl.cfg)
	}
	return gomoku.NewSearcherOptions(pl.cfg, pl.opt)
}

// elo returns the Elo difference of a score with its 95% error margin.
func elo(win, draw, loss int) string {
	n := float64(win + draw + loss)
	if n == 0 {
		return ""
	}
	s := (float64(win) + float64(draw)/2) / n
	if s <= 0 || s >= 1 {
		return "Elo difference beyond measure"
	}
	d := func(s float64) float64 { return -400 * math.Log10(1/s-1) }
	w, dr := float64(win)/n, float64(draw)/n
	dev := math.Sqrt((w*(1-s)*(1-s) + dr*(0.5-s)*(0.5-s) + (1-w-dr)*s*s) / n)
	lo, hi := max(s-1.96*dev, 1e-6), min(s+1.96*dev, 1-1e-6)
	return fmt.Sprintf("Elo %+.0f [%+.0f, %+.0f]", d(s), d(lo), d(hi))
}
