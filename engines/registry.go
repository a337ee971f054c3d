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
	// New creates the game under a configuration, or says why it cannot: a
	// board size or a rule the game does not have is refused, not ignored.
	New func(cfg Config) (Game, error)
	// Rules names the rule sets the game offers, the default first.
	Rules []string
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

// New creates the named game under cfg.
func (r *Registry) New(name string, cfg Config) (Game, error) {
	s, ok := r.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(r.Names(), ", "))
	}
	return s.New(cfg)
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
