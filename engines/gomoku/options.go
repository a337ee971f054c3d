// This file holds the knobs of the gomoku search: what each level turns
// (depth, threat searches, noise, width), and the options below the level
// that self-play matches and tuning set one at a time (Params overrides,
// the parts that Off turns off).

package gomoku

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"qi/engines"
)

// levelParams are the knobs that Config.Level turns.
type levelParams struct {
	maxDepth int   // iterative deepening stops here
	vcfFours int   // the most fours a VCF may play (0: no VCF)
	vctOn    bool  // threat-space search with threes at the root
	noise    int32 // evaluation noise, centi-units either way
	width    int   // moves tried at a node beyond the first (0: all)
}

var levels = [engines.MaxLevel + 1]levelParams{
	1:  {maxDepth: 1, vcfFours: 0, noise: 250, width: 6},
	2:  {maxDepth: 2, vcfFours: 0, noise: 180, width: 6},
	3:  {maxDepth: 2, vcfFours: 1, noise: 120, width: 8},
	4:  {maxDepth: 3, vcfFours: 2, noise: 90, width: 8},
	5:  {maxDepth: 4, vcfFours: 3, noise: 60, width: 10},
	6:  {maxDepth: 5, vcfFours: 5, noise: 40, width: 12},
	7:  {maxDepth: 6, vcfFours: 8, noise: 25},
	8:  {maxDepth: 8, vcfFours: 12, noise: 10},
	9:  {maxDepth: 12, vcfFours: 20, vctOn: true},
	10: {maxDepth: 60, vcfFours: 30, vctOn: true},
}

// levelElo is the measured Elo of levels 1 to 10 on 15x15, on the scale
// where a random mover is 0, by rule: matches of each level against its
// neighbours (up to level 7 also the levels two away) and against Wine
// (freestyle) or PentaZen, fitted as one rating list
// (docs/games.md, strength levels). The random mover never scored against
// level 1 (0-400): level 1 stands at the 95% lower bound of that, 850.
// Standard and caro were not measured and take freestyle's table; other
// boards take their rule's. Level 10 was measured at depth 14: its Elo
// holds there, and it is stronger with more time.
var levelElo = map[Rule][engines.MaxLevel]int{
	Freestyle: {850, 1016, 1029, 1134, 1174, 1268, 1350, 1488, 1734, 1871},
	Renju:     {850, 1033, 1079, 1193, 1255, 1348, 1405, 1500, 1719, 1771},
}

// LevelElo implements engines.Rated.
func (g *Game) LevelElo() []int {
	table, ok := levelElo[g.rule]
	if !ok {
		table = levelElo[Freestyle]
	}
	return table[:]
}

// Options are knobs of the search below Config's level, for self-play
// matches that measure one change at a time; the zero value plays best.
type Options struct {
	// NoThreatReplies searches every candidate against an open three
	// instead of the squares that stop it.
	NoThreatReplies bool
	// NoVCT turns off the VCT search at the root.
	NoVCT bool
	// NoVCTDefence turns off the root's check of the opponent's VCT.
	NoVCTDefence bool
	// Params overrides the search's settings field by field (zero: the
	// rule's default).
	Params Params
	// Off turns parts of the search off (the bits of offNames).
	Off int
}

// params names the settings of Params that Options.Set takes.
func (o *Options) params() map[string]*float32 {
	p := &o.Params
	return map[string]*float32{
		"oppo5ext": &p.Oppo5Ext, "razorscale": &p.RazorScale, "futilityscale": &p.FutilityScale,
		"nulldepth": &p.NullDepth, "nullmargin": &p.NullMargin, "nullreduction": &p.NullReduction,
		"reductionfactor": &p.ReductionFactor, "trivialdepth": &p.TrivialDepth, "sedepth": &p.SEDepth,
		"movecountbase": &p.MoveCountBase, "historydivisor": &p.HistoryDivisor,
	}
}

// OptionNames lists what Options.Set takes, for a tool's help: the boolean
// options, off=part+part with its parts, and the numeric settings of Params.
func OptionNames() string {
	var o Options
	flags := slices.Sorted(maps.Keys(o.flags()))
	nums := slices.Sorted(maps.Keys(o.params()))
	parts := slices.Sorted(maps.Keys(offNames))
	return strings.Join(flags, ", ") + " (true/false); off=" +
		strings.Join(parts, "|") + " joined by +; " + strings.Join(nums, ", ") + " (numbers)"
}

// flags names the boolean options that Options.Set takes.
func (o *Options) flags() map[string]*bool {
	return map[string]*bool{
		"nothreatreplies": &o.NoThreatReplies, "novct": &o.NoVCT, "novctdefence": &o.NoVCTDefence,
	}
}

// Set sets the option named by its lower-case field name; boolean options
// take "", "true" or "false", the settings of Params a number.
func (o *Options) Set(name, value string) error {
	name = strings.ToLower(name)
	if name == "off" {
		for _, part := range strings.Split(value, "+") {
			bit, ok := offNames[part]
			if !ok {
				return fmt.Errorf("option off: unknown part %q", part)
			}
			o.Off |= bit
		}
		return nil
	}
	if flag, ok := o.flags()[name]; ok {
		switch value {
		case "", "true", "1":
			*flag = true
		case "false", "0":
			*flag = false
		default:
			return fmt.Errorf("option %s: bad value %q", name, value)
		}
		return nil
	}
	num, ok := o.params()[name]
	if !ok {
		return fmt.Errorf("unknown gomoku search option %q", name)
	}
	f, err := strconv.ParseFloat(value, 32)
	if err != nil || f <= 0 || math.IsInf(f, 0) {
		return fmt.Errorf("option %s: bad value %q", name, value)
	}
	*num = float32(f)
	return nil
}

// The parts of the search Options.Off can turn off, for matches that
// measure them.
const (
	offNull = 1 << iota
	offSE
	offFailHigh
	offIIR
	offFourThree
	offDefend43
	offRootLMR
	offFutility
	offRazor
	offMoveCount
	offTrivial
	offAlphaReduction
	offQDelta
	offQTable
)

// offNames names the bits of Options.Off.
var offNames = map[string]int{
	"null": offNull, "se": offSE, "failhigh": offFailHigh, "iir": offIIR, "fourthree": offFourThree,
	"defend43": offDefend43, "rootlmr": offRootLMR, "futility": offFutility,
	"razor": offRazor, "movecount": offMoveCount, "trivial": offTrivial, "alphareduction": offAlphaReduction,
	"qdelta": offQDelta, "qtable": offQTable,
}

// disabled reports whether part bit of the search is turned off.
func (s *Searcher) disabled(bit int) bool { return s.opt.Off&bit != 0 }
