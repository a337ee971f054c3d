// This file holds the summary of a book that `qi book stats` prints.

package book

import "qi/engines"

// Stats summarises a book.
type Stats struct {
	// Positions are in the book; Exact of them have exact values; Leaves
	// have a best move outside the book.
	Positions, Exact, Leaves int
	// StartGames counts the games through the game's start position.
	StartGames uint64
	// ByLevel counts the positions by the depth behind their value.
	ByLevel map[int]int
}

// Stats summarises the book.
func (b *Book) Stats() Stats {
	st := Stats{ByLevel: map[int]int{}}
	for _, e := range b.entries() {
		st.Positions++
		if e.Exact {
			st.Exact++
		}
		if e.Leaf != engines.NoMove {
			st.Leaves++
		}
		st.ByLevel[e.Level]++
	}
	if key, err := b.Key(b.game.Start()); err == nil {
		if e, ok := b.Lookup(key); ok {
			st.StartGames = e.Games()
		}
	}
	return st
}
