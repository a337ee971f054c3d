// This file holds the registry of games by name.

package engines

import (
	"fmt"
	"slices"
	"strings"
)

// Spec describes a game to the registry.
type Spec struct {
	// Name is the game's name in options and on the command line.
	Name string
	// Title is a short human description ("tic-tac-toe (一字棋)").
	Title string
	// New creates the game under a configuration, or says why it cannot.
	// The registry has already checked the size and rule against Sizes and
	// Rules.
	New func(cfg Config) (Game, error)
	// Sizes lists the board sizes the game is played on, the usual one
	// first; none for a game with a board of its own shape.
	Sizes []int
	// Rules names the rule sets the game offers, the default first.
	Rules []string
	// Placement says each move puts a new stone on an empty square and
	// none moves (tic-tac-toe, gomoku, othello): front ends that write such
	// moves their own way (UCI's drops, P@b2) ask it.
	Placement bool
	// Variants are further names under which the game is offered, each with
	// settings it fixes (cutechess's UCI_Variant "gomokufreestyle" is gomoku
	// with the freestyle rule, say).
	Variants []Variant
}

// Variant is a name for a game with some settings fixed. Zero fields leave the
// user's setting.
type Variant struct {
	Name      string
	Rule      string
	BoardSize int
}

// Registry finds games by name. It is built once and then only read.
type Registry struct {
	specs []Spec
}

// NewRegistry returns a registry of the given games, in that order.
func NewRegistry(specs ...Spec) *Registry {
	return &Registry{specs: append([]Spec(nil), specs...)}
}

// Names returns the games' names in registration order.
func (r *Registry) Names() []string {
	names := make([]string, len(r.specs))
	for i, s := range r.specs {
		names[i] = s.Name
	}
	return names
}

// Specs returns the registered games.
func (r *Registry) Specs() []Spec { return append([]Spec(nil), r.specs...) }

// Lookup finds a game by name, ignoring case.
func (r *Registry) Lookup(name string) (Spec, bool) {
	for _, s := range r.specs {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return Spec{}, false
}

// New creates the named game under cfg. A size or a rule the game does not
// have is refused, never ignored: an option meant for another game must not
// be taken for this one's.
func (r *Registry) New(name string, cfg Config) (Game, error) {
	s, ok := r.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(r.Names(), ", "))
	}
	if cfg.BoardSize != 0 && !slices.Contains(s.Sizes, cfg.BoardSize) {
		switch len(s.Sizes) {
		case 0:
			return nil, fmt.Errorf("%s has a board of its own: no board size %d (0 means the game's own)", s.Name, cfg.BoardSize)
		case 1:
			return nil, fmt.Errorf("%s is played on one board, of side %d: not %d", s.Name, s.Sizes[0], cfg.BoardSize)
		}
		return nil, fmt.Errorf("%s is played on boards of %s, not %d", s.Name, SizeList(s.Sizes), cfg.BoardSize)
	}
	if cfg.Rule != "" && !slices.ContainsFunc(s.Rules, func(r string) bool { return strings.EqualFold(r, cfg.Rule) }) {
		if len(s.Rules) == 0 {
			return nil, fmt.Errorf("%s has one rule: no rule %q", s.Name, cfg.Rule)
		}
		return nil, fmt.Errorf("%s has no rule %q (its rules: %s)", s.Name, cfg.Rule, strings.Join(s.Rules, ", "))
	}
	return s.New(cfg)
}

// SizeList writes board sizes for people: runs of consecutive or evenly
// spaced sizes as ranges ("side 5 to 22", "even side from 4 to 16").
func SizeList(sizes []int) string {
	sorted := slices.Sorted(slices.Values(sizes))
	switch n := len(sorted); {
	case n == 0:
		return "none"
	case n == 1:
		return fmt.Sprintf("side %d", sorted[0])
	case n > 2:
		step := sorted[1] - sorted[0]
		even := true
		for i := 1; i < n; i++ {
			even = even && sorted[i]-sorted[i-1] == step
		}
		if even && step == 1 {
			return fmt.Sprintf("side %d to %d", sorted[0], sorted[n-1])
		}
		if even && step == 2 && sorted[0]%2 == 0 {
			return fmt.Sprintf("even side from %d to %d", sorted[0], sorted[n-1])
		}
	}
	ws := make([]string, len(sorted))
	for i, v := range sorted {
		ws[i] = fmt.Sprint(v)
	}
	return "side " + strings.Join(ws, ", ")
}

// VariantNames returns every game and variant name, sorted and without
// duplicates: the values of UCI's UCI_Variant option.
func (r *Registry) VariantNames() []string {
	var names []string
	for _, s := range r.specs {
		names = append(names, s.Name)
		for _, v := range s.Variants {
			names = append(names, v.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Variant resolves a variant or game name to the game's name and cfg with the
// variant's settings applied. Variants come first, so that a game can give its
// own name a meaning for UCI_Variant (cutechess's "gomoku" is exact five).
func (r *Registry) Variant(name string, cfg Config) (string, Config, bool) {
	for _, s := range r.specs {
		for _, v := range s.Variants {
			if strings.EqualFold(v.Name, name) {
				if v.Rule != "" {
					cfg.Rule = v.Rule
				}
				if v.BoardSize != 0 {
					cfg.BoardSize = v.BoardSize
				}
				return s.Name, cfg, true
			}
		}
	}
	if s, ok := r.Lookup(name); ok {
		return s.Name, cfg, true
	}
	return "", cfg, false
}
