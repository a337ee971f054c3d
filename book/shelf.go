// This file holds the Shelf, which opens books when a protocol first asks
// for one, so that qi starts without reading any.

package book

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sync"

	"qi/engines"
)

// Shelf opens books as they are first asked for and keeps them open: a
// protocol asks at each move for the book of the game it plays and gets it
// at once after the first time. It is safe for concurrent use.
type Shelf struct {
	dir string
	// root, when set, holds every book the shelf opens or learns into: a
	// path a client names is taken inside it (see NewShelfRooted).
	root     string
	embedded fs.FS
	mu       sync.Mutex
	open     map[shelfKey]shelfEntry
}

// shelfKey names a book: its game's file name, the path asked for, and
// whether it is the one learned into when there is no book (Learning).
type shelfKey struct {
	name, path string
	learning   bool
}

type shelfEntry struct {
	book *Book
	err  error
}

// NewShelf returns a shelf whose default books come from beside the
// binary or from embedded (qi's built-in books; may be nil).
func NewShelf(embedded fs.FS) *Shelf {
	return NewShelfIn("", embedded)
}

// NewShelfIn returns a shelf whose default books come from dir ("": the
// binary's folder) or from embedded.
func NewShelfIn(dir string, embedded fs.FS) *Shelf {
	return &Shelf{dir: dir, embedded: embedded, open: map[shelfKey]shelfEntry{}}
}

// NewShelfRooted returns a shelf that keeps every book under root: its
// default books come from root, and a path a client names, absolute or
// relative, is taken inside root, so that no book file or game log is read
// or written elsewhere. Sessions whose clients may name any path (the
// protocol's fuzz tests) use it.
func NewShelfRooted(root string, embedded fs.FS) *Shelf {
	s := NewShelfIn(root, embedded)
	s.root = root
	return s
}

// Path returns the file the shelf opens for a book named path.
func (s *Shelf) Path(path string) string {
	if s.root == "" || path == "" {
		return path
	}
	// Rooted at "/" first, so that no ".." climbs out of root.
	return filepath.Join(s.root, filepath.Join(string(filepath.Separator), path))
}

// Book returns the book of g: the file at path, or with path "" the
// default book (OpenDefault). The first call for a book opens it; later
// calls return it, or the same error (ErrNoBook when g has none), without
// reading anything.
func (s *Shelf) Book(g engines.Game, path string) (*Book, error) {
	key := shelfKey{name: FileName(g), path: path}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.open[key]; ok {
		return e.book, e.err
	}
	var e shelfEntry
	if path == "" {
		e.book, e.err = openDefault(g, s.dir, s.embedded)
	} else {
		e.book, e.err = Open(s.Path(path), g)
	}
	s.open[key] = e
	return e.book, e.err
}

// Learning returns the book to learn g's games into: Book's, or where g has
// no default book (path "") an empty one whose game log is where that book
// would be, beside the binary, so that `qi book build` makes the book from
// the games learned. A book named by path must open: nothing is learned,
// and no folder made, for a file that is missing or is no book of g (make a
// new book first with `qi book build`).
func (s *Shelf) Learning(g engines.Game, path string) (*Book, error) {
	b, err := s.Book(g, path)
	if err == nil || path != "" || !errors.Is(err, ErrNoBook) {
		return b, err
	}
	key := shelfKey{name: FileName(g), path: path, learning: true}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.open[key]; ok {
		return e.book, e.err
	}
	var e shelfEntry
	if at := defaultPath(g, s.dir); at == "" {
		e.err = err
	} else if e.book, e.err = New(g, 0, 0); e.err == nil {
		e.book.logDir = LogDir(at)
	}
	s.open[key] = e
	return e.book, e.err
}

// Close closes the books opened.
func (s *Shelf) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	for k, e := range s.open {
		if e.book != nil {
			errs = append(errs, e.book.Close())
		}
		delete(s.open, k)
	}
	return errors.Join(errs...)
}
