// This file holds the Learner, which learns the games a process plays in a
// goroutine of its own: whoever plays them (a protocol, qi play, the arena)
// hands over a finished game and goes on at once, and the process's end
// waits only for the games to reach the log, not for their searches.

package book

import (
	"context"
	"sync"

	"qi/engines"
)

// Learner learns finished games into books, one game at a time, in a
// goroutine of its own. Each game is first appended to its book's game log
// (Record), then learned into the book in memory (Learn), which the player
// goes on probing; once learned, the book counts that part of its log as
// folded in, so that a Save of it holds each game once.
type Learner struct {
	deviation engines.Score
	report    func(error)

	mu     sync.Mutex
	queue  []learnTask
	wake   chan struct{}
	closed bool
	finish bool
	stats  LearnStats

	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
	scorers map[*Book]*Scorer
	said    map[string]bool
}

// learnTask is a game to learn and how to get its book: the game, or the
// position whose history holds it.
type learnTask struct {
	open   func() (*Book, error)
	game   Game
	final  engines.Position
	random bool
}

// NewLearner starts a learner whose games search their leaves where they
// are within deviation of the book's move (as Learn's). report, when not
// nil, is told of each distinct failure (a book that does not open, a log
// that cannot be written), from the learner's goroutine.
func NewLearner(deviation engines.Score, report func(error)) *Learner {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Learner{
		deviation: deviation, report: report, wake: make(chan struct{}, 1),
		ctx: ctx, cancel: cancel, done: make(chan struct{}),
		scorers: map[*Book]*Scorer{}, said: map[string]bool{},
	}
	go l.run()
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
// learner keeps pos; random marks a game of random moves.
func (l *Learner) AddFinal(open func() (*Book, error), pos engines.Position, random bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(learnTask{open: open, final: pos, random: random})
}

// add queues t; l.mu is held.
func (l *Learner) add(t learnTask) {
	if l.closed {
		return
	}
	l.queue = append(l.queue, t)
	select {
	case l.wake <- struct{}{}:
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
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
	l.mu.Unlock()
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

func (l *Learner) run() {
	defer close(l.done)
	// Learning searches as deep as the book's level, while the process
	// plays on: at the lowest priority it never takes a timed search's CPU.
	lowerPriority()
	for {
		l.mu.Lock()
		for len(l.queue) == 0 && !l.closed {
			l.mu.Unlock()
			<-l.wake
			l.mu.Lock()
		}
		if len(l.queue) == 0 {
			l.mu.Unlock()
			return
		}
		t := l.queue[0]
		l.queue = l.queue[1:]
		learn := !l.closed || l.finish
		l.mu.Unlock()
		st := l.learn(t, learn)
		l.mu.Lock()
		l.stats = l.stats.Add(st)
		l.mu.Unlock()
	}
}

// learn records t's game in its book's log and, when learn is set, learns
// it into the book.
func (l *Learner) learn(t learnTask, learn bool) LearnStats {
	b, err := t.open()
	if err != nil {
		l.fail(err)
		return LearnStats{}
	}
	if t.final != nil {
		t.game = GameOf(b.game, t.final)
		t.game.Random = t.random
		if len(t.game.Moves) == 0 {
			return LearnStats{}
		}
	}
	name, end, recErr := b.record(t.game)
	if recErr != nil {
		l.fail(recErr)
	}
	if !learn {
		return LearnStats{}
	}
	s := l.scorers[b]
	if s == nil {
		s = NewScorer(b.game, b.Level())
		l.scorers[b] = s
	}
	st, err := b.Learn(l.ctx, s, t.game, l.deviation)
	if err != nil {
		if l.ctx.Err() == nil {
			l.fail(err)
		}
		return st
	}
	if recErr == nil {
		b.folded(name, end)
	}
	return st
}

// fail reports err once.
func (l *Learner) fail(err error) {
	if l.report != nil && !l.said[err.Error()] {
		l.said[err.Error()] = true
		l.report(err)
	}
}
