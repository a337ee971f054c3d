// This file holds the gomoku benchmarks of `qi bench`: the search's speed
// and the depth it reaches in a second from middle-game positions of the
// Gomocup records, the time to solve the set of VCF positions, and how many
// of the forced wins Rapfi found in its games against qi (freestyle and
// standard) the search finds.

package gomoku

import (
	"context"
	_ "embed" // for go:embed
	"fmt"
	"strconv"
	"strings"
	"time"

	"qi/engines"
)

// benchPositions are middle-game positions of Gomocup games (2021): after
// 18 moves of Freestyle2 1_24_32_1, Standard1 4_0_6_2 and Renju 7_10_0_2,
// and after 24 moves of Standard1 10_4_10_1.
var benchPositions = []struct {
	name string
	rule Rule
	size int
	text string
}{
	{"freestyle 20x20", Freestyle, 20, "20/20/20/20/20/8xo10/4x3o11/5o2ox10/6x1oxo9/7x1xo9/8xox9/9o10/20/20/20/20/20/20/20/20 x"},
	{"standard 15x15 a", Standard, 15, "15/15/15/15/15/15/15/6x8/15/5oox1o5/3o1x1xo6/5xooo6/3xoxx1x6/15/15 x"},
	{"standard 15x15 b", Standard, 15, "15/15/15/15/15/15/15/5x9/2x1o10/3o1x9/2oxo1oo7/2x1oox2x5/2oxx1xo7/4o1xox6/15 x"},
	{"renju 15x15", Renju, 15, "15/15/15/8ox5/7ooxo4/6xoxxx4/5x1oxo5/7xo6/6o8/15/15/15/15/15/15 x"},
}

//go:embed testdata/vcf.txt
var vcfSetText string

//go:embed testdata/threatwins.txt
var threatWinsText string

//go:embed testdata/threatwins-standard.txt
var threatWinsStandardText string

// threatWins reads the threat wins of rule (freestyle or standard): 15x15
// positions whose side to move has a forced win (testdata/threatwins.txt
// and threatwins-standard.txt say where they come from).
func threatWins(rule Rule) ([]*Position, error) {
	set, ok := map[Rule]string{Freestyle: threatWinsText, Standard: threatWinsStandardText}[rule]
	if !ok {
		return nil, fmt.Errorf("threat wins: no set for %v", rule)
	}
	g, err := NewGame(15, 15, rule)
	if err != nil {
		return nil, err
	}
	var out []*Position
	for _, line := range strings.Split(set, "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		text, _, _ := strings.Cut(line, "|")
		p, err := g.ParsePosition(text)
		if err != nil {
			return nil, fmt.Errorf("threat wins: %w", err)
		}
		out = append(out, p)
	}
	return out, nil
}

// findsWin reports whether a search of p within nodes nodes proves a win for
// its side to move, and the nodes it searched. The search analyses (it does
// not cut short a forced move's search as a game's move does), so that a
// win behind a forced block counts.
func findsWin(ctx context.Context, p *Position, nodes int64) (bool, int64) {
	won := false
	info := NewSearcher(engines.Config{}).Search(ctx, p, engines.Limits{Nodes: nodes, Infinite: true}, func(i engines.Info) {
		won = won || i.Score.IsMate() && i.Score > 0
	})
	return won || info.Score.IsMate() && info.Score > 0, info.Nodes
}

// winsFound counts the positions of set where findsWin proves a win within
// nodes nodes, and the nodes it searched, until ctx is done.
func winsFound(ctx context.Context, set []*Position, nodes int64) (found int, searched int64, err error) {
	for _, p := range set {
		won, n := findsWin(ctx, p, nodes)
		searched += n
		if won {
			found++
		}
		if err := ctx.Err(); err != nil {
			return found, searched, err
		}
	}
	return found, searched, nil
}

// vcfPosition is a position of the VCF set.
type vcfPosition struct {
	name string
	pos  *Position
}

// vcfSet reads the VCF set.
func vcfSet() ([]vcfPosition, error) {
	var out []vcfPosition
	for _, line := range strings.Split(vcfSetText, "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 6 {
			return nil, fmt.Errorf("vcf set: bad line %q", line)
		}
		rule, err := ParseRule(f[0])
		if err != nil {
			return nil, err
		}
		size, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, err
		}
		g, err := NewGame(size, size, rule)
		if err != nil {
			return nil, err
		}
		p, err := g.ParsePosition(f[2])
		if err != nil {
			return nil, err
		}
		out = append(out, vcfPosition{f[5], p})
	}
	return out, nil
}

// Benches implements engines.Bencher: a search of a second (a tenth when
// quick) from each middle-game position, with the depth reached and the
// speed, their total, then the VCF set solved and the threat wins searched.
func (g *Game) Benches(quick bool) []engines.Bench {
	limit := time.Second
	if quick {
		limit = 100 * time.Millisecond
	}
	var benches []engines.Bench
	var total engines.BenchResult
	for _, bp := range benchPositions {
		benches = append(benches, engines.Bench{Name: "search " + bp.name, Run: func(ctx context.Context) (engines.BenchResult, error) {
			bg, err := NewGame(bp.size, bp.size, bp.rule)
			if err != nil {
				return engines.BenchResult{}, err
			}
			p, err := bg.ParsePosition(bp.text)
			if err != nil {
				return engines.BenchResult{}, err
			}
			// The clock starts once the searcher and its table are made.
			s := NewSearcher(engines.Config{})
			sctx, cancel := context.WithTimeout(ctx, limit)
			defer cancel()
			info := s.Search(sctx, p, engines.Limits{MoveTime: limit, Infinite: true}, nil)
			total.Nodes += info.Nodes
			total.Time += info.Time
			return engines.SearchBench(info), ctx.Err()
		}})
	}
	// The searches reach different depths: their total has none.
	benches = append(benches, engines.Bench{Name: "search, all positions", Run: func(ctx context.Context) (engines.BenchResult, error) {
		return total, ctx.Err()
	}})
	benches = append(benches, engines.Bench{Name: "VCF set (Gomocup records)", Run: func(ctx context.Context) (engines.BenchResult, error) {
		set, err := vcfSet()
		if err != nil {
			return engines.BenchResult{}, err
		}
		start := time.Now()
		r := engines.BenchResult{Of: len(set)}
		for _, v := range set {
			n, _, k := solveVCF(v.pos, 0)
			r.Nodes += k
			if n > 0 {
				r.Solved++
			}
			if err := ctx.Err(); err != nil {
				return r, err
			}
		}
		r.Time = time.Since(start)
		if r.Solved != r.Of {
			return r, fmt.Errorf("VCF set: %d of %d positions unsolved", r.Of-r.Solved, r.Of)
		}
		return r, nil
	}})
	for _, tw := range []struct {
		name string
		rule Rule
	}{{"threat wins (Rapfi's against qi)", Freestyle}, {"threat wins, standard (Rapfi's against qi)", Standard}} {
		benches = append(benches, engines.Bench{Name: tw.name, Run: func(ctx context.Context) (engines.BenchResult, error) {
			set, err := threatWins(tw.rule)
			if err != nil {
				return engines.BenchResult{}, err
			}
			// A win found within half a million nodes (a second's search)
			// counts; quick runs take the first twenty at a fifth of that.
			nodes := int64(500_000)
			if quick {
				set, nodes = set[:20], nodes/5
			}
			start := time.Now()
			r := engines.BenchResult{Of: len(set)}
			r.Solved, r.Nodes, err = winsFound(ctx, set, nodes)
			r.Time = time.Since(start)
			return r, err
		}})
	}
	return benches
}
