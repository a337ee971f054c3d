// Tests of the strength options: UCI_LimitStrength and UCI_Elo play the
// level measured nearest the Elo asked for, RandomMover plays at random.

package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/tictactoe"
)

// ratedGame is tic-tac-toe whose levels (the depth it looks ahead) have
// made-up strengths, 100 Elo a level.
type ratedGame struct{ tictactoe.Game }

func (ratedGame) Name() string { return "rated" }

func (ratedGame) LevelElo() []int {
	elo := make([]int, engines.MaxLevel)
	for i := range elo {
		elo[i] = 100 * (i + 1)
	}
	return elo
}

// unratedGame is tic-tac-toe whose levels have no measured strength.
type unratedGame struct{ tictactoe.Game }

func (unratedGame) Name() string { return "unrated" }

func (unratedGame) LevelElo() []int { return nil }

func ratedConfig() Config {
	spec := engines.Spec{Name: "rated", New: func(engines.Config) (engines.Game, error) { return ratedGame{}, nil }}
	unrated := engines.Spec{Name: "unrated", New: func(engines.Config) (engines.Game, error) { return unratedGame{}, nil }}
	return Config{Registry: engines.NewRegistry(spec, unrated, tictactoe.Spec()), Name: "qi", Version: "test", DefaultGame: "rated"}
}

func TestLimitStrength(t *testing.T) {
	out := volatile.ReplaceAllString(drive(t, ratedConfig(), lines(
		"setoption name UCI_Elo value 240",
		"setoption name UCI_LimitStrength value true",
		"position startpos moves a1 b2 c3",
		"go depth 5",
		"setoption name UCI_Elo value 4000",
		"setoption name UCI_Elo value 4001",
		"setoption name UCI_LimitStrength value false",
		"go depth 1",
		"setoption name Game value unrated",
		"setoption name UCI_LimitStrength value true",
	), ugiWaits), "$1 *")
	assert.Equal(t, lines(
		"info string UCI_Elo 240: Level 2, measured at 200 Elo",
		// Level 2 looks two plies ahead, whatever go allows.
		"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
		"info depth 2 seldepth 2 score cp 0 nodes 22 nps * time * pv c1 b1",
		"bestmove c1",
		"info string UCI_Elo 4000: Level 10, measured at 1000 Elo",
		`info string error: option UCI_Elo: "4001" is not a whole number from 0 to 4000`,
		"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
		"bestmove c1",
		"info string UCI_Elo: the levels of unrated have no measured strength; playing at full strength",
	), out)
}

// TestLimitStrengthMeasured asks real games for an Elo: each plays the level
// its table (measured by qi arena, docs/games.md) puts nearest.
func TestLimitStrengthMeasured(t *testing.T) {
	out := volatile.ReplaceAllString(drive(t, testConfig(t), lines(
		"setoption name UCI_Elo value 250",
		"setoption name UCI_LimitStrength value true",
		"position startpos moves a1 b2 c3",
		// Level 1 looks one ply ahead, whatever go allows.
		"go depth 9",
		"setoption name UCI_Elo value 3000",
		"setoption name Game value niujiao",
		"setoption name UCI_Elo value 560",
		"setoption name UCI_Elo value 740",
	), ugiWaits), "$1 *")
	assert.Equal(t, lines(
		"info string UCI_Elo 250: Level 1, measured at 195 Elo",
		"info depth 1 seldepth 1 score cp 100 nodes 6 nps * time * pv c1",
		"bestmove c1",
		// Levels 4 to 10 play alike from balanced openings: the first.
		"info string UCI_Elo 3000: Level 4, measured at 423 Elo",
		"info string UCI_Elo 560: Level 2, measured at 522 Elo",
		"info string UCI_Elo 740: Level 4, measured at 728 Elo",
	), out)
}

func TestLevelForElo(t *testing.T) {
	tests := []struct{ elo, level int }{{0, 1}, {100, 1}, {149, 1}, {150, 1}, {151, 2}, {640, 6}, {1000, 10}, {4000, 10}}
	for _, tc := range tests {
		level, ok := engines.LevelForElo(ratedGame{}, tc.elo)
		require.True(t, ok)
		assert.Equal(t, tc.level, level, "Elo %d", tc.elo)
	}
	_, ok := engines.LevelForElo(unratedGame{}, 500)
	assert.False(t, ok, "a game without measured levels")
}

func TestRandomMover(t *testing.T) {
	// Every seed plays a legal move, and different seeds different ones.
	seen := map[string]bool{}
	for seed := 1; seed <= 20; seed++ {
		out := drive(t, testConfig(t), lines(
			"setoption name RandomMover value true",
			"setoption name Seed value "+strings.Repeat("1", seed%9+1),
			"position startpos moves b2",
			"go depth 9",
		), ugiWaits)
		best := out[strings.LastIndex(out, "bestmove ")+len("bestmove "):]
		best = strings.TrimSpace(best)
		assert.Contains(t, []string{"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}, best)
		seen[best] = true
	}
	assert.Greater(t, len(seen), 3, "the moves are drawn at random")
}
