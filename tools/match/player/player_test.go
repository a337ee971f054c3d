// Tests of the protocol clients against qi itself and against fake engines
// that misbehave: the test binary runs them (package fake) when its
// environment says so.

package player

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/grid"
	"qi/tools/internal/fake"
)

func TestMain(m *testing.M) {
	if os.Getenv(fake.EnvVar) == "1" {
		os.Exit(fake.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// transcript collects what went between the arena and an engine.
type transcript struct {
	mu    sync.Mutex
	lines []string
}

func (tr *transcript) log(dir byte, line string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.lines = append(tr.lines, string(dir)+" "+line)
}

// sent returns the lines sent to the engine.
func (tr *transcript) sent() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var out []string
	for _, l := range tr.lines {
		if strings.HasPrefix(l, "< ") {
			out = append(out, l[2:])
		}
	}
	return out
}

func spec(proto Protocol, tr *transcript, args ...string) Spec {
	return Spec{
		Name: strings.Join(args, "-"), Cmd: fake.Binary(), Args: args, Env: fake.Env(), Proto: proto,
		Timeout: healthy, Log: tr.log,
	}
}

// setup returns a tic-tac-toe game for side, with tc for both sides.
func setup(t *testing.T, side engines.Side, tc TimeControl, opening string) *Setup {
	t.Helper()
	g, err := catalog.New().New("tictactoe", engines.Config{})
	require.NoError(t, err)
	geo, err := grid.Of(g)
	require.NoError(t, err)
	s := &Setup{Game: g, GameName: "tictactoe", Variant: "tictactoe", Placement: true, Start: g.Start(), Geometry: &geo,
		Side: side, TC: [2]TimeControl{tc, tc}, Players: [2]string{"a", "b"}, MoveTimeout: healthy}
	if opening != "" {
		s.Start, err = g.Parse(opening)
		require.NoError(t, err)
		s.StartText = s.Start.Text()
	}
	return s
}

func turn(t *testing.T, s *Setup, moves ...string) *Turn {
	t.Helper()
	pos, err := engines.PlayAll(s.Start, moves)
	require.NoError(t, err)
	return &Turn{Pos: pos, Moves: moves, Left: [2]time.Duration{3 * time.Second, 2 * time.Second},
		Deadline: time.Now().Add(healthy)}
}

func legal(t *testing.T, tu *Turn, r Reply) {
	t.Helper()
	_, err := engines.Legal(tu.Pos, r.Move)
	assert.NoError(t, err, "the reply %q is legal", r.Move)
}

func TestQiOverUGIAndUCI(t *testing.T) {
	ctx := context.Background()
	for _, proto := range []Protocol{UGI, UCI} {
		t.Run(proto.String(), func(t *testing.T) {
			var tr transcript
			sp := spec(proto, &tr, "qi")
			sp.Options = []Option{{"Level", "3"}}
			p := New(sp)
			require.NoError(t, p.Start(ctx))
			defer p.Quit()
			assert.Equal(t, "qi test", p.ID())
			s := setup(t, engines.P2, TimeControl{Time: 3 * time.Second, Inc: 100 * time.Millisecond, Depth: 4}, "")
			require.NoError(t, p.NewGame(ctx, s))
			tu := turn(t, s, "b2")
			r, err := p.Move(ctx, tu)
			require.NoError(t, err)
			legal(t, tu, r)
			assert.Positive(t, r.Depth)
			assert.NotEmpty(t, r.Score)
			require.NoError(t, p.NewGame(ctx, s), "a second game")
			sent := tr.sent()
			if proto == UGI {
				assert.Equal(t, []string{"ugi", "setoption name Game value tictactoe", "setoption name Level value 3",
					"uginewgame", "isready", "position startpos moves b2",
					"go p1time 3000 p2time 2000 p1inc 100 p2inc 100 depth 4", "uginewgame", "isready"}, sent)
			} else {
				assert.Equal(t, []string{"uci", "setoption name UCI_Variant value tictactoe", "setoption name Level value 3",
					"ucinewgame", "isready", "position startpos moves P@b2",
					"go wtime 3000 btime 2000 winc 100 binc 100 depth 4", "ucinewgame", "isready"}, sent)
				assert.NotContains(t, r.Move, "@", "the drop prefix is taken off")
			}
			assert.True(t, p.Alive())
		})
	}
}

func TestPositionsFromTexts(t *testing.T) {
	ctx := context.Background()
	for _, proto := range []Protocol{UGI, UCI} {
		var tr transcript
		p := New(spec(proto, &tr, "qi"))
		require.NoError(t, p.Start(ctx))
		s := setup(t, engines.P1, TimeControl{MoveTime: 200 * time.Millisecond}, "x.o/.x./... o")
		require.NoError(t, p.NewGame(ctx, s))
		tu := turn(t, s, "c1")
		r, err := p.Move(ctx, tu)
		require.NoError(t, err)
		legal(t, tu, r)
		p.Quit()
		sent := tr.sent()
		if proto == UGI {
			assert.Contains(t, sent, "position fen x.o/.x./... o moves c1")
		} else {
			assert.Contains(t, sent, "position fen P1p/1P1/3[PPPppp] b - - 0 2 moves P@c1", "cutechess engines get FENs")
		}
		assert.Contains(t, sent, "go movetime 200")
	}
}

// healthy bounds the phases of a fault test that a healthy engine answers:
// long enough for any loaded machine, so that only the phase under test,
// where the fake never answers at all, can run into a short deadline.
const healthy = time.Minute

// short bounds the phase under test when the fake never answers it.
const short = 300 * time.Millisecond

// setTimeout changes a player's watchdog between the phases of a test.
func setTimeout(p Player, d time.Duration) {
	switch q := p.(type) {
	case *ugi:
		q.spec.Timeout = d
	case *gomocup:
		q.spec.Timeout = d
	case *nboard:
		q.spec.Timeout = d
	}
}

func TestFaults(t *testing.T) {
	ctx := context.Background()
	type stage int
	const (
		atStart stage = iota
		atNewGame
		atMove
	)
	tests := []struct {
		proto     Protocol
		behaviour string
		at        stage
		kind      Kind
		msg       string
		// mute says the fake never answers the stage under test, whose
		// wait alone may then be short.
		mute bool
	}{
		{UGI, fake.Mute, atStart, Stalled, "no ugiok within", true},
		{UCI, fake.Mute, atStart, Stalled, "no uciok within", true},
		{UGI, fake.DieAtOnce, atStart, Exited, "exit status 3", false},
		{UGI, fake.NoReady, atNewGame, Stalled, "no readyok", true},
		{UGI, fake.Crash, atMove, Exited, "segmentation fault", false},
		{UGI, fake.Silent, atMove, Stalled, "no bestmove in time", true},
		{UGI, fake.Garbled, atMove, Garbled, `sent "bestmove" instead of bestmove <move>`, false},
		{Gomocup, fake.Mute, atStart, Stalled, "no ABOUT reply", true},
		{Gomocup, fake.DieAtOnce, atStart, Exited, "exit status 3", false},
		{Gomocup, fake.Refuse, atNewGame, Refused, "cannot play a 3x3 board: ERROR this size is too much for me", false},
		{Gomocup, fake.NoReady, atNewGame, Stalled, "no OK to START 3", true},
		{Gomocup, fake.Crash, atMove, Exited, "exit status 3", false},
		{Gomocup, fake.Silent, atMove, Stalled, "no move in time", true},
		{Gomocup, fake.Garbled, atMove, Garbled, `sent "I think I will play the centre" instead of x,y`, false},
		{NBoard, fake.Mute, atStart, Stalled, "no pong 1", true},
		{NBoard, fake.NoReady, atStart, Stalled, "no pong 1", true},
		{NBoard, fake.DieAtOnce, atStart, Exited, "exit status 3", false},
		{NBoard, fake.Crash, atMove, Exited, "exit status 3", false},
		{NBoard, fake.Silent, atMove, Stalled, "no === move in time", true},
		{NBoard, fake.Garbled, atMove, Garbled, `sent "=== " instead of === <move>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.proto.String()+"/"+tt.behaviour, func(t *testing.T) {
			var tr transcript
			sp := spec(tt.proto, &tr, tt.proto.String(), tt.behaviour)
			sp.Timeout = healthy
			p := New(sp)
			defer p.Kill()
			// wait is the bound of stage at: short only where the fake
			// never answers.
			wait := func(at stage) time.Duration {
				if at == tt.at && tt.mute {
					return short
				}
				return healthy
			}
			setTimeout(p, wait(atStart))
			err := p.Start(ctx)
			if tt.at > atStart {
				require.NoError(t, err)
				s := setup(t, engines.P1, TimeControl{MoveTime: 100 * time.Millisecond}, "")
				setTimeout(p, wait(atNewGame))
				err = p.NewGame(ctx, s)
				if tt.at > atNewGame {
					require.NoError(t, err)
					tu := turn(t, s)
					tu.Deadline = time.Now().Add(wait(atMove))
					_, err = p.Move(ctx, tu)
				}
			}
			require.Error(t, err)
			var f *Fault
			require.ErrorAs(t, err, &f)
			assert.Equal(t, tt.kind, f.Kind, "%v", err)
			assert.Contains(t, f.Msg, tt.msg)
			assert.False(t, p.Alive(), "a misbehaving engine is killed")
		})
	}
}

func TestGomocupConversation(t *testing.T) {
	ctx := context.Background()
	var tr transcript
	p := New(spec(Gomocup, &tr, "gomocup", fake.Chatty))
	require.NoError(t, p.Start(ctx))
	defer p.Quit()
	assert.Equal(t, "fake chatty", p.ID())
	s := setup(t, engines.P1, TimeControl{Time: 3 * time.Second, Depth: 7}, "")
	require.NoError(t, p.NewGame(ctx, s))
	tu := turn(t, s)
	r, err := p.Move(ctx, tu)
	require.NoError(t, err)
	assert.Equal(t, "a3", r.Move, "0,0 is the top-left corner")
	tu = turn(t, s, "a3", "b2")
	r, err = p.Move(ctx, tu)
	require.NoError(t, err)
	legal(t, tu, r)
	assert.Equal(t, "b3", r.Move)
	// A brain that missed moves gets the whole board, its own stones as 1.
	tu = turn(t, s, "a3", "b2", "b3", "c3", "a1", "a2")
	r, err = p.Move(ctx, tu)
	require.NoError(t, err)
	legal(t, tu, r)
	assert.Equal(t, []string{"ABOUT", "START 3", "INFO timeout_turn 3000", "INFO timeout_match 3000", "INFO game_type 1",
		"INFO rule 0", "INFO max_depth 7",
		"INFO time_left 3000", "BEGIN",
		"INFO time_left 3000", "TURN 1,1",
		"INFO time_left 3000", "BOARD", "0,0,1", "1,1,2", "1,0,1", "2,0,2", "0,2,1", "0,1,2", "DONE"}, tr.sent())

	// A game from a position text: its stones first, then the moves.
	tr.lines = nil
	s = setup(t, engines.P2, TimeControl{MoveTime: 500 * time.Millisecond}, "x.o/.x./... o")
	require.NoError(t, p.NewGame(ctx, s))
	tu = turn(t, s, "c1", "a1")
	r, err = p.Move(ctx, tu)
	require.NoError(t, err)
	legal(t, tu, r)
	assert.Equal(t, []string{"START 3", "INFO timeout_turn 500", "INFO timeout_match 0", "INFO game_type 1", "INFO rule 0",
		"INFO time_left 2147483647", "BOARD", "0,0,2", "2,0,1", "1,1,2", "2,2,1", "0,2,2", "DONE"}, tr.sent())

	// A brain that lost START's first word, as Rapfi does right after its
	// move, is asked once more (one that refuses twice refuses: TestFaults).
	var tr3 transcript
	b := New(spec(Gomocup, &tr3, "gomocup", fake.Busy))
	require.NoError(t, b.Start(ctx))
	defer b.Quit()
	for range 2 {
		s = setup(t, engines.P1, TimeControl{MoveTime: time.Second}, "")
		require.NoError(t, b.NewGame(ctx, s))
		_, err = b.Move(ctx, turn(t, s))
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"ABOUT", "START 3", "INFO timeout_turn 1000", "INFO timeout_match 0", "INFO game_type 1",
		"INFO rule 0", "INFO time_left 2147483647", "BEGIN",
		"START 3", "START 3", "INFO timeout_turn 1000", "INFO timeout_match 0", "INFO game_type 1",
		"INFO rule 0", "INFO time_left 2147483647", "BEGIN"}, tr3.sent())

	// A square off the board comes back as the engine wrote it.
	var tr2 transcript
	q := New(spec(Gomocup, &tr2, "gomocup", fake.OffBoard))
	require.NoError(t, q.Start(ctx))
	defer q.Quit()
	s = setup(t, engines.P1, TimeControl{MoveTime: time.Second}, "")
	require.NoError(t, q.NewGame(ctx, s))
	r, err = q.Move(ctx, turn(t, s))
	require.NoError(t, err)
	assert.Equal(t, "3,0", r.Move)

	// A game that is not on a grid cannot be played over Gomocup.
	nj, err := catalog.New().New("niujiao", engines.Config{})
	require.NoError(t, err)
	err = q.NewGame(ctx, &Setup{Game: nj, GameName: "niujiao", Start: nj.Start()})
	var f *Fault
	require.ErrorAs(t, err, &f)
	assert.Equal(t, Refused, f.Kind)
}

func TestNBoardConversation(t *testing.T) {
	ctx := context.Background()
	var tr transcript
	sp := spec(NBoard, &tr, "nboard", fake.Chatty)
	sp.Options = []Option{{"contempt", "0"}}
	p := New(sp)
	require.NoError(t, p.Start(ctx))
	defer p.Quit()
	assert.Equal(t, "fake-chatty", p.ID())
	s := setup(t, engines.P2, TimeControl{Depth: 5}, "")
	require.NoError(t, p.NewGame(ctx, s))
	tu := turn(t, s, "b2")
	r, err := p.Move(ctx, tu)
	require.NoError(t, err)
	assert.Equal(t, "a3", r.Move)
	assert.Equal(t, "-1.50", r.Score)
	tu = turn(t, s, "b2", "a3", "c1")
	r, err = p.Move(ctx, tu)
	require.NoError(t, err)
	legal(t, tu, r)
	assert.Equal(t, []string{"nboard 2", "set contempt 0", "ping 1", "set depth 5",
		"set game (;GM[tictactoe]PC[qi arena]PB[a]PW[b]RE[?]TI[0:00]TY[3]BO[3 --- --- --- *]B[B2];)", "ping 2", "go",
		"move A3", "move C1", "go"}, tr.sent())
}

func TestTimeControlText(t *testing.T) {
	assert.Equal(t, "40/60+0.6", TimeControl{Moves: 40, Time: time.Minute, Inc: 600 * time.Millisecond}.String())
	assert.Equal(t, "10+0.1", TimeControl{Time: 10 * time.Second, Inc: 100 * time.Millisecond}.String())
	assert.Equal(t, "st=0.5 depth=3 nodes=1000", TimeControl{MoveTime: 500 * time.Millisecond, Depth: 3, Nodes: 1000}.String())
	assert.False(t, TimeControl{}.Limited())
	assert.True(t, TimeControl{Nodes: 1}.Limited())
	for s, want := range map[string]Protocol{"UGI": UGI, "uci": UCI, "gomocup": Gomocup, "pbrain": Gomocup, "NBoard": NBoard} {
		got, err := ParseProtocol(s)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := ParseProtocol("xboard")
	assert.Error(t, err)
	for rule, want := range map[string]int{"": 0, "freestyle": 0, "standard": 1, "renju": 4, "caro": 8} {
		got, err := GomocupRule(rule)
		require.NoError(t, err)
		assert.Equal(t, want, got, rule)
	}
	_, err = GomocupRule("go")
	assert.Error(t, err)
}

// TestExitStatusOutlivesAKill: an engine that died by itself is reported by
// its exit status and last words, even when a kill (a watchdog that fired as
// it died, on a loaded machine) reached it after its death; one that lived
// until the kill was killed.
func TestExitStatusOutlivesAKill(t *testing.T) {
	tests := []struct {
		behaviour string
		want      string
	}{
		{fake.DieAtOnce, "exited: exit status 3 (stderr: fake: dying at once)"},
		{fake.Mute, "was killed"},
	}
	for _, tt := range tests {
		t.Run(tt.behaviour, func(t *testing.T) {
			var tr transcript
			p, err := startProcess(spec(UGI, &tr, "ugi", tt.behaviour))
			require.NoError(t, err)
			if tt.behaviour == fake.DieAtOnce {
				<-p.exited
			}
			p.kill()
			assert.Equal(t, tt.want, p.exitFault().Msg)
		})
	}
}

func TestParseNBoardMove(t *testing.T) {
	tests := []struct {
		line  string
		reply Reply
		ok    bool
		err   bool
	}{
		{"=== F5/-1.00/0.3", Reply{Move: "f5", Score: "-1.00"}, true, false},
		{"=== F5", Reply{Move: "f5"}, true, false},
		{"=== pa/0", Reply{Move: "PA", Score: "+0.00"}, true, false},
		{"=== f5 0.00 0.0", Reply{Move: "f5", Score: "+0.00"}, true, false}, // Edax 4.6
		{"status thinking", Reply{}, false, false},
		{"nodestats 100 0.1", Reply{}, false, false},
		{"=== ", Reply{}, false, true},
		{"=== F5/1 extra words here", Reply{}, false, true},
		{"=== F5/1 x", Reply{}, false, true},
	}
	for _, tt := range tests {
		r, ok, err := parseNBoardMove(tt.line)
		assert.Equal(t, tt.reply, r, tt.line)
		assert.Equal(t, tt.ok, ok, tt.line)
		assert.Equal(t, tt.err, err != nil, tt.line)
	}
}
