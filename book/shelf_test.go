// Tests of the shelf: a book is opened once, when first asked for.

package book

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/tictactoe"
)

func TestShelfOpensEachBookOnce(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	putLeaf(t, b, nil, "b2", 0, 9, true)
	path := filepath.Join(t.TempDir(), "t.book")
	require.NoError(t, b.Save(path))
	data, err := os.ReadFile(path)
	require.NoError(t, err)

	s := NewShelf(fstest.MapFS{"tictactoe.book": {Data: data}})
	defer s.Close()
	first, err := s.Book(g, "")
	require.NoError(t, err, "the embedded book")
	again, err := s.Book(g, "")
	require.NoError(t, err)
	assert.Same(t, first, again, "opened once")
	assert.NotEmpty(t, first.Probe(g.Start()))

	fromFile, err := s.Book(g, path)
	require.NoError(t, err)
	assert.NotSame(t, first, fromFile)
	assert.Equal(t, path, fromFile.Path())

	_, err = s.Book(g, path+".missing")
	assert.Error(t, err)
	empty := NewShelf(nil)
	_, err = empty.Book(g, "")
	assert.ErrorIs(t, err, ErrNoBook)
	_, err = empty.Book(g, "")
	assert.ErrorIs(t, err, ErrNoBook, "the error is kept")
	require.NoError(t, empty.Close())
}

func TestShelfLearnsIntoABookToBe(t *testing.T) {
	g := tictactoe.Game{}
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.book")
	require.NoError(t, os.WriteFile(junk, []byte("no book"), 0o644))
	s := NewShelfIn(dir, nil)
	defer s.Close()
	_, err := s.Book(g, "")
	require.Error(t, err, "nothing to play from")
	b, err := s.Learning(g, "")
	require.NoError(t, err)
	again, err := s.Learning(g, "")
	require.NoError(t, err)
	assert.Same(t, b, again)
	assert.Equal(t, 0, b.Len())
	require.NoError(t, b.Record(Game{Moves: []engines.Move{4}, Result: engines.None}))
	logs, err := filepath.Glob(filepath.Join(dir, "tictactoe.book.logs", "*.log"))
	require.NoError(t, err)
	assert.Len(t, logs, 1, "no default book: its log where it would be")

	_, err = s.Learning(g, junk)
	assert.ErrorIs(t, err, ErrFormat, "never into a file that is no book")
}

// TestLearningMakesNoFolders: a book named by a path that is not there is
// not learned into, and a log is made only in its book's own folder: a
// client that named a book in a folder that does not exist made that
// folder and the log in it.
func TestLearningMakesNoFolders(t *testing.T) {
	g := tictactoe.Game{}
	dir := t.TempDir()
	s := NewShelfIn(filepath.Join(dir, "gone"), nil)
	defer s.Close()
	for _, path := range []string{filepath.Join(dir, "new.book"), filepath.Join(dir, "victim", "new.book")} {
		_, err := s.Learning(g, path)
		assert.ErrorIs(t, err, fs.ErrNotExist, path)
	}
	// The default book beside a binary whose folder is gone.
	b, err := s.Learning(g, "")
	require.NoError(t, err)
	assert.Error(t, b.Record(Game{Moves: []engines.Move{4}, Result: engines.None}))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "no folder or log made")
}

func TestRootedShelfPath(t *testing.T) {
	root := filepath.Join(string(filepath.Separator), "sandbox")
	for _, tt := range []struct{ path, want string }{
		{"", ""},
		{"b.book", filepath.Join(root, "b.book")},
		{"d/b.book", filepath.Join(root, "d", "b.book")},
		{"/etc/b.book", filepath.Join(root, "etc", "b.book")},
		{"../../b.book", filepath.Join(root, "b.book")},
	} {
		assert.Equal(t, tt.want, NewShelfRooted(root, nil).Path(tt.path), tt.path)
		assert.Equal(t, tt.path, NewShelf(nil).Path(tt.path), "an unrooted shelf takes %q as it is", tt.path)
	}
}
