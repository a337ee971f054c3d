// Tests that isready and ping wait for a game's background set-up (othello's
// trained weights), and that isready mid-search still does not.

package protocol

import (
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
	"qi/engines/othello/pattern"
	"qi/engines/tictactoe"
)

// coldGame is slowGame with a set-up that counts the calls to Warm.
type coldGame struct {
	slowGame
	warms *atomic.Int32
}

func (coldGame) Name() string { return "cold" }

func (g coldGame) Warm() { g.warms.Add(1) }

func coldConfig(warms *atomic.Int32) Config {
	spec := engines.Spec{Name: "cold", New: func(engines.Config) (engines.Game, error) {
		return coldGame{warms: warms}, nil
	}}
	return Config{Registry: engines.NewRegistry(tictactoe.Spec(), spec), Name: "qi", Version: "test",
		Author: "the qi developers", DefaultGame: "cold"}
}

// waitFor makes a client wait after a line starting with send for a reply
// starting with want, and then run check.
func waitFor(send, want string, check func()) func(line string) func(reply string) bool {
	return func(line string) func(reply string) bool {
		if !strings.HasPrefix(line, send) {
			return nil
		}
		return func(reply string) bool {
			if !strings.HasPrefix(reply, want) {
				return false
			}
			check()
			return true
		}
	}
}

func TestIsReadyWaitsForTheGamesSetUp(t *testing.T) {
	var warms atomic.Int32
	drive(t, coldConfig(&warms), "ugi\nuginewgame\nisready\n", waitFor("isready", "readyok", func() {
		assert.Equal(t, int32(1), warms.Load(), "readyok came before the game was warm")
	}))
}

func TestIsReadyMidSearchDoesNotWait(t *testing.T) {
	var warms atomic.Int32
	drive(t, coldConfig(&warms), "ugi\ngo infinite\nisready\nstop\n", waitFor("isready", "readyok", func() {
		assert.Zero(t, warms.Load(), "isready waited for the game's set-up during a search")
	}))
}

// warmChild names the environment variable that makes this test binary the
// fresh process of TestReadyMeansTheWeightsAreDecoded, the dialect to speak.
const warmChild = "QI_PROTOCOL_WARM_CHILD"

// TestReadyMeansTheWeightsAreDecoded checks, each dialect in a fresh process
// (the weights are decoded once a process), that readyok and pong come once
// othello 10x10's weights are decoded: a first search on a clock of 0.1 s a
// move after readyok spent 87 ms decoding them and answered at depth 1.
func TestReadyMeansTheWeightsAreDecoded(t *testing.T) {
	decoded := func() { assert.True(t, pattern.Decoded(10), "the answer came before the weights were decoded") }
	switch os.Getenv(warmChild) {
	case "ugi":
		cfg := Config{Registry: engines.NewRegistry(othello.Spec()), Name: "qi", Version: "test",
			Author: "the qi developers", DefaultGame: "othello"}
		drive(t, cfg, "ugi\nsetoption name BoardSize value 10\nuginewgame\nisready\n", waitFor("isready", "readyok", decoded))
		return
	case "nboard":
		in := "nboard 2\nset game " + ggf(othello.StartPosition(10)) + "\nping 1\n"
		drive(t, nboardConfig(), in, waitFor("ping", "pong", decoded))
		return
	}
	for _, dialect := range []string{"ugi", "nboard"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReadyMeansTheWeightsAreDecoded$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), warmChild+"="+dialect)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", dialect, out)
		require.Contains(t, string(out), "--- PASS", dialect)
	}
}
