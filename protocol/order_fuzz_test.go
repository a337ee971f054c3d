// Fuzz targets of the order property, one per dialect: a session's commands
// sent all at once give the same moves (and the same answers to questions) as
// the same commands sent one at a time, each after the previous one's answer.
// The sessions are drawn from commands whose answers do not depend on the
// clock (searches bounded by depth or nodes, one thread; no stop, which ends
// whatever runs when it comes), so that any difference is a command that
// acted out of its turn.

package protocol

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/othello"
)

// orderUnit is one step of a session: lines sent together (a BOARD block is
// one step), the lines only the one-at-a-time client sends after them (the
// stop that a go infinite needs to answer), and how many sync lines the step
// makes.
type orderUnit struct {
	lines, then []string
	syncs       int
}

// orderDialect is what the property needs of a dialect.
type orderDialect struct {
	// prefix starts every session, making prefixSyncs sync lines.
	prefix      []string
	prefixSyncs int
	// sync matches the line that says a step is answered: the client
	// sending one command at a time waits for as many as the steps so far
	// have made. barrier, when set, is a command that waits for any
	// search, makes one sync line and changes nothing: the one-at-a-time
	// client sends it after each step, the all-at-once one after the last.
	sync    *regexp.Regexp
	barrier string
	// compared picks the lines both sessions must agree on, rewritten to
	// drop what the clock decides (a time), with their class: the lines of
	// each class come in the same order, but a command that acts at once
	// (d while a search runs) may answer before the move of the search.
	compared func(line string) (class, text string, ok bool)
	farewell string
}

// bytePicker draws choices from the fuzzer's bytes, zeros once they run out.
type bytePicker struct{ data []byte }

func (p *bytePicker) pick(n int) int {
	if len(p.data) == 0 {
		return 0
	}
	b := p.data[0]
	p.data = p.data[1:]
	return int(b) % n
}

func (p *bytePicker) more() bool { return len(p.data) > 0 }

// randomLine plays k moves chosen by p from pos and returns their texts.
func randomLine(p *bytePicker, pos engines.Position, k int) []string {
	var moves []string
	for range k {
		ms := pos.LegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[p.pick(len(ms))]
		moves = append(moves, pos.MoveText(m))
		pos.Play(m)
	}
	return moves
}

var ugiOrder = orderDialect{
	prefix: []string{"ugi"},
	sync:   regexp.MustCompile(`^(bestmove |Nodes searched)`),
	compared: func(l string) (string, string, bool) {
		if strings.HasPrefix(l, "bestmove ") {
			return "moves", l, true
		}
		for _, p := range []string{"response ", "position ", "moves", "info string error", "game ", "to move "} {
			if strings.HasPrefix(l, p) {
				return "answers", l, true
			}
		}
		return "", "", false
	},
	farewell: "quit",
}

// ugiSession draws a UGI session; the bestmoves of its go infinite searches,
// which the clock ends, are masked.
func ugiSession(p *bytePicker) (units []orderUnit, masked map[int]bool) {
	reg := catalog.New()
	games := []string{"tictactoe", "niujiao", "gomoku", "othello"}
	name, size := "tictactoe", 0
	masked = map[int]bool{}
	gos := 0
	for len(units) < 40 && p.more() {
		var u orderUnit
		switch p.pick(16) {
		case 0:
			g := games[p.pick(len(games))]
			if g != name {
				name, size = g, 0
			}
			u.lines = []string{"setoption name Game value " + g}
		case 1:
			s := []int{0, 6, 7, 8}[p.pick(4)]
			if _, err := reg.New(name, engines.Config{BoardSize: s}); err == nil {
				size = s
			}
			u.lines = []string{fmt.Sprintf("setoption name BoardSize value %d", s)}
		case 2, 3:
			g, err := reg.New(name, engines.Config{BoardSize: size})
			if err != nil {
				panic(err)
			}
			moves := randomLine(p, g.Start(), p.pick(10))
			u.lines = []string{strings.TrimSpace("position startpos moves " + strings.Join(moves, " "))}
		case 4, 5:
			u.lines, u.syncs = []string{fmt.Sprintf("go depth %d", 1+p.pick(3))}, 1
			gos++
		case 6:
			u.lines, u.syncs = []string{fmt.Sprintf("go nodes %d", 50+50*p.pick(40))}, 1
			gos++
		case 7:
			// The tables a go infinite filled depend on how long it ran:
			// the new game forgets them.
			u.lines, u.then, u.syncs = []string{"go infinite", "ucinewgame"}, []string{"stop"}, 1
			masked[gos] = true
			gos++
		case 8:
			u.lines = []string{[]string{"ucinewgame", "uginewgame"}[p.pick(2)]}
		case 9:
			u.lines = []string{"undo"}
		case 10:
			u.lines = []string{[]string{"d", "moves", "query result", "query p1turn", "query gameover"}[p.pick(5)]}
		case 11:
			u.lines = []string{fmt.Sprintf("setoption name Level value %d", 1+p.pick(engines.MaxLevel))}
		case 12:
			u.lines = []string{fmt.Sprintf("setoption name Hash value %d", []int{1, 16}[p.pick(2)])}
		case 13:
			u.lines, u.syncs = []string{fmt.Sprintf("perft %d", 1+p.pick(2))}, 1
		case 14:
			u.lines = []string{"isready"}
		case 15:
			u.lines = []string{[]string{"ponderhit", "bogus"}[p.pick(2)]}
		}
		units = append(units, u)
	}
	return units, masked
}

var gomocupOrder = orderDialect{
	prefix:  []string{"START 10", "INFO max_node 400"},
	sync:    regexp.MustCompile(`^FORBID`),
	barrier: "YXSHOWFORBID",
	compared: func(l string) (string, string, bool) {
		// ERROR lines are left out: an INFO's problem is reported with the
		// next reply, which the barriers of the one-at-a-time client move.
		if gomocupReply.MatchString(l) {
			return "moves", l, true
		}
		return "", "", false
	},
	farewell: "END",
}

// gomocupReply is a Gomocup answer with no text of its own: moves, SWAP, OK.
var gomocupReply = regexp.MustCompile(`^(\d+,\d+( \d+,\d+)*|SWAP|OK)$`)

func gomocupSession(p *bytePicker) (units []orderUnit, _ map[int]bool) {
	size := 10
	xy := func() string { return fmt.Sprintf("%d,%d", p.pick(size), p.pick(size)) }
	for len(units) < 40 && p.more() {
		var u orderUnit
		switch p.pick(13) {
		case 0:
			size = []int{10, 15}[p.pick(2)]
			u.lines = []string{fmt.Sprintf("START %d", size)}
		case 1:
			u.lines = []string{fmt.Sprintf("INFO max_node %d", 50+50*p.pick(20))}
		case 2:
			u.lines = []string{fmt.Sprintf("INFO rule %d", []int{0, 1, 4, 2}[p.pick(4)])}
		case 3:
			u.lines = []string{"BEGIN"}
		case 4, 5:
			u.lines = []string{"TURN " + xy()}
		case 6:
			u.lines = []string{"TAKEBACK " + xy()}
		case 7, 8:
			cmd := []string{"BOARD", "YXBOARD"}[p.pick(2)]
			u.lines = []string{cmd}
			seen := map[string]bool{}
			for i := range p.pick(6) {
				s := xy()
				if !seen[s] {
					seen[s] = true
					u.lines = append(u.lines, fmt.Sprintf("%s,%d", s, 1+(i+1)%2))
				}
			}
			u.lines = append(u.lines, "DONE")
		case 9:
			u.lines = []string{"RESTART"}
		case 10:
			u.lines = []string{"YXHASHCLEAR"}
		case 11:
			u.lines, u.syncs = []string{"YXSHOWFORBID"}, 1
		case 12:
			u.lines = []string{[]string{"ABOUT", fmt.Sprintf("INFO max_depth %d", p.pick(8))}[p.pick(2)]}
		}
		units = append(units, u)
	}
	return units, nil
}

var nboardOrder = orderDialect{
	prefix:      []string{"nboard 2", "set depth 1"},
	prefixSyncs: 2,
	sync:        regexp.MustCompile(`^set myname `),
	barrier:     "nboard 2",
	compared: func(l string) (string, string, bool) {
		switch {
		case strings.HasPrefix(l, "=== "):
			// The time a move took is the clock's.
			f := strings.Split(l, "/")
			return "moves", strings.Join(f[:min(len(f), 2)], "/"), true
		case strings.HasPrefix(l, "status error"), l == "learned":
			return "moves", l, true
		}
		return "", "", false
	},
	farewell: "quit",
}

func nboardSession(p *bytePicker) (units []orderUnit, _ map[int]bool) {
	pos := othello.StartPosition(8)
	for len(units) < 40 && p.more() {
		var u orderUnit
		switch p.pick(8) {
		case 0:
			u.lines, u.syncs = []string{fmt.Sprintf("set depth %d", 1+p.pick(4))}, 1
		case 1:
			pos = othello.StartPosition([]int{8, 6}[p.pick(2)])
			ggf := "(;GM[Othello]PC[fuzz]PB[a]PW[b]RE[?]TI[0:00]TY[" + strings.Fields(pos.GGFBoard())[0] + "]BO[" + pos.GGFBoard() + "]"
			for i, m := range randomLine(p, pos, p.pick(12)) {
				if m == "0000" {
					m = "PA"
				}
				ggf += fmt.Sprintf("%s[%s]", []string{"B", "W"}[i%2], strings.ToUpper(m))
			}
			u.lines = []string{ggf + ";)"}
			u.lines[0] = "set game " + u.lines[0]
		case 2, 3:
			ms := randomLine(p, pos, 1)
			if len(ms) == 0 {
				ms = []string{"PA"}
			}
			u.lines = []string{"move " + ms[0]}
		case 4, 5:
			u.lines = []string{"go"}
		case 6:
			u.lines = []string{fmt.Sprintf("hint %d", 1+p.pick(3))}
		case 7:
			u.lines = []string{[]string{"learn", "analyze", "set contempt 5"}[p.pick(3)]}
		}
		units = append(units, u)
	}
	return units, nil
}

// orderRun is a session under way: its input, its output line by line and
// the count of sync lines seen.
type orderRun struct {
	t     *testing.T
	od    orderDialect
	in    *io.PipeWriter
	out   *lineWriter
	done  chan error
	all   []string
	syncs int
}

func startOrderRun(t *testing.T, od orderDialect) *orderRun {
	inR, inW := io.Pipe()
	r := &orderRun{t: t, od: od, in: inW, out: &lineWriter{lines: make(chan string, 100000)}, done: make(chan error, 1)}
	go func() { r.done <- Run(context.Background(), inR, r.out, fuzzConfig()) }()
	return r
}

func (r *orderRun) send(lines ...string) {
	_, err := io.WriteString(r.in, strings.Join(lines, "\n")+"\n")
	require.NoError(r.t, err)
}

// await reads replies until n sync lines have come in all.
func (r *orderRun) await(n int) {
	for r.syncs < n {
		select {
		case l := <-r.out.lines:
			r.all = append(r.all, l)
			if r.od.sync.MatchString(l) {
				r.syncs++
			}
		case <-time.After(2 * time.Minute):
			r.t.Fatalf("%d of %d answers came; the session so far:\n%s", r.syncs, n, strings.Join(r.all, "\n"))
		}
	}
}

// end says farewell and returns the compared lines of the whole session,
// each class apart.
func (r *orderRun) end() map[string][]string {
	r.send(r.od.farewell)
	r.in.Close()
	require.NoError(r.t, <-r.done)
	close(r.out.lines)
	for l := range r.out.lines {
		r.all = append(r.all, l)
	}
	kept := map[string][]string{}
	for _, l := range r.all {
		if class, text, ok := r.od.compared(l); ok {
			kept[class] = append(kept[class], text)
		}
	}
	return kept
}

// checkOrder runs the units one at a time, then all at once, and compares.
func checkOrder(t *testing.T, od orderDialect, units []orderUnit, masked map[int]bool) {
	one := startOrderRun(t, od)
	one.send(od.prefix...)
	want := od.prefixSyncs
	one.await(want)
	for _, u := range units {
		one.send(u.lines...)
		if len(u.then) > 0 {
			one.send(u.then...)
		}
		want += u.syncs
		if od.barrier != "" {
			one.send(od.barrier)
			want++
		}
		one.await(want)
	}
	seq := one.end()

	all := startOrderRun(t, od)
	var lines []string
	lines = append(lines, od.prefix...)
	want = od.prefixSyncs
	for _, u := range units {
		lines = append(lines, u.lines...)
		want += u.syncs
	}
	if od.barrier != "" {
		lines = append(lines, od.barrier)
		want++
	}
	// Written from another goroutine, as a client that does not read
	// before it has sent all would: qi must read on while it answers.
	wrote := make(chan struct{})
	go func() {
		defer close(wrote)
		_, _ = io.WriteString(all.in, strings.Join(lines, "\n")+"\n")
	}()
	all.await(want)
	<-wrote
	got := all.end()

	for _, ls := range []map[string][]string{seq, got} {
		for i := range ls["moves"] {
			if masked[i] {
				ls["moves"][i] = "(masked)"
			}
		}
	}
	require.Equal(t, seq, got, "the same commands one at a time and all at once:\n%s", strings.Join(lines, "\n"))
}

func fuzzOrder(f *testing.F, od orderDialect, session func(*bytePicker) ([]orderUnit, map[int]bool), seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		units, masked := session(&bytePicker{data: data})
		checkOrder(t, od, units, masked)
	})
}

// FuzzOrderUGI checks the order property of UGI sessions.
func FuzzOrderUGI(f *testing.F) {
	fuzzOrder(f, ugiOrder, ugiSession,
		[]byte{7, 8, 2, 5, 4, 10, 5}, []byte{0, 3, 4, 2, 3, 5, 2, 9, 4, 14, 10, 5},
		[]byte{0, 2, 2, 3, 5, 1, 2, 9, 3, 4, 10, 0, 5, 3, 1, 6, 11, 2, 5, 13, 1, 10, 0},
		[]byte{0, 1, 6, 3, 9, 7, 5, 2, 2, 2, 1, 1, 4, 0, 10, 2, 1, 4, 3, 1})
}

// FuzzOrderGomocup checks the order property of Gomocup sessions.
func FuzzOrderGomocup(f *testing.F) {
	fuzzOrder(f, gomocupOrder, gomocupSession,
		[]byte{3, 4, 1, 2, 4, 3, 3, 11, 6, 4, 4, 5, 5},
		[]byte{2, 2, 7, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 4, 9, 9, 10, 12, 1, 4, 4, 4})
}

// FuzzOrderNBoard checks the order property of NBoard sessions.
func FuzzOrderNBoard(f *testing.F) {
	fuzzOrder(f, nboardOrder, nboardSession,
		[]byte{4, 2, 3, 0, 2, 4, 2, 1, 5, 6, 1, 2, 7, 1, 4},
		[]byte{1, 0, 5, 4, 0, 1, 4, 2, 2, 7, 0, 0, 3, 1, 6, 2, 7, 2})
}
