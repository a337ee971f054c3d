// This file holds the UGI and UCI dialects: one command set, with UCI's names
// for the handshake, its UCI_Variant option and its drop notation (P@b2).

package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"qi/engines"
)

// ugi is the state of a UGI or UCI session: the options set, the game they
// select and its position.
type ugi struct {
	s   *server
	cfg Config
	uci bool // the UCI flavour: uciok, UCI_Variant, P@ drops

	gameName string
	opts     engines.Config
	game     engines.Game
	pos      engines.Position
	searcher engines.Searcher
	options  []option
}

func newUGI(s *server, cfg Config, uci bool) (*ugi, error) {
	u := &ugi{s: s, cfg: cfg, uci: uci, gameName: cfg.DefaultGame}
	if err := u.rebuild(); err != nil {
		return nil, err
	}
	u.options = u.optionTable()
	return u, nil
}

// rebuild creates the game for the current options and sets up its start.
func (u *ugi) rebuild() error {
	g, err := u.cfg.Registry.New(u.gameName, u.opts)
	if err != nil {
		return err
	}
	u.game, u.pos, u.searcher = g, g.Start(), nil
	return nil
}

func (u *ugi) finish() {}

func (u *ugi) errorf(format string, a ...any) {
	u.s.printf("info string error: "+format, a...)
}

func (u *ugi) handle(line string) bool {
	ws := splitWords(line)
	if len(ws) == 0 {
		return true
	}
	cmd := ws[0].text
	switch strings.ToLower(cmd) {
	case "ugi", "uci":
		u.uci = strings.EqualFold(cmd, "uci")
		u.hello()
	case "isready":
		u.s.println("readyok")
	case "setoption":
		u.setOption(line, ws)
	case "uginewgame", "ucinewgame":
		u.s.stopAndWait()
		u.pos = u.game.Start()
		if u.searcher != nil {
			u.searcher.Clear()
		}
	case "position":
		u.position(line, ws)
	case "go":
		u.goCommand(tokens(line)[1:])
	case "stop":
		// The bestmove is the answer to stop: nothing else comes between.
		u.s.stopAndWait()
	case "ponderhit", "debug", "register":
		// Neither pondering nor debug output nor registration exists here:
		// nothing to do, and nothing to complain about.
	case "quit":
		return false
	case "query":
		u.query(tokens(line)[1:])
	case "d":
		u.draw()
	case "moves":
		u.moves()
	case "perft":
		u.perft(tokens(line)[1:])
	case "undo":
		u.undo()
	case "help":
		u.help()
	default:
		if !u.gameCommand(tokens(line)) {
			u.s.printf("info string unknown command: %s", strings.TrimSpace(line))
		}
	}
	return true
}

// hello answers ugi/uci: who we are, the options, and ugiok/uciok.
func (u *ugi) hello() {
	u.s.printf("id name %s %s", u.cfg.Name, u.cfg.Version)
	u.s.printf("id author %s", u.cfg.Author)
	for _, o := range u.options {
		if o.uciOnly && !u.uci {
			continue
		}
		u.s.println(o.String())
	}
	if u.uci {
		u.s.println("uciok")
	} else {
		u.s.println("ugiok")
	}
}

// setOption reads `setoption name <name> [value <value>]`, where the name may
// hold spaces and the value is the raw rest of the line.
func (u *ugi) setOption(line string, ws []word) {
	if len(ws) < 3 || !strings.EqualFold(ws[1].text, "name") {
		u.errorf("setoption wants: setoption name <name> [value <value>]")
		return
	}
	end, value := len(ws), ""
	for i := 2; i < len(ws); i++ {
		if strings.EqualFold(ws[i].text, "value") {
			end, value = i, rest(line, ws, i)
			break
		}
	}
	if end == 2 {
		u.errorf("setoption: the option has no name")
		return
	}
	name := strings.TrimSpace(line[ws[2].start:ws[end-1].end])
	for _, o := range u.options {
		if strings.EqualFold(o.name, name) {
			v, err := o.check(value)
			if err == nil {
				err = o.apply(u, v)
			}
			if err != nil {
				u.errorf("option %s: %v", o.name, err)
			}
			return
		}
	}
	// Clients send every option of their settings to every engine: an
	// unknown one is not an error.
	u.s.logf("ignoring unknown option %q", name)
}

// position reads `position startpos|fen <text> [moves ...]`; the text runs up
// to the word "moves". Nothing changes unless all of it is good.
func (u *ugi) position(line string, ws []word) {
	if len(ws) < 2 {
		u.errorf("position wants startpos or fen <text>, then moves ...")
		return
	}
	movesAt := len(ws)
	for i := 2; i < len(ws); i++ {
		if strings.EqualFold(ws[i].text, "moves") {
			movesAt = i
			break
		}
	}
	var base engines.Position
	switch strings.ToLower(ws[1].text) {
	case "startpos":
		if movesAt != 2 && len(ws) > 2 {
			u.errorf("position startpos: unexpected %q", ws[2].text)
			return
		}
		base = u.game.Start()
	case "fen":
		if movesAt == 2 {
			u.errorf("position fen: the position text is missing")
			return
		}
		text := strings.TrimSpace(line[ws[2].start:ws[movesAt-1].end])
		p, err := u.game.Parse(text)
		if err != nil {
			u.errorf("position fen: %v", err)
			return
		}
		base = p
	default:
		u.errorf("position wants startpos or fen, not %q", ws[1].text)
		return
	}
	var moves []string
	for _, w := range ws[min(movesAt+1, len(ws)):] {
		moves = append(moves, w.text)
	}
	p, err := engines.PlayAll(base, moves)
	if err != nil {
		u.errorf("position: %v", err)
		return
	}
	u.pos = p
}

// goCommand starts a search; every go gets exactly one bestmove.
func (u *ugi) goCommand(args []string) {
	u.s.stopAndWait()
	lim, perft, errs := parseGo(args)
	for _, err := range errs {
		u.errorf("go: %v", err)
	}
	if perft > 0 {
		u.perft([]string{strconv.Itoa(perft)})
		return
	}
	if u.pos.Result() != engines.None {
		u.s.println("bestmove 0000")
		return
	}
	if u.searcher == nil {
		u.searcher = u.game.NewSearcher(u.opts)
	}
	movesLeft := 0
	if p, ok := u.pos.(engines.Pacer); ok {
		movesLeft = p.MovesLeft()
	}
	root := u.pos.Clone()
	u.s.start(searchRequest{
		pos: u.pos, searcher: u.searcher, lim: lim, movesLeft: movesLeft,
		report:      func(i engines.Info) { u.s.println(u.infoLine(root, i)) },
		reportFinal: true,
		done: func(i engines.Info, overran bool) {
			if overran {
				u.searcher = nil
			}
			u.s.printf("bestmove %s", u.moveText(root, i.Best()))
		},
	})
}

// parseGo reads the parameters of go. Bad ones are reported and skipped, since
// the client waits for a bestmove whatever it sent.
func parseGo(args []string) (lim engines.Limits, perft int, errs []error) {
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		switch key {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			continue
		case "searchmoves":
			errs = append(errs, fmt.Errorf("searchmoves is not supported; searching all moves"))
			for i+1 < len(args) && !isGoKey(args[i+1]) {
				i++
			}
			continue
		}
		if !isGoKey(key) {
			errs = append(errs, fmt.Errorf("unknown parameter %q", args[i]))
			continue
		}
		if i+1 >= len(args) {
			errs = append(errs, fmt.Errorf("%s wants a number", key))
			break
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s wants a number, not %q", key, args[i]))
			continue
		}
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch key {
		case "depth":
			lim.Depth = int(min(max(n, 1), engines.MaxPly))
		case "nodes":
			lim.Nodes = max(n, 1)
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond)
		case "mate":
			lim.Depth = int(min(max(2*n, 1), engines.MaxPly))
		case "movestogo":
			lim.MovesToGo = int(min(max(n, 0), 1000))
		case "perft":
			perft = int(min(max(n, 0), 64))
		case "p1time", "wtime":
			lim.Time[engines.P1], lim.HasClock = ms, true
		case "p2time", "btime":
			lim.Time[engines.P2], lim.HasClock = ms, true
		case "p1inc", "winc":
			lim.Inc[engines.P1] = ms
		case "p2inc", "binc":
			lim.Inc[engines.P2] = ms
		}
	}
	return lim, perft, errs
}

func isGoKey(s string) bool {
	switch strings.ToLower(s) {
	case "depth", "nodes", "movetime", "mate", "movestogo", "perft",
		"p1time", "p2time", "p1inc", "p2inc", "wtime", "btime", "winc", "binc":
		return true
	}
	return false
}

// moveText writes a move in the dialect: UCI writes drops as P@<square>.
func (u *ugi) moveText(pos engines.Position, m engines.Move) string {
	if m == engines.NoMove {
		return "0000"
	}
	t := pos.MoveText(m)
	// A pass (othello's 0000) is no drop.
	if u.uci && u.game.Drops() && t != "0000" {
		return "P@" + t
	}
	return t
}

func (u *ugi) infoLine(root engines.Position, i engines.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d score %s nodes %d nps %d time %d",
		i.Depth, max(i.SelDepth, i.Depth), i.Score.UCI(), i.Nodes, i.NPS(), i.Time.Milliseconds())
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		p := root.Clone()
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(u.moveText(p, m))
			p.Play(m)
		}
	}
	return b.String()
}

// query answers cutegames' questions: gameover, p1turn, result.
func (u *ugi) query(args []string) {
	if len(args) != 1 {
		u.errorf("query wants one of gameover, p1turn, result")
		return
	}
	switch strings.ToLower(args[0]) {
	case "gameover":
		u.s.printf("response %t", u.pos.Result() != engines.None)
	case "p1turn":
		u.s.printf("response %t", u.pos.SideToMove() == engines.P1)
	case "result":
		u.s.printf("response %s", u.pos.Result())
	default:
		u.errorf("unknown query %q: ask gameover, p1turn or result", args[0])
	}
}

func (u *ugi) draw() {
	u.s.printf("game %s", u.game.Name())
	for _, l := range strings.Split(strings.TrimRight(u.pos.String(), "\n"), "\n") {
		u.s.println(l)
	}
	u.s.printf("position %s", u.pos.Text())
	side := u.pos.SideToMove()
	u.s.printf("to move %s (%s), result %s, moves played %d", side, engines.SideName(u.game, side), u.pos.Result(), u.pos.Plies())
}

func (u *ugi) moves() {
	var b strings.Builder
	b.WriteString("moves")
	for _, m := range u.pos.LegalMoves(nil) {
		b.WriteByte(' ')
		b.WriteString(u.moveText(u.pos, m))
	}
	u.s.println(b.String())
}

func (u *ugi) perft(args []string) {
	if len(args) != 1 {
		u.errorf("perft wants a depth")
		return
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 1 || d > 64 {
		u.errorf("perft wants a depth from 1 to 64, not %q", args[0])
		return
	}
	u.s.stopAndWait()
	var total uint64
	p := u.pos.Clone()
	for _, e := range engines.Divide(p, d) {
		u.s.printf("%s: %d", u.moveText(p, e.Move), e.Nodes)
		total += e.Nodes
	}
	u.s.println()
	u.s.printf("Nodes searched: %d", total)
}

func (u *ugi) undo() {
	if u.pos.Plies() == 0 {
		u.errorf("undo: no move to take back")
		return
	}
	u.s.stopAndWait()
	u.pos.Undo()
}

// gameCommand runs a command of the game's own, if it has one by that name.
func (u *ugi) gameCommand(args []string) bool {
	c, ok := u.pos.(engines.Commander)
	if !ok {
		return false
	}
	lines, handled, err := c.Command(strings.ToLower(args[0]), args[1:])
	if !handled {
		return false
	}
	if err != nil {
		u.errorf("%s: %v", args[0], err)
		return true
	}
	for _, l := range lines {
		u.s.println(l)
	}
	return true
}

func (u *ugi) help() {
	for _, l := range []string{
		"qi speaks UGI and UCI. Commands:",
		"  ugi | uci                       identify, list options, ugiok/uciok",
		"  isready                         readyok",
		"  setoption name <n> value <v>    set an option (Game, Level, Hash, BoardSize, Rule ...)",
		"  uginewgame | ucinewgame         start a new game",
		"  position startpos|fen <text> [moves <m> ...]",
		"  go [depth n] [nodes n] [movetime ms] [infinite] [p1time ms p2time ms p1inc ms p2inc ms]",
		"     [wtime ms btime ms winc ms binc ms] [movestogo n]",
		"  stop                            move now",
		"  query gameover|p1turn|result    response ...",
		"  d                               draw the board",
		"  moves                           list the legal moves",
		"  perft <n>                       count move sequences per root move",
		"  undo                            take back the last move",
		"  forbidden                       black's forbidden points (gomoku under renju)",
		"  quit",
	} {
		u.s.printf("info string %s", l)
	}
}
