// Package play is `qi play`, the people's interface: a person plays any of qi's games against it
// in a terminal, with a board drawing, the choice of who moves first and of
// the level, take-backs (悔棋), hints and plain messages for bad input.
// Ctrl-C quits at a question and makes qi play at once while it thinks.
// Where the game has an opening book, qi plays from it ("book move") and
// learns the games it finishes into it.
package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"qi/book"
	"qi/engines"
)

// pass is how games write a pass; a player whose only move is a pass is told
// so and passes without being asked.
const pass = "0000"

// session is one person's games against qi.
type session struct {
	ctx context.Context
	// lines brings the person's lines, closed at the end of the input;
	// interrupts brings Ctrl-C.
	lines      <-chan string
	interrupts <-chan os.Signal
	out        io.Writer
	game       engines.Game
	searcher   engines.Searcher
	think      time.Duration
	level      int
	human      engines.Side
	pos        engines.Position
	// book is the opening book (nil: none), rng what varies its moves at
	// the lower levels; learner learns the finished games into it (nil:
	// not learning yet, or not at all without learn).
	book    *book.Book
	rng     *rand.Rand
	learn   bool
	learner *book.Learner
	// learnErrs are the learner's failures, said when the session ends.
	learnMu   sync.Mutex
	learnErrs []error
}

// errQuit ends the session when the person says so, presses Ctrl-C at a
// question, or the input ends.
var errQuit = errors.New("quit")

// Run plays games on in and out; args are `[game] [flags]` in any order.
// books has the opening books (nil: none). Each value from interrupts is a
// Ctrl-C: at a question it quits, during a search it stops that search,
// whose best move so far is played. A request for help prints the usage on
// out and returns flag.ErrHelp.
func Run(ctx context.Context, args []string, in io.Reader, out io.Writer, reg *engines.Registry, books *book.Shelf, interrupts <-chan os.Signal) error {
	set, err := parseArgs(args, out, reg)
	if err != nil {
		return err
	}
	done := make(chan struct{})
	defer close(done)
	now := uint64(time.Now().UnixNano())
	s := &session{ctx: ctx, lines: readLines(in, done), interrupts: interrupts, out: out,
		think: set.think, level: set.level, learn: set.learn, rng: rand.New(rand.NewPCG(now, now>>32))}
	defer s.stopLearning()
	if err := s.play(reg, books, set); err != errQuit {
		return err
	}
	s.printf("Bye.\n")
	return nil
}

// readLines sends the lines of in, without their line endings, until its
// end or until done is closed.
func readLines(in io.Reader, done <-chan struct{}) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		r := bufio.NewReader(in)
		for {
			l, err := r.ReadString('\n')
			if l != "" {
				select {
				case lines <- strings.TrimRight(l, "\r\n"):
				case <-done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return lines
}

// play sets the games up as the person wants them and plays them until the
// person has had enough (errQuit).
func (s *session) play(reg *engines.Registry, books *book.Shelf, set setup) error {
	spec, _ := reg.Lookup(set.game)
	s.printf("qi plays %s. Type help at your move for the commands.\n", spec.Name)
	if set.cfg.Rule == "" && len(spec.Rules) > 1 {
		r, err := s.askRule(spec)
		if err != nil {
			return err
		}
		set.cfg.Rule = r
	}
	g, err := reg.New(set.game, set.cfg)
	if err != nil {
		return err
	}
	s.game = g
	s.openBook(books, set.book)
	if err := s.setup(set.first); err != nil {
		return err
	}
	for {
		if err := s.playGame(); err != nil {
			return err
		}
		yes, err := s.askYes("Play again? [y/N] ", false)
		if err != nil || !yes {
			return errQuit
		}
	}
}

func (s *session) printf(format string, a ...any) { fmt.Fprintf(s.out, format, a...) }

// line reads a line of input after a prompt; errQuit at the end of the
// input or on Ctrl-C.
func (s *session) line(prompt string) (string, error) {
	s.printf("%s", prompt)
	select {
	case l, ok := <-s.lines:
		if !ok {
			s.printf("\n")
			return "", errQuit
		}
		return strings.TrimSpace(l), nil
	case <-s.interrupts:
		s.printf("\n")
		return "", errQuit
	}
}

func (s *session) askYes(prompt string, def bool) (bool, error) {
	for {
		l, err := s.line(prompt)
		if err != nil {
			return false, err
		}
		switch strings.ToLower(l) {
		case "":
			return def, nil
		case "y", "yes":
			return true, nil
		case "n", "no":
			return false, nil
		}
		s.printf("Please answer y or n.\n")
	}
}

// askRule asks which of the game's rule sets to play, the first by default.
func (s *session) askRule(spec engines.Spec) (string, error) {
	for {
		l, err := s.line(fmt.Sprintf("Rule, one of %s [%s]: ", strings.Join(spec.Rules, ", "), spec.Rules[0]))
		if err != nil {
			return "", err
		}
		if l == "" {
			return spec.Rules[0], nil
		}
		for _, r := range spec.Rules {
			if strings.EqualFold(l, r) {
				return r, nil
			}
		}
		s.printf("Please give one of %s.\n", strings.Join(spec.Rules, ", "))
	}
}

// setup asks for the level and who moves first, unless the command line
// said.
func (s *session) setup(first string) error {
	for s.level == 0 {
		l, err := s.line(fmt.Sprintf("Level, 1 (weakest) to %d (full strength) [%d]: ", engines.MaxLevel, engines.MaxLevel))
		if err != nil {
			return err
		}
		if l == "" {
			s.level = engines.MaxLevel
			break
		}
		if n, err := strconv.Atoi(l); err == nil && n >= 1 && n <= engines.MaxLevel {
			s.level = n
			break
		}
		s.printf("Please give a number from 1 to %d.\n", engines.MaxLevel)
	}
	s.searcher = s.game.NewSearcher(engines.Config{Level: s.level})
	s.human = engines.P2
	switch first {
	case "you":
		s.human = engines.P1
	case "ask":
		yes, err := s.askYes(fmt.Sprintf("Do you want to move first (as %s)? [Y/n] ", s.side(engines.P1)), true)
		if err != nil {
			return err
		}
		if yes {
			s.human = engines.P1
		}
	}
	s.printf("You play %s, qi plays %s at level %d.\n", s.side(s.human), s.side(s.human.Other()), s.level)
	return nil
}

// side names a side of the game.
func (s *session) side(sd engines.Side) string { return engines.SideName(s.game, sd) }

// playGame plays one game from the start to its end.
func (s *session) playGame() error {
	s.pos = s.game.Start()
	s.searcher.Clear()
	for {
		s.printf("\n%s", s.pos.String())
		if r := s.pos.Result(); r != engines.None {
			s.announce(r)
			s.learnGame()
			return nil
		}
		side := s.pos.SideToMove()
		if moves := s.pos.LegalMoves(nil); len(moves) == 1 && s.pos.MoveText(moves[0]) == pass {
			s.printf("%s has no move and passes.\n", s.side(side))
			s.pos.Play(moves[0])
			continue
		}
		if side != s.human {
			s.engineMove()
			continue
		}
		if err := s.humanTurn(); err != nil {
			return err
		}
	}
}

// announce says how the game ended and who that is.
func (s *session) announce(r engines.Result) {
	switch r {
	case engines.Draw:
		s.printf("Game over: %s.\n", s.verdict(r))
	case engines.WinFor(s.human):
		s.printf("Game over: %s. You win, well played!\n", s.verdict(r))
	default:
		s.printf("Game over: %s. qi wins.\n", s.verdict(r))
	}
}

// discCounter is implemented by positions of games decided by counting
// discs (othello), whose results say the count.
type discCounter interface {
	Discs() (p1, p2 int)
}

// verdict says a result in people's words: "X wins", "Black wins 53-11",
// "a draw".
func (s *session) verdict(r engines.Result) string {
	text := "a draw"
	if r != engines.Draw {
		winner := engines.P1
		if r == engines.P2Win {
			winner = engines.P2
		}
		text = s.side(winner) + " wins"
	}
	if c, ok := s.pos.(discCounter); ok {
		// The winner's count comes first.
		a, b := c.Discs()
		if r == engines.P2Win {
			a, b = b, a
		}
		text += fmt.Sprintf(" %d-%d", a, b)
	}
	return text
}

// search runs a search at level for at most the thinking time and returns
// its answer, and whether it is a book move. Ctrl-C stops it, and the best
// move it has found so far is the answer; the next search is a full one
// again.
func (s *session) search(level int) (engines.Info, bool) {
	ctx, cancel := context.WithTimeout(s.ctx, s.think)
	defer cancel()
	var searcher engines.Searcher = s.searcher
	if level != s.level {
		searcher = s.game.NewSearcher(engines.Config{Level: level})
	}
	var fromBook *book.Searcher
	if s.book != nil {
		b := s.book
		fromBook = &book.Searcher{Inner: searcher, Open: func() (*book.Book, error) { return b, nil },
			Randomness: book.LevelRandomness(level), Rand: rand.New(rand.NewPCG(s.rng.Uint64(), s.rng.Uint64()))}
		searcher = fromBook
	}
	pos := s.pos.Clone()
	done := make(chan engines.Info, 1)
	go func() { done <- searcher.Search(ctx, pos, engines.Limits{MoveTime: s.think}, nil) }()
	var info engines.Info
	select {
	case info = <-done:
	case <-s.interrupts:
		cancel()
		info = <-done
		// Ctrl-C pressed more than once stops this search only.
		for len(s.interrupts) > 0 {
			<-s.interrupts
		}
	}
	if len(info.PV) == 0 {
		info.PV = s.pos.LegalMoves(nil)[:1]
	}
	return info, fromBook != nil && fromBook.Outcome().Played
}

func (s *session) engineMove() {
	s.printf("qi is thinking (up to %v; Ctrl-C makes it play now)...\n", s.think)
	info, fromBook := s.search(s.level)
	m := info.Best()
	s.printf("qi (%s) plays %s%s.\n", s.side(s.pos.SideToMove()), s.pos.MoveText(m), said(info, fromBook))
	s.pos.Play(m)
}

// said is what qi says of its move: a book move, or what the search
// thinks of the game.
func said(i engines.Info, fromBook bool) string {
	if fromBook {
		return " (book move)"
	}
	return judge(i)
}

// judge says what a search thinks of the game, for people.
func judge(i engines.Info) string {
	if !i.Score.IsMate() {
		return ""
	}
	n := (i.Score.MatePlies() + 1) / 2
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	if i.Score > 0 {
		return fmt.Sprintf(" and will win within %d %s", n, moves)
	}
	return fmt.Sprintf(" (it sees a forced loss within %d %s)", n, moves)
}

// humanTurn reads commands until the person has moved, undone or quit.
func (s *session) humanTurn() error {
	for {
		l, err := s.line(fmt.Sprintf("Your move (%s) > ", s.side(s.human)))
		if err != nil {
			return err
		}
		switch strings.ToLower(l) {
		case "":
			continue
		case "quit", "exit", "q":
			return errQuit
		case "help", "?":
			s.printf("Type a move (for example %s), or: undo (take back your last move), hint, moves, board, quit. Ctrl-C quits too.\n",
				s.pos.MoveText(s.pos.LegalMoves(nil)[0]))
			continue
		case "moves":
			var ms []string
			for _, m := range s.pos.LegalMoves(nil) {
				ms = append(ms, s.pos.MoveText(m))
			}
			s.printf("Legal moves: %s.\n", strings.Join(ms, " "))
			continue
		case "board", "d":
			s.printf("%s", s.pos.String())
			continue
		case "hint":
			s.printf("Looking for a hint (up to %v; Ctrl-C gives the best so far)...\n", s.think)
			info, fromBook := s.search(engines.MaxLevel)
			s.printf("Hint: %s%s.\n", s.pos.MoveText(info.Best()), said(info, fromBook))
			continue
		case "undo", "悔棋":
			if !s.undo() {
				s.printf("There is no move of yours to take back.\n")
				continue
			}
			return nil
		}
		m, err := engines.Legal(s.pos, l)
		if err != nil {
			s.printf("%s. Type help for the commands.\n", sentence(err))
			continue
		}
		s.pos.Play(m)
		return nil
	}
}

// sentence writes an error as the start of a sentence: capitalised, unless
// it starts with a move ("h8 is taken"), which keeps its own spelling.
func sentence(err error) string {
	s := err.Error()
	first, _, _ := strings.Cut(s, " ")
	if strings.ContainsAny(first, "0123456789") {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// undo takes back the person's last move and qi's replies to it.
func (s *session) undo() bool {
	p := s.pos.Clone()
	for p.Plies() > 0 {
		p.Undo()
		if p.SideToMove() == s.human {
			s.pos = p
			s.printf("Taken back.\n")
			return true
		}
	}
	return false
}

// openBook opens the game's opening book: the file path, with "" qi's own
// book of the game (none is no matter), with "off" none. A book that does
// not open is said, and qi plays without one.
func (s *session) openBook(books *book.Shelf, path string) {
	if books == nil || strings.EqualFold(path, "off") {
		return
	}
	b, err := books.Book(s.game, path)
	switch {
	case errors.Is(err, book.ErrNoBook):
	case err != nil:
		s.printf("The opening book does not open (%v); qi plays without one.\n", err)
	default:
		s.book = b
	}
}

// learnGame hands the finished game over to be learned into the book, in
// the background, when there is a book and learning is on. A game below
// the full strength is logged as one of random moves, which learning
// skips.
func (s *session) learnGame() {
	if s.book == nil || !s.learn {
		return
	}
	if s.learner == nil {
		s.learner = book.NewLearner(0, func(err error) {
			s.learnMu.Lock()
			defer s.learnMu.Unlock()
			s.learnErrs = append(s.learnErrs, err)
		})
	}
	b := s.book
	s.learner.AddFinal(func() (*book.Book, error) { return b, nil }, s.pos.Clone(), s.level < engines.MaxLevel)
}

// stopLearning ends learning at once: the games not learned yet are in the
// book's game log, where `qi book build` learns them.
func (s *session) stopLearning() {
	if s.learner == nil {
		return
	}
	s.learner.Close(false)
	s.learnMu.Lock()
	defer s.learnMu.Unlock()
	for _, err := range s.learnErrs {
		s.printf("Learning the games into the opening book failed: %v.\n", err)
	}
}
