// This file holds the options the UGI and UCI dialects offer.

package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"qi/engines"
)

// option is one setoption name with its type and what setting it does.
type option struct {
	name     string
	kind     string // spin, combo, check, string
	def      string
	min, max int
	vars     []string
	uciOnly  bool
	apply    func(u *ugi, value string) error
}

// String writes the option line of the ugi/uci reply.
func (o option) String() string {
	def := o.def
	if o.kind == "string" && def == "" {
		def = emptyString
	}
	s := fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, def)
	switch o.kind {
	case "spin":
		s += fmt.Sprintf(" min %d max %d", o.min, o.max)
	case "combo":
		for _, v := range o.vars {
			s += " var " + v
		}
	}
	return s
}

// emptyString is how UCI writes an empty string option's value.
const emptyString = "<empty>"

// check validates a value and returns it in canonical form.
func (o option) check(v string) (string, error) {
	switch o.kind {
	case "string":
		if v == emptyString {
			return "", nil
		}
		return v, nil
	case "spin":
		n, err := strconv.Atoi(v)
		if err != nil || n < o.min || n > o.max {
			return "", fmt.Errorf("%q is not a whole number from %d to %d", v, o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case "check":
		switch strings.ToLower(v) {
		case "true", "false":
			return strings.ToLower(v), nil
		}
		return "", fmt.Errorf("%q is neither true nor false", v)
	case "combo":
		for _, c := range o.vars {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
		return "", fmt.Errorf("%q is not one of %s", v, strings.Join(o.vars, ", "))
	}
	return v, nil
}

// maxHashMB bounds the Hash option.
const maxHashMB = 16384

// maxMultiPV bounds the MultiPV option: more lines than any game has
// moves.
const maxMultiPV = 500

// maxElo bounds UCI_Elo, far above any game's measured levels.
const maxElo = 4000

// sayStrength says, under UCI_LimitStrength, the level UCI_Elo plays at,
// or that the game's levels have no measured strengths.
func (u *ugi) sayStrength() {
	if !u.limitStrength {
		return
	}
	level, ok := engines.LevelForElo(u.game, u.elo)
	if !ok {
		u.s.printf("info string UCI_Elo: the levels of %s have no measured strength; playing at full strength", u.gameName)
		return
	}
	elo := u.game.(engines.Rated).LevelElo()[level-1]
	u.s.printf("info string UCI_Elo %d: Level %d, measured at %d Elo", u.elo, level, elo)
}

// maxBoardSize bounds the BoardSize option (gomoku goes to 22).
const maxBoardSize = 22

func (u *ugi) optionTable() []option {
	reg := u.cfg.Registry
	var rules []string
	for _, s := range reg.Specs() {
		for _, r := range s.Rules {
			if !slices.Contains(rules, r) {
				rules = append(rules, r)
			}
		}
	}
	opts := []option{
		{name: "Game", kind: "combo", def: u.gameName, vars: reg.Names(), apply: func(u *ugi, v string) error {
			return u.setGame(v, u.gameOptions(v))
		}},
		{name: "UCI_Variant", kind: "combo", def: u.gameName, vars: reg.VariantNames(), uciOnly: true, apply: func(u *ugi, v string) error {
			name, _, _ := reg.Variant(v, engines.Config{})
			name, cfg, _ := reg.Variant(v, u.gameOptions(name))
			return u.setGame(name, cfg)
		}},
		{name: "Level", kind: "spin", def: strconv.Itoa(engines.MaxLevel), min: 1, max: engines.MaxLevel, apply: func(u *ugi, v string) error {
			u.opts.Level, _ = strconv.Atoi(v)
			u.dropSearcher()
			return nil
		}},
		{name: "Hash", kind: "spin", def: strconv.Itoa(engines.DefaultHashMB), min: 1, max: maxHashMB, apply: func(u *ugi, v string) error {
			u.opts.HashMB, _ = strconv.Atoi(v)
			u.dropSearcher()
			return nil
		}},
		{name: "Threads", kind: "spin", def: "1", min: 1, max: engines.MaxThreads, apply: func(u *ugi, v string) error {
			u.opts.Threads, _ = strconv.Atoi(v)
			u.dropSearcher()
			return nil
		}},
		{name: "MultiPV", kind: "spin", def: "1", min: 1, max: maxMultiPV, apply: func(u *ugi, v string) error {
			u.multiPV, _ = strconv.Atoi(v)
			return nil
		}},
		{name: "UCI_LimitStrength", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.limitStrength = v == "true"
			u.dropSearcher()
			u.sayStrength()
			return nil
		}},
		{name: "UCI_Elo", kind: "spin", def: strconv.Itoa(maxElo), min: 0, max: maxElo, apply: func(u *ugi, v string) error {
			u.elo, _ = strconv.Atoi(v)
			u.dropSearcher()
			u.sayStrength()
			return nil
		}},
		{name: "UCI_ShowWDL", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.showWDL = v == "true"
			return nil
		}},
		{name: "RandomMover", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.random = v == "true"
			u.dropSearcher()
			return nil
		}},
		{name: "BoardSize", kind: "spin", def: "0", min: 0, max: maxBoardSize, apply: func(u *ugi, v string) error {
			cfg := u.opts
			cfg.BoardSize, _ = strconv.Atoi(v)
			return u.setGame(u.gameName, cfg)
		}},
		{name: "Baseline", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.opts.Baseline = v == "true"
			u.dropSearcher()
			return nil
		}},
		{name: "Selective", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.opts.Selective = v == "true"
			u.dropSearcher()
			return nil
		}},
	}
	if u.cfg.Books != nil {
		opts = append(opts, bookOptions()...)
	}
	if len(rules) > 0 {
		opts = append(opts, option{name: "Rule", kind: "combo", def: rules[0], vars: rules, apply: func(u *ugi, v string) error {
			cfg := u.opts
			cfg.Rule = v
			return u.setGame(u.gameName, cfg)
		}})
	}
	return opts
}

// bookOptions are the options of the opening book.
func bookOptions() []option {
	return []option{
		{name: "OwnBook", kind: "check", def: "true", apply: func(u *ugi, v string) error {
			u.book.own = v == "true"
			return nil
		}},
		{name: "BookFile", kind: "string", apply: func(u *ugi, v string) error {
			u.book.setFile(v, u.errorf)
			return nil
		}},
		{name: "BookRandomness", kind: "spin", def: "0", min: 0, max: maxBookRandomness, apply: func(u *ugi, v string) error {
			n, _ := strconv.Atoi(v)
			u.book.randomness = engines.Score(n)
			return nil
		}},
		{name: "BookLearn", kind: "check", def: "false", apply: func(u *ugi, v string) error {
			u.book.learn = v == "true"
			return nil
		}},
		{name: "Seed", kind: "spin", def: "0", min: 0, max: maxSeed, apply: func(u *ugi, v string) error {
			n, _ := strconv.ParseUint(v, 10, 64)
			u.book.reseed(n)
			return nil
		}},
	}
}

// gameOptions returns the options to play the named game under: the ones set
// now, but that the options that belong to a game (BoardSize, Rule) take the
// new game's defaults when the game changes, so that a size or rule set for
// one game never leaks into another.
func (u *ugi) gameOptions(name string) engines.Config {
	cfg := u.opts
	if !strings.EqualFold(name, u.gameName) {
		cfg.BoardSize, cfg.Rule = 0, ""
	}
	return cfg
}

// setGame switches to the named game under cfg. The position goes back to the
// start only when the game, its board or its rule changes; if the game cannot
// be made (an odd othello board, a board size for tic-tac-toe, a rule for
// othello), nothing changes.
func (u *ugi) setGame(name string, cfg engines.Config) error {
	g, err := u.cfg.Registry.New(name, cfg)
	if err != nil {
		return err
	}
	same := name == u.gameName && cfg.BoardSize == u.opts.BoardSize && cfg.Rule == u.opts.Rule
	if !same {
		u.learnPlayed()
		u.book.newGame()
	}
	u.gameName, u.opts = name, cfg
	if !same {
		u.dropSearcher()
		u.begin(g)
	}
	return nil
}
