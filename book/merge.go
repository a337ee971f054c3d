// This file holds merging: the positions of another book (or of a text
// export) join this one; where both know a position, the deeper search
// wins, and an exact one beats any other; the games are added up.

package book

import "fmt"

// better reports whether a's leaf comes from a better search than b's:
// exact beats inexact, then the deeper wins.
func better(a, b *Entry) bool {
	if a.LeafExact != b.LeafExact {
		return a.LeafExact
	}
	return a.LeafLevel > b.LeafLevel
}

// mergeEntry merges o into the book: kept where the book has no entry of
// its key or a worse search, its games added in any case. b.mu must be
// held.
func (b *Book) mergeEntry(o *Entry) {
	e, ok := b.get(o.Key)
	switch {
	case !ok:
		e = *o
	case better(o, &e):
		w, d, l := e.Wins, e.Draws, e.Losses
		e = *o
		e.Wins, e.Draws, e.Losses = w+o.Wins, d+o.Draws, l+o.Losses
	default:
		e.Wins, e.Draws, e.Losses = e.Wins+o.Wins, e.Draws+o.Draws, e.Losses+o.Losses
	}
	b.over[o.Key] = e.clone()
}

// Merge adds the positions of o, a book of the same game and setting, as
// mergeEntry says. The leaves and values are left as they were: a leaf may
// now be a book position, and StalePlan and Negamax set that right.
func (b *Book) Merge(o *Book) (int, error) {
	if o.hdr.game != b.hdr.game || o.hdr.setting != b.hdr.setting {
		return 0, fmt.Errorf("book: cannot merge a book of %s into one of %s", o.Describe(), b.Describe())
	}
	all := o.entries()
	b.mergeAll(all)
	return len(all), nil
}

// mergeAll merges entries into the book, each as mergeEntry says.
func (b *Book) mergeAll(entries []*Entry) {
	b.learnMu.Lock()
	defer b.learnMu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range entries {
		b.mergeEntry(e)
	}
}

// StalePlan returns the searches that set the book's leaves right after a
// merge or an import: each position whose leaf has become a book position,
// or that has no leaf though a move is outside the book.
func (b *Book) StalePlan() (*Plan, error) {
	items, err := b.staleLeaves(nil)
	if err != nil {
		return nil, err
	}
	p := &Plan{Items: items, counts: map[uint64]*Entry{}, added: map[uint64]bool{}}
	p.sortItems()
	return p, nil
}
