// This file holds the command line of `qi play`: the game and the flags in
// any order, every one checked before the first question is asked, and the
// usage, which lists each game with the sizes and rules it takes.

package play

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"qi/engines"
	"qi/tools/cmdline"
)

// setup is what the command line asks for.
type setup struct {
	// game is the registry name of the game; cfg its size and rule, the
	// rule "" when the person is to choose among the game's rules.
	game string
	cfg  engines.Config
	// level is qi's strength, 0 when the person is to choose.
	level int
	// first is who moves first: you, qi or ask.
	first string
	think time.Duration
	// book is the opening book's file, "" for qi's own, "off" for none;
	// learn learns the finished games into it.
	book  string
	learn bool
}

// defaultGame is played when the command line names none.
const defaultGame = "tictactoe"

// parseArgs reads `[game] [flags]`, the game anywhere among the flags, and
// checks all of it: the game makes itself under the size and rule asked for,
// so that what it cannot play is refused here, with the reason, before any
// question.
func parseArgs(args []string, stdout io.Writer, reg *engines.Registry) (setup, error) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	level := fs.Int("level", 0, fmt.Sprintf("qi's strength, from 1 (weakest) to %d (full strength); 0 asks", engines.MaxLevel))
	first := fs.String("first", "ask", "who moves first: you, qi or ask")
	size := fs.Int("size", 0, "the board's size, for games with several (see above); 0 is the game's usual one")
	rule := fs.String("rule", "", "the rule set, for games with several (see above); empty asks")
	think := fs.Duration("time", 3*time.Second, "qi's thinking time a move, more than 0 (Ctrl-C makes it play at once)")
	bookFile := fs.String("book", "", "the opening book: a book `file`, off for none; empty is qi's own book of the game, if it has one")
	learn := fs.Bool("learn", true, "learn each finished game into the opening book (its game log beside the book)")
	var names []string
	for {
		if err := cmdline.Parse(fs, args, stdout, usage(reg)); err != nil {
			return setup{}, err
		}
		if fs.NArg() == 0 {
			break
		}
		if cmdline.IsHelp(fs.Arg(0)) {
			cmdline.Help(fs, stdout)
			return setup{}, flag.ErrHelp
		}
		names = append(names, fs.Arg(0))
		args = fs.Args()[1:]
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	s := setup{level: *level, think: *think, book: *bookFile, learn: *learn}
	switch {
	case len(names) > 1:
		return s, fmt.Errorf("play: one game at a time, not %s; sizes and rules are flags (-size, -rule): see qi play -h", quoteAll(names))
	case *level < 0 || *level > engines.MaxLevel:
		return s, fmt.Errorf("play: -level must be from 1 to %d (or 0 to be asked), not %d", engines.MaxLevel, *level)
	case *think <= 0:
		return s, fmt.Errorf("play: -time must be more than 0 (for example -time 3s), not %v", *think)
	}
	var ok bool
	if s.first, ok = whoFirst(*first); !ok {
		return s, fmt.Errorf("play: -first must be you, qi or ask, not %q", *first)
	}
	name := defaultGame
	if len(names) == 1 {
		name = names[0]
	}
	game, fixed, err := resolve(reg, name)
	if err != nil {
		return s, err
	}
	s.game, s.cfg = game, fixed
	if set["rule"] && fixed.Rule != "" && !strings.EqualFold(*rule, fixed.Rule) ||
		set["size"] && fixed.BoardSize != 0 && *size != fixed.BoardSize {
		return s, fmt.Errorf("play: %s is %s%s%s; for another rule or size, name the game itself (qi play %s -rule ... -size ...)",
			name, game, flagText("rule", fixed.Rule), flagText("size", fixed.BoardSize), game)
	}
	if set["rule"] {
		s.cfg.Rule = *rule
	}
	if set["size"] {
		s.cfg.BoardSize = *size
	}
	// Until the person picks a rule, the game's first one stands in for
	// it, so that the size is checked now.
	check := s.cfg
	if spec, _ := reg.Lookup(game); check.Rule == "" && len(spec.Rules) > 0 {
		check.Rule = spec.Rules[0]
	}
	if _, err := reg.New(game, check); err != nil {
		return s, fmt.Errorf("play: %w; see qi play -h", err)
	}
	return s, nil
}

// resolve finds a game by its name, or by a variant's name (renju, reversi
// ...) with the settings that the variant fixes. A game's own name is the
// game, whatever variant shares it: `qi play gomoku` asks for the rule.
func resolve(reg *engines.Registry, name string) (string, engines.Config, error) {
	if spec, ok := reg.Lookup(name); ok {
		return spec.Name, engines.Config{}, nil
	}
	if game, cfg, ok := reg.Variant(name, engines.Config{}); ok {
		return game, cfg, nil
	}
	return "", engines.Config{}, fmt.Errorf("play: unknown game %q: the games are %s; see qi play -h", name, strings.Join(reg.Names(), ", "))
}

// whoFirst reads -first.
func whoFirst(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "you", "me", "human":
		return "you", true
	case "qi", "engine", "computer":
		return "qi", true
	case "ask", "":
		return "ask", true
	}
	return "", false
}

func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, " and ")
}

// usage is what `qi play -h` prints before the flags: each game with the
// sizes and rules it takes, from the registry, and the variants.
func usage(reg *engines.Registry) string {
	var b strings.Builder
	b.WriteString(`usage: qi play [game] [flags]    (the game and the flags in any order)
Play a game against qi in the terminal. At your move type a move, or undo,
hint, moves, board, help or quit. Ctrl-C quits at a question, and makes qi
play at once while it thinks.
games:
`)
	for _, spec := range reg.Specs() {
		fmt.Fprintf(&b, "  %-16s %s\n", spec.Name, spec.Title)
		fmt.Fprintf(&b, "  %-16s -size %s", "", sizeText(spec))
		if len(spec.Rules) > 0 {
			fmt.Fprintf(&b, "; -rule %s (asked if not given)", strings.Join(spec.Rules, ", "))
		} else {
			b.WriteString("; no rules to choose")
		}
		b.WriteString("\n")
		for _, v := range spec.Variants {
			if strings.EqualFold(v.Name, spec.Name) {
				continue
			}
			fmt.Fprintf(&b, "  %-16s %s%s%s\n", v.Name, spec.Name, flagText("rule", v.Rule), flagText("size", v.BoardSize))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func flagText(name string, v any) string {
	if v == "" || v == 0 {
		return ""
	}
	return fmt.Sprintf(" -%s %v", name, v)
}

// sizeText says which board sizes the game takes, the usual one first.
func sizeText(spec engines.Spec) string {
	switch len(spec.Sizes) {
	case 0:
		return "none: the game has a board of its own"
	case 1:
		return engines.SizeList(spec.Sizes)
	}
	return fmt.Sprintf("%s (%d if not given)", engines.SizeList(spec.Sizes), spec.Sizes[0])
}
