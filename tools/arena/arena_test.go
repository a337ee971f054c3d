// Tests of whole matches: qi against qi over each protocol of each game, fake
// engines that misbehave in every way the referee must catch, the records,
// the SPRT, tournaments and the command line.

package arena

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/grid"
	"qi/engines/record"
	"qi/protocol"
	"qi/tools/internal/fake"
)

func TestMain(m *testing.M) {
	if os.Getenv(fake.EnvVar) == "1" {
		os.Exit(fake.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// generous are the watchdogs and the time margin of every engine of the
// tests, which no healthy engine misses on a loaded machine: no test's
// verdict may hang on the machine's speed. A test of a fault sets a short
// one only for what its fake never answers.
const generous = "timeout=60 movetimeout=60 timemargin=60000"

// engine writes an -engine option running the test binary as args: "qi",
// or a fake's protocol and behaviour; extra comes after generous and
// overrides it.
func engine(name, proto string, extra string, args ...string) string {
	// A race-detecting engine would sleep a second at exit.
	return fmt.Sprintf("-engine name=%s cmd=%s env.%s=1 env.GORACE=atexit_sleep_ms=0 proto=%s args=%q %s %s",
		name, fake.Binary(), fake.EnvVar, proto, strings.Join(args, " "), generous, extra)
}

// arena runs qi arena with a command line written as one string, split as
// a shell would, and returns what it printed.
func arena(t *testing.T, cmdline string) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "args.conf")
	require.NoError(t, os.WriteFile(path, []byte(cmdline), 0o644))
	var out, errs bytes.Buffer
	err := Run([]string{"-config", path, "-progress", "off"}, &out, &errs, catalog.New())
	return out.String(), err
}

// readPGN reads a PGN file and replays every game with qi's rules, checking
// that it reaches the recorded result when it ended normally.
func readPGN(t *testing.T, path, game string) []record.PGNGame {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	games, err := record.ReadPGN(f)
	require.NoError(t, err)
	reg := catalog.New()
	for _, g := range games {
		name, cfg, ok := reg.Variant(g.Tags["Variant"], engines.Config{})
		require.True(t, ok)
		assert.Equal(t, game, name)
		gm, err := reg.New(name, cfg)
		require.NoError(t, err)
		start := gm.Start()
		if fen, ok := g.Tags["FEN"]; ok {
			start, err = gm.Parse(fen)
			require.NoError(t, err)
		}
		pos, err := engines.PlayAll(start, g.Moves)
		require.NoError(t, err, "the recorded moves are legal")
		res, err := record.ParseResult(g.Result)
		require.NoError(t, err)
		if g.Tags["Termination"] == endNormal {
			assert.Equal(t, res, pos.Result(), "the recorded result is the rules' result")
		} else {
			assert.Equal(t, engines.None, pos.Result(), "a forfeited game was still going on")
		}
	}
	return games
}

var scoreLine = regexp.MustCompile(`(?m)^Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+) `)

// finalScore returns the last "Score of" line's wins, losses and draws.
func finalScore(t *testing.T, out string) (w, l, d int) {
	t.Helper()
	ms := scoreLine.FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, ms, out)
	m := ms[len(ms)-1]
	fmt.Sscanf(m[3]+" "+m[4]+" "+m[5], "%d %d %d", &w, &l, &d)
	return w, l, d
}

// TestQiAgainstQi plays qi against itself over every protocol of every game
// it has. Where the searches are bounded by depth, not by the clock (which a
// loaded machine turns into shallow searches), the perfect players of
// tic-tac-toe and niu jiao qi draw from the start, and a weak level never
// beats the full one; on a clock, the games only have to end by the rules.
func TestQiAgainstQi(t *testing.T) {
	reg := catalog.New()
	tests := []struct {
		game    string
		dialect protocol.Dialect
		each    string
		// weak plays level 1 against level 10 from random openings.
		weak bool
	}{
		{"tictactoe", protocol.UGI, "depth=9", false},
		{"tictactoe", protocol.UCI, "tc=5+0.05", false},
		{"tictactoe", protocol.UGI, "st=0.2", false},
		{"tictactoe", protocol.UGI, "depth=9", true},
		// 14 plies see past the longest forced win (11) and loss (12).
		{"niujiao", protocol.UGI, "depth=14", false},
		{"niujiao", protocol.UCI, "tc=5+0.05", false},
		{"niujiao", protocol.UCI, "depth=14", true},
		// Shallow searches keep the games of the big boards quick.
		{"gomoku", protocol.Gomocup, "depth=2", false},
		{"gomoku", protocol.UGI, "depth=2", false},
		{"renju", protocol.Gomocup, "depth=2", false},
		{"othello", protocol.NBoard, "depth=2", false},
		{"othello", protocol.UCI, "depth=2", false},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/%s/%s", tt.game, tt.dialect, tt.each)
		if tt.weak {
			name += "/weak"
		}
		t.Run(name, func(t *testing.T) {
			game, _, ok := reg.Variant(tt.game, engines.Config{})
			require.True(t, ok, "qi's catalogue has no %s", tt.game)
			dir := t.TempDir()
			pgn := filepath.Join(dir, "games.pgn")
			// The games of the grid and othello go to their fields'
			// records too.
			records := ""
			sgf, ggf := filepath.Join(dir, "games.sgf"), filepath.Join(dir, "games.ggf")
			if g, err := reg.New(game, engines.Config{}); err == nil {
				if _, err := grid.Of(g); err == nil {
					records += " -sgfout " + sgf
				}
				if _, err := grid.GGFBoard(g.Start()); err == nil {
					records += " -ggfout " + ggf
				}
			}
			a, b := "", ""
			games, openings, each := 4, "", tt.each
			if raceBuild && (tt.game == "gomoku" || tt.game == "renju") {
				games, each = 2, "nodes=3000"
			}
			if tt.weak {
				a, games, openings = "option.Level=1", 12, "-openings gen=2 depth=1 margin=1000 -seed 5"
			}
			out, err := arena(t, fmt.Sprintf("-game %s %s %s -each %s -games %d %s -pgnout %s -maxmoves 0%s",
				tt.game, engine("a", tt.dialect.String(), a, "qi"), engine("b", tt.dialect.String(), b, "qi"),
				each, games, openings, pgn, records))
			require.NoError(t, err, out)
			assert.Contains(t, out, fmt.Sprintf("Finished match: %d games", games))
			assert.Contains(t, out, "endings: normal")
			w, l, d := finalScore(t, out)
			assert.Equal(t, games, w+l+d)
			deep := strings.HasPrefix(tt.each, "depth=")
			switch {
			case !deep:
			case tt.weak:
				assert.Zero(t, w, "level 1 never beats level 10:\n%s", out)
			case tt.game == "tictactoe" || tt.game == "niujiao":
				assert.Equal(t, games, d, "perfect players draw:\n%s", out)
			}
			assert.Len(t, readPGN(t, pgn, game), games)
			if strings.Contains(records, "sgf") {
				f, err := os.Open(sgf)
				require.NoError(t, err)
				defer f.Close()
				sgfs, err := record.ReadSGF(f)
				require.NoError(t, err)
				assert.Len(t, sgfs, games)
			}
			if strings.Contains(records, "ggf") {
				f, err := os.Open(ggf)
				require.NoError(t, err)
				defer f.Close()
				ggfs, err := record.ReadGGF(f)
				require.NoError(t, err)
				assert.Len(t, ggfs, games)
			}
		})
	}
}

// TestAdjudication plays fake engines that misbehave against good ones: the
// referee must end each game against the culprit, with the reason. Only a
// wait that the culprit never answers is short (its tc, st or watchdog).
func TestAdjudication(t *testing.T) {
	tests := []struct {
		proto, behaviour string
		// tc is the culprit's time control and any short watchdog.
		tc          string
		termination string
		reason      string
	}{
		{"ugi", fake.Illegal, "depth=3", endIllegal, "plays an illegal move"},
		{"ugi", fake.Garbled, "depth=3", endGarbled, `sends a garbled reply while moving: sent "bestmove"`},
		{"ugi", fake.Crash, "depth=3", endDisconnect, "disconnects while moving: exited: exit status 3 (stderr: fake: segmentation fault (not really))"},
		{"ugi", fake.Silent, "st=0.2", endTime, "loses on time: no move within 0.200 s"},
		{"ugi", fake.Silent, "tc=0.3+0", endTime, "loses on time"},
		{"ugi", fake.Silent, "depth=3 movetimeout=0.5", endStalled, "stops answering while moving: no bestmove in time"},
		{"gomocup", fake.Illegal, "depth=3", endIllegal, "plays an illegal move"},
		{"gomocup", fake.OffBoard, "depth=3", endIllegal, "plays an illegal move: 3,0"},
		{"gomocup", fake.Garbled, "depth=3", endGarbled, "instead of x,y"},
		{"gomocup", fake.Crash, "depth=3", endDisconnect, "exit status 3"},
		{"gomocup", fake.Silent, "tc=0.3+0", endTime, "loses on time"},
		{"gomocup", fake.Refuse, "depth=3", endRefused, "refuses the game: cannot play a 3x3 board"},
		{"nboard", fake.Illegal, "depth=3", endIllegal, "plays an illegal move"},
		{"nboard", fake.Garbled, "depth=3", endGarbled, "instead of === <move>"},
		{"nboard", fake.Crash, "depth=3", endDisconnect, "exit status 3"},
		{"nboard", fake.Silent, "st=0.2", endTime, "loses on time"},
	}
	for _, tt := range tests {
		t.Run(tt.proto+"/"+tt.behaviour+"/"+tt.tc, func(t *testing.T) {
			pgn := filepath.Join(t.TempDir(), "games.pgn")
			out, err := arena(t, fmt.Sprintf("%s %s -game tictactoe -games 2 -pgnout %s",
				engine("culprit", tt.proto, tt.tc+" timemargin=50", tt.proto, tt.behaviour),
				engine("qi", "ugi", "depth=9", "qi"), pgn))
			require.NoError(t, err, out)
			w, l, d := finalScore(t, out)
			assert.Equal(t, [3]int{0, 2, 0}, [3]int{w, l, d}, "the culprit loses both games:\n%s", out)
			games := readPGN(t, pgn, "tictactoe")
			require.Len(t, games, 2)
			for _, g := range games {
				assert.Equal(t, tt.termination, g.Tags["Termination"], g.Final)
				assert.Contains(t, g.Final, "culprit (", "the culprit is named")
				assert.Contains(t, g.Final, tt.reason)
			}
		})
	}
}

// TestEngineCannotStart: an engine that cannot start stops the match before
// its first game, with an error naming it and saying why, instead of losing
// every game by forfeit.
func TestEngineCannotStart(t *testing.T) {
	qi := engine("qi", "ugi", "", "qi")
	tests := []struct {
		culprit string
		reason  string
	}{
		{"-engine name=culprit cmd=/nonexistent/engine depth=3", "fork/exec /nonexistent/engine: no such file or directory"},
		{engine("culprit", "ugi", "", "ugi", fake.DieAtOnce), "exited: exit status 3 (stderr: fake: dying at once)"},
		// The short watchdogs wait for what these fakes never answer.
		{engine("culprit", "ugi", "timeout=0.5", "ugi", fake.Mute), "no ugiok within 500ms"},
		{engine("culprit", "uci", "timeout=0.5", "uci", fake.Mute), "no uciok within 500ms"},
		{engine("culprit", "gomocup", "timeout=0.5", "gomocup", fake.Mute), "no ABOUT reply"},
		{engine("culprit", "nboard", "timeout=0.5", "nboard", fake.NoReady), "no pong 1"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			out, err := arena(t, fmt.Sprintf("%s %s -each depth=3 -games 4", qi, tt.culprit))
			require.Error(t, err, out)
			assert.Contains(t, err.Error(), "engine culprit failed to start: "+tt.reason)
			assert.NotContains(t, out, "Finished game", "no game is played")
		})
	}
}

// TestGoodFakes plays the well-behaved fakes of each protocol, chattering
// or not, against qi: they lose on the board, never by forfeit.
func TestGoodFakes(t *testing.T) {
	for _, proto := range []string{"ugi", "uci", "gomocup", "nboard"} {
		for _, b := range []string{fake.Good, fake.Chatty} {
			t.Run(proto+"/"+b, func(t *testing.T) {
				out, err := arena(t, fmt.Sprintf("%s %s -games 2 -each depth=9",
					engine("fake", proto, "", proto, b), engine("qi", "ugi", "", "qi")))
				require.NoError(t, err, out)
				assert.Contains(t, out, "endings: normal 2", out)
			})
		}
	}
}

func TestRecords(t *testing.T) {
	dir := t.TempDir()
	pgn, sgf, ggf := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "g.sgf"), filepath.Join(dir, "g.ggf")
	ops := filepath.Join(dir, "openings.txt")
	require.NoError(t, os.WriteFile(ops, []byte("b2 a1\nx.o/.x./... o\n"), 0o644))
	out, err := arena(t, fmt.Sprintf("%s %s -each depth=9 -games 4 -openings file=%s -pgnout %s -sgfout %s -ggfout %s -event test",
		engine("qi-a", "ugi", "option.Level=2", "qi"), engine("qi-b", "uci", "", "qi"), ops, pgn, sgf, ggf))
	require.NoError(t, err, out)

	games := readPGN(t, pgn, "tictactoe")
	require.Len(t, games, 4)
	byRound := map[string]record.PGNGame{}
	for _, g := range games {
		byRound[g.Tags["Round"]] = g
		assert.Equal(t, "test", g.Tags["Event"])
		assert.Equal(t, "depth=9", g.Tags["TimeControl"])
	}
	// Games 1 and 2 play the first opening with colours swapped, 3 and 4
	// the position text.
	assert.Equal(t, "qi-a", byRound["1.1"].Tags["White"])
	assert.Equal(t, "qi-b", byRound["1.2"].Tags["White"])
	assert.Equal(t, []string{"b2", "a1"}, byRound["1.1"].Moves[:2])
	assert.Equal(t, "book", byRound["1.1"].Comments[1])
	assert.Regexp(t, `^[+-]`, byRound["1.1"].Comments[2], "engine moves carry their score")
	assert.Equal(t, "x.o/.x./... o", byRound["1.3"].Tags["FEN"])
	assert.Equal(t, "1", byRound["1.4"].Tags["SetUp"])

	f, err := os.Open(sgf)
	require.NoError(t, err)
	defer f.Close()
	sgfs, err := record.ReadSGF(f)
	require.NoError(t, err)
	require.Len(t, sgfs, 4)
	for _, g := range sgfs {
		root := g[0]
		assert.Equal(t, []string{"3"}, root["SZ"])
		assert.NotEmpty(t, root["TE"])
		assert.Contains(t, []string{"B+1", "W+1", "0"}, root["RE"][0])
	}
	assert.Equal(t, []string{"aa", "bb"}, sgfs[2][0]["AB"], "the position text's stones are set up")
	assert.Equal(t, []string{"ca"}, sgfs[2][0]["AW"])

	gf, err := os.Open(ggf)
	require.NoError(t, err)
	defer gf.Close()
	ggfs, err := record.ReadGGF(gf)
	require.NoError(t, err)
	require.Len(t, ggfs, 4)
	assert.Equal(t, "3 --- --- --- *", ggfs[0].Tags["BO"])
	assert.Equal(t, "3 *-O -*- --- O", ggfs[2].Tags["BO"])
	assert.Equal(t, "B:B2", ggfs[0].Moves[0])
}

func TestSPRTStopsTheMatch(t *testing.T) {
	out, err := arena(t, fmt.Sprintf("%s %s -each depth=9 -games 200 -openings gen=2 depth=1 margin=1000 -seed 2 -quiet -ratinginterval 0 -sprt elo0=0 elo1=100",
		engine("strong", "ugi", "", "qi"), engine("weak", "ugi", "option.Level=1", "qi")))
	require.NoError(t, err, out)
	assert.Contains(t, out, "H1 was accepted")
	m := regexp.MustCompile(`Finished match: (\d+) games`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	var n int
	fmt.Sscanf(m[1], "%d", &n)
	assert.Less(t, n, 200, "the SPRT ended the match early")
}

func TestTournaments(t *testing.T) {
	three := engine("l1", "ugi", "option.Level=1", "qi") + " " + engine("l3", "ugi", "option.Level=3", "qi") + " " +
		engine("l10", "ugi", "", "qi")
	out, err := arena(t, three+" -each depth=9 -games 2 -openings gen=2 depth=1 margin=1000 -seed 3 -quiet")
	require.NoError(t, err, out)
	assert.Contains(t, out, "6 games (3 engines, round robin)")
	assert.Contains(t, out, "Score of l1 vs l3:")
	assert.Contains(t, out, "Score of l3 vs l10:")
	assert.Regexp(t, `(?m)^Rank Name +Elo +\+/- +Games +Score +Draw$`, out)
	assert.Regexp(t, `(?m)^   \d l10 `, out)

	out, err = arena(t, three+" -each depth=9 -games 2 -tournament gauntlet -rounds 2 -quiet")
	require.NoError(t, err, out)
	assert.Contains(t, out, "8 games (3 engines, gauntlet)")
	assert.NotContains(t, out, "Score of l3 vs l10:")
}

func TestMoveCap(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	out, err := arena(t, fmt.Sprintf("%s %s -each depth=9 -games 2 -maxmoves 3 -pgnout %s",
		engine("a", "ugi", "", "qi"), engine("b", "uci", "", "qi"), pgn))
	require.NoError(t, err, out)
	assert.Contains(t, out, "endings: adjudication 2")
	games := readPGN(t, pgn, "tictactoe")
	for _, g := range games {
		assert.Len(t, g.Moves, 3)
		assert.Equal(t, "1/2-1/2", g.Result)
		assert.Equal(t, "draw: the game reached 3 moves", g.Final)
	}
}

func TestRestartAndConcurrency(t *testing.T) {
	log := filepath.Join(t.TempDir(), "traffic.log")
	out, err := arena(t, fmt.Sprintf("%s %s -each depth=5 -games 6 -concurrency 2 -log %s",
		engine("a", "ugi", "restart=on", "qi"), engine("b", "ugi", "", "qi"), log))
	require.NoError(t, err, out)
	assert.Contains(t, out, "endings: normal 6")
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	// a starts anew for each of its six games, b once per worker.
	assert.Equal(t, 6, strings.Count(string(data), " a < ugi\n"))
	assert.Equal(t, 2, strings.Count(string(data), " b < ugi\n"))
}

func TestArgs(t *testing.T) {
	c, err := parseArgs(strings.Fields("-game renju -engine name=x cmd=./x proto=gomocup option.threads=2 tc=40/1:00+0.5 " +
		"-engine cmd=/bin/y args=--fast proto=uci st=0.25 option.Hash=64 -each depth=7 option.Hash=16 timemargin=20 " +
		"-games 10 -rounds 3 -concurrency 4 -sprt elo0=-1 elo1=4 model=normalized penta=on -maxmoves 150 -openings file=o.txt order=random start=3 " +
		"-norepeat -seed 9 -tournament gauntlet -pgnout a.pgn -ratinginterval 5 -quiet"))
	require.NoError(t, err)
	assert.Equal(t, "renju", c.Game)
	require.Len(t, c.Engines, 2)
	x, y := c.Engines[0], c.Engines[1]
	assert.Equal(t, "x", x.Name)
	assert.Equal(t, 40, x.TC.Moves)
	assert.Equal(t, time.Minute, x.TC.Time)
	assert.Equal(t, 500*time.Millisecond, x.TC.Inc)
	assert.Equal(t, 7, x.TC.Depth, "-each applies to every engine")
	assert.Equal(t, 20*time.Millisecond, x.Margin)
	assert.Equal(t, []string{"--fast"}, y.Args)
	assert.Equal(t, 250*time.Millisecond, y.TC.MoveTime)
	require.Len(t, y.Options, 1)
	assert.Equal(t, "64", y.Options[0].Value, "-each comes first; the engine's own setting wins")
	assert.Equal(t, 10, c.Games)
	assert.Equal(t, 3, c.Rounds)
	assert.Equal(t, 4, c.Concurrency)
	assert.True(t, c.Gauntlet)
	assert.False(t, c.Repeat)
	assert.True(t, c.Penta)
	assert.Equal(t, 150, c.MaxPlies)
	assert.Equal(t, 3, c.Openings.Start)
	assert.True(t, c.Openings.Random)
	assert.Equal(t, uint64(9), c.Seed)
	assert.True(t, c.Quiet)
	require.NotNil(t, c.SPRT)
	assert.Equal(t, -1.0, c.SPRT.Elo0)

	for _, bad := range []string{
		"-engine tc=abc", "-engine tc=0", "-engine proto=xboard", "-engine nokey", "-engine colour=red",
		"-games 0", "-games", "-tournament swiss", "-progress loud", "-sprt elo0=5 elo1=1", "-sprt elo1=x",
		"-openings", "-openings file=a gen=2", "-openings order=backwards file=a", "-fly", "stray",
		"-config /nonexistent/file",
	} {
		_, err := parseArgs(strings.Fields(bad))
		assert.Error(t, err, bad)
	}
	_, err = parseArgs([]string{"-help"})
	assert.True(t, errors.Is(err, errHelp))

	es := make([]Engine, 3)
	es[0].Cmd, es[1].Cmd, es[2].Cmd = "/a/qi", "/b/qi", "/c/other"
	names(es)
	assert.Equal(t, []string{"qi-1", "qi-2", "other"}, []string{es[0].Name, es[1].Name, es[2].Name})
}

func TestRunErrors(t *testing.T) {
	ok := engine("a", "ugi", "depth=3", "qi") + " " + engine("b", "ugi", "depth=3", "qi")
	tests := map[string]string{
		"-game chess " + ok:                 "unknown game",
		engine("a", "ugi", "depth=3", "qi"): "two engines",
		engine("a", "ugi", "", "qi") + " " + engine("b", "ugi", "", "qi"):                                           "no time control",
		"-game niujiao " + engine("a", "gomocup", "depth=3", "gomocup") + " " + engine("b", "ugi", "depth=3", "qi"): "speaks Gomocup",
		"-game niujiao -sgfout x.sgf " + ok:                                                                         "-sgfout needs",
		"-game niujiao -ggfout x.ggf " + ok:                                                                         "-ggfout needs",
		ok + " " + engine("c", "ugi", "depth=3", "qi") + " -sprt elo1=5":                                            "exactly two engines",
		ok + " -openings file=/nonexistent":                                                                         "no such file",
	}
	for cmdline, want := range tests {
		_, err := arena(t, cmdline)
		require.Error(t, err, cmdline)
		assert.Contains(t, err.Error(), want, cmdline)
	}
	var out bytes.Buffer
	require.NoError(t, Run([]string{"-help"}, &out, &out, catalog.New()))
	assert.Contains(t, out.String(), "usage: qi arena")

	// An NBoard engine on a clock but without a depth is warned about (its
	// own set depth keeps the game short).
	path := filepath.Join(t.TempDir(), "args.conf")
	require.NoError(t, os.WriteFile(path, []byte("-game othello "+engine("a", "nboard", "st=5 option.depth=2", "qi")+" "+
		engine("b", "nboard", "depth=1 st=5", "qi")+" -games 1"), 0o644))
	var errs bytes.Buffer
	out.Reset()
	require.NoError(t, Run([]string{"-config", path, "-progress", "off"}, &out, &errs, catalog.New()))
	assert.Contains(t, errs.String(), "warning: engine a speaks NBoard, which has no clock")
	assert.NotContains(t, errs.String(), "engine b speaks NBoard")
}

// TestVariantName: the name a match gives its game (UCI_Variant, the
// records' Variant) is the variant asked for, else the variant the settings
// make, else the game's own; a mere alias is never chosen for othello.
func TestVariantName(t *testing.T) {
	reg := catalog.New()
	tests := []struct {
		game, asked string
		cfg         engines.Config
		want        string
	}{
		{"othello", "othello", engines.Config{}, "othello"},
		{"othello", "othello", engines.Config{BoardSize: 10}, "othello"},
		{"othello", "reversi", engines.Config{}, "reversi"},
		{"gomoku", "renju", engines.Config{Rule: "renju", BoardSize: 15}, "renju"},
		{"gomoku", "", engines.Config{Rule: "freestyle", BoardSize: 15}, "gomokufreestyle"},
		{"gomoku", "", engines.Config{Rule: "freestyle", BoardSize: 20}, "gomoku"},
		{"tictactoe", "tictactoe", engines.Config{}, "tictactoe"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, variantName(reg, tc.game, tc.asked, tc.cfg), "%s %s %+v", tc.game, tc.asked, tc.cfg)
	}
}
