// Transcript tests of the NBoard dialect, as the NBoard GUI drives an engine.

package protocol

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/othello"
)

func nboardConfig() Config {
	return Config{Registry: engines.NewRegistry(othello.Spec()), Name: "qi", Version: "test",
		Author: "the qi developers", DefaultGame: "othello"}
}

func nboardExchange(t *testing.T, steps []step) {
	t.Helper()
	exchange(t, nboardConfig(), nil, steps)
}

// ggf writes a GGF game of pos with no moves.
func ggf(pos *othello.Position) string {
	return "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[0:00]TY[" + strings.Fields(pos.GGFBoard())[0] + "]BO[" + pos.GGFBoard() + "];)"
}

// findPosition plays random games on an n x n board until want accepts a
// position.
func findPosition(t *testing.T, n int, want func(p *othello.Position) bool) *othello.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	for range 10000 {
		p := othello.StartPosition(n)
		for p.Result() == engines.None {
			if want(p) {
				q, err := othello.ParseText(p.Text())
				require.NoError(t, err)
				return q
			}
			ms := p.LegalMoves(nil)
			p.Play(ms[rng.IntN(len(ms))])
		}
	}
	t.Fatal("no such position")
	return nil
}

func onlyMove(p *othello.Position) string {
	return strings.ToUpper(p.MoveText(p.LegalMoves(nil)[0]))
}

const (
	eval      = `-?\d+\.\d\d`
	nodestats = `~nodestats \d+ \d+\.\d\d\d`
)

func TestNBoardGame(t *testing.T) {
	single := findPosition(t, 8, func(p *othello.Position) bool {
		ms := p.LegalMoves(nil)
		return len(ms) == 1 && p.MoveText(ms[0]) != "0000" && p.Empties() > 20
	})
	pass := findPosition(t, 8, func(p *othello.Position) bool {
		ms := p.LegalMoves(nil)
		return len(ms) == 1 && p.MoveText(ms[0]) == "0000"
	})
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 2", []string{"set myname qi"}},
		{"set contempt 0", nil},
		{"set game (;GM[Othello]PC[NBoard]DT[2014-02-12]PB[me]PW[qi]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[F6];)", nil},
		{"go", []string{"status thinking", nodestats, `~=== [A-H][1-8]/` + eval + `/\d+\.\d\d`, "status"}},
		{"ping 1", []string{"pong 1"}},
		// The GUI plays qi's move, or another; evals and times are skipped.
		{"move E6/0.50/1.3", nil},
		{"hint 2", []string{"status analysing",
			`~search [A-H][1-8][A-H][1-8] ` + eval + ` 0 2`, `~search [A-H][1-8][A-H][1-8] ` + eval + ` 0 2`, "status"}},
		{"ping 2", []string{"pong 2"}},
		// A move is read in any case; the only legal one is played.
		{"set game " + ggf(single), nil},
		{"go", []string{"status thinking", nodestats, `~=== ` + onlyMove(single) + `/` + eval + `/\d+\.\d\d`, "status"}},
		// A side without a move passes.
		{"set game " + ggf(pass), nil},
		{"go", []string{"status thinking", nodestats, `~=== PA/` + eval + `/\d+\.\d\d`, "status"}},
		{"move PA", nil},
		{"learn", []string{"status qi keeps no opening book: nothing to learn", "learned"}},
		{"unknown command", nil},
		{"quit", nil},
	})
}

func TestNBoardExactAndTenByTen(t *testing.T) {
	endgame := findPosition(t, 8, func(p *othello.Position) bool {
		return p.Empties() == 8 && len(p.LegalMoves(nil)) > 1
	})
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		// set depth 2 proves who wins from 8 empties (and solves exactly
		// from 6): go's eval is a draw or at least a disc; the hint, a
		// score, is exact.
		{"set depth 2", []string{"set myname qi"}},
		{"set game " + ggf(endgame), nil},
		{"go", []string{"status thinking", nodestats, `~=== [A-H][1-8]/(0\.00|-?[1-9]\d*\.\d\d)/\d+\.\d\d`, "status"}},
		{"hint 1", []string{"status analysing", `~search ([A-H][1-8]|PA)+ -?\d+\.00 0 100%`, "status"}},
		{"ping 1", []string{"pong 1"}},
		{"set game (;GM[Othello]TY[10]BO[10 --------------------------------------------O*--------*O-------------------------------------------- *];)", nil},
		{"go", []string{"status thinking", nodestats, `~=== (D5|E4|F7|G6)/` + eval + `/\d+\.\d\d`, "status"}},
		{"move E4", nil},
		{"quit", nil},
	})
}

func TestNBoardAnalyze(t *testing.T) {
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 1", []string{"set myname qi"}},
		{"set game (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)", nil},
		{"analyze", []string{"status analysing", "~analysis 2 " + eval, "~analysis 1 " + eval, "~analysis 0 " + eval, "status"}},
		{"quit", nil},
	})
}

func TestNBoardBadInput(t *testing.T) {
	single := findPosition(t, 8, func(p *othello.Position) bool {
		ms := p.LegalMoves(nil)
		return len(ms) == 1 && p.MoveText(ms[0]) != "0000" && p.Empties() > 20
	})
	other := strings.ToLower(onlyMove(single))
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 1", []string{"set myname qi"}},
		{"set game " + ggf(single), nil},
		// Nothing below changes the position: the one legal move stays.
		{"set depth 0", []string{`status error: set depth wants 1 to 60, not "0"`}},
		{"set depth deep", []string{`status error: set depth wants 1 to 60, not "deep"`}},
		{"set contempt x", []string{`status error: set contempt wants a number of hundredths of a disc, not "x"`}},
		{"set", []string{"status error: set wants depth, game, contempt, threads, elo or selective"}},
		{"set game (;GM[Othello]BO[7 --- *];)", []string{`~status error: bad GGF board size "7".*`}},
		{"set game nonsense", []string{`~status error: bad GGF "nonsense".*`}},
		{"set game (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)", []string{`~status error: bad GGF: move 1 B\[A1\].*`}},
		{"move zz", []string{`~status error: move zz: .*`}},
		{"move " + other + "x", []string{`~status error: move .*`}},
		{"hint x", []string{`status error: hint wants a number of moves, not "x"`}},
		{"go", []string{"status thinking", nodestats, `~=== ` + onlyMove(single) + `/` + eval + `/\d+\.\d\d`, "status"}},
		{"move " + other, nil},
		{"quit", nil},
	})
}

// TestNBoardThreads: set threads N gives later searches N threads; a
// solve on two finds the one-thread score.
func TestNBoardThreads(t *testing.T) {
	// FFO #1: black's G8 wins by 18.
	pos, err := othello.ParseText("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	require.NoError(t, err)
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set threads 0", []string{`status error: set threads wants 1 to 256, not "0"`}},
		{"set threads two", []string{`status error: set threads wants 1 to 256, not "two"`}},
		{"set threads 2", nil},
		{"set depth 60", []string{"set myname qi"}},
		{"set game " + ggf(pos), nil},
		{"go", []string{"status thinking", nodestats, `~=== G8/18\.00/\d+\.\d\d`, "status"}},
		{"quit", nil},
	})
}

// TestNBoardSelective: set selective on gives later searches to a depth
// ProbCut, the search engines.Config.Selective asks for; off takes it away.
func TestNBoardSelective(t *testing.T) {
	pos := findPosition(t, 8, func(p *othello.Position) bool { return p.Empties() == 36 })
	nodes := func(selective bool) string {
		g, err := othello.New(8)
		require.NoError(t, err)
		s := g.NewSearcher(engines.Config{HashMB: 64, Selective: selective})
		return strconv.FormatInt(s.Search(context.Background(), pos, engines.Limits{Depth: 8}, nil).Nodes, 10)
	}
	on, off := nodes(true), nodes(false)
	require.NotEqual(t, on, off, "ProbCut cuts nothing at this depth: the test shows nothing")
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set selective maybe", []string{`status error: set selective wants on or off, not "maybe"`}},
		{"set selective on", nil},
		{"set depth 8", []string{"set myname qi"}},
		{"set game " + ggf(pos), nil},
		{"go", []string{"status thinking", `~nodestats ` + on + ` \d+\.\d\d\d`, `~=== .*`, "status"}},
		{"set selective off", nil},
		{"go", []string{"status thinking", `~nodestats ` + off + ` \d+\.\d\d\d`, `~=== .*`, "status"}},
		{"quit", nil},
	})
}

// TestNBoardPing checks that ping ends a deep search at once: its answer
// comes out first (the GUI reads nothing before the pong, and no command may
// swallow a move), then the pong.
func TestNBoardPing(t *testing.T) {
	nboardExchange(t, []step{
		{"nboard 2", []string{"set myname qi"}},
		{"set depth 60", []string{"set myname qi"}},
		{"go", []string{"status thinking"}},
		{"ping 7", []string{`~nodestats \d+ \d+\.\d+`, `~=== [CDEF][3456]/.*`, "status", "pong 7"}},
		{"hint 3", []string{"status analysing"}},
		{"ping 8", []string{"status", "pong 8"}},
		{"quit", nil},
	})
}
