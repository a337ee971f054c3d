// The conformance test over every registered game.

package catalog

import (
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/enginetest"
)

func TestEveryGameConforms(t *testing.T) {
	reg := New()
	for _, name := range reg.Names() {
		t.Run(name, func(t *testing.T) {
			g, err := reg.New(name, engines.Config{})
			require.NoError(t, err)
			require.Equal(t, name, g.Name())
			games := 30
			if testing.Short() {
				games = 5
			}
			enginetest.Conformance(t, g, games)
		})
	}
}

func TestVariants(t *testing.T) {
	reg := New()
	for _, v := range reg.VariantNames() {
		name, cfg, ok := reg.Variant(v, engines.Config{})
		require.True(t, ok, v)
		_, err := reg.New(name, cfg)
		require.NoError(t, err, v)
	}
	_, _, ok := reg.Variant("chess", engines.Config{})
	require.False(t, ok)
}

func TestEveryGameIsSymmetric(t *testing.T) {
	reg := New()
	for _, name := range reg.Names() {
		t.Run(name, func(t *testing.T) {
			g, err := reg.New(name, engines.Config{})
			require.NoError(t, err)
			enginetest.Symmetry(t, g, 3)
		})
	}
}
