// This file holds the UGI and UCI dialects: one command set, with UCI's names
// for the handshake, its UCI_Variant option and its drop notation (P@b2).

package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"qi/book"
	"qi/engines"
	"qi/engines/search"
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
	// placement is the game's Spec.Placement: UCI writes its moves as
	// drops.
	placement bool
	pos       engines.Position
	searcher  engines.Searcher
	options   []option
	book      bookState
	// played is the game as far as qi knows it: the position of its last
	// go with the move it answered, until the game is learned.
	played engines.Position
	// multiPV is how many lines a search gives (MultiPV).
	multiPV int
	// limitStrength and elo are UCI_LimitStrength and UCI_Elo; random is
	// RandomMover.
	limitStrength bool
	elo           int
	random        bool
	// showWDL is UCI_ShowWDL: info lines carry the win/draw/loss chances.
	showWDL bool
}

func newUGI(s *server, cfg Config, uci bool) (*ugi, error) {
	u := &ugi{s: s, cfg: cfg, uci: uci, gameName: cfg.DefaultGame, elo: maxElo, multiPV: 1}
	u.book = newBookState(cfg, s.logf, func(err error) {
		s.tell(func() { u.errorf("book: learning: %v", err) })
	})
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
	u.dropSearcher()
	u.begin(g)
	return nil
}

// begin makes g, the game gameName names, the game played, from its start.
func (u *ugi) begin(g engines.Game) {
	u.game, u.pos = g, g.Start()
	s, ok := u.cfg.Registry.Lookup(u.gameName)
	u.placement = ok && s.Placement
}

// finish hands the game being played over to be learned (BookLearn) and
// ends learning: what is not learned yet is in the game log.
func (u *ugi) finish() {
	u.learnPlayed()
	u.book.close()
}

// weakened reports whether qi plays below its full strength, whose games
// are not learned.
func (u *ugi) weakened() bool {
	return u.random || u.searchConfig().EffectiveLevel() < engines.MaxLevel
}

// searchConfig is what searches run under: the options, with the level of
// the strength UCI_Elo asks for when UCI_LimitStrength is on.
func (u *ugi) searchConfig() engines.Config {
	cfg := u.opts
	if u.limitStrength {
		if level, ok := engines.LevelForElo(u.game, u.elo); ok {
			cfg.Level = level
		}
	}
	return cfg
}

// newSearcher makes the searcher of the options.
func (u *ugi) newSearcher() engines.Searcher {
	if u.random {
		return &search.Random{Rand: rand.New(rand.NewPCG(u.book.rng.Uint64(), u.book.rng.Uint64()))}
	}
	return u.game.NewSearcher(u.searchConfig())
}

// learnPlayed learns the game qi played, as far as it knows it, when
// BookLearn is on: with the moves the position has since, when the client
// sent the opponent's replies.
func (u *ugi) learnPlayed() {
	if u.played == nil {
		return
	}
	game := u.played
	if continues(u.pos, u.played) {
		game = u.pos
	}
	u.book.learnGame(u.game, game, u.weakened())
	u.played = nil
}

// continues reports whether pos is earlier's game with more moves: its
// history, taken back to earlier's length, is earlier.
func continues(pos, earlier engines.Position) bool {
	if pos.Plies() <= earlier.Plies() {
		return false
	}
	p := pos.Clone()
	for p.Plies() > earlier.Plies() {
		p.Undo()
	}
	return p.Hash() == earlier.Hash() && p.Text() == earlier.Text()
}

// learnFinished learns a game whose result is known.
func (u *ugi) learnFinished(pos engines.Position) {
	if pos.Result() != engines.None {
		u.played = nil
		u.book.learnGame(u.game, pos, u.weakened())
	}
}

func (u *ugi) errorf(format string, a ...any) {
	u.s.printf("info string error: "+format, a...)
}

// during implements dialect. The commands that need the searcher, or the game
// the search plays, wait for a search with limits to answer in full and end
// one that only stop would end (go, a new game, undo, perft, a game switch);
// isready and quit act at once; the others act in their turn, while a search
// runs too, and leave it alone (the search has its own copy of the position).
func (u *ugi) during(line string) midSearch {
	ws := strings.Fields(strings.ToLower(line))
	if len(ws) == 0 {
		return now
	}
	switch ws[0] {
	case "isready", "quit":
		return aside
	case "go", "uginewgame", "ucinewgame", "undo", "perft":
		return supersede
	case "setoption":
		// The options that make a new game (or board) wait for the
		// search; Level, Hash and the like only apply to later searches.
		name := strings.Join(ws[min(2, len(ws)):], " ")
		name, _, _ = strings.Cut(name, " value")
		switch strings.TrimSpace(name) {
		case "game", "uci_variant", "boardsize", "rule":
			return supersede
		}
	}
	return now
}

// dropSearcher lets the searcher go, for one made anew under new options;
// its tables are given back once no search runs in it.
func (u *ugi) dropSearcher() {
	if u.searcher != nil {
		u.s.retire(u.searcher)
		u.searcher = nil
	}
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
		// A client sends isready before its first go to wait for the
		// engine's set-up; mid-search the answer cannot wait.
		if w, ok := u.game.(engines.Warmer); ok && !u.s.searching() {
			w.Warm()
		}
		u.s.println("readyok")
	case "setoption":
		u.setOption(line, ws)
	case "uginewgame", "ucinewgame":
		u.learnPlayed()
		u.book.newGame()
		u.pos = u.game.Start()
		if u.searcher != nil {
			u.searcher.Clear()
		}
	case "position":
		u.position(line, ws)
	case "go":
		u.goCommand(tokens(line)[1:])
	case "stop":
		// The bestmove is the answer to stop; it comes as the search ends.
		u.s.interrupt()
	case "ponderhit":
		// The move pondered on was played: the search goes on, on the clock.
		u.s.ponderhit()
	case "debug", "register":
		// Neither debug output nor registration exists here: nothing to
		// do, and nothing to complain about.
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
			u.s.printf("info string unknown command %q (help lists the commands)", strings.TrimSpace(line))
		}
	}
	return true
}

// hello answers ugi/uci: qi's name, the options, and ugiok/uciok.
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
	u.learnFinished(p)
}

// goCommand starts a search; every go gets exactly one bestmove.
func (u *ugi) goCommand(args []string) {
	g := parseGo(args)
	if len(g.errs) > 0 {
		u.errorf("go: %s; %s", joinErrors(g.errs), g.describe())
	}
	if g.perft > 0 {
		u.perft([]string{strconv.Itoa(g.perft)})
		return
	}
	if u.pos.Result() != engines.None {
		u.s.println("bestmove 0000")
		return
	}
	if len(g.searchmoves) > 0 {
		only, errs := readMoves(u.pos, g.searchmoves)
		if len(errs) > 0 {
			u.errorf("go searchmoves: %s; searching %s", joinErrors(errs), u.movesText(u.pos, only))
		}
		g.lim.Moves = only
	}
	if u.searcher == nil {
		u.searcher = u.newSearcher()
	}
	movesLeft := 0
	if p, ok := u.pos.(engines.Pacer); ok {
		movesLeft = p.MovesLeft()
	}
	root := u.pos.Clone()
	var searcher engines.Searcher = u.searcher
	if u.multiPV > 1 {
		searcher = &search.Lines{Inner: u.searcher, Lines: u.multiPV}
	}
	req := searchRequest{
		pos: u.pos, searcher: searcher, lim: g.lim, movesLeft: movesLeft,
		report:      func(i engines.Info) { u.s.println(u.infoLine(root, i)) },
		reportFinal: true,
	}
	// Analysis (go infinite, ponder, several lines, some moves) wants a
	// search, not the book.
	var bs *book.Searcher
	if !g.hold() && u.multiPV <= 1 && len(g.lim.Moves) == 0 && !u.random {
		bs = u.book.searcher(u.searcher, u.game, u.searchConfig().EffectiveLevel(), 0)
	}
	if bs != nil {
		req.searcher, req.withOwner = bs, u.book.bind(bs, u.errorf)
	}
	req.done = func(i engines.Info, overran bool) {
		if overran {
			u.searcher = nil
		}
		if bs != nil {
			u.bookLines(root, bs.Outcome())
		}
		u.s.printf("bestmove %s", u.moveText(root, i.Best()))
		u.afterMove(root, i.Best())
	}
	if g.hold() {
		// UCI: in these modes the engine must not answer before it is
		// told to (stop, ponderhit's clock, quit), even when it has
		// searched all there is to search.
		req.hold = true
		if g.ponder {
			clock := g.lim
			req.ponder = &clock
		}
		req.lim = engines.Limits{Infinite: true, Depth: g.lim.Depth, Nodes: g.lim.Nodes, Moves: g.lim.Moves}
	}
	u.s.start(req)
}

// bookLines reports a book move as UCI engines do, an info line of depth
// 0, and says what the book held; or says why the search left the book.
func (u *ugi) bookLines(root engines.Position, o book.Outcome) {
	switch {
	case o.Played:
		u.s.printf("info depth 0 score %s pv %s", o.Move.Value.UCI(), u.moveText(root, o.Move.Move))
		u.s.printf("info string book %s", bookText(root, o))
	case o.InBook:
		u.s.printf("info string book %s", leftText(root, o))
	}
}

// afterMove keeps the game with qi's move m for learning, and learns it
// when m ends it.
func (u *ugi) afterMove(root engines.Position, m engines.Move) {
	if m == engines.NoMove || !u.book.learn {
		return
	}
	p := root.Clone()
	p.Play(m)
	u.played = p
	u.learnFinished(p)
}

// goArgs is what a go command asked for.
type goArgs struct {
	lim    engines.Limits
	perft  int
	ponder bool
	// searchmoves are the moves of searchmoves as written, read against
	// the position when the search starts.
	searchmoves []string
	// bounded says a limit parsed: a depth, nodes, a time or a clock;
	// defaulted that none did and a malformed go got malformedGoTime.
	bounded, defaulted bool
	errs               []error
}

// malformedGoTime is the search of a malformed go whose good part sets no
// limit: the client waits for a bestmove, and one that sent nonsense is not
// asking for a search that only a stop ends.
const malformedGoTime = time.Second

// hold reports whether the answer waits for stop: go infinite, go ponder,
// and a bare go (UCI's "search until stop"), but not a malformed go.
func (g goArgs) hold() bool {
	return g.lim.Infinite || g.ponder || !g.bounded && len(g.errs) == 0
}

// describe says what search the go will run, for the error of a malformed one.
func (g goArgs) describe() string {
	if g.perft > 0 {
		return fmt.Sprintf("counting perft %d", g.perft)
	}
	var ws []string
	l := g.lim
	if l.Infinite {
		ws = append(ws, "infinite")
	}
	if g.ponder {
		ws = append(ws, "ponder")
	}
	if l.Depth > 0 {
		ws = append(ws, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		ws = append(ws, fmt.Sprintf("nodes %d", l.Nodes))
	}
	if l.MoveTime > 0 {
		ws = append(ws, fmt.Sprintf("movetime %d", l.MoveTime.Milliseconds()))
	}
	if l.HasClock {
		ws = append(ws, fmt.Sprintf("p1time %d p2time %d p1inc %d p2inc %d", l.Time[0].Milliseconds(), l.Time[1].Milliseconds(),
			l.Inc[0].Milliseconds(), l.Inc[1].Milliseconds()))
		if l.MovesToGo > 0 {
			ws = append(ws, fmt.Sprintf("movestogo %d", l.MovesToGo))
		}
	}
	if g.defaulted {
		return "no limit left to search by: searching with " + strings.Join(ws, " ")
	}
	return "searching with " + strings.Join(ws, " ")
}

func joinErrors(errs []error) string {
	ms := make([]string, len(errs))
	for i, e := range errs {
		ms[i] = e.Error()
	}
	return strings.Join(ms, "; ")
}

// goRange is the range of one numeric go parameter.
type goRange struct{ min, max int64 }

// maxGoMS bounds every time of go: a year in milliseconds, far beyond any
// game's clock and far inside a time.Duration.
const maxGoMS = 365 * 24 * 3600 * 1000

// millis returns n milliseconds, saturated at maxGoMS either way: a client's
// number never wraps round to a time of the other sign or a tiny one.
func millis(n int64) time.Duration {
	return time.Duration(min(max(n, -maxGoMS), maxGoMS)) * time.Millisecond
}

var goRanges = map[string]goRange{
	"depth": {1, engines.MaxPly}, "mate": {1, engines.MaxPly / 2}, "nodes": {1, 1 << 62},
	"movetime": {1, maxGoMS}, "movestogo": {1, 1000}, "perft": {1, 64},
	// A clock may be spent (a client with a time margin sends a negative
	// one): qi then moves at once.
	"p1time": {-maxGoMS, maxGoMS}, "p2time": {-maxGoMS, maxGoMS}, "wtime": {-maxGoMS, maxGoMS}, "btime": {-maxGoMS, maxGoMS},
	"p1inc": {0, maxGoMS}, "p2inc": {0, maxGoMS}, "winc": {0, maxGoMS}, "binc": {0, maxGoMS},
}

// parseGo reads the parameters of go. A bad one is reported and left out,
// never read as something else: the client waits for a bestmove whatever it
// sent, so the search runs under what parsed (or, when that leaves no limit,
// for malformedGoTime).
func parseGo(args []string) goArgs {
	var g goArgs
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		switch key {
		case "infinite":
			g.lim.Infinite = true
			continue
		case "ponder":
			g.ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !isGoKey(args[i+1]) {
				i++
				g.searchmoves = append(g.searchmoves, args[i])
			}
			if len(g.searchmoves) == 0 {
				g.errs = append(g.errs, fmt.Errorf("searchmoves wants moves"))
			}
			continue
		}
		r, ok := goRanges[key]
		if !ok {
			g.errs = append(g.errs, fmt.Errorf("unknown parameter %q", args[i]))
			continue
		}
		if i+1 >= len(args) || isGoKey(args[i+1]) {
			g.errs = append(g.errs, fmt.Errorf("%s wants a number", key))
			continue
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil || n < r.min || n > r.max {
			g.errs = append(g.errs, fmt.Errorf("%s wants a whole number from %d to %d, not %q", key, r.min, r.max, args[i]))
			continue
		}
		ms := millis(max(n, 0))
		switch key {
		case "depth":
			g.lim.Depth = int(n)
		case "mate":
			g.lim.Depth = int(2 * n)
		case "nodes":
			g.lim.Nodes = n
		case "movetime":
			g.lim.MoveTime = ms
		case "movestogo":
			g.lim.MovesToGo = int(n)
		case "perft":
			g.perft = int(n)
		case "p1time", "wtime":
			g.lim.Time[engines.P1], g.lim.HasClock = ms, true
		case "p2time", "btime":
			g.lim.Time[engines.P2], g.lim.HasClock = ms, true
		case "p1inc", "winc":
			g.lim.Inc[engines.P1] = ms
		case "p2inc", "binc":
			g.lim.Inc[engines.P2] = ms
		}
	}
	g.bounded = g.lim.Depth > 0 || g.lim.Nodes > 0 || g.lim.MoveTime > 0 || g.lim.HasClock
	if len(g.errs) > 0 && !g.bounded && !g.lim.Infinite && !g.ponder {
		g.lim.MoveTime, g.bounded, g.defaulted = malformedGoTime, true, true
	}
	return g
}

// readMoves reads the moves of searchmoves in pos: the legal ones, once
// each, and an error for each of the others.
func readMoves(pos engines.Position, texts []string) ([]engines.Move, []error) {
	var only []engines.Move
	var errs []error
	for _, t := range texts {
		m, err := engines.Legal(pos, t)
		switch {
		case err != nil:
			errs = append(errs, err)
		case !slices.Contains(only, m):
			only = append(only, m)
		}
	}
	return only, errs
}

// movesText writes moves of pos for a message, "every move" for none.
func (u *ugi) movesText(pos engines.Position, moves []engines.Move) string {
	if len(moves) == 0 {
		return "every move"
	}
	ts := make([]string, len(moves))
	for i, m := range moves {
		ts[i] = u.moveText(pos, m)
	}
	return strings.Join(ts, " ")
}

func isGoKey(s string) bool {
	switch s = strings.ToLower(s); s {
	case "infinite", "ponder", "searchmoves":
		return true
	}
	_, ok := goRanges[s]
	return ok
}

// moveText writes a move in the dialect: UCI writes drops as P@<square>.
func (u *ugi) moveText(pos engines.Position, m engines.Move) string {
	if m == engines.NoMove {
		return "0000"
	}
	t := pos.MoveText(m)
	// A pass (othello's 0000) is no drop.
	if u.uci && u.placement && t != "0000" {
		return "P@" + t
	}
	return t
}

func (u *ugi) infoLine(root engines.Position, i engines.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d", i.Depth, max(i.SelDepth, i.Depth))
	if i.Line > 0 {
		fmt.Fprintf(&b, " multipv %d", i.Line)
	}
	fmt.Fprintf(&b, " score %s", i.Score.UCI())
	if u.showWDL {
		if c, ok := engines.WDLOf(u.game, root, i.Score, i.Exact); ok {
			fmt.Fprintf(&b, " wdl %d %d %d", c.Win, c.Draw, c.Loss)
		}
	}
	fmt.Fprintf(&b, " nodes %d nps %d time %d", i.Nodes, i.NPS(), i.Time.Milliseconds())
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
	// A deep perft takes hours: it runs as the server's job, so that
	// isready is answered meanwhile and stop or quit ends it.
	p := u.pos.Clone()
	u.s.background(func(ctx context.Context, emit func(string)) {
		var total uint64
		for _, m := range p.LegalMoves(nil) {
			text := u.moveText(p, m)
			p.Play(m)
			n, err := engines.PerftContext(ctx, p, d-1)
			p.Undo()
			if err != nil {
				emit("info string perft stopped")
				return
			}
			emit(fmt.Sprintf("%s: %d", text, n))
			total += n
		}
		emit("")
		emit(fmt.Sprintf("Nodes searched: %d", total))
	})
}

func (u *ugi) undo() {
	if u.pos.Plies() == 0 {
		u.errorf("undo: no move to take back")
		return
	}
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
		"  go [depth n] [nodes n] [movetime ms] [infinite] [ponder] [p1time ms p2time ms p1inc ms p2inc ms]",
		"     [wtime ms btime ms winc ms binc ms] [movestogo n]    (a bare go searches until stop)",
		"  stop                            move now",
		"  ponderhit                       the pondered move was played: go on, on the clock",
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
