// Transcript tests of `qi play`: a person's typing in, the screen out.

package terminal

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
)

func play(t *testing.T, args []string, input string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, Run(context.Background(), args, strings.NewReader(input), &out, catalog.New()))
	return out.String()
}

func TestPlayToADraw(t *testing.T) {
	// Perfect play draws: the person takes the centre, then forces qi's
	// replies one threat after another.
	out := play(t, []string{"tictactoe", "-time", "10s"}, "\ny\nb2\na3\nb1\na2\nc3\nn\n")
	assert.Contains(t, out, "Level, 1 (weakest) to 10 (full strength) [10]: ")
	assert.Contains(t, out, "You play X, qi plays O at level 10.")
	assert.Contains(t, out, "qi (O) plays a1.\n")
	assert.Contains(t, out, "qi (O) plays c1.\n")
	assert.Contains(t, out, "qi (O) plays b3.\n")
	assert.Contains(t, out, "qi (O) plays c2.\n")
	assert.Contains(t, out, "Game over: a draw.")
	assert.Contains(t, out, "Play again? [y/N] Bye.")
}

func TestQiWinsAgainstAMistake(t *testing.T) {
	// qi opens in the centre; an edge reply loses to the corner.
	out := play(t, []string{"tictactoe", "-level", "10", "-first", "qi"}, "b1\nb2\nc3\n")
	assert.Contains(t, out, "You play O, qi plays X at level 10.")
	assert.Contains(t, out, "qi (X) plays b2.\n")
	assert.Contains(t, out, "qi (X) plays a3 and will win within 3 moves.")
	assert.Contains(t, out, "illegal move: b2")
	assert.Contains(t, out, "qi (X) plays c1 and will win within 1 move.")
	assert.Contains(t, out, "Game over: X wins. qi wins.")
}

func TestBadInputUndoHint(t *testing.T) {
	out := play(t, []string{"tictactoe", "-level", "1", "-first", "you"},
		"undo\nz9\nb2 b3\nhelp\nmoves\nhint\nb2\nundo\nundo\nboard\nquit\n")
	assert.Contains(t, out, "There is no move of yours to take back.")
	assert.Contains(t, out, `bad square "z9": tic-tac-toe squares run from a1 to c3. Type help for the commands.`)
	assert.Contains(t, out, `bad square "b2 b3"`)
	assert.Contains(t, out, "Type a move (for example a1), or: undo")
	assert.Contains(t, out, "Legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3")
	assert.Contains(t, out, "Hint: ")
	assert.Equal(t, 1, strings.Count(out, "Taken back."), "the second undo has nothing left")
	assert.Contains(t, out, "Bye.")
}

func TestPlayNiujiao(t *testing.T) {
	out := play(t, []string{"niujiao", "-level", "10", "-first", "qi"}, "97\nquit\n")
	assert.Contains(t, out, "You play Blue, qi plays Red at level 10.")
	assert.Contains(t, out, "0R\n")
	assert.Contains(t, out, "qi (Red) plays 0")
}

func TestPlayGomokuAsksTheRule(t *testing.T) {
	out := play(t, []string{"gomoku", "-level", "1", "-first", "you"}, "fiverow\nRENJU\nquit\n")
	assert.Contains(t, out, "Rule, one of freestyle, standard, renju, caro [freestyle]: ")
	assert.Contains(t, out, "Please give one of freestyle, standard, renju, caro.")
	assert.Contains(t, out, "Renju, black (X) to move")
	out = play(t, []string{"gomoku", "-rule", "caro", "-level", "1", "-first", "you"}, "quit\n")
	assert.NotContains(t, out, "Rule, one of")
	assert.Contains(t, out, "Caro, black (X) to move")
	// A variant's name picks the game and its rule.
	out = play(t, []string{"renju", "-level", "1", "-first", "you"}, "quit\n")
	assert.Contains(t, out, "qi plays gomoku.")
	assert.Contains(t, out, "Renju, black (X) to move")
}

func TestSetupErrors(t *testing.T) {
	var out bytes.Buffer
	err := Run(context.Background(), []string{"chess"}, strings.NewReader(""), &out, catalog.New())
	assert.ErrorContains(t, err, `unknown game "chess"`)
	err = Run(context.Background(), []string{"tictactoe", "-first", "nobody", "-level", "3"}, strings.NewReader(""), &out, catalog.New())
	assert.ErrorContains(t, err, "-first must be you, qi or ask")
	out.Reset()
	require.NoError(t, Run(context.Background(), []string{"tictactoe"}, strings.NewReader("11\nzero\n4\nmaybe\nn\nquit\n"), &out, catalog.New()))
	assert.Equal(t, 2, strings.Count(out.String(), "Please give a number from 1 to 10."))
	assert.Contains(t, out.String(), "Please answer y or n.")
	assert.Contains(t, out.String(), "You play O, qi plays X at level 4.")
}
