// This file holds the start of a build from game records: counting how
// often each position of the games' first plies occurs, and planning the
// search of those that occur often enough; and the plan of adding given
// positions (those of an imported tree of moves), searched alike.

package book

import (
	"fmt"
	"iter"

	"qi/engines"
)

// Counter counts the positions of games, up to a ply, for a build. It keeps
// the games (their moves) to count their results once the positions are
// chosen, and the occurrences of every position in a map of keys.
type Counter struct {
	game  engines.Game
	plies int
	keys  keyer
	seen  map[uint64]uint32
	games []Game
	// pending holds the keys of the game being added.
	pending []uint64
	// Skipped counts the games refused: illegal moves, random moves.
	Skipped int
}

// NewCounter returns a counter of the positions of g's games up to plies
// plies from the game's start (the start position is ply 0).
func NewCounter(g engines.Game, plies int) *Counter {
	return &Counter{game: g, plies: plies, seen: map[uint64]uint32{}}
}

// Games returns the number of games counted.
func (c *Counter) Games() int { return len(c.games) }

// Positions returns the number of distinct positions counted.
func (c *Counter) Positions() int { return len(c.seen) }

// Add counts the positions of gm from the end of its opening to the
// counter's ply (or the game's end); it refuses a game with an illegal move
// and skips one of random moves.
func (c *Counter) Add(gm Game) error {
	if gm.Random {
		c.Skipped++
		return nil
	}
	// The positions count once the whole game is known to be legal.
	keys := c.pending[:0]
	err := c.walk(gm, func(pos engines.Position) error {
		key, err := c.keys.key(pos)
		keys = append(keys, key)
		return err
	})
	c.pending = keys
	if err != nil {
		c.Skipped++
		return err
	}
	for _, k := range keys {
		c.seen[k]++
	}
	c.games = append(c.games, Game{Start: gm.Start, Moves: gm.Moves, Result: gm.Result, Opening: gm.Opening})
	return nil
}

// walk calls visit with each position of gm that a build counts: from the
// end of the opening to the counter's ply, the game going on.
func (c *Counter) walk(gm Game, visit func(engines.Position) error) error {
	pos := gm.start(c.game)
	first := pos.Plies()
	var buf [256]engines.Move
	for i := 0; ; i++ {
		if first+i > c.plies || pos.Result() != engines.None {
			return nil
		}
		if i >= gm.Opening {
			if err := visit(pos); err != nil {
				return err
			}
		}
		if i == len(gm.Moves) {
			return nil
		}
		m, legal := gm.Moves[i], false
		for _, l := range pos.LegalMoves(buf[:0]) {
			legal = legal || l == m
		}
		if !legal {
			return fmt.Errorf("move %d (%s) is not legal", i+1, pos.MoveText(m))
		}
		pos.Play(m)
	}
}

// Plan returns the work of building b from the games counted: every
// position that occurs at least minCount times and is not in the book yet
// becomes a new position; a book position whose leaf is one of them gets
// its leaf searched again; every book position after the build counts the
// results of the games through it.
func (c *Counter) Plan(b *Book, minCount int) (*Plan, error) {
	p := &Plan{counts: map[uint64]*Entry{}, added: map[uint64]bool{}}
	for _, gm := range c.games {
		err := c.walk(gm, func(pos engines.Position) error {
			key, _, board, err := c.keys.canon(pos)
			if err != nil {
				return err
			}
			inBook := b.has(key)
			if !inBook && c.seen[key] < uint32(max(minCount, 1)) {
				return nil
			}
			e := p.counts[key]
			if e == nil {
				e = &Entry{Key: key}
				p.counts[key] = e
				if !inBook {
					p.added[key] = true
					p.Items = append(p.Items, Item{Key: key, Board: append([]byte(nil), board...), New: true})
				}
			}
			e.count(gm.Result, pos.SideToMove())
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if err := p.addStale(b); err != nil {
		return nil, err
	}
	return p, nil
}

// PositionPlan returns the work of adding the positions that positions
// yields to the book, as Counter.Plan adds those of records: each that is
// not in the book yet (a position stands for its images under the board's
// symmetries, and counts once) becomes a new position, searched for its
// leaf; a book position whose leaf is one of them gets its leaf searched
// again. No games are counted. A position whose game is over has no place
// in a book and is an error.
func (b *Book) PositionPlan(positions iter.Seq[engines.Position]) (*Plan, error) {
	p := &Plan{counts: map[uint64]*Entry{}, added: map[uint64]bool{}}
	k := &keyer{}
	for pos := range positions {
		if pos.Result() != engines.None {
			return nil, fmt.Errorf("book: the game is over in %s: no book position", pos.Text())
		}
		key, _, board, err := k.canon(pos)
		if err != nil {
			return nil, err
		}
		if p.added[key] || b.has(key) {
			continue
		}
		p.added[key] = true
		p.Items = append(p.Items, Item{Key: key, Board: append([]byte(nil), board...), New: true})
	}
	if err := p.addStale(b); err != nil {
		return nil, err
	}
	return p, nil
}

// staleLeaves returns the book positions whose leaf is a book position, or
// one of added, as items to search again, and those that have no leaf
// though some move is outside the book.
func (b *Book) staleLeaves(added map[uint64]bool) ([]Item, error) {
	var items []Item
	k := &keyer{}
	var buf [256]engines.Move
	for _, e := range b.entries() {
		pos, err := b.packer.Unpack(e.Board)
		if err != nil {
			return nil, fmt.Errorf("book: position %x: %w", e.Key, err)
		}
		// A leaf is stale when its position is in the book, and so is a
		// missing leaf when some move's position is not.
		stale, leafLegal := false, false
		for _, m := range pos.LegalMoves(buf[:0]) {
			pos.Play(m)
			key, err := k.key(pos)
			pos.Undo()
			if err != nil {
				return nil, err
			}
			in := added[key] || b.has(key)
			if m == e.Leaf {
				leafLegal, stale = true, in
				break
			}
			if e.Leaf == engines.NoMove && !in {
				stale = true
				break
			}
		}
		if e.Leaf != engines.NoMove && !leafLegal {
			stale = true
		}
		if stale {
			items = append(items, Item{Key: e.Key, Board: e.Board})
		}
	}
	return items, nil
}
