// Package catalog lists every game qi plays; the binary, the tools and the
// cross-game tests build their registry from it.
package catalog

import (
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/niujiao"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// New returns a registry of all of qi's games.
func New() *engines.Registry {
	return engines.NewRegistry(
		tictactoe.Spec(),
		niujiao.Spec(),
		gomoku.Spec(),
		othello.Spec(),
	)
}
