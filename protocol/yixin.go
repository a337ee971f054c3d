// This file holds the Gomocup dialect's Yixin-Board extensions, as Rapfi's
// command layer answers them: several lines (YXNBEST, YXSEARCHDEFEND),
// blocked moves (YXBLOCK, YXBLOCKUNDO, YXBLOCKRESET), balance moves
// (YXBALANCEONE, YXBALANCETWO), the GUI mode (YXSHOWINFO), the search's
// details and real-time lines (INFO show_detail), pondering (INFO
// pondering) and the database queries (YXQUERYDATABASE*), which qi answers
// from its opening book.

package protocol

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"qi/book"
	"qi/engines"
	"qi/engines/gomoku"
)

// yixinState is what Yixin-Board's commands set in a Gomocup session.
type yixinState struct {
	// gui is set by YXSHOWINFO: Yixin-Board drives qi, and commands qi
	// does not know are passed over in silence, as Rapfi does.
	gui bool
	// detail is INFO show_detail: bit 1 the real-time lines (MESSAGE
	// REALTIME ...), bit 2 the details of each line (INFO PV ...).
	detail int
	// ponder is INFO pondering: think on after each move, on the
	// opponent's time, until the next command.
	ponder bool
	// blocked are the moves YXBLOCK forbids qi to play.
	blocked []engines.Move
	// points are the x,y lines of a block being read (YXBLOCK,
	// YXQUERYDATABASE*), pointsErr the first bad one.
	points    []engines.Move
	pointsErr error
}

// Bits of INFO show_detail.
const (
	detailRealtime = 1
	detailLines    = 2
)

// thought is what a search of the board is for: qi's move, several lines
// (lines > 1), or a balance move (with pair, two moves) worth bias.
type thought struct {
	lines   int
	balance bool
	pair    bool
	bias    engines.Score
}

// pointBlock says whether a block command reads x,y lines until DONE.
func pointBlock(cmd string) bool {
	switch cmd {
	case "YXBLOCK", "YXBLOCKUNDO", "YXQUERYDATABASEALL", "YXQUERYDATABASEONE", "YXQUERYDATABASETEXT", "YXQUERYDATABASEALLT":
		return true
	}
	return false
}

// yixinCommand handles a Yixin-Board command; false when cmd is none.
func (g *gomocup) yixinCommand(cmd, arg string) bool {
	switch cmd {
	case "YXSHOWINFO":
		g.yixin.gui = true
		g.s.printf("MESSAGE %s %s", g.cfg.Name, g.cfg.Version)
		g.s.printf("MESSAGE INFO MAX_THREAD_NUM %d", engines.MaxThreads)
		g.s.printf("MESSAGE INFO MAX_HASH_SIZE %d", maxHashSizeLog2)
	case "YXNBEST":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			g.errorf("YXNBEST wants a number of lines, not %q", arg)
			return true
		}
		if g.ready() {
			g.think(thought{lines: min(n, maxMultiPV)})
		}
	case "YXSEARCHDEFEND":
		if g.ready() {
			g.think(thought{lines: max(len(g.pos.NearMoves(nil)), 1)})
		}
	case "YXBALANCEONE", "YXBALANCETWO":
		bias, err := strconv.Atoi(arg)
		if err != nil {
			g.errorf("%s wants the value to balance to, not %q", cmd, arg)
			return true
		}
		bias = min(max(bias, -int(engines.Mate)), int(engines.Mate))
		if !g.ready() {
			return true
		}
		t := thought{balance: true, bias: engines.Score(bias)}
		if cmd == "YXBALANCETWO" {
			// As Rapfi: the pair's value is the mover's, to move
			// again, and the bias is said from the other side.
			t.pair, t.bias = true, -t.bias
		}
		g.think(t)
	case "YXBLOCK", "YXBLOCKUNDO", "YXQUERYDATABASEALL", "YXQUERYDATABASEONE", "YXQUERYDATABASETEXT", "YXQUERYDATABASEALLT":
		if g.ready() {
			g.block, g.yixin.points, g.yixin.pointsErr = cmd, nil, nil
		}
	case "YXBLOCKRESET":
		g.yixin.blocked = nil
	default:
		return false
	}
	return true
}

// maxHashSizeLog2 is what qi tells Yixin-Board of its largest table, as
// Rapfi does: the log2 of its size in KiB.
const maxHashSizeLog2 = 24

// readPoint reads an x,y line of a point block.
func (g *gomocup) readPoint(line string) {
	if g.yixin.pointsErr != nil {
		return
	}
	x, y, err := pair(line)
	var m engines.Move
	if err == nil {
		m, err = g.game.Move(x, y)
	}
	if err != nil {
		g.yixin.pointsErr = err
		return
	}
	g.yixin.points = append(g.yixin.points, m)
}

// pointsDone ends a point block: YXBLOCK adds its points to the blocked
// moves, YXBLOCKUNDO takes them out, a database query sets the board up
// with them as moves from the empty board and answers from the book.
func (g *gomocup) pointsDone() {
	cmd, points := g.block, g.yixin.points
	g.block, g.yixin.points = "", nil
	if g.yixin.pointsErr != nil {
		g.errorf("%s: %v", cmd, g.yixin.pointsErr)
		return
	}
	switch cmd {
	case "YXBLOCK":
		for _, m := range points {
			if !slices.Contains(g.yixin.blocked, m) {
				g.yixin.blocked = append(g.yixin.blocked, m)
			}
		}
	case "YXBLOCKUNDO":
		g.yixin.blocked = slices.DeleteFunc(g.yixin.blocked, func(m engines.Move) bool { return slices.Contains(points, m) })
	default:
		pos := g.game.NewPosition()
		for i, m := range points {
			if err := pos.PlayXY(gomoku.XY(m)); err != nil {
				g.errorf("%s: move %d: %v", cmd, i+1, err)
				return
			}
		}
		g.pos, g.usSet = pos, false
		g.queryBook(cmd)
	}
}

// ponderOn thinks on the opponent's time, under INFO pondering, until the
// next command ends it: what it finds stays in the tables for the next
// search. It says nothing and answers nothing.
func (g *gomocup) ponderOn() {
	if !g.yixin.ponder {
		return
	}
	g.s.start(searchRequest{
		pos: g.pos, searcher: g.moveSearcher(), lim: engines.Limits{Infinite: true}, hold: true,
		done: func(_ engines.Info, overran bool) {
			if overran {
				g.searcher, g.plain = nil, nil
			}
		},
	})
}

// unblocked returns the moves qi may play under YXBLOCK: nil (all) when
// none of the legal ones is blocked, or when all of them are (a move must
// be made, and the block is said).
func (g *gomocup) unblocked() []engines.Move {
	if len(g.yixin.blocked) == 0 {
		return nil
	}
	legal := g.pos.LegalMoves(nil)
	left := slices.DeleteFunc(slices.Clone(legal), func(m engines.Move) bool { return slices.Contains(g.yixin.blocked, m) })
	switch len(left) {
	case len(legal):
		return nil
	case 0:
		g.s.printf("MESSAGE every legal move is blocked (YXBLOCK): choosing among them all")
		return nil
	}
	return left
}

// report writes a search's progress: the MESSAGE line, and what INFO
// show_detail asks for.
func (g *gomocup) report(root engines.Position, i engines.Info, numPV int) {
	if g.yixin.detail&detailLines != 0 {
		g.details(root, i, numPV)
	}
	g.s.println(g.message(root, i))
	if g.yixin.detail&detailRealtime != 0 && len(i.PV) > 0 {
		x, y := gomoku.XY(i.PV[0])
		if i.Score.IsMate() && i.Score < 0 {
			g.s.printf("MESSAGE REALTIME LOST %d,%d", x, y)
		}
		if i.Line <= 1 {
			g.s.println("MESSAGE REALTIME REFRESH")
			g.s.printf("MESSAGE REALTIME BEST %d,%d", x, y)
		}
	}
}

// details writes one line of a search as Rapfi's INFO PV block, which
// Yixin-Board shows in its analysis table.
func (g *gomocup) details(root engines.Position, i engines.Info, numPV int) {
	line := max(i.Line, 1) - 1
	var pv strings.Builder
	for k, m := range i.PV {
		if k > 0 {
			pv.WriteByte(' ')
		}
		x, y := gomoku.XY(m)
		fmt.Fprintf(&pv, "%d,%d", x, y)
	}
	for _, l := range []string{
		fmt.Sprintf("PV %d", line),
		fmt.Sprintf("NUMPV %d", numPV),
		fmt.Sprintf("DEPTH %d", i.Depth),
		fmt.Sprintf("SELDEPTH %d", max(i.SelDepth, i.Depth)),
		fmt.Sprintf("NODES %d", i.Nodes),
		fmt.Sprintf("TOTALNODES %d", i.Nodes),
		fmt.Sprintf("TOTALTIME %d", i.Time.Milliseconds()),
		fmt.Sprintf("SPEED %d", i.NPS()),
		fmt.Sprintf("EVAL %s", rapfiValue(i.Score)),
		fmt.Sprintf("WINRATE %s", winRate(g.game, root, i)),
		fmt.Sprintf("BESTLINE %s", pv.String()),
		"PV DONE",
	} {
		g.s.println("INFO " + l)
	}
}

// winRate writes the side to move's chances as Rapfi's winning rate: a
// win, and half a draw, by the game's model of its scores.
func winRate(g engines.Game, root engines.Position, i engines.Info) string {
	c, ok := engines.WDLOf(g, root, i.Score, i.Exact)
	if !ok {
		c = engines.WDL{Draw: 1000}
	}
	return strconv.FormatFloat(float64(2*c.Win+c.Draw)/2000, 'f', 4, 64)
}

// rapfiValue writes a score as Rapfi does: a number, or +M/-M and the
// plies to the result.
func rapfiValue(s engines.Score) string {
	if !s.IsMate() {
		return strconv.Itoa(int(s))
	}
	if s > 0 {
		return fmt.Sprintf("+M%d", s.MatePlies())
	}
	return fmt.Sprintf("-M%d", s.MatePlies())
}

// queryBook answers a database query for the board from the book, in
// Rapfi's form: every book move with its value (ALL), the position's own
// record (ONE), its text (TEXT: qi's book keeps none). With no book of
// the game, a query says nothing, as Rapfi without a database.
func (g *gomocup) queryBook(cmd string) {
	b, err := g.book.opener(g.game)()
	if err != nil || !g.book.on() {
		if err != nil && !errors.Is(err, book.ErrNoBook) {
			g.book.fail(err, g.problem)
		}
		return
	}
	if cmd == "YXQUERYDATABASEALL" || cmd == "YXQUERYDATABASEALLT" {
		g.s.println("MESSAGE DATABASE REFRESH")
		cands := b.Probe(g.pos)
		slices.SortFunc(cands, func(a, c book.Candidate) int { return int(a.Move - c.Move) })
		for _, c := range cands {
			x, y := gomoku.XY(c.Move)
			// label (none), value, depth, bound (exact), comment (none),
			// board text (none)
			g.s.printf("MESSAGE DATABASE %d %d -1 %d %d 3 0 ", x, y, int(c.Value), c.Level)
		}
		g.s.println("MESSAGE DATABASE DONE")
	}
	if cmd == "YXQUERYDATABASEONE" {
		cands := book.ValueDraws(b.Probe(g.pos), 0)
		if len(cands) == 0 {
			g.s.println("MESSAGE DATABASE ONE 0 0 0 0")
		} else {
			g.s.printf("MESSAGE DATABASE ONE 0 %d %d 3 ", int(cands[0].Value), cands[0].Level)
		}
	}
	if cmd == "YXQUERYDATABASETEXT" || cmd == "YXQUERYDATABASEALLT" {
		g.s.println(`MESSAGE DATABASE TEXT ""`)
	}
}
