// This file holds the server that every dialect runs on: the owner goroutine
// that alone reads commands and writes replies, and the search jobs that run
// in goroutines of their own and report to it through one channel.

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
	// finish is called at EOF or on quit, with no search running any more.
	finish()
}

// server owns the output and the running search.
type server struct {
	ctx    context.Context
	out    *bufio.Writer
	log    io.Writer
	lines  <-chan string
	events chan func()
	closed chan struct{}
	job    *job
	jobs   int
	err    error // the first write error: the client is gone
}

// job is a running search.
type job struct {
	id     int
	cancel context.CancelFunc
	// root is a copy of the searched position for writing moves; the search
	// has its own.
	root        engines.Position
	last        engines.Info // the last progress report
	printed     bool         // last was printed
	report      func(engines.Info)
	reportFinal bool
	done        func(engines.Info, bool)
	timer       *time.Timer
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
	return s
}

// println writes one reply line and flushes it.
func (s *server) println(a ...any) {
	fmt.Fprintln(s.out, a...)
	s.flush()
}

// printf writes one reply line (the newline is added) and flushes it.
func (s *server) printf(format string, a ...any) {
	fmt.Fprintf(s.out, format, a...)
	s.out.WriteByte('\n')
	s.flush()
}

func (s *server) flush() {
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
		case line, ok := <-s.lines:
			if !ok || !d.handle(line) {
				s.stopAndWait()
				d.finish()
				return s.err
			}
		case ev := <-s.events:
			ev()
		case <-s.ctx.Done():
			s.stopAndWait()
			return s.ctx.Err()
		}
		if s.err != nil {
			s.abandon()
			return s.err
		}
	}
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
	// report prints a progress report; done prints the final answer. Done's
	// second argument says the search overran its deadline and was answered
	// for: it may still be running, so its searcher must not be used again.
	report func(engines.Info)
	done   func(info engines.Info, overran bool)
	// reportFinal has the final answer reported before done when it
	// differs from the last report, as UCI's last info line before its
	// bestmove.
	reportFinal bool
}

// start runs a search in its own goroutine. Its reports reach req.report on the
// owner goroutine unless they come faster than the owner takes them; its
// final answer always reaches req.done, exactly once, preceded by a report of
// it if the last one printed differs.
func (s *server) start(req searchRequest) {
	soft, hard := req.soft, req.hard
	if hard <= 0 {
		soft, hard = search.Budget(req.lim, req.pos.SideToMove(), req.movesLeft)
	}
	req.lim.Soft = soft
	ctx, cancel := context.WithCancel(s.ctx)
	if hard > 0 {
		ctx, cancel = context.WithTimeout(s.ctx, hard)
	}
	s.jobs++
	j := &job{id: s.jobs, cancel: cancel, root: req.pos.Clone(), report: req.report, reportFinal: req.reportFinal, done: req.done}
	s.job = j
	if hard > 0 {
		// A search that overruns its deadline gets answered for with its
		// best so far, so that a client never waits past the time it gave.
		j.timer = time.AfterFunc(hard+search.Overhead/2, func() {
			s.post(func() { s.overrun(j) })
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

// post hands f to the owner goroutine, unless the server has stopped.
func (s *server) post(f func()) {
	select {
	case s.events <- f:
	case <-s.closed:
	}
}

func (s *server) progress(j *job, i engines.Info) {
	if s.job != j {
		return
	}
	j.last, j.printed = i, true
	if j.report != nil {
		j.report(i)
	}
}

func (s *server) complete(j *job, info engines.Info) {
	if s.job != j {
		return
	}
	s.job = nil
	if j.timer != nil {
		j.timer.Stop()
	}
	if len(info.PV) == 0 {
		info.PV = fallback(j.root, j.last.PV)
	}
	if j.reportFinal && len(info.PV) > 0 && info.Depth > 0 && (!j.printed || !sameReport(j.last, info)) {
		j.report(info)
	}
	j.done(info, false)
}

// overrun answers for a search past its deadline with what it reported.
func (s *server) overrun(j *job) {
	if s.job != j {
		return
	}
	s.logf("search %d overran its deadline; answering with its best so far", j.id)
	s.job = nil
	j.cancel()
	info := j.last
	info.PV = fallback(j.root, info.PV)
	j.done(info, true)
}

// fallback returns pv if it has a move, else the first legal move of pos, so
// that a search stopped before its first report still moves.
func fallback(pos engines.Position, pv []engines.Move) []engines.Move {
	if len(pv) > 0 {
		return pv
	}
	if ms := pos.LegalMoves(nil); len(ms) > 0 {
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

// stopAndWait stops the search and runs events until its answer is out.
func (s *server) stopAndWait() {
	j := s.job
	if j == nil {
		return
	}
	j.cancel()
	grace := time.AfterFunc(stopGrace, func() { s.post(func() { s.overrun(j) }) })
	defer grace.Stop()
	for s.job == j {
		(<-s.events)()
	}
}

// abandon stops the search without an answer (Gomocup's END).
func (s *server) abandon() {
	if s.job != nil {
		s.job.cancel()
		if s.job.timer != nil {
			s.job.timer.Stop()
		}
		s.job = nil
	}
}
