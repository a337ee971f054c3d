// Tests of the built-in books: each opens for its game and setting, holds
// the start or the positions of the openings it was built from, and plays
// a book move through the front ends.

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

// TestEveryBuiltInBookOpens opens the book of every game on each of its
// boards under each of its rules (books are one a size and rule): every
// embedded file must be some setting's book, and each must hold a position.
func TestEveryBuiltInBookOpens(t *testing.T) {
	names, err := fs.Glob(FS, "*.book")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	reg := catalog.New()
	found := map[string]bool{}
	for _, spec := range reg.Specs() {
		rules := append([]string{""}, spec.Rules...)
		sizes := append([]int{0}, spec.Sizes...)
		for _, size := range sizes {
			for _, rule := range rules {
				g, err := reg.New(spec.Name, engines.Config{BoardSize: size, Rule: rule})
				require.NoError(t, err, "%s %d %s", spec.Name, size, rule)
				b, err := book.OpenDefault(g, FS)
				if err != nil {
					assert.ErrorIs(t, err, book.ErrNoBook, "%s %d %s", spec.Name, size, rule)
					continue
				}
				found[book.FileName(g)] = true
				assert.Positive(t, b.Len(), "%s %d %s", spec.Name, size, rule)
				require.NoError(t, b.Close())
			}
		}
	}
	assert.Len(t, found, len(names), "every file is some game's book: %v", names)
}
