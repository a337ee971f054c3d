// Tests of the binary as a whole: the test binary runs qi's main when asked,
// so that the subcommands and the start-up time can be checked from outside.

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/tools/play/screen"
)

// TestMain turns the test binary into qi when QI_TEST_MAIN is set.
func TestMain(m *testing.M) {
	if os.Getenv("QI_TEST_MAIN") == "1" {
		os.Exit(run(append([]string{os.Getenv("QI_TEST_ARGV0")}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr, notifyInterrupts))
	}
	os.Exit(m.Run())
}

// qi returns a command running the test binary as qi, named argv0.
func qi(argv0 string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "QI_TEST_MAIN=1", "QI_TEST_ARGV0="+argv0)
	return cmd
}

// noInterrupts is the source of interrupts of in-process runs: none come.
func noInterrupts(...os.Signal) <-chan os.Signal { return nil }

// runQi runs qi in the test's process, with no interrupts.
func runQi(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(args, stdin, stdout, stderr, noInterrupts)
}

func TestSubcommands(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Equal(t, 0, runQi([]string{"qi", "version"}, strings.NewReader(""), &out, &errs))
	assert.Equal(t, "qi "+version+"\n", out.String())
	out.Reset()
	assert.Equal(t, 0, runQi([]string{"qi", "help"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "qi play")
	assert.Equal(t, 2, runQi([]string{"qi", "fly"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, errs.String(), `unknown subcommand "fly"`)
	out.Reset()
	assert.Equal(t, 0, runQi([]string{"qi", "perft", "-depth", "2"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "perft  2              72")
	assert.Equal(t, 1, runQi([]string{"qi", "perft", "-game", "chess"}, strings.NewReader(""), &out, &errs))
	out.Reset()
	assert.Equal(t, 0, runQi([]string{"qi", "arena", "-help"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "usage: qi arena")
	out.Reset()
	assert.Equal(t, 0, runQi([]string{"qi", "book", "build", "-h"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "usage: qi book build")
	out.Reset()
	assert.Equal(t, 0, runQi([]string{"qi", "analyze", "-game", "tictactoe", "-progress", "off", "-"}, strings.NewReader("1. b2 a2 *\n"), &out, &errs))
	assert.Contains(t, out.String(), "   2  O     a2      -M3  a1    +0.00    1.00  ??\n", "a record on stdin analysed")
}

// TestHelpEverywhere: every subcommand, and every command of those that
// have commands, answers -h, -help, --help and help with its usage on
// stdout and exit status 0.
func TestHelpEverywhere(t *testing.T) {
	tests := []struct {
		args  []string
		usage string
	}{
		{[]string{"play"}, "usage: qi play [game] [flags]"},
		{[]string{"perft"}, "usage: qi perft [flags]"},
		{[]string{"bench"}, "usage: qi bench [flags]"},
		{[]string{"arena"}, "usage: qi arena"},
		{[]string{"analyze"}, "usage: qi analyze"},
		{[]string{"solve"}, "usage: qi solve [flags]"},
		{[]string{"othellotrain"}, "usage: qi othellotrain <command>"},
		{[]string{"othellotrain", "wthor"}, "usage: qi othellotrain wthor"},
		{[]string{"othellotrain", "selfplay"}, "usage: qi othellotrain selfplay"},
		{[]string{"othellotrain", "label"}, "usage: qi othellotrain label"},
		{[]string{"othellotrain", "train"}, "usage: qi othellotrain train"},
		{[]string{"othellotrain", "match"}, "usage: qi othellotrain match"},
		{[]string{"othellotrain", "probcut"}, "usage: qi othellotrain probcut"},
		{[]string{"gomokutrain"}, "usage: qi gomokutrain <command>"},
		{[]string{"gomokutrain", "stats"}, "usage: qi gomokutrain stats"},
		{[]string{"gomokutrain", "vcf"}, "usage: qi gomokutrain vcf"},
		{[]string{"gomokutrain", "tune"}, "usage: qi gomokutrain tune"},
		{[]string{"gomokutrain", "selfplay"}, "usage: qi gomokutrain selfplay"},
		{[]string{"gomocup", "selfplay"}, "usage: qi gomokutrain selfplay"},
		{[]string{"wdl"}, "usage: qi wdl <command>"},
		{[]string{"wdl", "fit"}, "usage: qi wdl fit"},
		{[]string{"merge"}, "usage: qi merge"},
		{[]string{"version"}, "usage: qi version"},
		{[]string{"help"}, "usage: qi "},
	}
	for _, tt := range tests {
		for _, word := range []string{"-h", "-help", "--help", "help"} {
			args := append(append([]string{"qi"}, tt.args...), word)
			t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
				var out, errs bytes.Buffer
				assert.Equal(t, 0, runQi(args, strings.NewReader(""), &out, &errs))
				assert.Contains(t, out.String(), tt.usage)
				assert.Empty(t, errs.String())
			})
		}
	}
	// qi help <subcommand> is qi <subcommand> -h.
	var out, errs bytes.Buffer
	assert.Equal(t, 0, runQi([]string{"qi", "help", "solve"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "usage: qi solve [flags]")
}

// TestBareQiOnATerminal: qi started by a person (stdin a terminal) says on
// stderr what it speaks; started by a program it says nothing, and never
// anything on stdout before a command.
func TestBareQiOnATerminal(t *testing.T) {
	tty, err := os.Open(os.DevNull) // a character device, as terminals are
	require.NoError(t, err)
	defer tty.Close()
	tests := []struct {
		name  string
		stdin io.Reader
		want  string
	}{
		{"terminal", tty, "qi: speaking UGI/UCI/Gomocup/NBoard; type help, or run `qi play`\n"},
		{"pipe", strings.NewReader(""), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			assert.Equal(t, 0, runQi([]string{"qi"}, tt.stdin, &out, &errs))
			assert.Equal(t, tt.want, errs.String())
			assert.Empty(t, out.String())
		})
	}
}

// TestInterruptEndsTheProtocolQuietly: Ctrl-C on bare qi is a normal end.
func TestInterruptEndsTheProtocolQuietly(t *testing.T) {
	interrupts := make(chan os.Signal, 1)
	interrupts <- os.Interrupt
	in, typing := io.Pipe() // input that never ends
	defer typing.Close()
	var out, errs bytes.Buffer
	code := run([]string{"qi"}, in, &out, &errs, func(...os.Signal) <-chan os.Signal { return interrupts })
	assert.Equal(t, 0, code)
	assert.Empty(t, errs.String())
	assert.Empty(t, out.String())
}

// TestCtrlCProcess sends real SIGINTs to qi, each once its output shows
// that it is where the test wants it: at a question, during a search, in
// the protocol. Waits are on output and exit, with a minute's guard only.
func TestCtrlCProcess(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		// interruptAt are the texts after each of which a signal goes:
		// SIGINT, but where the name says another.
		interruptAt []string
		want        []string
		end         string
	}{
		{"play at a question", []string{"play", "tictactoe", "-level", "1", "-first", "you"}, "",
			[]string{"Your move (X) > "}, nil, "Your move (X) > \nBye.\n"},
		{"play during a search", []string{"play", "othello", "-level", "10", "-first", "qi", "-time", "1h"}, "",
			[]string{"qi is thinking", "Your move (White) > "}, []string{"qi (Black) plays "}, "Your move (White) > \nBye.\n"},
		{"protocol", nil, "uci\n", []string{"uciok\n"}, nil, "uciok\n"},
	}
	// Managers end an engine with SIGTERM, a closed terminal with SIGHUP:
	// during a search, each ends qi as Ctrl-C does, with the best move so
	// far (both killed qi without a bestmove).
	search := "uci\nsetoption name UCI_Variant value gomoku\nposition startpos moves P@h8\ngo infinite\n"
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		tests = append(tests, struct {
			name        string
			args        []string
			input       string
			interruptAt []string
			want        []string
			end         string
		}{"protocol search " + sig.String(), nil, search, []string{"info depth 2 "}, nil, "\n"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := qi("qi", tt.args...)
			stdin, err := cmd.StdinPipe()
			require.NoError(t, err)
			defer stdin.Close()
			var out screen.Screen
			var errs bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errs
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			_, err = io.WriteString(stdin, tt.input)
			require.NoError(t, err)
			sig := os.Signal(os.Interrupt)
			for _, s := range []os.Signal{syscall.SIGTERM, syscall.SIGHUP} {
				if strings.HasSuffix(tt.name, s.String()) {
					sig = s
				}
			}
			for _, text := range tt.interruptAt {
				out.WaitFor(t, text)
				require.NoError(t, cmd.Process.Signal(sig))
			}
			select {
			case err = <-exited:
			case <-time.After(time.Minute):
				_ = cmd.Process.Kill()
				require.FailNow(t, "qi did not end on Ctrl-C", out.String())
			}
			require.NoError(t, err, "exit status 0; stderr: %s", errs.String())
			assert.Empty(t, errs.String())
			for _, w := range tt.want {
				assert.Contains(t, out.String(), w)
			}
			if strings.HasPrefix(tt.name, "protocol search") {
				assert.Regexp(t, `\nbestmove P@[a-o]\d+\n$`, out.String(), "the best move so far")
			}
			assert.True(t, strings.HasSuffix(out.String(), tt.end), out.String())
		})
	}
}

func TestProtocolProcess(t *testing.T) {
	cmd := qi("qi")
	cmd.Stdin = strings.NewReader("uci\nisready\nposition startpos moves b2\ngo depth 9\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	s := string(out)
	assert.True(t, strings.HasPrefix(s, "id name qi "), "nothing comes before the first reply: %q", s)
	assert.Contains(t, s, "uciok\nreadyok\n")
	assert.Regexp(t, `bestmove P@[a-c][1-3]\n$`, s)
}

func TestPbrainName(t *testing.T) {
	cmd := qi(filepath.Join(t.TempDir(), "pbrain-qi"))
	cmd.Stdin = strings.NewReader("ABOUT\nEND\n")
	out, _ := cmd.CombinedOutput()
	assert.NotContains(t, string(out), "ugiok", "a pbrain- binary speaks Gomocup")
}

// BenchmarkStartup measures the time from starting qi to reading its ugiok.
func BenchmarkStartup(b *testing.B) {
	for i := 0; i < b.N; i++ {
		cmd := qi("qi")
		in, err := cmd.StdinPipe()
		require.NoError(b, err)
		stdout, err := cmd.StdoutPipe()
		require.NoError(b, err)
		start := time.Now()
		require.NoError(b, cmd.Start())
		_, err = in.Write([]byte("ugi\n"))
		require.NoError(b, err)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() && sc.Text() != "ugiok" {
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "ms-to-ugiok")
		in.Close()
		require.NoError(b, cmd.Wait())
	}
}
