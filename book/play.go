// This file holds playing from the book: choosing a move among the book's,
// a searcher that answers from the book where it can (and leaves it where a
// quick search finds the book clearly wrong), and the game a position's
// history holds, for learning it once it is over.

package book

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"qi/engines"
)

// Pick chooses among cands, the book's moves best first as Probe returns
// them: with randomness 0 or no rng the best; otherwise a move whose value
// is within randomness of the best, at random with weights falling
// linearly from the best's (NTest's way of varying its play). cands must
// not be empty.
func Pick(cands []Candidate, randomness engines.Score, rng *rand.Rand) Candidate {
	if randomness <= 0 || rng == nil {
		return cands[0]
	}
	best := cands[0].Value
	var total int64
	weights := make([]int64, len(cands))
	for i, c := range cands {
		if d := int64(best) - int64(c.Value); d <= int64(randomness) {
			weights[i] = int64(randomness) + 1 - d
			total += weights[i]
		}
	}
	r := rng.Int64N(total)
	for i, w := range weights {
		if r < w {
			return cands[i]
		}
		r -= w
	}
	return cands[0]
}

// levelStep is the randomness each level below the full strength adds, in
// the game's hundredths.
const levelStep engines.Score = 50

// LevelRandomness is the book randomness a player of level (1 to
// engines.MaxLevel) adds to its own: half a disc a level below the full
// strength, so that people who ask for a weaker qi get more varied
// openings too.
func LevelRandomness(level int) engines.Score {
	return engines.Score(max(engines.MaxLevel-level, 0)) * levelStep
}

// Within counts the moves of cands that Pick may choose with randomness.
func Within(cands []Candidate, randomness engines.Score) int {
	n := 0
	for _, c := range cands {
		if int64(cands[0].Value)-int64(c.Value) <= int64(max(randomness, 0)) {
			n++
		}
	}
	return n
}

// ValueDraws gives the exact draws among cands the value draw for the side
// to move (a contempt: a player that wants more than a draw values them
// below 0) and puts cands back in order, best first.
func ValueDraws(cands []Candidate, draw engines.Score) []Candidate {
	if draw == 0 {
		return cands
	}
	for i := range cands {
		if cands[i].Exact && cands[i].Value == 0 {
			cands[i].Value = draw
		}
	}
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		if c := cmp.Compare(y.Value, x.Value); c != 0 {
			return c
		}
		return cmp.Compare(y.Games(), x.Games())
	})
	return cands
}

// Line returns the book's best line from pos: the moves of its best book
// positions, one after the other, at most n of them; the leaf ends it.
func (b *Book) Line(pos engines.Position, n int) []engines.Move {
	p := pos.Clone()
	var line []engines.Move
	for len(line) < n {
		cands := b.Probe(p)
		if len(cands) == 0 {
			break
		}
		line = append(line, cands[0].Move)
		if cands[0].Leaf {
			break
		}
		p.Play(cands[0].Move)
	}
	return line
}

// GameOf returns the game that led to pos as pos's history holds it: the
// position the history starts from (nil when it is g's start), the moves
// played since, and pos's result.
func GameOf(g engines.Game, pos engines.Position) Game {
	p := pos.Clone()
	moves := make([]engines.Move, p.Plies())
	var buf [256]engines.Move
	for i := len(moves) - 1; i >= 0; i-- {
		hash, text := p.Hash(), p.Text()
		p.Undo()
		moves[i] = engines.NoMove
		for _, m := range p.LegalMoves(buf[:0]) {
			p.Play(m)
			found := p.Hash() == hash && p.Text() == text
			p.Undo()
			if found {
				moves[i] = m
				break
			}
		}
		if moves[i] == engines.NoMove {
			// The history is not one of legal moves: the game starts at pos.
			return Game{Start: pos.Clone(), Result: pos.Result()}
		}
	}
	gm := Game{Moves: moves, Result: pos.Result()}
	if p.Text() != g.Start().Text() {
		gm.Start = p
	}
	return gm
}

// DefaultMargin is how much more than the book's value a quick search must
// find, in the game's hundredths, for Searcher to leave the book: three
// discs in othello.
const DefaultMargin engines.Score = 300

// Searcher is a game's searcher that answers from a book where the
// position is in it: with a move Pick chooses, unless a quick search finds
// another move worth clearly more than the book's best (Leave), and then
// with the search. The book is opened and probed in the search, so a
// protocol that runs searches off its own goroutine never waits for a book
// file. Set its fields before the search; one search at a time.
type Searcher struct {
	// Inner is the game's searcher.
	Inner engines.Searcher
	// Open returns the book (a Shelf's, opened when first asked for).
	Open func() (*Book, error)
	// Randomness is Pick's; Rand its source (nil: always the best).
	Randomness engines.Score
	Rand       *rand.Rand
	// Draw is the value of the book's exact draws for the side to move
	// (ValueDraws); Margin Leave's (0: DefaultMargin).
	Draw, Margin engines.Score
	// Failed, when not nil, is told why Open failed, unless the game has
	// no book (ErrNoBook): the search then goes on without one.
	Failed func(error)

	mu      sync.Mutex
	outcome Outcome
}

// Outcome is what became of the book in a search.
type Outcome struct {
	// InBook says the position was in the book; Played that the answer
	// was the book's Move, not the search's.
	InBook, Played bool
	// Move is the move played from the book, or when the search left
	// the book the book's best.
	Move Candidate
	// Moves counts the book's moves in the position; Within those Pick
	// chose among.
	Moves, Within int
	// Games counts the games through the position.
	Games uint64
	// Quick is the quick search that checked the book (Depth 0 when none
	// ran: an exact book value needs none).
	Quick engines.Info
	// Took is the time the book move took, the quick search's.
	Took time.Duration
}

// Outcome returns what became of the book in the last search.
func (s *Searcher) Outcome() Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.outcome
}

// Clear clears the inner searcher.
func (s *Searcher) Clear() { s.Inner.Clear() }

// Close closes the inner searcher, when its tables need it.
func (s *Searcher) Close() error {
	if c, ok := s.Inner.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}

// FirstMove is the inner searcher's, when it names one.
func (s *Searcher) FirstMove(pos engines.Position) engines.Move {
	if fm, ok := s.Inner.(engines.FirstMover); ok {
		return fm.FirstMove(pos)
	}
	return engines.NoMove
}

// quickDepth is the depth of the search that checks a book of level: half
// of it, so that checking costs a small part of a move's time.
func quickDepth(level int) int { return max(level/2, 1) }

// quickShare is the part of a move's time the check may take.
const quickShare = 8

// Search answers from the book when pos is in it, else searches.
func (s *Searcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	s.mu.Lock()
	s.outcome = Outcome{}
	s.mu.Unlock()
	b, err := s.Open()
	if err != nil {
		if s.Failed != nil && !errors.Is(err, ErrNoBook) {
			s.Failed(err)
		}
		return s.Inner.Search(ctx, pos, lim, report)
	}
	cands := b.Probe(pos)
	if len(cands) == 0 {
		return s.Inner.Search(ctx, pos, lim, report)
	}
	cands = ValueDraws(cands, s.Draw)
	o := Outcome{InBook: true, Moves: len(cands), Within: Within(cands, s.Randomness)}
	key, _ := b.Key(pos)
	if e, ok := b.Lookup(key); ok {
		o.Games = e.Games()
	}
	pick := Pick(cands, s.Randomness, s.Rand)
	if !cands[0].Exact {
		o.Quick = s.quick(ctx, pos, lim, b.Level())
		if ctx.Err() == nil && Leave(cands[0], o.Quick, cmp.Or(s.Margin, DefaultMargin)) {
			o.Move = cands[0]
			s.mu.Lock()
			s.outcome = o
			s.mu.Unlock()
			return s.Inner.Search(ctx, pos, lim, report)
		}
	}
	o.Played, o.Move, o.Took = true, pick, time.Since(start)
	s.mu.Lock()
	s.outcome = o
	s.mu.Unlock()
	return engines.Info{Score: pick.Value, Exact: pick.Exact, Nodes: o.Quick.Nodes, Time: o.Took, PV: []engines.Move{pick.Move}}
}

// quick searches pos to half the book's depth, within a small part of the
// limits: the check of a book move.
func (s *Searcher) quick(ctx context.Context, pos engines.Position, lim engines.Limits, level int) engines.Info {
	q := engines.Limits{Depth: quickDepth(level)}
	if lim.Depth > 0 {
		q.Depth = min(q.Depth, lim.Depth)
	}
	if lim.Nodes > 0 {
		q.Nodes = max(lim.Nodes/quickShare, 1)
	}
	if lim.Soft > 0 {
		q.Soft = lim.Soft / quickShare
	}
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Until(dl)/quickShare)
		defer cancel()
	}
	return s.Inner.Search(ctx, pos, q, nil)
}
