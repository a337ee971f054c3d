// Package player holds the client side of the engine protocols, for the
// arena and the tools that ask engines (labelling, training). An engine is
// a subprocess that a tool starts, talks to over UGI, UCI, Gomocup or
// NBoard, and kills when it misbehaves: every wait for a reply has a
// deadline, and what goes wrong is reported as a Fault that says how (it
// stopped answering, it died, it sent nonsense, it refused the game).
//
// Players speak in the game's own notation: each protocol converts moves to
// and from its own (UCI's P@ drops, Gomocup's x,y through package grid,
// NBoard's upper case and PA for a pass) in one place. Players do not judge
// moves: the referee does.
package player

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/grid"
)

// Protocol is a way of talking to an engine.
type Protocol int

// The protocols.
const (
	UGI Protocol = iota
	UCI
	Gomocup
	NBoard
)

var protocolNames = [...]string{"ugi", "uci", "gomocup", "nboard"}

// String names the protocol as the command line does.
func (p Protocol) String() string { return protocolNames[p] }

// ParseProtocol reads a protocol name ("pbrain" and "piskvork" are
// Gomocup).
func ParseProtocol(s string) (Protocol, error) {
	for i, n := range protocolNames {
		if strings.EqualFold(s, n) {
			return Protocol(i), nil
		}
	}
	switch strings.ToLower(s) {
	case "pbrain", "piskvork":
		return Gomocup, nil
	}
	return 0, fmt.Errorf("unknown protocol %q (known: %s)", s, strings.Join(protocolNames[:], ", "))
}

// Option is an engine setting: a setoption for UGI and UCI, an INFO key for
// Gomocup, a set command for NBoard.
type Option struct {
	Name, Value string
}

// Spec describes an engine.
type Spec struct {
	// Name is what the arena calls the engine.
	Name string
	// Cmd is the program, Args its arguments, Dir its working directory
	// ("" the arena's), Env extra KEY=VALUE settings of its environment.
	Cmd  string
	Args []string
	Dir  string
	Env  []string
	// Proto is the protocol it speaks.
	Proto Protocol
	// Options are sent before the first game, in order, after the ones the
	// arena sends for the game itself (so that they can override them).
	Options []Option
	// Timeout bounds the replies that take no thought: the handshake,
	// isready, START, ping (0: 10 s).
	Timeout time.Duration
	// Log, when set, receives every line: dir '<' to the engine, '>' from
	// it, '!' from its standard error.
	Log func(dir byte, line string)
}

// DefaultTimeout is Spec.Timeout's default.
const DefaultTimeout = 10 * time.Second

func (s Spec) timeout() time.Duration {
	if s.Timeout > 0 {
		return s.Timeout
	}
	return DefaultTimeout
}

// label names the engine in messages.
func (s Spec) label() string {
	if s.Name != "" {
		return s.Name
	}
	return filepath.Base(s.Cmd)
}

// TimeControl is how long or how deep an engine may think.
type TimeControl struct {
	// Moves is the number of moves a period has (0: one period is the
	// whole game); Time is the time of a period; Inc is added after each
	// move.
	Moves int
	Time  time.Duration
	Inc   time.Duration
	// MoveTime is a fixed time per move.
	MoveTime time.Duration
	// Depth and Nodes bound each search.
	Depth int
	Nodes int64
}

// HasClock reports whether the engine plays on a clock.
func (tc TimeControl) HasClock() bool { return tc.Time > 0 || tc.Inc > 0 }

// Limited reports whether anything bounds the engine's thinking.
func (tc TimeControl) Limited() bool {
	return tc.HasClock() || tc.MoveTime > 0 || tc.Depth > 0 || tc.Nodes > 0
}

// String writes the time control as the command line reads it ("40/60+0.6",
// "10+0.1", "st=0.5", "depth=5").
func (tc TimeControl) String() string {
	var parts []string
	if tc.HasClock() {
		s := seconds(tc.Time)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + seconds(tc.Inc)
		}
		parts = append(parts, s)
	}
	if tc.MoveTime > 0 {
		parts = append(parts, "st="+seconds(tc.MoveTime))
	}
	if tc.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(tc.Nodes, 10))
	}
	return strings.Join(parts, " ")
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// Setup is what a player learns at the start of a game.
type Setup struct {
	Game engines.Game
	// GameName is the game's registry name, Variant its UCI_Variant name.
	GameName, Variant string
	// Config holds the board size and rule of the game.
	Config engines.Config
	// Placement says the game's moves place stones (engines.Spec's), which
	// UCI writes as drops.
	Placement bool
	// Seed, when not 0, is the game's seed for the engine's random choices
	// (its book's), handed over where the protocol can: UGI/UCI's Seed
	// option when the engine offers it, Gomocup's INFO seed (a key other
	// brains ignore). The same game then plays the same moves wherever
	// and whenever it runs.
	Seed uint64
	// Start is the position the game starts from, before the opening's
	// moves; StartText is its text when it is not the game's own start.
	Start     engines.Position
	StartText string
	// Geometry is the game's board, nil when its moves are not squares.
	Geometry *grid.Geometry
	// Side is the side the player plays.
	Side engines.Side
	// TC is each side's time control.
	TC [2]TimeControl
	// Players names the engines by side.
	Players [2]string
	// MoveTimeout is how long a move may take when nothing else bounds it.
	MoveTimeout time.Duration
}

// Turn is the referee asking for a move.
type Turn struct {
	// Pos is the position to move in; players must not change it.
	Pos engines.Position
	// Moves are all moves from Setup.Start, the opening's included, in
	// the game's notation.
	Moves []string
	// Left is each side's time left on its clock.
	Left [2]time.Duration
	// MovesToGo counts the player's moves to its next time control, 0
	// when its clock has one period.
	MovesToGo int
	// Deadline is when the referee stops waiting.
	Deadline time.Time
}

// Reply is a player's move and what it said about it.
type Reply struct {
	// Move is the move in the game's notation, or as the engine wrote it
	// when it could not be converted (the referee then finds it illegal).
	Move string
	// Score is the engine's evaluation as records write it (see
	// record.ScoreText), "" when it sent none; Depth its depth.
	Score string
	Depth int
}

// Kind is a kind of misbehaviour.
type Kind int

// The faults.
const (
	// Stalled: the engine did not answer in time.
	Stalled Kind = iota
	// Exited: the engine died or closed its output.
	Exited
	// Garbled: the engine answered with something that is not the reply.
	Garbled
	// Refused: the engine said it cannot play this game.
	Refused
)

// Fault is an engine's misbehaviour.
type Fault struct {
	Kind Kind
	Msg  string
}

// Error implements error.
func (f *Fault) Error() string { return f.Msg }

// Player is an engine as the referee sees it. Its methods are called from
// one goroutine at a time. Any error but the context's leaves the engine
// killed: the arena starts a new one for the next game.
type Player interface {
	// Start starts the engine and does the protocol's handshake.
	Start(ctx context.Context) error
	// NewGame gets the engine ready for a game.
	NewGame(ctx context.Context, s *Setup) error
	// Move asks for a move and waits for it until the turn's deadline.
	Move(ctx context.Context, t *Turn) (Reply, error)
	// Quit ends the engine politely, killing it if it does not go.
	Quit()
	// Kill ends the engine at once.
	Kill()
	// Alive reports whether the engine runs and can go on.
	Alive() bool
	// ID returns the name the engine gives itself, once started ("" when
	// it gave none).
	ID() string
}

// New returns a player for spec; it starts nothing yet.
func New(spec Spec) Player {
	b := base{spec: spec}
	switch spec.Proto {
	case Gomocup:
		return &gomocup{base: b}
	case NBoard:
		return &nboard{base: b}
	}
	return &ugi{base: b, uci: spec.Proto == UCI}
}

// base is what every protocol's player has.
type base struct {
	spec Spec
	proc *process
	id   string
}

func (b *base) start() error {
	if b.proc != nil {
		b.proc.kill()
	}
	p, err := startProcess(b.spec)
	if err != nil {
		return &Fault{Kind: Exited, Msg: err.Error()}
	}
	b.proc = p
	return nil
}

// fail kills the engine and passes err on.
func (b *base) fail(err error) error {
	if b.proc != nil {
		b.proc.kill()
	}
	return err
}

// Kill implements Player.
func (b *base) Kill() {
	if b.proc != nil {
		b.proc.kill()
	}
}

// Alive implements Player.
func (b *base) Alive() bool { return b.proc != nil && b.proc.alive() }

// ID implements Player.
func (b *base) ID() string { return b.id }

func (b *base) send(lines ...string) error {
	for _, l := range lines {
		if err := b.proc.send(l); err != nil {
			return err
		}
	}
	return nil
}

// expect reads lines until want says a line is the awaited one, for at most
// the spec's timeout; what names what was awaited in the fault.
func (b *base) expect(ctx context.Context, what string, want func(string) (bool, error)) error {
	deadline := time.Now().Add(b.spec.timeout())
	for {
		line, err := b.proc.receive(ctx, deadline)
		if err == errTimeout {
			return &Fault{Kind: Stalled, Msg: fmt.Sprintf("no %s within %v", what, b.spec.timeout())}
		}
		if err != nil {
			return err
		}
		ok, err := want(line)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
}

// awaitMove reads lines until parse makes a reply of one, until the turn's
// deadline.
func (b *base) awaitMove(ctx context.Context, t *Turn, what string, parse func(string) (Reply, bool, error)) (Reply, error) {
	for {
		line, err := b.proc.receive(ctx, t.Deadline)
		if err == errTimeout {
			return Reply{}, &Fault{Kind: Stalled, Msg: "no " + what + " in time"}
		}
		if err != nil {
			return Reply{}, err
		}
		r, ok, err := parse(line)
		if err != nil {
			return Reply{}, err
		}
		if ok {
			return r, nil
		}
	}
}

// garbled makes the fault of an unexpected line.
func garbled(what, line string) *Fault {
	if len(line) > 80 {
		line = line[:77] + "..."
	}
	return &Fault{Kind: Garbled, Msg: fmt.Sprintf("sent %q instead of %s", line, what)}
}
