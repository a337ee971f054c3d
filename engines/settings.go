// This file holds the check of the settings that games with one board and
// one rule set cannot honour, so that a size or a rule meant for another
// game is refused instead of ignored.

package engines

import "fmt"

// CheckFixed returns an error when cfg asks the game called title, which has
// one board of side size (0 when its board is no square) and no rule sets,
// for another board size or for a rule. A BoardSize of 0 is the game's own.
func CheckFixed(title string, size int, cfg Config) error {
	if cfg.BoardSize != 0 && cfg.BoardSize != size {
		if size == 0 {
			return fmt.Errorf("%s has one board, which has no size to set (not %d)", title, cfg.BoardSize)
		}
		return fmt.Errorf("%s is played on %dx%d only, not %dx%d", title, size, size, cfg.BoardSize, cfg.BoardSize)
	}
	if cfg.Rule != "" {
		return fmt.Errorf("%s has no rule sets to choose from (not %q)", title, cfg.Rule)
	}
	return nil
}
