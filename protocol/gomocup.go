// This file holds the Gomocup (piskvork) brain dialect for gomoku: the
// commands of Piskvork and c-gomoku-cli, and Yixin-Board's extensions.

package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"qi/book"
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/search"
)

// gomocup is the state of a Gomocup session: the board the manager set up,
// the rule and the clocks it announced.
type gomocup struct {
	s   *server
	cfg Config

	game     *gomoku.Game
	pos      *gomoku.Position
	searcher *gomoku.Searcher
	hashMB   int
	threads  int // INFO thread_num: the search's threads (0: one)
	// level (INFO level, 1..10; 0 is full strength) and baseline (INFO
	// baseline 1: the plain alpha-beta, for measuring matches) are qi's own
	// keys; plain is the baseline's searcher.
	level    int
	baseline bool
	plain    engines.Searcher
	// elo (INFO elo, qi's own key) plays at the level measured nearest
	// it, when not 0: it takes the place of level.
	elo int

	rule gomoku.Rule
	// us is qi's colour, when known: set by BEGIN, TURN, BOARD and SWAP2,
	// forgotten by a new game and after SWAP2 hands the choice over.
	us    engines.Side
	usSet bool

	turn      time.Duration // timeout_turn
	turnSet   bool
	left      time.Duration // time_left; unlimited when not positive
	leftSet   bool
	maxDepth  int
	maxNodes  int64
	problems  []string // found by INFO, reported with the next reply
	block     string   // BOARD, YXBOARD or SWAP2BOARD while reading stones
	stones    []boardLine
	blockErr  error
	swapCount int // varies the SWAP2 openings between games
	// book is the opening book: qi's own INFO keys book, book_file,
	// book_randomness and book_learn set it.
	book bookState
	// yixin is what Yixin-Board's extensions set.
	yixin yixinState
}

// defaultTurn is the thinking time per move when the manager gave no time at
// all: Gomocup's fast league plays 5 s a move.
const defaultTurn = 5 * time.Second

// atOnce is the thinking time for timeout_turn 0, "play at once": enough for
// the threat checks that keep a quick move sound.
const atOnce = 20 * time.Millisecond

// unlimitedMS is Gomocup's "no limit" for time_left.
const unlimitedMS = 2147483647

func newGomocup(s *server, cfg Config) *gomocup {
	g := &gomocup{s: s, cfg: cfg, hashMB: 64}
	g.book = newBookState(cfg, s.logf, func(err error) {
		s.tell(func() { g.problem("book: learning: %v", err) })
	})
	return g
}

// finish learns the game being played (book_learn) and ends learning: the
// games not learned yet are in the game log.
func (g *gomocup) finish() {
	g.learnGame()
	g.book.close()
}

// learnGame hands the game on the board over to be learned, when
// book_learn is on: at its end, and when a new game or END comes.
func (g *gomocup) learnGame() {
	if g.game != nil && g.pos.Stones() > 0 {
		g.book.learnGame(g.game, g.pos, g.playLevel() != 0 && g.playLevel() < engines.MaxLevel)
	}
}

// problem notes a problem to report with the next reply.
func (g *gomocup) problem(format string, a ...any) {
	g.problems = append(g.problems, fmt.Sprintf(format, a...))
}

// reply writes a reply line, after the problems INFO found.
func (g *gomocup) reply(format string, a ...any) {
	for _, p := range g.problems {
		g.s.printf("ERROR %s", p)
	}
	g.problems = nil
	g.s.printf(format, a...)
}

func (g *gomocup) errorf(format string, a ...any) {
	g.reply("ERROR "+format, a...)
}

// during implements dialect: while qi thinks, only YXSTOP (move now), END and
// ABOUT act at once, ahead of anything queued; every other command waits
// until qi's move is out, so that none can take the move the manager is
// waiting for, nor change the board the move will be played on.
func (g *gomocup) during(line string) midSearch {
	f := strings.Fields(line)
	if len(f) == 0 {
		return now
	}
	switch strings.ToUpper(f[0]) {
	case "YXSTOP", "END", "ABOUT":
		return aside
	}
	return wait
}

// dropSearchers lets both searchers go, for ones made anew under new
// settings; their tables are given back once no search runs in them.
func (g *gomocup) dropSearchers() {
	if g.searcher != nil {
		g.s.retire(g.searcher)
		g.searcher = nil
	}
	if g.plain != nil {
		g.s.retire(g.plain)
		g.plain = nil
	}
}

func (g *gomocup) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	cmd := strings.ToUpper(f[0])
	arg := strings.TrimSpace(line[strings.Index(line, f[0])+len(f[0]):])
	if g.block != "" && cmd != "DONE" && cmd != "END" {
		if pointBlock(g.block) {
			g.readPoint(line)
		} else {
			g.readStone(line)
		}
		return true
	}
	switch cmd {
	case "START":
		n, err := strconv.Atoi(arg)
		if err != nil {
			g.errorf("START wants the board size, not %q", arg)
			return true
		}
		g.start(n, n)
	case "RECTSTART":
		w, h, err := pair(arg)
		if err != nil {
			g.errorf("RECTSTART wants width,height: %v", err)
			return true
		}
		g.start(w, h)
	case "RESTART":
		if g.game == nil {
			g.errorf("RESTART before START: no board size yet")
			return true
		}
		g.learnGame()
		g.book.newGame()
		g.pos, g.usSet = g.game.NewPosition(), false
		g.reply("OK")
	case "BEGIN":
		if !g.ready() {
			return true
		}
		g.learnGame()
		g.book.newGame()
		g.pos = g.game.NewPosition()
		g.think(thought{})
	case "TURN":
		if !g.ready() {
			return true
		}
		x, y, err := pair(arg)
		if err == nil && g.usSet && g.pos.SideToMove() == g.us {
			err = fmt.Errorf("not the opponent's turn: qi is to move")
		}
		if err == nil {
			err = g.pos.PlayXY(x, y)
		}
		if err != nil {
			g.errorf("TURN %s: %v", arg, err)
			return true
		}
		g.think(thought{})
	case "PLAY":
		if !g.ready() {
			return true
		}
		x, y, err := pair(arg)
		side := g.pos.SideToMove()
		if err == nil {
			err = g.pos.PlayXY(x, y)
		}
		if err != nil {
			g.errorf("PLAY %s: %v", arg, err)
			return true
		}
		g.us, g.usSet = side, true
		g.reply("%d,%d", x, y)
	case "BOARD", "YXBOARD", "SWAP2BOARD":
		if !g.ready() {
			return true
		}
		g.block, g.stones, g.blockErr = cmd, nil, nil
	case "DONE":
		if pointBlock(g.block) {
			g.pointsDone()
			return true
		}
		g.done()
	case "TAKEBACK":
		if !g.ready() {
			return true
		}
		x, y, err := pair(arg)
		if err == nil {
			err = g.pos.TakeXY(x, y)
		}
		if err != nil {
			g.errorf("TAKEBACK %s: %v", arg, err)
			return true
		}
		g.reply("OK")
	case "INFO":
		g.info(arg)
	case "ABOUT":
		// c-gomoku-cli takes the first line after ABOUT for the answer:
		// problems wait until after it.
		g.s.printf(`name="%s", version="%s", author="%s", country="%s"`, g.cfg.Name, g.cfg.Version, g.cfg.Author, g.cfg.Country)
	case "END":
		g.s.abandon()
		return false
	case "YXSTOP":
		g.s.interrupt()
	case "YXSHOWFORBID":
		if !g.ready() {
			return true
		}
		g.reply("%s", showForbid(g.pos))
	case "YXHASHCLEAR":
		if g.searcher != nil {
			g.searcher.Clear()
		}
		if g.plain != nil {
			g.plain.Clear()
		}
	default:
		if g.yixinCommand(cmd, arg) {
			return true
		}
		if g.yixin.gui {
			// Yixin-Board sends what its engines know; Rapfi, in
			// the GUI mode YXSHOWINFO sets, passes over the rest.
			g.s.logf("ignoring %q", strings.TrimSpace(line))
			return true
		}
		g.s.printf("UNKNOWN %q", strings.TrimSpace(line))
	}
	return true
}

// pair reads "a,b" (spaces allowed around the numbers).
func pair(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("%q is not x,y", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q is not x,y", s)
	}
	return x, y, nil
}

// ready says whether a board exists, answering ERROR when not.
func (g *gomocup) ready() bool {
	if g.game == nil {
		g.errorf("no board yet: START comes first")
		return false
	}
	return true
}

// start sets up an empty width x height board under the current rule.
func (g *gomocup) start(w, h int) {
	game, err := gomoku.NewGame(w, h, g.rule)
	if err != nil {
		g.errorf("%v", err)
		return
	}
	if g.plain != nil {
		// The baseline's searcher is made for the board it plays.
		g.s.retire(g.plain)
		g.plain = nil
	}
	g.learnGame()
	g.book.newGame()
	g.game, g.pos, g.usSet = game, game.NewPosition(), false
	g.reply("OK")
}

// setRule changes the rule, keeping the board and its stones.
func (g *gomocup) setRule(mask int) error {
	// Yixin-Board sends 2 alone for renju; Piskvork's 2 is continuous play,
	// which qi plays through BOARD's blocked squares (field 3): to its
	// search a five still ends the game.
	rule, _, err := gomoku.RuleFromGomocup(mask)
	if mask == gomoku.GomocupContinuous {
		rule, err = gomoku.Renju, nil
	}
	if err != nil {
		return err
	}
	if rule == g.rule {
		return nil
	}
	g.rule = rule
	if g.game == nil {
		return nil
	}
	game, err := gomoku.NewGame(g.game.Width(), g.game.Height(), rule)
	if err != nil {
		return err
	}
	pos := game.NewPosition()
	if g.pos.Stones() > 0 {
		// The history is lost, TAKEBACK of earlier stones with it: rules
		// change between games, not in them.
		if pos, err = game.ParsePosition(g.pos.Text()); err != nil {
			return err
		}
	}
	g.dropSearchers()
	g.game, g.pos = game, pos
	return nil
}

// info reads INFO <key> <value>: no reply; problems wait for the next one.
func (g *gomocup) info(arg string) {
	key, value, _ := strings.Cut(arg, " ")
	key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
	num := func() (int64, bool) {
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			g.problems = append(g.problems, fmt.Sprintf("INFO %s wants a number, not %q", key, value))
			return 0, false
		}
		return n, true
	}
	switch key {
	case "timeout_turn":
		if n, ok := num(); ok {
			g.turn, g.turnSet = millis(max(n, 0)), true
		}
	case "timeout_match":
		// time_left, sent before every move, is what counts.
		num()
	case "time_left":
		if n, ok := num(); ok {
			// A spent clock (a negative time_left) moves at once.
			g.left, g.leftSet = millis(n), n < unlimitedMS
		}
	case "max_memory":
		if n, ok := num(); ok {
			g.setMemory(n)
		}
	case "rule":
		if n, ok := num(); ok {
			if err := g.setRule(int(n)); err != nil {
				g.problems = append(g.problems, err.Error())
			}
		}
	case "max_depth":
		if n, ok := num(); ok {
			g.maxDepth = int(min(max(n, 0), engines.MaxPly))
		}
	case "max_node":
		if n, ok := num(); ok {
			g.maxNodes = max(n, 0)
		}
	case "hash_size":
		if n, ok := num(); ok && n > 0 {
			g.setHash(int(min(n, maxHashMB)))
		}
	case "thread_num":
		if n, ok := num(); ok {
			if n < 1 || n > engines.MaxThreads {
				g.problem("INFO thread_num wants 1 to %d, not %d", engines.MaxThreads, n)
				return
			}
			if int(n) != g.threads {
				g.threads = int(n)
				g.dropSearchers()
			}
		}
	case "level":
		if n, ok := num(); ok {
			if n < 1 || n > engines.MaxLevel {
				g.problems = append(g.problems, fmt.Sprintf("INFO level wants 1 to %d, not %d", engines.MaxLevel, n))
				return
			}
			g.level = int(n)
			g.dropSearchers()
		}
	case "elo":
		if n, ok := num(); ok {
			if n < 0 || n > maxElo {
				g.problem("INFO elo wants 0 to %d, not %d", maxElo, n)
				return
			}
			g.elo = int(n)
			g.dropSearchers()
		}
	case "baseline":
		g.flag(key, value, &g.baseline)
	case "book":
		g.flag(key, value, &g.book.own)
	case "book_learn":
		g.flag(key, value, &g.book.learn)
	case "book_file":
		g.book.setFile(value, g.problem)
	case "seed":
		if n, ok := num(); ok {
			if n < 0 || n > maxSeed {
				g.problem("INFO seed wants 0 to %d, not %d", maxSeed, n)
				return
			}
			g.book.reseed(uint64(n))
		}
	case "book_randomness":
		if n, ok := num(); ok {
			if n < 0 || n > maxBookRandomness {
				g.problem("INFO book_randomness wants 0 to %d, not %d", maxBookRandomness, n)
				return
			}
			g.book.randomness = engines.Score(n)
		}
	case "show_detail":
		if n, ok := num(); ok {
			if n < 0 || n > 3 {
				g.problem("INFO show_detail wants 0 to 3, not %d", n)
				return
			}
			g.yixin.detail = int(n)
		}
	case "pondering":
		g.flag(key, value, &g.yixin.ponder)
	case "caution_factor":
		// Rapfi's candidate range (0 to 5); qi's search always looks
		// two squares around every stone, Rapfi's 0, and deeper at
		// the threats.
		num()
	default:
		// game_type, folder, evaluate and whatever else
		// managers invent: nothing qi needs.
	}
}

// flag reads a 1-or-0 INFO value into f.
func (g *gomocup) flag(key, value string, f *bool) {
	switch value {
	case "1", "true":
		*f = true
	case "0", "false":
		*f = false
	default:
		g.problem("INFO %s wants 1 or 0, not %q", key, value)
	}
}

// setMemory bounds the table to what max_memory leaves after the rest of the
// program (a few tens of MiB): 0 means unlimited.
func (g *gomocup) setMemory(bytes int64) {
	const rest = 32 << 20
	mb := 64
	if bytes > 0 {
		mb = int(max((bytes-rest)/2, 1<<20) >> 20)
	}
	g.setHash(min(mb, maxHashMB))
}

// setHash sizes the tables of the searchers made from now on.
func (g *gomocup) setHash(mb int) {
	if mb != g.hashMB {
		g.hashMB = mb
		g.dropSearchers()
	}
}

// readStone reads an x,y,field line of a BOARD-like block. SWAP2BOARD also
// takes plain x,y lines, as Gomocup's announcement of it shows them: its
// stones alternate from black, and qi is to choose for white.
func (g *gomocup) readStone(line string) {
	if g.blockErr != nil {
		return
	}
	text := strings.TrimSpace(line)
	parts := strings.Split(text, ",")
	plain := len(parts) == 2 && g.block == "SWAP2BOARD"
	var n [3]int
	var err error
	if len(parts) != 3 && !plain {
		err = fmt.Errorf("%q is not x,y,field", text)
	}
	for i := 0; err == nil && i < len(parts); i++ {
		n[i], err = strconv.Atoi(strings.TrimSpace(parts[i]))
		if err != nil {
			err = fmt.Errorf("%q is not x,y,field", text)
		}
	}
	if err != nil {
		g.blockErr = err
		return
	}
	if plain {
		n[2] = int(opponentStone)
		if len(g.stones)%2 == 1 {
			n[2] = int(ownStone)
		}
	}
	g.stones = append(g.stones, boardLine{X: n[0], Y: n[1], Field: field(n[2])})
}

// done ends a BOARD, YXBOARD or SWAP2BOARD block.
func (g *gomocup) done() {
	block := g.block
	g.block = ""
	if block == "" {
		g.errorf("DONE without BOARD")
		return
	}
	if g.blockErr != nil {
		g.errorf("%s: %v", block, g.blockErr)
		return
	}
	pos, err := fromBoardLines(g.game, g.stones)
	if err != nil {
		g.errorf("%s: %v", block, err)
		return
	}
	switch block {
	case "YXBOARD":
		// The set-up's own stones are qi's, and it is to move.
		g.pos, g.us, g.usSet = pos, pos.SideToMove(), true
	case "BOARD":
		if _, stuck := forcedFoul(pos); pos.Result() != engines.None && !stuck {
			g.errorf("BOARD: the game is already over (%s)", pos.Result())
			return
		}
		g.pos = pos
		g.think(thought{})
	case "SWAP2BOARD":
		g.swap2(pos)
	}
}

// searcherFor returns the searcher, made anew when settings changed.
func (g *gomocup) searcherFor() *gomoku.Searcher {
	if g.searcher == nil {
		g.searcher = gomoku.NewSearcher(engines.Config{HashMB: g.hashMB, Level: g.playLevel(), Threads: g.threads})
	}
	return g.searcher
}

// playLevel is the level qi plays at: INFO elo's, else INFO level's (0:
// full strength).
func (g *gomocup) playLevel() int {
	if g.elo > 0 && g.game != nil {
		if level, ok := engines.LevelForElo(g.game, g.elo); ok {
			return level
		}
	}
	return g.level
}

// moveSearcher returns the searcher that chooses qi's moves: the engine's,
// or the plain baseline under INFO baseline 1. The other one is let go: the
// process keeps one table budget.
func (g *gomocup) moveSearcher() engines.Searcher {
	if !g.baseline {
		if g.plain != nil {
			g.s.retire(g.plain)
			g.plain = nil
		}
		return g.searcherFor()
	}
	if g.searcher != nil {
		g.s.retire(g.searcher)
		g.searcher = nil
	}
	if g.plain == nil {
		g.plain = g.game.NewSearcher(engines.Config{HashMB: g.hashMB, Baseline: true})
	}
	return g.plain
}

// budget returns the limits and the soft and hard times of the next move.
func (g *gomocup) budget() (engines.Limits, time.Duration, time.Duration) {
	lim := engines.Limits{Depth: g.maxDepth, Nodes: g.maxNodes}
	turn := g.turn
	switch {
	case g.turnSet && g.turn == 0:
		turn = atOnce
	case !g.turnSet && !g.leftSet && lim.Depth == 0 && lim.Nodes == 0:
		turn = defaultTurn
	}
	left := time.Duration(0)
	if g.leftSet {
		left = max(g.left, time.Millisecond)
	}
	soft, hard := gomocupBudget(g.pos, turn, left, g.s.margin.Overhead())
	return lim, soft, hard
}

// think searches the position for t and answers: with the move, which it
// plays (with both moves of a pair for YXBALANCETWO).
func (g *gomocup) think(t thought) {
	if r := g.pos.Result(); r != engines.None {
		if m, stuck := forcedFoul(g.pos); stuck {
			x, y := gomoku.XY(m)
			g.s.printf("MESSAGE every empty square is forbidden to black, and Gomocup has no pass: %d,%d, a foul", x, y)
			g.reply("%d,%d", x, y)
			return
		}
		g.errorf("the game is over (%s): no move to make", r)
		return
	}
	lim, soft, hard := g.budget()
	lim.Moves = g.unblocked()
	root := g.pos.Clone()
	g.us, g.usSet = g.pos.SideToMove(), true
	searcher := g.moveSearcher()
	numPV := 1
	switch {
	case t.balance:
		searcher = &search.Balance{Inner: searcher, Bias: t.bias, Pair: t.pair, Moves: nearMoves}
	case t.lines > 1:
		numPV = min(t.lines, len(lim.RootMoves(g.pos)))
		searcher = &search.Lines{Inner: searcher, Lines: t.lines}
	}
	req := searchRequest{
		pos: g.pos, searcher: searcher, lim: lim, soft: soft, hard: hard,
		report:      func(i engines.Info) { g.report(root, i, numPV) },
		reportFinal: true,
	}
	level := g.playLevel()
	if level == 0 {
		level = engines.MaxLevel
	}
	// Lines, balance moves and blocked moves are analysis: no book.
	var bs *book.Searcher
	if searcher == req.searcher && len(lim.Moves) == 0 && numPV == 1 {
		bs = g.book.searcher(req.searcher, g.game, level, 0)
	}
	if bs != nil {
		req.searcher, req.withOwner = bs, g.book.bind(bs, g.problem)
	}
	req.done = func(i engines.Info, overran bool) {
		if overran {
			g.searcher, g.plain = nil, nil
		}
		m := i.Best()
		if m == engines.NoMove {
			g.errorf("no move to make")
			return
		}
		if bs != nil {
			switch o := bs.Outcome(); {
			case o.Played:
				g.s.printf("MESSAGE book %s", bookText(root, o))
			case o.InBook:
				g.s.printf("MESSAGE book %s", leftText(root, o))
			}
		}
		g.pos.Play(m)
		x, y := gomoku.XY(m)
		if t.pair && len(i.PV) > 1 && g.pos.Result() == engines.None {
			g.pos.Play(i.PV[1])
			x2, y2 := gomoku.XY(i.PV[1])
			g.reply("%d,%d %d,%d", x, y, x2, y2)
		} else {
			g.reply("%d,%d", x, y)
		}
		if g.pos.Result() != engines.None {
			g.learnGame()
			return
		}
		g.ponderOn()
	}
	g.s.start(req)
}

// forcedFoul returns a square of black's when black is to move under renju
// and every empty square is forbidden to it. qi's rules call that a draw (no
// legal move), but a Gomocup manager knows no pass and asks for a move all the
// same: answering with a foul ends the game by the manager's rules, where no
// answer would lose it on time.
func forcedFoul(p *gomoku.Position) (engines.Move, bool) {
	if p.Result() != engines.Draw || p.SideToMove() != engines.P1 {
		return engines.NoMove, false
	}
	if f := p.Fouls(); len(f) > 0 {
		return f[0].Move, true
	}
	return engines.NoMove, false
}

// nearMoves lists the squares a balance move is looked for on: those near
// the stones, every square on an empty board.
func nearMoves(pos engines.Position) []engines.Move {
	return pos.(*gomoku.Position).NearMoves(nil)
}

// message writes a report as a MESSAGE line: depth, evaluation, nodes,
// speed, time and the principal variation.
func (g *gomocup) message(root engines.Position, i engines.Info) string {
	ev := strconv.Itoa(int(i.Score))
	if i.Score.IsMate() {
		n := (i.Score.MatePlies() + 1) / 2
		if i.Score > 0 {
			ev = fmt.Sprintf("+M%d", n)
		} else {
			ev = fmt.Sprintf("-M%d", n)
		}
	}
	multipv := ""
	if i.Line > 0 {
		multipv = fmt.Sprintf(" multipv %d", i.Line)
	}
	return fmt.Sprintf("MESSAGE depth %d-%d%s ev %s n %d n/ms %d tm %d pv %s",
		i.Depth, max(i.SelDepth, i.Depth), multipv, ev, i.Nodes, i.NPS()/1000, i.Time.Milliseconds(),
		engines.PVText(root, i.PV, " "))
}

// swap2 answers SWAP2BOARD: three stones, SWAP, one move or two.
func (g *gomocup) swap2(pos *gomoku.Position) {
	stones := pos.Stones()
	if stones != 0 && stones != 3 && stones != 5 {
		g.errorf("SWAP2BOARD: %d stones; SWAP2 has 0, 3 or 5", stones)
		return
	}
	lim, soft, hard := g.budget()
	g.swapCount++
	job := &swap2Job{searcher: g.searcherFor(), variant: g.swapCount}
	// The decision made without searching is there before the search
	// starts: whatever the clock, there is an answer.
	if first, err := job.searcher.Swap2First(pos, job.variant); err == nil {
		job.offered = &first
	}
	g.pos = pos
	g.s.start(searchRequest{
		pos: pos, searcher: job, lim: lim, soft: soft, hard: hard,
		done: func(_ engines.Info, overran bool) {
			if overran {
				g.searcher = nil
			}
			// Answered for at the deadline, the job may still be
			// refining: its last offer is the answer then.
			choice, err := job.result(overran)
			// Who plays which colour: SWAP takes black (the opponent
			// plays white's move); one move keeps white; three stones
			// or two leave the choice to the opponent.
			g.us, g.usSet = pos.SideToMove(), len(choice.Moves) == 1
			switch {
			case err != nil:
				g.errorf("SWAP2BOARD: %v", err)
			case choice.Swap:
				g.us, g.usSet = engines.P1, true
				g.reply("SWAP")
			default:
				var out []string
				for _, m := range choice.Moves {
					g.pos.Play(m)
					x, y := gomoku.XY(m)
					out = append(out, fmt.Sprintf("%d,%d", x, y))
				}
				g.reply("%s", strings.Join(out, " "))
			}
		},
	})
}

// swap2Job runs the SWAP2 decision as a search job, so that it runs off the
// owner goroutine and obeys the clock, YXSTOP and END like any search. The
// decision's offers are kept as they come, so that an answer exists from
// the start.
type swap2Job struct {
	searcher *gomoku.Searcher
	variant  int

	mu      sync.Mutex
	offered *gomoku.Swap2Choice
	choice  gomoku.Swap2Choice
	err     error
}

// result returns the decision: the final one, or after an overrun the last
// offered (the search may still be writing the final one).
func (j *swap2Job) result(overran bool) (gomoku.Swap2Choice, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if overran || j.err != nil {
		if j.offered != nil {
			return *j.offered, nil
		}
		if j.err == nil {
			return gomoku.Swap2Choice{}, fmt.Errorf("no decision")
		}
	}
	return j.choice, j.err
}

func (j *swap2Job) Clear() { j.searcher.Clear() }

// Close gives the searcher's tables back (after an overrun).
func (j *swap2Job) Close() error { return j.searcher.Close() }

func (j *swap2Job) Search(ctx context.Context, pos engines.Position, lim engines.Limits, _ func(engines.Info)) engines.Info {
	choice, err := j.searcher.Swap2(ctx, pos.(*gomoku.Position), lim, j.variant, func(c gomoku.Swap2Choice) {
		j.mu.Lock()
		j.offered = &c
		j.mu.Unlock()
	})
	j.mu.Lock()
	j.choice, j.err = choice, err
	j.mu.Unlock()
	if err != nil {
		return engines.Info{}
	}
	return engines.Info{Score: choice.Score, PV: choice.Moves}
}
