// Fuzz targets of the properties every session keeps, whatever it is sent:
// every go gets exactly one bestmove, nothing is answered after quit, a
// rejected command leaves the session as it was, isready is answered at once
// even while a search runs, and every reply is a printable line.

package protocol

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	"qi/engines/gomoku"
)

// propertyConfig is every game of the binary with its built-in books
// (whose learned games go to a folder of the test's), and the test games
// whose searchers think until stopped (slow) or ignore their context
// (stuck).
func propertyConfig(t testing.TB) Config {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	specs := append(catalog.New().Specs(), slowSpec(), stuckSpec(release))
	return Config{Registry: engines.NewRegistry(specs...), Name: "qi", Version: "fuzz", Author: "fuzz", DefaultGame: "tictactoe",
		Books: book.NewShelfRooted(t.TempDir(), shipped.FS)}
}

// fuzzing reports whether the test runs under go test -fuzz, where a wall
// clock bound is the property itself; in plain test runs (the seed corpus,
// on a CI machine of any load) only what no load can excuse is checked.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// readyBound is how soon readyok must follow isready.
func readyBound() time.Duration {
	if fuzzing() {
		return 50 * time.Millisecond
	}
	// Far longer than a busy machine delays a goroutine, far shorter than
	// a search that only stop ends (the seeds have those): readyok came
	// without waiting for the search.
	return 10 * time.Second
}

// stampedWriter keeps each line written with when it was written.
type stampedWriter struct {
	mu    sync.Mutex
	part  string
	lines []string
	at    []time.Time
}

func (w *stampedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	w.part += string(p)
	for {
		i := strings.IndexByte(w.part, '\n')
		if i < 0 {
			break
		}
		w.lines, w.at = append(w.lines, w.part[:i]), append(w.at, now)
		w.part = w.part[i+1:]
	}
	return len(p), nil
}

// firstWord returns the command word of a line as the dialects read it.
func firstWord(line string) string {
	ws := splitWords(line)
	if len(ws) == 0 {
		return ""
	}
	return strings.ToLower(ws[0].text)
}

// dialectOf returns the dialect a session of these lines speaks.
func dialectOf(lines []string) Dialect {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			if d := Detect(l); d != Unknown {
				return d
			}
			return UGI
		}
	}
	return UGI
}

// farewell is the command that ends a session of the dialect at once.
func farewell(d Dialect) string {
	if d == Gomocup {
		return "END"
	}
	return "quit"
}

// FuzzSession sends arbitrary lines, one by one as a client does, and checks
// what every session keeps: one bestmove per go, no answer to what comes
// after quit, readyok within readyBound of isready whatever runs, printable
// replies.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"isready\nsetoption name Game value slow\ngo infinite\nisready\ngo depth 3\nisready\nstop\n",
		"setoption name Game value stuck\ngo movetime 30\nisready\ngo infinite\nisready\nstop\nisready\n",
		"go infinite\nisready\ngo ponder\nponderhit\nisready\ngo\nstop\ngo ponder wtime 100 btime 100\nponderhit\nisready\n",
		"setoption name Game value othello\nperft 12\nisready\nstop\ngo depth 40\nisready\nquit\nisready\ngo depth 1\n",
		"setoption name Game value gomoku\nsetoption name Hash value 2048\nisready\nuginewgame\nisready\ngo nodes 2000\nisready\n",
		"go foo\ngo depth 99999999999999999999\ngo depth -1\ngo movetime -5\nisready\ngo perft 3\ngo perft x\n",
		"uci\nsetoption name UCI_Variant value gomoku\nsetoption name UCI_Variant value reversi\ngo depth 2\nsetoption name BoardSize value 9\n",
		"position startpos moves b2 a1\nundo\nundo\nundo\ngo depth 9\nquery result\nd\nmoves\n\x1b[31mred\x00\n",
		"START 15\nINFO timeout_turn 100000\nTURN 7,7\nYXHASHCLEAR\nTURN 0,0\nYXSTOP\nYXSTOP\nisready\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\n",
		"nboard 2\nset depth 60\ngo\nset depth 1\nping 1\nhint 2\nping 2\nmove PA\nlearn\n",
		"setoption name Game value niujiao\ngo infinite\ngo depth 3\ngo nodes 10\nposition startpos moves 01\ngo movetime 10\nisready\n",
		"setoption name BookLearn value true\nposition startpos moves b2 a1\ngo depth 2\nuginewgame\nisready\nsetoption name BookFile value /nope\ngo depth 1\nisready\n",
		"setoption name Game value othello\nsetoption name BookRandomness value 300\ngo movetime 50\nisready\nsetoption name OwnBook value false\ngo depth 2\n",
		"START 15\nINFO book_learn 1\nINFO book_file /nope\nBEGIN\nTURN 8,8\nRESTART\nINFO book 0\nBEGIN\nEND\n",
		"nboard 2\nset depth 1\nset contempt 100\nhint 3\ngo\nmove F5\nlearn\nping 3\n",
	} {
		f.Add(seed)
	}
	warmUp(f)
	f.Fuzz(checkSession)
}

// TestRootedShelfKeepsClientPaths checks the sandbox the fuzz tests run in:
// a book a client names, relative, absolute or climbing out with "..", is
// learned into under the shelf's root and nowhere else (the fuzzer once
// left game logs in the package's folder and in /).
func TestRootedShelfKeepsClientPaths(t *testing.T) {
	name := fmt.Sprintf("qi-rooted-%d", time.Now().UnixNano())
	wd, err := os.Getwd()
	require.NoError(t, err)
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	for _, file := range []string{name, "/" + name, "../../" + name} {
		root := t.TempDir()
		// Only a book that is there is learned into.
		b, err := book.New(g, 2, 10)
		require.NoError(t, err)
		require.NoError(t, b.Save(filepath.Join(root, name)))
		cfg := propertyConfig(t)
		cfg.Books = book.NewShelfRooted(root, shipped.FS)
		in := "START 15\nINFO book_learn 1\nINFO book_file " + file + "\nBOARD\n7,7,1\n8,8,2\nDONE\nRESTART\nEND\n"
		require.NoError(t, Run(context.Background(), strings.NewReader(in), io.Discard, cfg))
		logs, err := filepath.Glob(filepath.Join(root, name+".logs", "*.log"))
		require.NoError(t, err)
		assert.Len(t, logs, 1, "%s: the game is learned under the root", file)
		for _, dir := range []string{wd, filepath.Dir(wd), filepath.Dir(filepath.Dir(wd)), "/"} {
			assert.NoDirExists(t, filepath.Join(dir, name+".logs"), file)
		}
	}
}

// warmUp runs a session of every dialect once, untimed, so that the first
// timed one of a fuzzing process does not pay for the process's own start
// (code paged in, the first collections): that is the test binary's cost, not
// a late readyok.
func warmUp(f *testing.F) {
	for _, in := range []string{"isready\ngo depth 2\nisready\nquit\n", "START 15\nBEGIN\nEND\n", "nboard 2\nset depth 1\ngo\nquit\n"} {
		_ = Run(context.Background(), strings.NewReader(in), io.Discard, propertyConfig(f))
	}
}

// checkSession runs a session of the input's lines, sent one by one as a
// client does, and checks the properties every session keeps.
func checkSession(t *testing.T, input string) {
	ls := strings.Split(strings.TrimSuffix(input, "\n"), "\n")
	d := dialectOf(ls)
	ls = append(ls, farewell(d))
	// What the client expects, counted as the dialect reads the lines.
	gos, readies, quit := 0, 0, false
	isready := make([]bool, len(ls))
	for i, l := range ls {
		w := firstWord(l)
		if !quit && d != Gomocup && d != NBoard {
			switch w {
			case "go":
				if parseGo(tokens(l)[1:]).perft == 0 {
					gos++
				}
			case "isready":
				readies++
				isready[i] = true
			}
		}
		quit = quit || (d == Gomocup && strings.EqualFold(w, "end")) || (d != Gomocup && w == "quit")
	}
	inR, inW := io.Pipe()
	out := &stampedWriter{}
	var sent []time.Time // when each isready before quit was sent
	wrote := make(chan struct{})
	go func() {
		defer close(wrote)
		defer inW.Close()
		for i, l := range ls {
			if isready[i] {
				sent = append(sent, time.Now())
			}
			if _, err := io.WriteString(inW, l+"\n"); err != nil {
				return
			}
		}
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = Run(context.Background(), inR, out, propertyConfig(t))
		inR.Close()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("the session did not end after %s", farewell(d))
	}
	<-wrote
	out.mu.Lock()
	defer out.mu.Unlock()
	var bestmoves, readyoks []time.Time
	for i, l := range out.lines {
		require.Equal(t, printable(l), l, "reply lines are printable")
		switch {
		case strings.HasPrefix(l, "bestmove "):
			bestmoves = append(bestmoves, out.at[i])
		case l == "readyok":
			readyoks = append(readyoks, out.at[i])
		}
	}
	if d == Gomocup || d == NBoard {
		return
	}
	require.Len(t, bestmoves, gos, "one bestmove per go before quit, none after:\n%s", strings.Join(out.lines, "\n"))
	require.Len(t, readyoks, readies, "one readyok per isready before quit, none after")
	for i := range readyoks {
		require.Less(t, readyoks[i].Sub(sent[i]), readyBound(), "readyok %d came late", i+1)
	}
}

// stateOf describes what a session holds: the game, its settings and its
// position; a rejected command must leave it as it was.
func stateOf(d dialect) string {
	switch x := d.(type) {
	case *ugi:
		return fmt.Sprintf("ugi %v game %s %+v position %q plies %d", x.uci, x.gameName, x.opts, x.pos.Text(), x.pos.Plies())
	case *gomocup:
		st := fmt.Sprintf("gomocup rule %v hash %d level %d baseline %v us %v/%v turn %v/%v left %v/%v depth %d nodes %d",
			x.rule, x.hashMB, x.level, x.baseline, x.us, x.usSet, x.turn, x.turnSet, x.left, x.leftSet, x.maxDepth, x.maxNodes)
		if x.game != nil {
			st += fmt.Sprintf(" board %dx%d position %q plies %d", x.game.Width(), x.game.Height(), x.pos.Text(), x.pos.Plies())
		}
		return st
	case *nboard:
		return fmt.Sprintf("nboard depth %d size %d position %q plies %d", x.depth, x.game.Size(), x.pos.Text(), x.pos.Plies())
	}
	return "no session"
}

// rejectSetups are sessions to send a command to, one per dialect and game.
var rejectSetups = []string{
	"isready",
	"position startpos moves b2 a1",
	"setoption name Game value niujiao\nposition startpos moves 01 86",
	"setoption name Game value gomoku\nsetoption name Rule value renju\nposition startpos moves h8 h9 i8",
	"setoption name Game value othello\nsetoption name BoardSize value 6\nposition startpos moves c2",
	"uci\nsetoption name UCI_Variant value gomokufreestyle\nposition startpos moves h8",
	"START 15\nINFO rule 4\nYXBOARD\n7,7,1\n8,8,2\nDONE",
	"RECTSTART 20,15\nINFO rule 1\nINFO timeout_turn 500",
	"nboard 2\nset depth 3\nset game (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
}

// rejected reports whether a command's replies say it was refused.
func rejected(replies []string) bool {
	for _, l := range replies {
		if strings.HasPrefix(l, "info string error") || strings.HasPrefix(l, "ERROR ") || strings.HasPrefix(l, "status error") {
			return true
		}
	}
	return false
}

// FuzzRejected sends one command to a session and checks that, if it was
// refused (an error in the dialect's form), the session is as it was.
func FuzzRejected(f *testing.F) {
	for _, seed := range []string{
		"setoption name BoardSize value 9", "setoption name Rule value renju", "setoption name Game value chess",
		"setoption name Level value 11", "setoption name Hash value 0", "position startpos moves a1 a1",
		"position fen xx", "undo", "perft 0", "query colour", "TURN 99,99", "TAKEBACK 3,3", "START 4",
		"RECTSTART 30,3", "PLAY 7,7", "set depth 99", "move zz", "hint -1", "set game (;BO[7 -",
		"setoption name UCI_Variant value chess", "RESTART", "DONE", "INFO rule 99",
	} {
		for i := range rejectSetups {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, setup uint8, cmd string) {
		if strings.ContainsAny(cmd, "\r\n") {
			return
		}
		prefix := rejectSetups[int(setup)%len(rejectSetups)]
		d := dialectOf(strings.Split(prefix, "\n"))
		run := func(lines string) ([]string, string) {
			out := &stampedWriter{}
			dl, err := session(context.Background(), strings.NewReader(lines+farewell(d)+"\n"), out, propertyConfig(t))
			if dl == nil {
				require.NoError(t, err)
				return out.lines, "no session"
			}
			return out.lines, stateOf(dl)
		}
		before, want := run(prefix + "\n")
		after, got := run(prefix + "\n" + cmd + "\n")
		require.GreaterOrEqual(t, len(after), len(before))
		require.Equal(t, strings.Join(before, "\n"), strings.Join(after[:len(before)], "\n"), "the set-up answers the same")
		if rejected(after[len(before):]) {
			require.Equal(t, want, got, "a refused command changes nothing: %q", cmd)
		}
	})
}
