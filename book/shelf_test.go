// Tests of the shelf: a book is opened once, when first asked for.

package book

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
