// This file holds the server that every dialect runs on: the owner goroutine
// that alone handles commands and writes replies, the queue of commands that
// wait for a running search's move, and the search jobs that run in
// goroutines of their own and report to it through one channel.

package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"qi/engines"
	"qi/engines/search"
)

// dialect is one protocol's command handler. Its methods run on the owner
// goroutine only.
type dialect interface {
	// handle runs one command line and reports whether to go on.
	handle(line string) bool
	// during says what becomes of a command that comes while a search
	// runs.
	during(line string) midSearch
	// errorf writes an error line in the dialect's own form.
	errorf(format string, a ...any)
	// finish is called at EOF or on quit, with no search running any more.
	finish()
}

// midSearch is what becomes of a command that comes while a search runs or
// while earlier commands wait in the queue. One rule holds: a command either
// acts at once without changing what any queued command will see, or it waits
// in order behind everything queued before it. No command ever takes the
// search's answer: the server writes it before any command that waits, and
// the owner never blocks on a search, so that isready is answered at once
// whatever else happens.
type midSearch int

const (
	// now handles the command at once when nothing is queued, and else in
	// its turn, while a search runs too: it must leave the running search
	// and what its answer needs alone (position in UGI, d, ponderhit).
	now midSearch = iota
	// aside handles the command at once, even ahead of queued commands: it
	// neither changes nor reads what they see (isready, quit, Gomocup's
	// YXSTOP, which moves now whatever waits).
	aside
	// wait queues the command until the search's answer is out (a Gomocup
	// TURN waits for the move the manager expects first).
	wait
	// interrupt stops the search that runs and queues the command until
	// its answer is out (NBoard's ping).
	interrupt
	// supersede queues the command; when its turn comes it stops a search
	// that only stop would end (go infinite, ponder) and waits for one with
	// limits, which answers in full as it would have before the command was
	// sent (a UGI go, a new game).
	supersede
)

// server owns the output and the running search.
type server struct {
	ctx    context.Context
	out    *bufio.Writer
	log    io.Writer
	lines  <-chan input
	events chan func()
	closed chan struct{}
	// queue holds the commands that wait for the running search's move,
	// each with what it does to a search.
	queue []queued
	// lineAt is when the command being handled was read: the clock of a
	// search it starts runs from then, as the client's does.
	lineAt time.Time
	job    *job
	jobs   int
	// running counts the search goroutines that have not returned, an
	// overrun one included; retired searchers are closed when it is 0.
	running int
	retired []io.Closer
	margin  search.Margin
	err     error // the first write error: the client is gone
}

// queued is a command that waits for a search's answer, and whether it stops
// the search that runs when its turn comes.
type queued struct {
	input
	kind midSearch
}

// job is a search of the server's, from start to its answer.
type job struct {
	id       int
	cancel   context.CancelFunc
	searcher engines.Searcher
	// root is a copy of the searched position for writing moves; the search
	// has its own.
	root        engines.Position
	last        engines.Info // the last progress report, or the first move
	printed     bool         // last was printed
	report      func(engines.Info)
	reportFinal bool
	done        func(engines.Info, bool)
	deadline    time.Time // the hard limit; zero for none
	timers      []*time.Timer
	// hold keeps the answer of a search that ended by itself until it is
	// stopped (go infinite, go ponder): held is that answer.
	hold     bool
	held     *engines.Info
	stopping bool
	// ponder is the clock of a go ponder, which takes effect at ponderhit.
	ponder    *engines.Limits
	movesLeft int
	// only are the moves the root may play (searchmoves); all when empty.
	only []engines.Move
	// work marks a job that is no search (background): it has no answer.
	work bool
}

// eventBuffer is how many progress reports may wait for the owner; more are
// dropped, since a search never blocks on its reports.
const eventBuffer = 256

func newServer(ctx context.Context, in io.Reader, out io.Writer, log io.Writer) *server {
	s := &server{
		ctx:    ctx,
		out:    bufio.NewWriter(out),
		log:    log,
		events: make(chan func(), eventBuffer),
		closed: make(chan struct{}),
	}
	s.lines = readLines(in, s.closed)
	// The margin watches the machine's load for as long as the session
	// lasts.
	probe, stop := context.WithCancel(ctx)
	go func() {
		<-s.closed
		stop()
	}()
	go s.margin.Watch(probe)
	return s
}

// println writes one reply line and flushes it.
func (s *server) println(a ...any) {
	s.write(fmt.Sprint(a...))
}

// printf writes one reply line (the newline is added) and flushes it.
func (s *server) printf(format string, a ...any) {
	s.write(fmt.Sprintf(format, a...))
}

// write writes one reply line, made printable: whatever a client sent that
// ends up in a reply, it cannot break a line or send a terminal escape.
func (s *server) write(line string) {
	s.out.WriteString(printable(line))
	s.out.WriteByte('\n')
	if err := s.out.Flush(); err != nil && s.err == nil {
		s.err = err
	}
}

// logf writes a diagnostic to the log (stderr), never to the client.
func (s *server) logf(format string, a ...any) {
	if s.log != nil {
		fmt.Fprintf(s.log, format+"\n", a...)
	}
}

// loop runs d until quit, EOF, a write error or the context's end.
func (s *server) loop(d dialect) error {
	for {
		select {
		case in, ok := <-s.lines:
			if !ok {
				return s.end(d, true)
			}
			if !s.dispatch(d, in) {
				return s.end(d, false)
			}
		case ev := <-s.events:
			ev()
		case <-s.ctx.Done():
			s.end(d, false)
			return s.ctx.Err()
		}
		if !s.drain(d) {
			return s.end(d, false)
		}
		if s.err != nil {
			s.abandon()
			return s.err
		}
	}
}

// eofGrace is how long a search with limits may go on after EOF before it
// is stopped.
const eofGrace = time.Second

// end finishes the session at quit or EOF. Quit is prompt: a running search
// is stopped and answers, and so is every search a queued command starts
// (every go gets its bestmove), unless the dialect abandoned them (Gomocup's
// END). EOF is prompt too, but that a search with limits (go depth 9 piped
// in from a shell) gets eofGrace to finish and answer in full: a client that
// died must not leave a search running for hours, and a shell pipe wants the
// answer it asked for. What only stop would end (go infinite, ponder) is
// stopped at once.
func (s *server) end(d dialect, eof bool) error {
	for s.err == nil {
		if j := s.job; j != nil && eof && !j.hold {
			t := time.AfterFunc(eofGrace, func() {
				s.post(func() {
					if s.job == j {
						s.interrupt()
					}
				})
			})
			for s.job == j {
				(<-s.events)()
			}
			t.Stop()
		}
		s.stopAndWait()
		if len(s.queue) == 0 {
			break
		}
		in := s.queue[0]
		s.queue = s.queue[1:]
		s.lineAt = in.at
		d.handle(in.text)
	}
	d.finish()
	return s.err
}

// dispatch handles a command, or queues it behind the running search and
// the commands already waiting.
func (s *server) dispatch(d dialect, in input) bool {
	if in.tooLong > 0 {
		d.errorf("%s", tooLongError(in.tooLong))
		return true
	}
	if s.job != nil || len(s.queue) > 0 {
		kind := d.during(in.text)
		if kind != aside && (kind != now || len(s.queue) > 0) {
			// A ping stops the search that runs now even behind a
			// waiting command, and any its turn finds running (drain).
			if kind == interrupt {
				s.interrupt()
			}
			s.queue = append(s.queue, queued{in, kind})
			return true
		}
	}
	s.lineAt = in.at
	return d.handle(in.text)
}

// drain handles the queued commands in order: each in its turn, once no
// search runs, but a command for now even while one does. The first in line
// stops the running search when it is one that stops searches.
func (s *server) drain(d dialect) bool {
	for len(s.queue) > 0 && s.err == nil {
		if j := s.job; j != nil {
			switch kind := s.queue[0].kind; {
			case kind == interrupt, (kind == supersede || kind == wait) && j.hold:
				// A search whose answer was held ends at once: one
				// that only stop would end must not keep a command
				// waiting for ever (Gomocup's pondering, which no
				// manager stops).
				s.interrupt()
			}
			if s.job != nil && s.queue[0].kind != now {
				return true
			}
		}
		in := s.queue[0]
		s.queue = s.queue[1:]
		s.lineAt = in.at
		if !d.handle(in.text) {
			return false
		}
	}
	return true
}

// searchRequest is what a dialect asks of a search.
type searchRequest struct {
	pos      engines.Position
	searcher engines.Searcher
	lim      engines.Limits
	// movesLeft is the game's estimate for the time manager (0: unknown).
	movesLeft int
	// soft and hard, when hard is set, are the dialect's own time budget
	// instead of the time manager's reading of lim.
	soft, hard time.Duration
	// hold keeps the answer until the search is stopped, as UCI's go
	// infinite and go ponder want; ponder, with hold, is the clock that
	// ponderhit puts into effect.
	hold   bool
	ponder *engines.Limits
	// report prints a progress report; done prints the final answer. Done's
	// second argument says the search overran its deadline and was answered
	// for: it may still be running, so its searcher is closed by the server
	// when it returns and must not be used again.
	report func(engines.Info)
	done   func(info engines.Info, overran bool)
	// reportFinal has the final answer reported before done when it
	// differs from the last report, as UCI's last info line before its
	// bestmove.
	reportFinal bool
	// withOwner, when set, is handed before the search starts a function
	// that runs f on the owner goroutine, in order with the search's
	// reports and only while the search is the running one: for a search
	// with lines of its own to write (a hint's book moves, a book that
	// does not open).
	withOwner func(run func(f func()))
}

// budget returns the soft and hard time of a search under lim for the side
// to move in pos, keeping the margin back.
func (s *server) budget(lim engines.Limits, side engines.Side, movesLeft int) (soft, hard time.Duration) {
	return search.Budget(lim, side, movesLeft, s.margin.Overhead())
}

// start runs a search in its own goroutine. Its reports reach req.report on the
// owner goroutine unless they come faster than the owner takes them; its
// final answer always reaches req.done, exactly once, preceded by a report of
// it if the last one printed differs.
func (s *server) start(req searchRequest) {
	soft, hard := req.soft, req.hard
	if hard <= 0 && !req.hold {
		soft, hard = s.budget(req.lim, req.pos.SideToMove(), req.movesLeft)
	}
	req.lim.Soft = soft
	clock := s.lineAt
	if clock.IsZero() {
		clock = time.Now()
	}
	s.jobs++
	j := &job{
		id: s.jobs, searcher: req.searcher, root: req.pos.Clone(), report: req.report, reportFinal: req.reportFinal,
		done: req.done, hold: req.hold, ponder: req.ponder, movesLeft: req.movesLeft, only: req.lim.Moves,
	}
	// Whatever stops the search before it has finished an iteration, its
	// answer is the move it would have tried first, never an unordered one.
	if fm, ok := req.searcher.(engines.FirstMover); ok {
		if m := fm.FirstMove(req.pos); m != engines.NoMove && req.lim.Allows(m) {
			j.last = engines.Info{PV: []engines.Move{m}}
		}
	}
	ctx, cancel := context.WithCancel(s.ctx)
	if hard > 0 {
		j.deadline = clock.Add(hard)
		ctx, cancel = context.WithDeadline(s.ctx, j.deadline)
		s.watch(j)
	}
	j.cancel = cancel
	s.job = j
	s.running++
	if req.withOwner != nil {
		req.withOwner(func(f func()) {
			s.post(func() {
				if s.job == j {
					f()
				}
			})
		})
	}
	pos := req.pos.Clone()
	go func() {
		info := req.searcher.Search(ctx, pos, req.lim, func(i engines.Info) {
			i.PV = slices.Clone(i.PV)
			select {
			case s.events <- func() { s.progress(j, i) }:
			default:
			}
		})
		cancel()
		s.post(func() { s.complete(j, info) })
	}()
}

// background runs fn as the server's job, off the owner goroutine, for work
// that is no search (a deep perft): the lines it emits are written in order,
// commands wait for it or stop it as they would a search, and interrupt
// cancels its context. It ends when fn returns, with nothing more to write.
func (s *server) background(fn func(ctx context.Context, emit func(string))) {
	ctx, cancel := context.WithCancel(s.ctx)
	s.jobs++
	j := &job{id: s.jobs, cancel: cancel, work: true}
	s.job = j
	s.running++
	go func() {
		fn(ctx, func(line string) {
			s.post(func() {
				if s.job == j {
					s.write(line)
				}
			})
		})
		cancel()
		s.post(func() {
			s.running--
			defer s.closeRetired()
			if s.job == j {
				s.endJob(j)
			}
		})
	}()
}

// endJob forgets the job: no search runs any more.
func (s *server) endJob(j *job) {
	s.job = nil
	for _, t := range j.timers {
		t.Stop()
	}
}

// watch answers for the search of j if it has not answered shortly after its
// deadline, so that a client never waits past the time it gave.
func (s *server) watch(j *job) {
	grace := s.margin.Overhead() / 2
	j.timers = append(j.timers, time.AfterFunc(time.Until(j.deadline)+grace, func() {
		s.post(func() { s.overrun(j) })
	}))
}

// post hands f to the owner goroutine, unless the server has stopped.
func (s *server) post(f func()) {
	select {
	case s.events <- f:
	case <-s.closed:
	}
}

// tell hands f to the owner goroutine if it can take it at once, and else
// drops it: for news from goroutines that must never wait on the owner
// (a learner's failure, which is logged besides).
func (s *server) tell(f func()) {
	select {
	case s.events <- f:
	default:
	}
}

func (s *server) progress(j *job, i engines.Info) {
	if s.job != j {
		return
	}
	if i.Line <= 1 {
		// The other lines of several are no answer to fall back on.
		j.last, j.printed = i, true
	}
	if j.report != nil {
		j.report(i)
	}
}

// complete takes a search's final answer: its goroutine has returned.
func (s *server) complete(j *job, info engines.Info) {
	s.running--
	defer s.closeRetired()
	if s.job != j {
		return
	}
	if len(info.PV) == 0 {
		info.PV = fallback(j.root, j.last.PV, j.only)
	}
	if j.hold && !j.stopping {
		// The search is over, but the client said to answer when told.
		j.held = &info
		return
	}
	s.finish(j, info, false)
}

// finish writes the answer of j: its last report if it differs, then done.
func (s *server) finish(j *job, info engines.Info, overran bool) {
	s.endJob(j)
	if j.reportFinal && len(info.PV) > 0 && info.Depth > 0 && (!j.printed || !sameReport(j.last, info)) {
		j.report(info)
	}
	j.done(info, overran)
	if !j.deadline.IsZero() {
		s.margin.Observe(time.Since(j.deadline))
	}
}

// overrun answers for a search past its deadline with what it reported, or
// the move it would have tried first.
func (s *server) overrun(j *job) {
	if s.job != j {
		return
	}
	if j.work {
		s.logf("job %d did not stop; going on without it", j.id)
		s.endJob(j)
		return
	}
	s.logf("search %d overran its deadline; answering with its best so far", j.id)
	j.cancel()
	s.retire(j.searcher)
	info := j.last
	info.PV = fallback(j.root, info.PV, j.only)
	s.finish(j, info, true)
}

// fallback returns pv if it has a move, else the first legal move of pos
// that only allows: the last resort of a searcher that names no first move
// and has said nothing.
func fallback(pos engines.Position, pv, only []engines.Move) []engines.Move {
	if len(pv) > 0 {
		return pv
	}
	if ms := (engines.Limits{Moves: only}).RootMoves(pos); len(ms) > 0 {
		return ms[:1]
	}
	return nil
}

func sameReport(a, b engines.Info) bool {
	return a.Depth == b.Depth && a.Score == b.Score && a.Exact == b.Exact && slices.Equal(a.PV, b.PV)
}

// searching reports whether a search runs.
func (s *server) searching() bool { return s.job != nil }

// stopGrace is how long a stopped search may take to answer before the
// server answers for it: long enough for any search that polls its stop flag.
const stopGrace = time.Second

// interrupt stops the search without waiting for it: its answer is written
// when it returns, or by the server stopGrace later if it does not.
func (s *server) interrupt() {
	j := s.job
	if j == nil || j.stopping {
		return
	}
	j.stopping = true
	if j.held != nil {
		s.finish(j, *j.held, false)
		return
	}
	j.cancel()
	j.timers = append(j.timers, time.AfterFunc(stopGrace, func() { s.post(func() { s.overrun(j) }) }))
}

// stopAndWait stops the search and runs events until its answer is out: for
// the end of a session, when nothing is read any more.
func (s *server) stopAndWait() {
	j := s.job
	s.interrupt()
	for j != nil && s.job == j {
		(<-s.events)()
	}
}

// ponderhit puts the limits of a go ponder into effect: the search goes on,
// now as a search under them from this moment (a ponder with no limit goes
// on until stopped, as a bare go does).
func (s *server) ponderhit() {
	j := s.job
	if j == nil || j.ponder == nil {
		return
	}
	lim := *j.ponder
	j.ponder = nil
	if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !lim.HasClock {
		return
	}
	j.hold = false
	if j.held != nil {
		s.finish(j, *j.held, false)
		return
	}
	soft, hard := s.budget(lim, j.root.SideToMove(), j.movesLeft)
	if hard <= 0 {
		// A depth or node limit: the search ends by itself.
		return
	}
	// The search was started to think for ever: it is stopped at the soft
	// limit, and answered for if it does not stop by the hard one.
	j.timers = append(j.timers, time.AfterFunc(soft, j.cancel))
	j.deadline = time.Now().Add(hard)
	s.watch(j)
}

// abandon stops the search without an answer (Gomocup's END).
func (s *server) abandon() {
	if j := s.job; j != nil {
		j.cancel()
		s.endJob(j)
	}
	s.queue = nil
}

// retire closes a searcher the dialect has dropped, once no search runs in
// it: its tables' memory is given back at once, so that the process holds one
// table budget, not one per game or option it has seen.
func (s *server) retire(x engines.Searcher) {
	if c, ok := x.(io.Closer); ok {
		s.retired = append(s.retired, c)
		s.closeRetired()
	}
}

func (s *server) closeRetired() {
	if s.running > 0 {
		return
	}
	for _, c := range s.retired {
		c.Close()
	}
	s.retired = nil
}
