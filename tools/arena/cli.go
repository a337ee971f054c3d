// This file holds the command line: cutechess-like options, each followed by
// its values (key=value lists for -engine, -each, -openings and -sprt), and
// -config files that hold more of the same.

package arena

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/shlex"

	"qi/engines"
	"qi/tools/arena/stats"
	"qi/tools/match/opening"
	"qi/tools/match/player"
	"qi/tools/shard"
)

// Engine is an engine of the match.
type Engine struct {
	player.Spec
	// TC is its time control.
	TC player.TimeControl
	// Margin is how far it may overstep its time before it forfeits.
	Margin time.Duration
	// MoveTimeout bounds a move that nothing else bounds (depth, nodes).
	MoveTimeout time.Duration
	// Restart starts the engine anew for every game.
	Restart bool
}

// Openings says where the games start.
type Openings struct {
	// File is an opening file read in Format; Random shuffles it; Start is
	// the first opening used (from 1).
	File   string
	Format opening.Format
	Random bool
	Start  int
	// Generate, when set, makes balanced openings instead.
	Generate *opening.Generator
}

// Config is a match as the command line describes it.
type Config struct {
	// Game names the game (or a variant of it), Size and Rule adjust it.
	Game string
	Size int
	Rule string

	Engines []Engine
	// Games is the number of games of each pairing in a round, Rounds the
	// number of rounds.
	Games, Rounds int
	Concurrency   int
	// Gauntlet plays the first engine against each other one; otherwise
	// every pair plays (round robin).
	Gauntlet bool
	Openings Openings
	// Repeat plays each opening twice, with colours swapped.
	Repeat bool
	// MaxPlies adjudicates a draw after that many moves; 0 never, -1 the
	// game's own limit (renju's 200 moves).
	MaxPlies int
	SPRT     *stats.SPRT
	// Penta runs the SPRT on pairs of games (pentanomial).
	Penta bool
	// PGN, SGF and GGF are the record files ("" none).
	PGN, SGF, GGF string
	// Log receives the conversation with every engine.
	Log string
	// RatingInterval is how many games go between results (0: only at the
	// end).
	RatingInterval int
	// Progress is auto, bar, lines or off.
	Progress string
	Seed     uint64
	HasSeed  bool
	Event    string
	// Quiet leaves out the line of each finished game.
	Quiet bool
	// BookLearn is the opening book whose game log gets the match's games
	// ("": none).
	BookLearn string
	// Batch are the flags of a run split into shards (batch.go).
	Batch shard.Flags
}

// Defaults of the command line.
const (
	defaultMargin      = 100 * time.Millisecond
	defaultMoveTimeout = 60 * time.Second
	maxConfigDepth     = 8
)

// parseArgs reads a command line into a Config.
func parseArgs(args []string) (*Config, error) {
	c := &Config{Games: 2, Rounds: 1, Concurrency: 1, Repeat: true, MaxPlies: -1, RatingInterval: 10, Progress: "auto"}
	var each []string
	var engines [][]string
	if err := c.parse(args, &each, &engines, 0); err != nil {
		return nil, err
	}
	for i, kv := range engines {
		e := Engine{Margin: defaultMargin, MoveTimeout: defaultMoveTimeout}
		e.Timeout = player.DefaultTimeout
		if err := e.set(append(append([]string(nil), each...), kv...)); err != nil {
			return nil, fmt.Errorf("engine %d: %w", i+1, err)
		}
		c.Engines = append(c.Engines, e)
	}
	return c, nil
}

func (c *Config) parse(args []string, each *[]string, engines *[][]string, depth int) error {
	for i := 0; i < len(args); {
		opt := args[i]
		if !strings.HasPrefix(opt, "-") {
			return fmt.Errorf("unexpected %q: options start with -", opt)
		}
		name := strings.TrimLeft(opt, "-")
		i++
		// values are the words up to the next option.
		j := i
		for j < len(args) && !strings.HasPrefix(args[j], "-") {
			j++
		}
		values := args[i:j]
		one := func() (string, error) {
			if i >= len(args) {
				return "", fmt.Errorf("%s wants a value", opt)
			}
			v := args[i]
			i++
			return v, nil
		}
		var err error
		var v string
		switch name {
		case "engine":
			*engines = append(*engines, values)
			i = j
		case "each":
			*each = append(*each, values...)
			i = j
		case "openings":
			err = c.setOpenings(values)
			i = j
		case "sprt":
			err = c.setSPRT(values)
			i = j
		case "repeat":
			c.Repeat = true
		case "norepeat":
			c.Repeat = false
		case "quiet":
			c.Quiet = true
		case "gauntlet":
			c.Gauntlet = true
		case "h", "help":
			return errHelp
		case "dryrun":
			c.Batch.DryRun = true
		case "config":
			if v, err = one(); err == nil {
				err = c.include(v, each, engines, depth)
			}
		default:
			if v, err = one(); err != nil {
				return err
			}
			err = c.setValue(name, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// errHelp asks for the usage text.
var errHelp = errors.New("help wanted")

func (c *Config) setValue(name, v string) error {
	var err error
	switch name {
	case "game":
		c.Game = v
	case "size":
		c.Size, err = atoiMin(v, 1)
	case "rule":
		c.Rule = v
	case "games":
		c.Games, err = atoiMin(v, 1)
	case "rounds":
		c.Rounds, err = atoiMin(v, 1)
	case "concurrency":
		c.Concurrency, err = atoiMin(v, 1)
	case "tournament":
		switch v {
		case "gauntlet":
			c.Gauntlet = true
		case "round-robin", "roundrobin":
			c.Gauntlet = false
		default:
			err = fmt.Errorf("unknown tournament %q (round-robin or gauntlet)", v)
		}
	case "maxmoves", "drawafter":
		c.MaxPlies, err = atoiMin(v, 0)
	case "pgnout", "pgn":
		c.PGN = v
	case "sgfout", "sgf":
		c.SGF = v
	case "ggfout", "ggf":
		c.GGF = v
	case "log":
		c.Log = v
	case "ratinginterval":
		c.RatingInterval, err = atoiMin(v, 0)
	case "progress":
		switch v {
		case "auto", "bar", "lines", "off":
			c.Progress = v
		default:
			err = fmt.Errorf("-progress is auto, bar, lines or off, not %q", v)
		}
	case "seed", "srand":
		c.Seed, err = strconv.ParseUint(v, 10, 64)
		c.HasSeed = true
	case "event":
		c.Event = v
	case "book-learn", "booklearn":
		c.BookLearn = v
	default:
		if ok, err := c.Batch.Set(name, v); ok {
			return err
		}
		return fmt.Errorf("unknown option -%s (qi arena -help lists them)", name)
	}
	if err != nil {
		return fmt.Errorf("-%s: %w", name, err)
	}
	return nil
}

// include reads a config file: more command-line words, split as a shell
// would, with # comments.
func (c *Config) include(path string, each *[]string, engines *[][]string, depth int) error {
	if depth >= maxConfigDepth {
		return fmt.Errorf("-config %s: config files nest too deep", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	words, err := shlex.Split(string(data))
	if err != nil {
		return fmt.Errorf("-config %s: %w", path, err)
	}
	if err := c.parse(words, each, engines, depth+1); err != nil {
		return fmt.Errorf("-config %s: %w", path, err)
	}
	return nil
}

func atoiMin(s string, lo int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo {
		return 0, fmt.Errorf("%q is not a whole number from %d", s, lo)
	}
	return n, nil
}

// keyValues splits key=value words.
func keyValues(words []string) ([][2]string, error) {
	var kv [][2]string
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%q is not key=value", w)
		}
		kv = append(kv, [2]string{k, v})
	}
	return kv, nil
}

func (c *Config) setOpenings(words []string) error {
	kvs, err := keyValues(words)
	if err != nil {
		return fmt.Errorf("-openings: %w", err)
	}
	o := Openings{Start: 1}
	var gen *opening.Generator
	for _, kv := range kvs {
		k, v := kv[0], kv[1]
		switch k {
		case "file":
			o.File = v
		case "format", "type":
			o.Format, err = opening.ParseFormat(v)
		case "order":
			switch v {
			case "random":
				o.Random = true
			case "sequential":
				o.Random = false
			default:
				err = fmt.Errorf("order is random or sequential, not %q", v)
			}
		case "start":
			o.Start, err = atoiMin(v, 1)
		case "gen", "generate", "plies":
			if gen == nil {
				gen = &opening.Generator{Depth: 4, Margin: 100}
			}
			gen.Plies, err = atoiMin(v, 0)
		case "depth":
			if gen == nil {
				gen = &opening.Generator{Depth: 4, Margin: 100}
			}
			gen.Depth, err = atoiMin(v, 1)
		case "margin":
			if gen == nil {
				gen = &opening.Generator{Depth: 4, Margin: 100}
			}
			var n int
			n, err = atoiMin(v, 0)
			gen.Margin = engines.Score(n)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return fmt.Errorf("-openings %s: %w", k, err)
		}
	}
	if gen != nil && o.File != "" {
		return errors.New("-openings: a file or gen=, not both")
	}
	if gen == nil && o.File == "" {
		return errors.New("-openings wants file=<path> or gen=<plies>")
	}
	o.Generate = gen
	c.Openings = o
	return nil
}

func (c *Config) setSPRT(words []string) error {
	kvs, err := keyValues(words)
	if err != nil {
		return fmt.Errorf("-sprt: %w", err)
	}
	s := stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, kv := range kvs {
		k, v := kv[0], kv[1]
		var f float64
		switch k {
		case "elo0", "elo1", "alpha", "beta":
			f, err = strconv.ParseFloat(v, 64)
		}
		switch k {
		case "elo0":
			s.Elo0 = f
		case "elo1":
			s.Elo1 = f
		case "alpha":
			s.Alpha = f
		case "beta":
			s.Beta = f
		case "model":
			s.Model, err = stats.ParseModel(v)
		case "penta", "pentanomial":
			c.Penta, err = onOff(v)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return fmt.Errorf("-sprt %s: %w", k, err)
		}
	}
	if err := s.Check(); err != nil {
		return err
	}
	c.SPRT = &s
	return nil
}

func onOff(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "yes", "1":
		return true, nil
	case "off", "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is neither on nor off", v)
}

// set applies an engine's key=value words.
func (e *Engine) set(words []string) error {
	kvs, err := keyValues(words)
	if err != nil {
		return err
	}
	options := map[string]int{}
	for _, kv := range kvs {
		k, v := kv[0], kv[1]
		switch {
		case k == "name":
			e.Name = v
		case k == "cmd":
			e.Cmd = v
		case k == "args":
			e.Args, err = shlex.Split(v)
		case k == "arg":
			e.Args = append(e.Args, v)
		case k == "dir":
			e.Dir = v
		case k == "proto" || k == "protocol":
			e.Proto, err = player.ParseProtocol(v)
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			// A later setting of an option replaces an earlier one
			// (-each then -engine), keeping its place.
			if at, ok := options[strings.ToLower(name)]; ok {
				e.Options[at].Value = v
			} else {
				options[strings.ToLower(name)] = len(e.Options)
				e.Options = append(e.Options, player.Option{Name: name, Value: v})
			}
		case strings.HasPrefix(k, "env."):
			e.Env = append(e.Env, strings.TrimPrefix(k, "env.")+"="+v)
		case k == "tc":
			err = parseTC(v, &e.TC)
		case k == "st":
			e.TC.MoveTime, err = parseSeconds(v)
		case k == "depth":
			e.TC.Depth, err = atoiMin(v, 1)
		case k == "nodes":
			var n int
			n, err = atoiMin(v, 1)
			e.TC.Nodes = int64(n)
		case k == "timemargin":
			var n int
			n, err = atoiMin(v, 0)
			e.Margin = time.Duration(n) * time.Millisecond
		case k == "timeout":
			e.Timeout, err = parseSeconds(v)
		case k == "movetimeout":
			e.MoveTimeout, err = parseSeconds(v)
		case k == "restart":
			e.Restart, err = onOff(v)
		default:
			err = fmt.Errorf("unknown engine key %q", k)
		}
		if err != nil {
			return fmt.Errorf("%s=%s: %w", k, v, err)
		}
	}
	return nil
}

// parseTC reads cutechess's [moves/]time[+increment], times in seconds or
// minutes:seconds; "inf" clears the clock.
func parseTC(s string, tc *player.TimeControl) error {
	if s == "inf" || s == "infinite" {
		tc.Moves, tc.Time, tc.Inc = 0, 0, 0
		return nil
	}
	rest := s
	moves := 0
	if m, t, ok := strings.Cut(rest, "/"); ok {
		n, err := atoiMin(m, 1)
		if err != nil {
			return err
		}
		moves, rest = n, t
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	t, err := parseClock(base)
	if err != nil {
		return err
	}
	var i time.Duration
	if hasInc {
		if i, err = parseSeconds(inc); err != nil {
			return err
		}
	}
	if t <= 0 && i <= 0 {
		return fmt.Errorf("a time control of no time")
	}
	tc.Moves, tc.Time, tc.Inc = moves, t, i
	return nil
}

// parseClock reads seconds or minutes:seconds.
func parseClock(s string) (time.Duration, error) {
	if m, sec, ok := strings.Cut(s, ":"); ok {
		mins, err := atoiMin(m, 0)
		if err != nil {
			return 0, err
		}
		d, err := parseSeconds(sec)
		if err != nil {
			return 0, err
		}
		return time.Duration(mins)*time.Minute + d, nil
	}
	return parseSeconds(s)
}

// parseSeconds reads a non-negative number of seconds.
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e7 {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// names gives every engine a name: its own, or its command's, made unique.
func names(es []Engine) {
	seen := map[string]int{}
	for i := range es {
		if es[i].Name == "" {
			base := filepath.Base(es[i].Cmd)
			if es[i].Cmd == "" {
				base = "qi"
			}
			es[i].Name = base
		}
		seen[es[i].Name]++
	}
	count := map[string]int{}
	for i := range es {
		n := es[i].Name
		if seen[n] > 1 {
			count[n]++
			es[i].Name = fmt.Sprintf("%s-%d", n, count[n])
		}
	}
}
