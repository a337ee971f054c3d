// This file holds the NBoard dialect for othello: the commands the NBoard GUI
// sends (set depth/game/contempt, move, go, hint, ping, learn, analyze) and the
// replies it reads.

package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"qi/book"
	"qi/engines"
	"qi/engines/othello"
	"qi/engines/record"
)

// defaultNBoardDepth is the midgame depth until the GUI sets one.
const defaultNBoardDepth = 12

// nboard is the state of an NBoard session: the GUI's game and the depth it
// asked for.
type nboard struct {
	s        *server
	cfg      Config
	game     *othello.Game
	pos      *othello.Position
	searcher engines.Searcher
	depth    int
	book     bookState
	// contempt is what a draw is worth less than nothing to qi, in
	// hundredths of a disc: the value of the book's draws.
	contempt engines.Score
	// elo is qi's own `set elo`: the strength go plays at, on the scale
	// of the measured levels (0: set depth decides); weak is its searcher.
	elo  int
	weak engines.Searcher
	// threads is qi's own `set threads`: the threads of the searches (0
	// or 1: one).
	threads int
	// selective is qi's own `set selective`: searches to a depth prune
	// with ProbCut, as NTest's and Edax's depths do.
	selective bool
}

func newNBoard(s *server, cfg Config) (*nboard, error) {
	g, err := othello.New(8)
	if err != nil {
		return nil, err
	}
	n := &nboard{s: s, cfg: cfg, game: g, pos: othello.StartPosition(8), depth: defaultNBoardDepth}
	// A failure to learn is said in answer to learn, the only time the
	// GUI listens for one.
	n.book = newBookState(cfg, s.logf, nil)
	return n, nil
}

// finish ends learning: the games not learned yet are in the game log.
func (n *nboard) finish() { n.book.close() }

// errorf tells the GUI of bad input on its status line (NBoard has no error
// reply) and the log in full.
func (n *nboard) errorf(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	n.s.logf("nboard: %s", msg)
	n.s.printf("status error: %s", msg)
}

// during implements dialect: while qi thinks, ping stops the search and waits
// for its answer (the GUI reads nothing before the pong), quit acts at once,
// and every other command waits until the search's answer is out, so that
// none takes it or changes the board under it.
func (n *nboard) during(line string) midSearch {
	f := strings.Fields(line)
	if len(f) == 0 {
		return now
	}
	switch strings.ToLower(f[0]) {
	case "ping":
		return interrupt
	case "quit":
		return aside
	}
	return wait
}

func (n *nboard) handle(line string) bool {
	ws := splitWords(line)
	if len(ws) == 0 {
		return true
	}
	switch strings.ToLower(ws[0].text) {
	case "nboard":
		n.s.printf("set myname %s", n.cfg.Name)
	case "set":
		n.set(line, ws)
	case "move":
		n.move(rest(line, ws, 0))
	case "go":
		n.think()
	case "hint":
		k := 1
		if len(ws) > 1 {
			v, err := strconv.Atoi(ws[1].text)
			if err != nil || v < 1 {
				n.errorf("hint wants a number of moves, not %q", ws[1].text)
				return true
			}
			k = v
		}
		n.hint(k)
	case "analyze":
		n.analyze()
	case "ping":
		// A search running then was for a position the GUI no longer
		// shows: it has been stopped and its answer written (the GUI
		// reads nothing before the pong) before this runs. The GUI's next
		// go comes after the pong: the weights are decoded by then.
		n.game.Warm()
		n.s.printf("pong %s", rest(line, ws, 0))
	case "learn":
		n.learn()
	case "quit":
		return false
	default:
		// NBoard engines ignore commands they do not know.
		n.s.logf("nboard: ignoring %q", line)
	}
	return true
}

func (n *nboard) set(line string, ws []word) {
	if len(ws) < 2 {
		n.errorf("set wants depth, game, contempt, threads, elo or selective")
		return
	}
	switch strings.ToLower(ws[1].text) {
	case "depth":
		d, err := strconv.Atoi(rest(line, ws, 1))
		if err != nil || d < 1 || d > 60 {
			n.errorf("set depth wants 1 to 60, not %q", rest(line, ws, 1))
			return
		}
		n.depth = d
		n.s.printf("set myname %s", n.cfg.Name)
	case "game":
		n.setGame(rest(line, ws, 1))
	case "elo":
		e, err := strconv.Atoi(rest(line, ws, 1))
		if err != nil || e < 0 || e > maxElo {
			n.errorf("set elo wants 0 to %d, not %q", maxElo, rest(line, ws, 1))
			return
		}
		n.elo = e
		n.s.retire(n.weak)
		n.weak = nil
	case "threads":
		t, err := strconv.Atoi(rest(line, ws, 1))
		if err != nil || t < 1 || t > engines.MaxThreads {
			n.errorf("set threads wants 1 to %d, not %q", engines.MaxThreads, rest(line, ws, 1))
			return
		}
		if t != max(n.threads, 1) {
			n.threads = t
			n.s.retire(n.searcher)
			n.searcher = nil
		}
	case "selective":
		var on bool
		switch strings.ToLower(rest(line, ws, 1)) {
		case "on", "true", "1":
			on = true
		case "off", "false", "0":
		default:
			n.errorf("set selective wants on or off, not %q", rest(line, ws, 1))
			return
		}
		if on != n.selective {
			n.selective = on
			n.s.retire(n.searcher)
			n.searcher = nil
		}
	case "contempt":
		// The search plays for discs, where a draw is worth what the
		// discs say; the book's draws are worth -contempt.
		c, err := strconv.Atoi(rest(line, ws, 1))
		if err != nil || c < -maxBookRandomness || c > maxBookRandomness {
			n.errorf("set contempt wants a number of hundredths of a disc, not %q", rest(line, ws, 1))
			return
		}
		n.contempt = engines.Score(c)
	default:
		n.s.logf("nboard: ignoring %q", line)
	}
}

// setGame takes the final position of a GGF game.
func (n *nboard) setGame(ggf string) {
	start, moves, err := record.ParseGGF(ggf)
	if err != nil {
		n.errorf("%v", err)
		return
	}
	n.book.newGame()
	if start.Size() != n.game.Size() {
		g, err := othello.New(start.Size())
		if err != nil {
			n.errorf("%v", err)
			return
		}
		n.s.retire(n.searcher)
		n.s.retire(n.weak)
		n.game, n.searcher, n.weak = g, nil, nil
	}
	for _, m := range moves {
		start.Play(m)
	}
	n.pos = start
}

// move plays `move <mv>[/<eval>[/<time>]]` on the board.
func (n *nboard) move(arg string) {
	mv, _, _ := strings.Cut(arg, "/")
	m, err := engines.Legal(n.pos, strings.TrimSpace(mv))
	if err != nil {
		n.errorf("move %s: %v", arg, err)
		return
	}
	n.pos.Play(m)
}

// limits are those of `go` under set depth: d plies, and the searcher's
// endgame of depth d (othello.SolveFrom: who wins from 2d+4 empties, the
// exact score from 2d+2; under set selective othello.SelectiveSolveFrom).
func (n *nboard) limits() engines.Limits { return engines.Limits{Depth: n.depth} }

// evalLimits are those of hints and analyses under set depth d, which want
// scores rather than only who wins: d plies in the midgame and an exact
// solve (a depth of all the empties) wherever go would prove who wins.
func (n *nboard) evalLimits(pos *othello.Position) engines.Limits {
	wld, _ := othello.ProofsFrom(n.depth, n.selective)
	if e := pos.Empties(); e <= wld || e <= n.depth {
		return engines.Limits{Depth: e}
	}
	return engines.Limits{Depth: n.depth}
}

func (n *nboard) searcherFor() engines.Searcher {
	if n.searcher == nil {
		n.searcher = n.game.NewSearcher(engines.Config{HashMB: 64, Threads: n.threads, Selective: n.selective})
	}
	return n.searcher
}

// moveText writes a move as NBoard does: upper case, PA for a pass.
func moveText(p engines.Position, m engines.Move) string {
	t := p.MoveText(m)
	if t == "0000" {
		return "PA"
	}
	return strings.ToUpper(t)
}

// discs writes a score as NBoard's evaluation, discs for the side to move.
func discs(s engines.Score) string {
	return strconv.FormatFloat(float64(s)/100, 'f', 2, 64)
}

// think answers go: `=== <move>/<eval>/<time>`; the GUI plays the move.
func (n *nboard) think() {
	if r := n.pos.Result(); r != engines.None {
		n.errorf("the game is over (%s): no move to make", r)
		return
	}
	root := n.pos.Clone()
	n.s.println("status thinking")
	searcher, lim, level := n.searcherFor(), n.limits(), engines.MaxLevel
	if n.elo > 0 {
		// The level plays as it was measured, whatever set depth says.
		if level, _ = engines.LevelForElo(n.game, n.elo); level < engines.MaxLevel {
			if n.weak == nil {
				n.weak = n.game.NewSearcher(engines.Config{HashMB: 64, Level: level})
			}
			searcher, lim = n.weak, engines.Limits{}
		}
	}
	req := searchRequest{
		pos: n.pos, searcher: searcher, lim: lim,
		done: func(i engines.Info, overran bool) {
			if overran {
				n.searcher, n.weak = nil, nil
			}
			n.s.printf("nodestats %d %.3f", i.Nodes, i.Time.Seconds())
			n.s.printf("=== %s/%s/%.2f", moveText(root, i.Best()), discs(i.Score), i.Time.Seconds())
			n.s.println("status")
		},
	}
	if bs := n.book.searcher(req.searcher, n.game, level, -n.contempt); bs != nil {
		req.searcher, req.withOwner = bs, n.book.bind(bs, n.errorf)
	}
	n.s.start(req)
}

// learn learns the game on the board (NBoard sends it once it is over):
// learned is said once the game is in the book's log, after an error line
// if it could not be written there; the learning goes on in the background.
func (n *nboard) learn() {
	if n.book.shelf == nil {
		n.s.println("status qi keeps no opening book: nothing to learn")
		n.s.println("learned")
		return
	}
	logged := n.book.learnNow(n.game, n.pos, false)
	// Writing the log waits on the disk: a job of the server's, so that
	// the owner answers meanwhile and the commands after it wait.
	n.s.background(func(ctx context.Context, emit func(string)) {
		select {
		case err := <-logged:
			if err != nil {
				emit("status error: book: learning: " + err.Error() + "; the game is not kept")
			}
		case <-ctx.Done():
		}
		emit("learned")
	})
}

// hint sends, deeper and deeper, the k best moves with their evaluations:
// `search <pv> <eval> 0 <depth>`, depth 100% for an exact solve.
func (n *nboard) hint(k int) {
	if n.pos.Result() != engines.None {
		n.errorf("the game is over: no moves to hint")
		return
	}
	root := n.pos.Clone()
	job := &bookHints{moves: &rootMoves{inner: n.searcherFor(), best: k}, draw: -n.contempt}
	if n.book.on() {
		job.open = n.book.opener(n.game)
	}
	n.s.println("status analysing")
	n.s.start(searchRequest{
		pos: n.pos, searcher: job, lim: n.evalLimits(n.pos),
		withOwner: func(run func(func())) {
			job.failed = func(err error) { run(func() { n.book.fail(err, n.errorf) }) }
			job.say = func(line string) { run(func() { n.s.println(line) }) }
		},
		report: func(i engines.Info) {
			depth := strconv.Itoa(i.Depth)
			if i.Exact {
				depth = "100%"
			}
			var pv strings.Builder
			p := root.Clone()
			for _, m := range i.PV {
				pv.WriteString(moveText(p, m))
				p.Play(m)
			}
			n.s.printf("search %s %s 0 %s", pv.String(), discs(i.Score), depth)
		},
		done: func(_ engines.Info, overran bool) {
			// Hints are what was reported.
			if overran {
				n.searcher = nil
			}
			n.s.println("status")
		},
	})
}

// analyze evaluates every position of the game, from the last back to the
// first: `analysis <moves made> <eval>`.
func (n *nboard) analyze() {
	root := n.pos.Clone()
	job := &gameAnalysis{inner: n.searcherFor(), limits: n.evalLimits}
	n.s.println("status analysing")
	n.s.start(searchRequest{
		pos: root, searcher: job,
		report: func(i engines.Info) {
			// The analysis reports each position's ply in Depth.
			n.s.printf("analysis %d %s", i.Depth, discs(i.Score))
		},
		done: func(_ engines.Info, overran bool) {
			if overran {
				n.searcher = nil
			}
			n.s.println("status")
		},
	})
}

// bookHintLine is how long a book line of a hint may be.
const bookHintLine = 10

// bookHints sends a hint's book moves first, `book <pv> <eval> <games>
// <depth>` as Edax does, and searches the other moves for the rest of the
// hints: the book is read in the search's goroutine.
type bookHints struct {
	moves  *rootMoves
	open   func() (*book.Book, error) // nil: no book
	draw   engines.Score
	failed func(error)
	say    func(line string)
}

func (h *bookHints) Clear() { h.moves.Clear() }

// Close closes the inner searcher (after an overrun).
func (h *bookHints) Close() error { return h.moves.Close() }

func (h *bookHints) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	if h.open != nil {
		b, err := h.open()
		switch {
		case err != nil && !errors.Is(err, book.ErrNoBook):
			h.failed(err)
		case err == nil:
			h.bookLines(b, pos)
		}
	}
	if h.moves.best <= 0 {
		return engines.Info{}
	}
	return h.moves.Search(ctx, pos, lim, report)
}

// bookLines says the book's moves in pos, best first, as many as hints
// are asked for, and leaves the others to the search.
func (h *bookHints) bookLines(b *book.Book, pos engines.Position) {
	cands := book.ValueDraws(b.Probe(pos), h.draw)
	for _, c := range cands[:min(len(cands), h.moves.best)] {
		p := pos.Clone()
		var pv strings.Builder
		pv.WriteString(moveText(p, c.Move))
		p.Play(c.Move)
		if !c.Leaf {
			for _, m := range b.Line(p, bookHintLine-1) {
				pv.WriteString(moveText(p, m))
				p.Play(m)
			}
		}
		depth := strconv.Itoa(c.Level)
		if c.Exact {
			depth = "100%"
		}
		h.say(fmt.Sprintf("book %s %s %d %s", pv.String(), discs(c.Value), c.Games(), depth))
		h.moves.skip = append(h.moves.skip, c.Move)
	}
	h.moves.best -= min(len(cands), h.moves.best)
}

// rootMoves searches every root move to a depth, deeper and deeper, and
// reports the best ones after each depth: NBoard's hints. A limit of all the
// empties is one exact pass.
type rootMoves struct {
	inner engines.Searcher
	best  int
	// skip are moves not to search (the book's, hinted already).
	skip []engines.Move
}

func (r *rootMoves) Clear() { r.inner.Clear() }

// Close closes the inner searcher (after an overrun).
func (r *rootMoves) Close() error { return closeSearcher(r.inner) }

func (r *rootMoves) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	moves := slices.DeleteFunc(pos.LegalMoves(nil), func(m engines.Move) bool { return slices.Contains(r.skip, m) })
	if len(moves) == 0 {
		return engines.Info{}
	}
	exact := lim.Depth >= pos.(*othello.Position).Empties()
	var last []engines.Info
	first, maxDepth := 2, max(lim.Depth, 2)
	if exact {
		first = maxDepth
	}
	for d := first; d <= maxDepth && ctx.Err() == nil; d++ {
		var results []engines.Info
		exactAll := true
		for _, m := range moves {
			child := pos.Clone()
			child.Play(m)
			depth := d - 1
			if exact {
				depth = max(child.(*othello.Position).Empties(), 1)
			}
			c := r.inner.Search(ctx, child, engines.Limits{Depth: depth}, nil)
			i := engines.Info{Score: -c.Score, Exact: c.Exact, Nodes: c.Nodes, PV: c.PV}
			if ctx.Err() != nil {
				break
			}
			i.Depth = d
			i.PV = append([]engines.Move{m}, i.PV...)
			exactAll = exactAll && i.Exact
			results = append(results, i)
		}
		if len(results) < len(moves) {
			break
		}
		slices.SortStableFunc(results, func(a, b engines.Info) int { return int(b.Score - a.Score) })
		last = results[:min(r.best, len(results))]
		for _, i := range last {
			report(i)
		}
		if exactAll {
			break
		}
	}
	if len(last) == 0 {
		return engines.Info{}
	}
	return last[0]
}

// gameAnalysis searches each position of a game from the end back to the
// start, each within its limits, and reports each one's evaluation, with its
// ply in Depth.
type gameAnalysis struct {
	inner  engines.Searcher
	limits func(*othello.Position) engines.Limits
}

func (g *gameAnalysis) Clear() { g.inner.Clear() }

// Close closes the inner searcher (after an overrun).
func (g *gameAnalysis) Close() error { return closeSearcher(g.inner) }

// closeSearcher closes x if its tables need it.
func closeSearcher(x engines.Searcher) error {
	if c, ok := x.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

func (g *gameAnalysis) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	p := pos.Clone().(*othello.Position)
	for ctx.Err() == nil {
		i := g.inner.Search(ctx, p, g.limits(p), nil)
		if ctx.Err() != nil {
			break
		}
		report(engines.Info{Depth: p.Plies(), Score: i.Score, Exact: i.Exact})
		if p.Plies() == 0 {
			break
		}
		p.Undo()
	}
	return engines.Info{}
}
