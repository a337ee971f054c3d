// Tests of the binary as a whole: the test binary runs qi's main when asked,
// so that the subcommands and the start-up time can be checked from outside.

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain turns the test binary into qi when QI_TEST_MAIN is set.
func TestMain(m *testing.M) {
	if os.Getenv("QI_TEST_MAIN") == "1" {
		os.Exit(run(append([]string{os.Getenv("QI_TEST_ARGV0")}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// qi returns a command running the test binary as qi, named argv0.
func qi(argv0 string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "QI_TEST_MAIN=1", "QI_TEST_ARGV0="+argv0)
	return cmd
}

func TestSubcommands(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Equal(t, 0, run([]string{"qi", "version"}, strings.NewReader(""), &out, &errs))
	assert.Equal(t, "qi "+version+"\n", out.String())
	out.Reset()
	assert.Equal(t, 0, run([]string{"qi", "help"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "qi play")
	assert.Equal(t, 2, run([]string{"qi", "fly"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, errs.String(), `unknown subcommand "fly"`)
	out.Reset()
	assert.Equal(t, 0, run([]string{"qi", "perft", "-depth", "2"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "perft  2              72")
	assert.Equal(t, 1, run([]string{"qi", "perft", "-game", "chess"}, strings.NewReader(""), &out, &errs))
	out.Reset()
	assert.Equal(t, 0, run([]string{"qi", "arena", "-help"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "usage: qi arena")
	out.Reset()
	assert.Equal(t, 0, run([]string{"qi", "book", "build", "-h"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, out.String(), "usage: qi book build")
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
