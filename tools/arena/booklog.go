// This file holds -book-learn: the games of a match go to an opening
// book's game log, as qi's own learning writes them, and `qi book build`
// learns them. The book's snapshot is never written here: a match run here
// appends to a log of its own in the book's log folder; a shard writes its
// games as a stream of its output (a rerun replaces it, so no game is
// logged twice), its merge is one game log, and a run of all the shards
// here puts that log in the book's log folder.

package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"qi/book"
	"qi/engines"
	"qi/tools/shard"
)

// bookLogExt is the extension of a shard's stream of games for the book.
const bookLogExt = "log"

// openBookLog opens the book at path for its game log, or when there is no
// book there yet, an empty book of g that logs beside path: a book that
// `qi book build -book path` then makes. A file there that is no book of g
// is refused.
func openBookLog(path string, g engines.Game) (*book.Book, error) {
	b, err := book.Open(path, g)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = book.New(g, 0, 0)
		if err == nil {
			b.SetLogDir(book.LogDir(path))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("-book-learn: %w", err)
	}
	return b, nil
}

// bookGame is a finished game as the book learns it, and whether it
// tells anything of its positions: a game lost by a fault (time, an
// illegal move, a crash) does not, and is left out.
func (m *match) bookGame(o outcome) (book.Game, bool) {
	if o.rec.Termination != endNormal && o.rec.Termination != endAdjudication {
		return book.Game{}, false
	}
	gm := book.Game{Result: o.rec.Result}
	if o.start.Text() != m.game.Start().Text() {
		gm.Start = o.start.Clone()
	}
	pos := o.start.Clone()
	for _, mv := range o.rec.Moves {
		legal, err := engines.Legal(pos, mv.Text)
		if err != nil {
			// The referee checked every move: this cannot happen.
			return book.Game{}, false
		}
		pos.Play(legal)
		gm.Moves = append(gm.Moves, legal)
		if mv.Book {
			// The opening's moves were nobody's choice: not learned.
			gm.Opening++
		}
	}
	return gm, true
}

// logGame appends a finished game to the book's game log (-book-learn).
func (m *match) logGame(o outcome) error {
	gm, ok := m.bookGame(o)
	if !ok {
		return nil
	}
	if err := m.bookLog.Record(gm); err != nil {
		return fmt.Errorf("-book-learn: %w", err)
	}
	return nil
}

// bookLogLines writes the games of an item as lines of a game log, for a
// shard's stream.
func (m *match) bookLogLines(games []outcome) ([]byte, error) {
	var b strings.Builder
	for _, o := range games {
		gm, ok := m.bookGame(o)
		if !ok {
			continue
		}
		line, err := gm.LogLine(m.game)
		if err != nil {
			return nil, err
		}
		b.WriteString(line)
	}
	return []byte(b.String()), nil
}

// installBookLog puts the merged game log of a run of all the shards here
// in the book's log folder, named after the run: run again, the run
// replaces its own log, so no game is logged twice.
func installBookLog(path string, plan shard.Plan) (string, error) {
	dir := book.LogDir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("-book-learn: %w", err)
	}
	dest := filepath.Join(dir, "arena-"+plan.Run+".log")
	if err := shard.CopyFile(plan.MergedFile(bookLogExt), dest); err != nil {
		return "", fmt.Errorf("-book-learn: %w", err)
	}
	return dest, nil
}
