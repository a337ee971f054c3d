// This file fits the move ordering to the records: for every position of
// the rule's games that the search would order (no five to make or block,
// no open four to make), a softmax over the empty candidate squares, each
// scored by the sum of its ordering features' weights, should pick the move
// the engine of the record played. Plain stochastic gradient descent from
// zero weights fits it; the report gives how often the fitted ordering (and
// the engine's current one) ranks the played move first, in the first
// three, and its mean rank, on games the fit did not see.

package gomokutrain

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/record"
	"qi/tools/cmdline"
)

// choice is a position to order: its candidates' feature indices and which
// of them was played.
type choice struct {
	cands  [][4]uint16
	played int
}

func runOrder(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomokutrain order", flag.ContinueOnError)
	ruleName := fset.String("rule", "freestyle", "rule whose records to fit: freestyle, standard or renju")
	epochs := fset.Int("epochs", 8, "passes over the data")
	rate := fset.Float64("rate", 0.05, "learning rate of the first pass (logits); each pass after takes 0.7 of the one before")
	holdout := fset.Int("holdout", 10, "keep every n-th game out of the fit, to measure on (0: none)")
	test := fset.String("test", "", "folders of records (comma-separated) to measure on instead of held-out games")
	player := fset.String("player", "", "fit only the moves of the engine of this name (SGF's PB and PW, a .psq record's first and second engine; case and a .zip or .exe ending aside), as the moves of a stronger engine in its matches with qi")
	out := fset.String("out", "", "write the fitted ordering to this file (the form of order=FILE and of the engine's ordering files)")
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomokutrain order [flags] DIR...\nFit the move ordering to the moves of Gomocup records."); err != nil {
		return err
	}
	rule, err := gomoku.ParseRule(*ruleName)
	if err != nil {
		return err
	}
	hold := *holdout
	if *test != "" {
		hold = 0
	}
	data, held, base, err := readChoices(fset.Args(), rule, hold, *player)
	if err != nil {
		return err
	}
	if *test != "" {
		if held, _, _, err = readChoices(strings.Split(*test, ","), rule, 0, *player); err != nil {
			return err
		}
	}
	if len(data) == 0 || base == nil {
		return fmt.Errorf("no %s positions found", rule)
	}
	fmt.Fprintf(stdout, "%d %s positions to fit, %d to measure on\n", len(data), rule, len(held))
	if cur := base.Order(); cur != nil {
		top1, top3, rank := ranks(held, cur)
		fmt.Fprintf(stdout, "current ordering: first %.3f, in the first three %.3f, mean rank %.2f\n", top1, top3, rank)
	}
	w := fitOrder(data, *epochs, *rate, rand.New(rand.NewPCG(1, 2)))
	for i := range w {
		w[i] = math.Round(100*w[i]) + 0 // + 0: no "-0" in the file
	}
	if _, err := base.WithOrder(w); err != nil {
		return err
	}
	top1, top3, rank := ranks(held, w)
	fmt.Fprintf(stdout, "fitted ordering: first %.3f, in the first three %.3f, mean rank %.2f\n", top1, top3, rank)
	if *out == "" {
		fmt.Fprintf(stdout, "order: %s\n", formatWeights(w))
		return nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s move ordering (hundredths of a logit), in the order of gomoku.OrderFeatures: qi gomokutrain order %s\n", rule, strings.Join(args, " "))
	for lo := 0; lo < len(w); lo += 20 {
		sb.WriteString(formatWeights(w[lo:min(lo+20, len(w))]) + ",\n")
	}
	return os.WriteFile(*out, []byte(sb.String()), 0o644)
}

// readChoices reads the positions to order of the rule's games under dirs,
// whatever their result, every holdout-th game's apart, and returns them
// with a game on the board of the first record. With a player's name only
// the positions where that engine moved count, and only its games.
func readChoices(dirs []string, rule gomoku.Rule, holdout int, player string) (data, held []choice, base *gomoku.Game, err error) {
	games := 0
	err = record.WalkGomoku(dirs, func(r record.GomokuGame) error {
		if r.Rule != rule || player != "" && !r.Plays(player, 0) && !r.Plays(player, 1) {
			return nil
		}
		games++
		set := &data
		if holdout > 0 && games%holdout == 0 {
			set = &held
		}
		var moves []engines.Move
		final, _, err := r.Replay(func(p *gomoku.Position, ply int, m engines.Move) error {
			defer func() { moves = append(moves, m) }()
			if ply < r.Opening || p.Decided() || player != "" && !r.Plays(player, ply%2) {
				return nil
			}
			last, before := engines.NoMove, engines.NoMove
			if ply >= 1 {
				last = moves[ply-1]
			}
			if ply >= 2 {
				before = moves[ply-2]
			}
			c := choice{played: -1}
			p.OrderFeatures(last, before, func(x engines.Move, f [4]int) {
				if x == m {
					c.played = len(c.cands)
				}
				c.cands = append(c.cands, [4]uint16{uint16(f[0]), uint16(f[1]), uint16(f[2]), uint16(f[3])})
			})
			if c.played >= 0 {
				*set = append(*set, c)
			}
			return nil
		})
		if base == nil && final != nil {
			base = final.Game()
		}
		return err
	})
	return data, held, base, err
}

// orderScore is a candidate's score under weights w.
func orderScore(w []float64, f [4]uint16) float64 {
	return w[f[0]] + w[f[1]] + w[f[2]] + w[f[3]]
}

// fitOrder fits the softmax by stochastic gradient descent from zero, in
// logits.
func fitOrder(data []choice, epochs int, rate float64, rng *rand.Rand) []float64 {
	w := make([]float64, gomoku.NumOrderFeatures)
	var p []float64
	for e := 0; e < epochs; e++ {
		rng.Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
		for _, c := range data {
			p = p[:0]
			top := math.Inf(-1)
			for _, f := range c.cands {
				s := orderScore(w, f)
				p = append(p, s)
				top = max(top, s)
			}
			sum := 0.0
			for i := range p {
				p[i] = math.Exp(p[i] - top)
				sum += p[i]
			}
			for i, f := range c.cands {
				g := p[i] / sum
				if i == c.played {
					g--
				}
				for _, k := range f {
					w[k] -= rate * g
				}
			}
		}
		rate *= 0.7
	}
	return w
}

// ranks measures weights w on data: the share of positions whose played move
// scores first (ties count against it), the share where it is in the first
// three, and its mean rank (0 for the first).
func ranks(data []choice, w []float64) (top1, top3, mean float64) {
	if len(data) == 0 {
		return 0, 0, 0
	}
	for _, c := range data {
		h := orderScore(w, c.cands[c.played])
		r := 0
		for i, f := range c.cands {
			if i != c.played && orderScore(w, f) >= h {
				r++
			}
		}
		if r == 0 {
			top1++
		}
		if r < 3 {
			top3++
		}
		mean += float64(r)
	}
	n := float64(len(data))
	return top1 / n, top3 / n, mean / n
}
