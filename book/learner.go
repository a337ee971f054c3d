// This file holds the Learner, which learns the games a process plays in
// goroutines of its own: whoever plays them (a protocol, qi play, the arena)
// hands over a finished game and goes on at once; the game reaches the log
// at once, its searches come later, and the process's end waits only for
// the games to reach the log, not for their searches.

package book

import (
	"context"
	"errors"
	"sync"

	"qi/engines"
)

// Learner learns finished games into books, one game at a time. Each game
// is first appended to its book's game log (Record) by a goroutine that does
// nothing else, so that a game reaches the log at once, whatever is still
// being learned, and a process killed mid-learning loses no game handed
// over before; then another goroutine, at the lowest priority, learns it
// into the book in memory (Learn), which the player goes on probing. Once
// learned, the book counts that part of its log as folded in, so that a
// Save of it holds each game once.
type Learner struct {
	deviation engines.Score
	report    func(error)

	mu        sync.Mutex
	queue     []learnTask
	recorded  []recordedGame
	wake      chan struct{}
	learnWake chan struct{}
	closed    bool
	finish    bool
	stats     LearnStats

	saidMu sync.Mutex
	said   map[string]bool

	ctx     context.Context
	cancel  context.CancelFunc
	logged  chan struct{}
	done    chan struct{}
	scorers map[*Book]*Scorer
}

// learnTask is a game to learn and how to get its book: the game, or the
// position whose history holds it.
type learnTask struct {
	open   func() (*Book, error)
	game   Game
	final  engines.Position
	random bool
	// logged, when set, is told whether the game reached its log.
	logged chan<- error
}

// recordedGame is a game in its book's log, waiting to be learned: the log
// and the offset after its line, when it was written.
type recordedGame struct {
	book   *Book
	game   Game
	log    string
	end    int64
	logged bool
}

// NewLearner starts a learner whose games search their leaves where they
// are within deviation of the book's move (as Learn's). report, when not
// nil, is told of each distinct failure (a book that does not open, a log
// that cannot be written), from the learner's goroutines.
func NewLearner(deviation engines.Score, report func(error)) *Learner {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Learner{
		deviation: deviation, report: report,
		wake: make(chan struct{}, 1), learnWake: make(chan struct{}, 1),
		ctx: ctx, cancel: cancel, logged: make(chan struct{}), done: make(chan struct{}),
		scorers: map[*Book]*Scorer{}, said: map[string]bool{},
	}
	go l.record()
	go l.learn()
	return l
}

// Add hands gm over to be learned into the book open returns (called from
// the learner's goroutine: a Shelf's Book). It never waits.
func (l *Learner) Add(open func() (*Book, error), gm Game) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(learnTask{open: open, game: gm})
}

// AddFinal hands over the game whose history pos holds (GameOf), as Add
// does: reading the history is left to the learner's goroutine too. The
// learner keeps pos; random marks a game of random moves. The channel it
// returns gets, once, nil when the game is in its book's log (or had no
// move to log), or why it is not: a book that does not open, a log that
// cannot be written, a learner already closed.
func (l *Learner) AddFinal(open func() (*Book, error), pos engines.Position, random bool) <-chan error {
	logged := make(chan error, 1)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(learnTask{open: open, final: pos, random: random, logged: logged})
	return logged
}

// ErrLearnerClosed is why a game handed to a closed learner is not logged.
var ErrLearnerClosed = errors.New("book: the learner is closed")

// add queues t; l.mu is held.
func (l *Learner) add(t learnTask) {
	if l.closed {
		if t.logged != nil {
			t.logged <- ErrLearnerClosed
		}
		return
	}
	l.queue = append(l.queue, t)
	signal(l.wake)
}

// signal wakes the goroutine waiting on c, if it is not awake already.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Close ends the learner and returns what it learned. With finish, the
// games handed over are all learned first; without, the game being learned
// is given up at once and the others are only written to their logs, so
// that a process can end promptly and lose no game (`qi book build` learns
// the logs).
func (l *Learner) Close(finish bool) LearnStats {
	l.mu.Lock()
	if !l.closed {
		l.closed, l.finish = true, finish
		if !finish {
			l.cancel()
		}
		signal(l.wake)
		signal(l.learnWake)
	}
	l.mu.Unlock()
	<-l.logged
	<-l.done
	l.cancel()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stats
}

// Stats returns what the learner has learned so far.
func (l *Learner) Stats() LearnStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stats
}

// record writes the games handed over to their books' logs, in order, and
// passes them on to be learned.
func (l *Learner) record() {
	for {
		l.mu.Lock()
		for len(l.queue) == 0 && !l.closed {
			l.mu.Unlock()
			<-l.wake
			l.mu.Lock()
		}
		if len(l.queue) == 0 {
			l.mu.Unlock()
			close(l.logged)
			signal(l.learnWake)
			return
		}
		t := l.queue[0]
		l.queue = l.queue[1:]
		l.mu.Unlock()
		r, ok := l.write(t)
		if !ok {
			continue
		}
		l.mu.Lock()
		l.recorded = append(l.recorded, r)
		l.mu.Unlock()
		signal(l.learnWake)
	}
}

// write records t's game and tells t's channel how that went.
func (l *Learner) write(t learnTask) (recordedGame, bool) {
	r, ok, err := l.logGame(t)
	if err != nil {
		l.fail(err)
	}
	if t.logged != nil {
		t.logged <- err
	}
	return r, ok
}

// logGame opens t's book and appends t's game to the book's log; ok is
// false when there is no game to learn (no book, no move).
func (l *Learner) logGame(t learnTask) (r recordedGame, ok bool, err error) {
	b, err := t.open()
	if err != nil {
		return recordedGame{}, false, err
	}
	if t.final != nil {
		t.game = GameOf(b.game, t.final)
		t.game.Random = t.random
		if len(t.game.Moves) == 0 {
			return recordedGame{}, false, nil
		}
	}
	name, end, err := b.record(t.game)
	return recordedGame{book: b, game: t.game, log: name, end: end, logged: err == nil}, true, err
}

// learn learns the games recorded, in order, until the recorder is done
// and, when the learner closes without finishing, no further.
func (l *Learner) learn() {
	defer close(l.done)
	// Learning searches as deep as the book's level, while the process
	// plays on: at the lowest priority it never takes a timed search's CPU.
	lowerPriority()
	for {
		l.mu.Lock()
		for len(l.recorded) == 0 && !l.loggedAll() {
			l.mu.Unlock()
			<-l.learnWake
			l.mu.Lock()
		}
		if len(l.recorded) == 0 || (l.closed && !l.finish) {
			l.mu.Unlock()
			<-l.logged
			return
		}
		r := l.recorded[0]
		l.recorded = l.recorded[1:]
		l.mu.Unlock()
		st := l.learnGame(r)
		l.mu.Lock()
		l.stats = l.stats.Add(st)
		l.mu.Unlock()
	}
}

// loggedAll reports whether the recorder is done.
func (l *Learner) loggedAll() bool {
	select {
	case <-l.logged:
		return true
	default:
		return false
	}
}

// learnGame learns r's game into its book.
func (l *Learner) learnGame(r recordedGame) LearnStats {
	b := r.book
	s := l.scorers[b]
	if s == nil {
		s = NewScorer(b.game, b.Level(), false)
		l.scorers[b] = s
	}
	st, err := b.Learn(l.ctx, s, r.game, l.deviation)
	if err != nil {
		if l.ctx.Err() == nil {
			l.fail(err)
		}
		return st
	}
	if r.logged {
		b.folded(r.log, r.end)
	}
	return st
}

// fail reports err once; both goroutines report.
func (l *Learner) fail(err error) {
	l.saidMu.Lock()
	defer l.saidMu.Unlock()
	if l.report != nil && !l.said[err.Error()] {
		l.said[err.Error()] = true
		l.report(err)
	}
}
