// Transcript tests of `qi play`: a person's typing in, the screen out; the
// command line checked before any question; Ctrl-C at questions and during
// searches.

package play

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/book"
	"qi/book/shipped"
	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/enginetest"
	"qi/engines/tictactoe"
	"qi/tools/play/screen"
)

// play runs qi play with args on input, with no Ctrl-C, and returns the
// screen.
func play(t *testing.T, args []string, input string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, Run(context.Background(), args, strings.NewReader(input), &out, catalog.New(), nil, nil))
	return out.String()
}

// The games whose outcome the tests check think as long as the full search
// takes: no machine is too slow for them.
const noHurry = "1h"

func TestPlayToADraw(t *testing.T) {
	// Perfect play draws: the person takes the centre, then forces qi's
	// replies one threat after another.
	out := play(t, []string{"tictactoe", "-time", noHurry}, "\ny\nb2\na3\nb1\na2\nc3\nn\n")
	assert.Contains(t, out, "Level, 1 (weakest) to 10 (full strength) [10]: ")
	assert.Contains(t, out, "You play X, qi plays O at level 10.")
	assert.Contains(t, out, "qi is thinking (up to 1h0m0s; Ctrl-C makes it play now)...\nqi (O) plays a1.\n")
	assert.Contains(t, out, "qi (O) plays c1.\n")
	assert.Contains(t, out, "qi (O) plays b3.\n")
	assert.Contains(t, out, "qi (O) plays c2.\n")
	assert.Contains(t, out, "Game over: a draw.")
	assert.Contains(t, out, "Play again? [y/N] Bye.")
}

func TestQiWinsAgainstAMistake(t *testing.T) {
	// qi opens in the centre; an edge reply loses to the corner.
	out := play(t, []string{"-level", "10", "-time", noHurry, "-first", "qi", "tictactoe"}, "b1\nb2\nc3\n")
	assert.Contains(t, out, "You play O, qi plays X at level 10.")
	assert.Contains(t, out, "qi (X) plays b2.\n")
	assert.Contains(t, out, "qi (X) plays a3 and will win within 3 moves.")
	assert.Contains(t, out, "Illegal move: b2. Type help for the commands.")
	assert.Contains(t, out, "qi (X) plays c1 and will win within 1 move.")
	assert.Contains(t, out, " 1  . O[X]\n", "the last move is marked")
	assert.Contains(t, out, "Game over: X wins. qi wins.")
}

func TestBadInputUndoHint(t *testing.T) {
	out := play(t, []string{"tictactoe", "-level", "1", "-first", "you"},
		"undo\nz9\nb2 b3\nhelp\nmoves\nhint\nb2\nundo\nundo\nboard\nquit\n")
	assert.Contains(t, out, "There is no move of yours to take back.")
	assert.Contains(t, out, `Bad square "z9": tic-tac-toe squares run from a1 to c3. Type help for the commands.`)
	assert.Contains(t, out, `Bad square "b2 b3"`)
	assert.Contains(t, out, "Type a move (for example a1), or: undo")
	assert.Contains(t, out, "Legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3.")
	assert.Contains(t, out, "Looking for a hint (up to 3s; Ctrl-C gives the best so far)...\nHint: ")
	assert.Equal(t, 1, strings.Count(out, "Taken back."), "the second undo has nothing left")
	assert.Contains(t, out, "Bye.")
}

func TestPlayNiujiao(t *testing.T) {
	out := play(t, []string{"niujiao", "-level", "10", "-first", "qi", "-time", noHurry}, "97\nquit\n")
	assert.Contains(t, out, "You play Blue, qi plays Red at level 10.")
	assert.Contains(t, out, "0R\n|  \\\n", "the 0-2 edge is drawn")
	assert.Contains(t, out, "qi (Red) plays 0")
	assert.Contains(t, out, "6.----7b\n", "the stone that moved last is in lower case")
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

func TestSetupQuestions(t *testing.T) {
	out := play(t, []string{"tictactoe"}, "11\nzero\n4\nmaybe\nn\nquit\n")
	assert.Equal(t, 2, strings.Count(out, "Please give a number from 1 to 10."))
	assert.Contains(t, out, "Please answer y or n.")
	assert.Contains(t, out, "You play O, qi plays X at level 4.")
	// The end of the input at a question ends the session as quit does.
	out = play(t, []string{"gomoku"}, "")
	assert.True(t, strings.HasSuffix(out, "Rule, one of freestyle, standard, renju, caro [freestyle]: \nBye.\n"), out)
}

// TestArgsAnyOrder: the game may come anywhere among the flags.
func TestArgsAnyOrder(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"-size", "10", "othello"}, []string{"qi plays othello.", " 10 . . . ."}},
		{[]string{"othello", "-size", "6", "-level", "2"}, []string{"qi plays othello.", "at level 2", "  6 . . . . . .\n"}},
		{[]string{"-level", "2", "gomoku", "-rule", "renju", "-size", "9"}, []string{"qi plays gomoku.", "Renju, black (X) to move", " 9 . . . . . . . . . 9"}},
		{[]string{"-first", "you", "-level", "1"}, []string{"qi plays tictactoe.", "You play X"}},
		{[]string{"reversi", "-level", "1"}, []string{"qi plays othello."}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			// An empty line takes the default level, when it is asked.
			out := play(t, append(tt.args, "-first", "you"), "\nquit\n")
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
		})
	}
}

// TestArgsCheckedFirst: every mistake of the command line is refused with
// the accepted values before any question is asked, none ignored.
func TestArgsCheckedFirst(t *testing.T) {
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"chess"}, `unknown game "chess": the games are tictactoe, niujiao, gomoku, othello`},
		{[]string{"gomoku", "renju"}, `one game at a time, not "gomoku" and "renju"; sizes and rules are flags`},
		{[]string{"tictactoe", "extra"}, `one game at a time, not "tictactoe" and "extra"`},
		{[]string{"-level", "11"}, "-level must be from 1 to 10 (or 0 to be asked), not 11"},
		{[]string{"-level", "-1", "othello"}, "-level must be from 1 to 10"},
		{[]string{"-first", "nobody"}, `-first must be you, qi or ask, not "nobody"`},
		{[]string{"-time", "0s"}, "-time must be more than 0 (for example -time 3s), not 0s"},
		{[]string{"-size", "10"}, "tictactoe is played on one board, of side 3: not 10"},
		{[]string{"niujiao", "-size", "7"}, "niujiao has a board of its own: no board size 7"},
		{[]string{"niujiao", "-rule", "renju"}, `niujiao has one rule: no rule "renju"`},
		{[]string{"othello", "-rule", "renju"}, "othello has one rule"},
		{[]string{"othello", "-size", "9"}, "othello is played on boards of even side from 4 to 16, not 9"},
		{[]string{"gomoku", "-size", "30"}, "gomoku is played on boards of side 5 to 22, not 30"},
		{[]string{"gomoku", "-rule", "go"}, `gomoku has no rule "go" (its rules: freestyle, standard, renju, caro)`},
		{[]string{"renju", "-rule", "caro"}, "renju is gomoku -rule renju -size 15; for another rule or size, name the game itself"},
		{[]string{"caro", "-size", "20"}, "caro is gomoku -rule caro -size 15"},
		{[]string{"-fly"}, "play: flag provided but not defined: -fly (see qi play -h)"},
		{[]string{"-level", "x"}, `invalid value "x" for flag -level`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out bytes.Buffer
			err := Run(context.Background(), tt.args, strings.NewReader("1\ny\n"), &out, catalog.New(), nil, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
			assert.Empty(t, out.String(), "nothing is asked before the command line is checked")
		})
	}
}

// TestThinkingTimeMustBePositive: no thinking time at all would make qi
// play the first legal move; it is refused.
func TestThinkingTimeMustBePositive(t *testing.T) {
	for _, d := range []string{"0s", "0", "-1s", "-3ms"} {
		t.Run(d, func(t *testing.T) {
			var out bytes.Buffer
			err := Run(context.Background(), []string{"-time", d, "-level", "5", "-first", "qi"}, strings.NewReader(""), &out, catalog.New(), nil, nil)
			require.ErrorContains(t, err, "-time must be more than 0")
			assert.NotContains(t, out.String(), "plays")
		})
	}
}

// TestHelp: -h, -help, --help and help print the usage, with every game's
// sizes and rules, and return flag.ErrHelp (exit 0 for main).
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"help"}, {"othello", "-h"}, {"-level", "3", "help"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out bytes.Buffer
			err := Run(context.Background(), args, strings.NewReader(""), &out, catalog.New(), nil, nil)
			require.ErrorIs(t, err, flag.ErrHelp)
			s := out.String()
			assert.Contains(t, s, "usage: qi play [game] [flags]")
			assert.Contains(t, s, "  tictactoe        tic-tac-toe (一字棋)\n                   -size side 3; no rules to choose\n")
			assert.Contains(t, s, "  niujiao          niu jiao qi (牛角棋, ox-horn chess)\n                   -size none: the game has a board of its own; no rules to choose\n")
			assert.Contains(t, s, "-size side 5 to 22 (15 if not given); -rule freestyle, standard, renju, caro (asked if not given)\n")
			assert.Contains(t, s, "  renju            gomoku -rule renju -size 15\n")
			assert.Contains(t, s, "-size even side from 4 to 16 (8 if not given); no rules to choose\n")
			assert.Contains(t, s, "  reversi          othello\n")
			assert.Contains(t, s, "  -time duration\n")
			assert.NotContains(t, s, "Level,", "no question is asked")
		})
	}
}

// TestResultsInPeoplesWords: the end of a game says who won in the game's
// words, with the discs where they decide it, and who that is.
func TestResultsInPeoplesWords(t *testing.T) {
	reg := catalog.New()
	tests := []struct {
		game  string
		cfg   engines.Config
		moves string
		human engines.Side
		want  string
	}{
		{"tictactoe", engines.Config{}, "a1 b1 a2 b2 a3", engines.P1, "Game over: X wins. You win, well played!\n"},
		{"tictactoe", engines.Config{}, "a1 b1 a2 b2 a3", engines.P2, "Game over: X wins. qi wins.\n"},
		{"tictactoe", engines.Config{}, "b2 a1 c1 a3 a2 c2 b1 b3 c3", engines.P1, "Game over: a draw.\n"},
		{"othello", engines.Config{BoardSize: 4}, "c4 d4 d3 b4 a4 d2 d1 a3 a2 c1 b1 a1", engines.P1, "Game over: White wins 10-6. qi wins.\n"},
		{"niujiao", engines.Config{}, "01 97 12 76 21 67 12 76 21 67", engines.P2, "Game over: a draw.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.moves, func(t *testing.T) {
			g, pos := enginetest.Played(t, reg, tt.game, tt.cfg, tt.moves)
			var out bytes.Buffer
			s := &session{out: &out, game: g, pos: pos, human: tt.human}
			s.announce(pos.Result())
			assert.Equal(t, tt.want, out.String())
		})
	}
}

// TestIllegalMovesSayWhy: a refused move is said as a sentence, with the
// game's reason.
func TestIllegalMovesSayWhy(t *testing.T) {
	reg := catalog.New()
	tests := []struct {
		game  string
		cfg   engines.Config
		moves string
		move  string
		want  string
	}{
		{"gomoku", engines.Config{Rule: "renju"}, "h7 a1 g8 a2 i8 a3 h9 a4", "h8", "Illegal move: h8 is forbidden for black: double-three"},
		{"gomoku", engines.Config{Rule: "freestyle"}, "h7 a1 g8 a2 i8 a3 h9 a4", "h8", ""},
		{"tictactoe", engines.Config{}, "b2", "b2", "Illegal move: b2"},
		{"gomoku", engines.Config{}, "h8", "h8", "h8 is taken"},
		{"niujiao", engines.Config{}, "", "03", `Bad move "03": 0 and 3 are not joined by an edge`},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.move, func(t *testing.T) {
			_, pos := enginetest.Played(t, reg, tt.game, tt.cfg, tt.moves)
			_, err := engines.Legal(pos, tt.move)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.want, sentence(err))
		})
	}
}

// stubborn is tic-tac-toe whose searcher thinks until it is stopped, then
// answers with the last legal move (never the first, a1, which a cancelled
// search used to play). Each search says on started whether its context
// was alive when it began.
type stubborn struct {
	tictactoe.Game
	started chan bool
}

func (g stubborn) NewSearcher(engines.Config) engines.Searcher { return stubbornSearcher(g) }

type stubbornSearcher stubborn

func (s stubbornSearcher) Search(ctx context.Context, pos engines.Position, _ engines.Limits, _ func(engines.Info)) engines.Info {
	s.started <- ctx.Err() == nil
	<-ctx.Done()
	moves := pos.LegalMoves(nil)
	return engines.Info{Depth: 1, PV: moves[len(moves)-1:]}
}

func (stubbornSearcher) Clear() {}

// TestCtrlC: Ctrl-C during a search stops it and qi plays (or hints) the
// best move found so far; the next search starts afresh, at full strength;
// Ctrl-C at a question says goodbye.
func TestCtrlC(t *testing.T) {
	started := make(chan bool, 8)
	reg := engines.NewRegistry(engines.Spec{Name: "stubborn", Title: "tic-tac-toe that thinks until stopped",
		New: func(engines.Config) (engines.Game, error) { return stubborn{tictactoe.Game{}, started}, nil }})
	interrupts := make(chan os.Signal, 1)
	in, typing := io.Pipe()
	defer typing.Close()
	var out screen.Screen
	var wg sync.WaitGroup
	var err error
	wg.Go(func() {
		err = Run(context.Background(), []string{"stubborn", "-level", "10", "-first", "qi", "-time", noHurry}, in, &out, reg, nil, interrupts)
	})
	search := func() {
		t.Helper()
		select {
		case fresh := <-started:
			require.True(t, fresh, "a search starts with its context alive")
		case <-time.After(time.Minute):
			require.FailNow(t, "no search started", out.String())
		}
		interrupts <- os.Interrupt
	}
	typeLine := func(line string) {
		_, err := io.WriteString(typing, line+"\n")
		require.NoError(t, err)
	}
	out.WaitFor(t, "qi is thinking")
	search()
	out.WaitFor(t, "qi (X) plays c3.\n")
	out.WaitFor(t, "Your move (O) > ")
	typeLine("hint")
	out.WaitFor(t, "Looking for a hint")
	search()
	out.WaitFor(t, "Hint: b3.\n")
	out.WaitFor(t, "Your move (O) > ")
	typeLine("a1")
	out.WaitFor(t, "qi is thinking")
	search()
	out.WaitFor(t, "qi (X) plays b3.\n")
	out.WaitFor(t, "Your move (O) > ")
	interrupts <- os.Interrupt
	wg.Wait()
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out.String(), "Your move (O) > \nBye.\n"), out.String())
}

// playWithBooks runs qi play with qi's built-in books, whose learned games
// go to a folder of the test's, and returns the screen and that folder.
func playWithBooks(t *testing.T, args []string, input string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, Run(context.Background(), args, strings.NewReader(input), &out, catalog.New(), book.NewShelfIn(dir, shipped.FS), nil))
	return out.String(), dir
}

// loggedGames reads the games learned into the tic-tac-toe book of dir.
func loggedGames(t *testing.T, dir string) []book.Game {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(book.LogDir(filepath.Join(dir, "tictactoe.book")), "*.log"))
	require.NoError(t, err)
	var games []book.Game
	for _, l := range logs {
		gs, bad, err := book.ReadLogFile(l, tictactoe.Game{})
		require.NoError(t, err)
		require.Empty(t, bad)
		games = append(games, gs...)
	}
	return games
}

// everySquare tries the squares one after the other: the taken ones are
// refused, and those left after the game answer Play again? wrongly until
// the input ends.
const everySquare = "a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n"

func TestPlayFromTheBook(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		book    bool // qi's moves are book moves
		learned int
		random  bool
		says    string
	}{
		{name: "full strength", args: []string{"-level", "10"}, book: true, learned: 1},
		{name: "a weaker qi's games are logged as random", args: []string{"-level", "3"}, book: true, learned: 1, random: true},
		{name: "no learning", args: []string{"-level", "10", "-learn=false"}, book: true},
		{name: "no book", args: []string{"-level", "10", "-book", "off"}},
		// missing stands for a file that is not there.
		{name: "a book that does not open", args: []string{"-level", "10", "-book", "missing"},
			says: "The opening book does not open (open missing: no such file or directory); qi plays without one.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			missing := filepath.Join(t.TempDir(), "nothing-here.book")
			args := slices.Clone(tt.args)
			for i, a := range args {
				if a == "missing" {
					args[i] = missing
				}
			}
			out, dir := playWithBooks(t, append([]string{"tictactoe", "-first", "qi", "-time", noHurry}, args...), everySquare)
			assert.Contains(t, out, "Game over: ")
			if tt.book {
				// The book is tic-tac-toe solved: qi never loses from it.
				assert.Regexp(t, `qi \(X\) plays [a-c][1-3] \(book move\)\.\n`, out)
				assert.NotContains(t, out, "You win")
			} else {
				assert.NotContains(t, out, "book move")
			}
			if tt.says != "" {
				assert.Contains(t, out, strings.ReplaceAll(tt.says, "missing", missing))
			}
			games := loggedGames(t, dir)
			require.Len(t, games, tt.learned)
			for _, g := range games {
				assert.NotEqual(t, engines.None, g.Result, "a finished game")
				assert.GreaterOrEqual(t, len(g.Moves), 5)
				assert.Equal(t, tt.random, g.Random)
			}
		})
	}
}

func TestHintFromTheBook(t *testing.T) {
	out, _ := playWithBooks(t, []string{"tictactoe", "-first", "you", "-level", "10"}, "hint\nquit\n")
	assert.Contains(t, out, "Hint: a1 (book move).\n", "a1 is first among the equal first moves")
}
