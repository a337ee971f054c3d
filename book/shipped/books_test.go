// Tests of the built-in books: each opens for its game and holds the start.

package shipped

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/book"
	"qi/engines"
	"qi/engines/catalog"
)

func TestEveryBuiltInBookOpens(t *testing.T) {
	names, err := fs.Glob(FS, "*.book")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	reg := catalog.New()
	found := 0
	for _, name := range reg.Names() {
		g, err := reg.New(name, engines.Config{})
		require.NoError(t, err)
		b, err := book.OpenDefault(g, FS)
		if err != nil {
			assert.ErrorIs(t, err, book.ErrNoBook, name)
			continue
		}
		found++
		assert.NotEmpty(t, b.Probe(g.Start()), "%s: the book holds the start", name)
		require.NoError(t, b.Close())
	}
	assert.Equal(t, len(names), found, "every file is some game's book")
}
