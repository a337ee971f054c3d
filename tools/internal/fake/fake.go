// Package fake holds the engines that the tools' tests play: qi itself
// (protocol.Run over the catalogue), and small engines of each protocol that
// play legal moves or misbehave on purpose. A test binary becomes one when
// its TestMain sees EnvVar and calls Main with the engine's arguments.
package fake

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"qi/engines"
	"qi/engines/catalog"
	"qi/protocol"
)

// EnvVar set to "1" in a test binary's environment makes it an engine.
const EnvVar = "QI_ARENA_ENGINE"

// Behaviours of the fake engines (the second argument; the first is the
// protocol, or "qi").
const (
	Good      = "good"      // legal moves
	Chatty    = "chatty"    // legal moves among extra lines the protocol allows
	Illegal   = "illegal"   // repeats the opponent's last move
	Garbled   = "garbled"   // answers a move with nonsense
	OffBoard  = "offboard"  // answers a square off the board (Gomocup)
	Crash     = "crash"     // exits when asked for a move
	Silent    = "silent"    // never answers a move
	Mute      = "mute"      // never answers the handshake
	NoReady   = "noready"   // never answers isready / ping
	Refuse    = "refuse"    // refuses the game (Gomocup's ERROR to START)
	Busy      = "busy"      // loses the first word of the command after its move, as Rapfi can (Gomocup)
	DieAtOnce = "dieatonce" // exits before reading anything
)

// Main runs the engine that args name on in and out and returns its exit
// code: "qi" is qi; "ugi", "uci", "gomocup" or "nboard" followed by a
// behaviour is a fake.
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(errOut, "fake: which engine?")
		return 2
	}
	if args[0] == "qi" {
		cfg := protocol.Config{
			Registry: catalog.New(), Name: "qi", Version: "test", Author: "the qi developers",
			DefaultGame: "tictactoe", Log: errOut,
		}
		if err := protocol.Run(context.Background(), in, out, cfg); err != nil {
			fmt.Fprintln(errOut, "qi:", err)
			return 1
		}
		return 0
	}
	behaviour := Good
	if len(args) > 1 {
		behaviour = args[1]
	}
	if behaviour == DieAtOnce {
		fmt.Fprintln(errOut, "fake: dying at once")
		return 3
	}
	e := &engine{behaviour: behaviour, out: bufio.NewWriter(out), errOut: errOut}
	switch args[0] {
	case "ugi", "uci":
		return e.run(in, e.ugi)
	case "gomocup":
		return e.run(in, e.gomocup)
	case "nboard":
		return e.run(in, e.nboard)
	}
	fmt.Fprintf(errOut, "fake: unknown engine %q\n", args[0])
	return 2
}

// engine is a fake engine's state.
type engine struct {
	behaviour string
	out       *bufio.Writer
	errOut    io.Writer

	// UGI: the game and position.
	game engines.Game
	pos  engines.Position
	// Gomocup and NBoard: the board's size and the squares taken, and
	// the last move the opponent made.
	size     int
	taken    map[string]bool
	lastMove string
	inBoard  bool
	boardAll []string
	// busy: a move was just sent, and Busy loses the next command's word.
	busy bool
}

// exit is returned by a handler to end the engine with a code.
type exit int

// run reads commands and hands them to handle until EOF or an exit.
func (e *engine) run(in io.Reader, handle func(line string) (exit, bool)) int {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		code, stop := handle(strings.TrimSpace(sc.Text()))
		e.out.Flush()
		if stop {
			return int(code)
		}
	}
	return 0
}

func (e *engine) say(format string, a ...any) {
	fmt.Fprintf(e.out, format+"\n", a...)
}

// crash ends the engine as a crashing one does: a word on stderr, exit 3.
func (e *engine) crash() (exit, bool) {
	fmt.Fprintln(e.errOut, "fake: segmentation fault (not really)")
	return 3, true
}

// ugi answers UGI and UCI: enough of the protocol for the arena, with qi's
// rules keeping the position.
func (e *engine) ugi(line string) (exit, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return 0, false
	}
	reg := catalog.New()
	if e.game == nil {
		e.game, _ = reg.New("tictactoe", engines.Config{})
		e.pos = e.game.Start()
	}
	switch f[0] {
	case "ugi", "uci":
		if e.behaviour == Mute {
			return 0, false
		}
		e.say("id name fake %s", e.behaviour)
		e.say("option name Game type combo default tictactoe var tictactoe var niujiao")
		if f[0] == "uci" {
			e.say("option name UCI_Variant type combo default tictactoe var tictactoe var niujiao")
		}
		e.say("%sok", f[0])
	case "setoption":
		if len(f) == 5 && (f[2] == "Game" || f[2] == "UCI_Variant") {
			if g, err := reg.New(f[4], engines.Config{}); err == nil {
				e.game, e.pos = g, g.Start()
			}
		}
	case "isready":
		if e.behaviour != NoReady {
			e.say("readyok")
		}
	case "position":
		e.position(f)
	case "go":
		return e.ugiGo()
	case "quit":
		return 0, true
	}
	return 0, false
}

func (e *engine) position(f []string) {
	at := len(f)
	for i, w := range f {
		if w == "moves" {
			at = i
			break
		}
	}
	p := e.game.Start()
	if len(f) > 2 && f[1] == "fen" {
		var err error
		if p, err = e.game.Parse(strings.Join(f[2:at], " ")); err != nil {
			fmt.Fprintln(e.errOut, "fake:", err)
			return
		}
	}
	e.lastMove = ""
	if at < len(f) {
		moves := f[at+1:]
		np, err := engines.PlayAll(p, moves)
		if err != nil {
			fmt.Fprintln(e.errOut, "fake:", err)
			return
		}
		p = np
		e.lastMove = moves[len(moves)-1]
	}
	e.pos = p
}

func (e *engine) ugiGo() (exit, bool) {
	switch e.behaviour {
	case Crash:
		return e.crash()
	case Silent:
		return 0, false
	case Garbled:
		e.say("bestmove")
		return 0, false
	case Chatty:
		e.say("info string thinking hard")
		e.say("something the arena does not know")
		e.say("info depth 3 score cp -25 nodes 10 pv x")
	}
	move := "0000"
	if ms := e.pos.LegalMoves(nil); len(ms) > 0 {
		move = e.pos.MoveText(ms[0])
	}
	if e.behaviour == Illegal && e.lastMove != "" {
		move = e.lastMove
	}
	if e.behaviour == Chatty {
		e.say("bestmove %s ponder %s", move, move)
		return 0, false
	}
	e.say("bestmove %s", move)
	return 0, false
}

// squareName names x, y of the fake's board as tic-tac-toe and gomoku do.
func (e *engine) squareName(x, y int) string {
	return fmt.Sprintf("%c%d", 'a'+x, e.size-y)
}

// pick returns the first free square from the top-left.
func (e *engine) pick() (x, y int) {
	for y := range e.size {
		for x := range e.size {
			if !e.taken[e.squareName(x, y)] {
				return x, y
			}
		}
	}
	return 0, 0
}

var coords = regexp.MustCompile(`^(\d+),(\d+)(?:,(\d+))?$`)

// gomocup answers the Gomocup protocol on a square board.
func (e *engine) gomocup(line string) (exit, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return 0, false
	}
	if e.busy {
		e.busy = false
		if f = f[1:]; len(f) > 0 {
			e.say("ERROR Unknown command: %s", f[0])
		}
		return 0, false
	}
	if e.inBoard {
		if f[0] == "DONE" {
			e.inBoard = false
			return e.gomocupMove()
		}
		if m := coords.FindStringSubmatch(f[0]); m != nil {
			var x, y int
			fmt.Sscanf(m[1]+" "+m[2], "%d %d", &x, &y)
			sq := e.squareName(x, y)
			e.taken[sq] = true
			e.lastMove = fmt.Sprintf("%d,%d", x, y)
		}
		return 0, false
	}
	switch strings.ToUpper(f[0]) {
	case "ABOUT":
		if e.behaviour != Mute {
			e.say(`name="fake %s", version="1", author="qi tests", country="nowhere"`, e.behaviour)
		}
	case "START":
		if e.behaviour == Refuse {
			e.say("ERROR this size is too much for me")
			return 0, false
		}
		if len(f) > 1 {
			fmt.Sscanf(f[1], "%d", &e.size)
		}
		e.taken, e.lastMove = map[string]bool{}, ""
		if e.behaviour != NoReady {
			e.say("OK")
		}
	case "INFO":
	case "BEGIN":
		return e.gomocupMove()
	case "TURN":
		if len(f) > 1 {
			if m := coords.FindStringSubmatch(f[1]); m != nil {
				var x, y int
				fmt.Sscanf(m[1]+" "+m[2], "%d %d", &x, &y)
				e.taken[e.squareName(x, y)] = true
				e.lastMove = f[1]
			}
		}
		return e.gomocupMove()
	case "BOARD":
		e.inBoard = true
		e.taken = map[string]bool{}
	case "END":
		return 0, true
	default:
		e.say("UNKNOWN %s", f[0])
	}
	return 0, false
}

func (e *engine) gomocupMove() (exit, bool) {
	switch e.behaviour {
	case Crash:
		return e.crash()
	case Silent:
		return 0, false
	case Garbled:
		e.say("I think I will play the centre")
		return 0, false
	case OffBoard:
		e.say("%d,%d", e.size, 0)
		return 0, false
	case Chatty:
		e.say("MESSAGE thinking hard")
		e.say("DEBUG depth 3")
	}
	if e.behaviour == Illegal && e.lastMove != "" {
		e.say("%s", e.lastMove)
		return 0, false
	}
	x, y := e.pick()
	e.taken[e.squareName(x, y)] = true
	e.say("%d,%d", x, y)
	e.busy = e.behaviour == Busy
	return 0, false
}

var ggfMove = regexp.MustCompile(`[BW]\[([A-Za-z0-9]+)[^\]]*\]`)
var ggfBoard = regexp.MustCompile(`BO\[(\d+) ([^\]]*)\]`)

// nboard answers the NBoard protocol on a square board whose squares are
// named as tic-tac-toe's (rank 1 at the bottom).
func (e *engine) nboard(line string) (exit, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return 0, false
	}
	switch f[0] {
	case "nboard":
		if e.behaviour != Mute {
			e.say("set myname fake-%s", e.behaviour)
		}
	case "ping":
		if e.behaviour != NoReady && e.behaviour != Mute && len(f) > 1 {
			e.say("pong %s", f[1])
		}
	case "set":
		if len(f) > 2 && f[1] == "game" {
			e.setGame(strings.Join(f[2:], " "))
		}
	case "move":
		if len(f) > 1 {
			mv := strings.ToLower(strings.Split(f[1], "/")[0])
			e.taken[mv] = true
			e.lastMove = strings.ToUpper(mv)
		}
	case "go":
		return e.nboardGo()
	case "quit":
		return 0, true
	}
	return 0, false
}

func (e *engine) setGame(ggf string) {
	e.taken, e.lastMove = map[string]bool{}, ""
	if m := ggfBoard.FindStringSubmatch(ggf); m != nil {
		fmt.Sscanf(m[1], "%d", &e.size)
		cells := strings.ReplaceAll(m[2], " ", "")
		for i := 0; i < e.size*e.size && i < len(cells); i++ {
			if cells[i] == '*' || cells[i] == 'O' {
				e.taken[e.squareName(i%e.size, i/e.size)] = true
			}
		}
	}
	for _, m := range ggfMove.FindAllStringSubmatch(ggf, -1) {
		e.taken[strings.ToLower(m[1])] = true
		e.lastMove = strings.ToUpper(m[1])
	}
}

func (e *engine) nboardGo() (exit, bool) {
	e.say("status thinking")
	switch e.behaviour {
	case Crash:
		return e.crash()
	case Silent:
		return 0, false
	case Garbled:
		e.say("=== ")
		e.say("=== what is this game")
		return 0, false
	case Chatty:
		e.say("nodestats 1000 0.01")
		e.say("something unknown")
	}
	if e.behaviour == Illegal && e.lastMove != "" {
		e.say("=== %s/0.00/0.01", e.lastMove)
		return 0, false
	}
	x, y := e.pick()
	// The engine does not play its own move: the GUI sends it back.
	e.say("=== %s/-1.50/0.01", strings.ToUpper(e.squareName(x, y)))
	return 0, false
}

// Env returns the environment a spec needs to run this package's engines
// from the test binary (whose race detector, when on, would otherwise sleep
// a second at every exit).
func Env() []string { return []string{EnvVar + "=1", "GORACE=atexit_sleep_ms=0"} }

// Binary returns the test binary, which runs the engines.
func Binary() string { return os.Args[0] }
