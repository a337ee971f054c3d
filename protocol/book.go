// This file holds what the dialects share of the opening book: its
// settings, the searcher that answers from it (the book is opened and
// probed in the search's goroutine, never the owner's), what a book move
// is reported as, and learning finished games in the background.

package protocol

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"qi/book"
	"qi/engines"
)

// maxBookRandomness bounds the BookRandomness option: 100 discs.
const maxBookRandomness = 10000

// bookState is a session's book: where books come from, the options, the
// errors already said and the learner of finished games. It lives on the
// owner goroutine; what a search needs of it is copied into its searcher.
type bookState struct {
	shelf *book.Shelf // nil: no books
	// own is OwnBook, file BookFile ("": qi's own book), randomness
	// BookRandomness, learn BookLearn.
	own        bool
	file       string
	randomness engines.Score
	learn      bool

	rng     *rand.Rand
	said    map[string]bool
	learner *book.Learner
	// learned is the game learned since the game began (its moves from
	// its start), so that the same game handed over again (its end, then
	// uginewgame) is learned once; a new game forgets it.
	learned string
	logf    func(format string, a ...any)
	// say tells the client of a learning failure in the dialect's form;
	// it is called from the learner's goroutines and must not wait.
	say func(error)
}

func newBookState(cfg Config, logf func(string, ...any), say func(error)) bookState {
	bs := bookState{shelf: cfg.Books, own: true, said: map[string]bool{}, logf: logf, say: say}
	bs.reseed(0)
	return bs
}

// maxSeed bounds the Seed option and Gomocup's INFO seed: a spin every
// client takes.
const maxSeed = 1<<31 - 1

// reseed starts the random choices (the book's) from seed, or with 0 from
// the clock: a batch run hands each game a seed of its own, so that the
// same game plays the same moves wherever and whenever it runs.
func (bs *bookState) reseed(seed uint64) {
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	bs.rng = rand.New(rand.NewPCG(seed, seed>>32^0x9e3779b97f4a7c15))
}

// newGame says a new game begins: a game like the last one learned is
// learned again.
func (bs *bookState) newGame() { bs.learned = "" }

// on reports whether the book plays.
func (bs *bookState) on() bool { return bs.shelf != nil && bs.own }

// opener returns how a search opens the book of g, with the settings of
// now: the shelf opens each book once and is safe for concurrent use.
func (bs *bookState) opener(g engines.Game) func() (*book.Book, error) {
	shelf, file := bs.shelf, bs.file
	return func() (*book.Book, error) { return shelf.Book(g, file) }
}

// setFile sets BookFile; a file that is not there, or is no regular file (a
// FIFO, a device, a folder), is said at once, one that is no book when a
// search first opens it. Either way qi plays on without a book until
// BookFile changes.
func (bs *bookState) setFile(path string, errorf func(string, ...any)) {
	bs.file = path
	if path == "" {
		return
	}
	at := path
	if bs.shelf != nil {
		at = bs.shelf.Path(path)
	}
	switch st, err := os.Stat(at); {
	case errors.Is(err, fs.ErrNotExist):
		bs.fail(&fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}, errorf)
	case err == nil && !st.Mode().IsRegular():
		bs.fail(&fs.PathError{Op: "open", Path: path, Err: book.ErrNotRegular}, errorf)
	}
}

// fail says err about the book once, in the dialect's form.
func (bs *bookState) fail(err error, errorf func(string, ...any)) {
	msg := err.Error()
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe) && errors.Is(err, fs.ErrNotExist):
		// As setFile says it, whoever found it missing.
		msg = pe.Path + ": no such file"
	case errors.As(err, &pe) && errors.Is(err, book.ErrNotRegular):
		msg = pe.Path + ": " + book.ErrNotRegular.Error()
	}
	if bs.said[msg] {
		return
	}
	bs.said[msg] = true
	errorf("book: %s; playing without a book", msg)
}

// searcher wraps inner for a search of g by a player of level (1..10),
// valuing the book's draws at draw; nil when the book is off.
func (bs *bookState) searcher(inner engines.Searcher, g engines.Game, level int, draw engines.Score) *book.Searcher {
	if !bs.on() {
		return nil
	}
	return &book.Searcher{
		Inner: inner, Open: bs.opener(g), Draw: draw,
		Randomness: bs.randomness + book.LevelRandomness(level),
		Rand:       rand.New(rand.NewPCG(bs.rng.Uint64(), bs.rng.Uint64())),
	}
}

// bind has the book's failures said through the server while the search
// runs: the searcher reports them from its goroutine.
func (bs *bookState) bind(b *book.Searcher, errorf func(string, ...any)) func(run func(func())) {
	return func(run func(func())) {
		b.Failed = func(err error) { run(func() { bs.fail(err, errorf) }) }
	}
}

// learnGame hands the game that led to pos over to the learner, when
// BookLearn is on; random marks a game of weakened play (a level below the
// full strength), which is logged but not learned.
func (bs *bookState) learnGame(g engines.Game, pos engines.Position, random bool) {
	if bs.learn {
		bs.learnNow(g, pos, random)
	}
}

// learnNow is learnGame whatever BookLearn says (NBoard's learn). The
// channel it returns gets nil once the game is in its book's log (or is
// not to be learned: no book, no move, learned already), or why not.
func (bs *bookState) learnNow(g engines.Game, pos engines.Position, random bool) <-chan error {
	key := gameKey(g, pos)
	if bs.shelf == nil || pos.Plies() == 0 || key == bs.learned {
		done := make(chan error, 1)
		done <- nil
		return done
	}
	bs.learned = key
	if bs.learner == nil {
		logf, say := bs.logf, bs.say
		bs.learner = book.NewLearner(0, func(err error) {
			logf("book: learning: %v", err)
			if say != nil {
				say(err)
			}
		})
	}
	shelf, file := bs.shelf, bs.file
	// With no BookFile, a game with no book yet learns into the book to be
	// beside the binary; a BookFile must be a book.
	return bs.learner.AddFinal(func() (*book.Book, error) { return shelf.Learning(g, file) }, pos.Clone(), random)
}

// gameKey names a game by the positions it went through: the same final
// position reached by another order is another game.
func gameKey(g engines.Game, pos engines.Position) string {
	p := pos.Clone()
	var b strings.Builder
	b.WriteString(g.Name())
	for {
		b.WriteByte('\n')
		b.WriteString(p.Text())
		if p.Plies() == 0 {
			return b.String()
		}
		p.Undo()
	}
}

// close ends learning at once: the games not learned yet are written to
// their books' logs, where `qi book build` learns them.
func (bs *bookState) close() {
	if bs.learner != nil {
		bs.learner.Close(false)
		bs.learner = nil
	}
}

// unitsText writes a value in the game's units: "+0.50", "+M3" for a forced
// win in three moves.
func unitsText(v engines.Score) string {
	if v.IsMate() {
		n := (v.MatePlies() + 1) / 2
		if v > 0 {
			return fmt.Sprintf("+M%d", n)
		}
		return fmt.Sprintf("-M%d", n)
	}
	return fmt.Sprintf("%+.2f", float64(v)/100)
}

// bookText describes a book move for people: "b2, value +0.20 (depth 4),
// 3 games, 2 of 3 book moves within the randomness".
func bookText(pos engines.Position, o book.Outcome) string {
	depth := fmt.Sprintf("depth %d", o.Move.Level)
	if o.Move.Exact {
		depth = "exact"
	}
	return fmt.Sprintf("%s, value %s (%s), %d games, %d of %d book moves within the randomness",
		pos.MoveText(o.Move.Move), unitsText(o.Move.Value), depth, o.Games, o.Within, o.Moves)
}

// leftText says why a search left the book.
func leftText(pos engines.Position, o book.Outcome) string {
	return fmt.Sprintf("left: a quick search finds %s at %s, the book %s at %s",
		pos.MoveText(o.Quick.Best()), unitsText(o.Quick.Score), pos.MoveText(o.Move.Move), unitsText(o.Move.Value))
}
