// This file holds the conformance test of engines.Symmetric and
// engines.Packer: every image of a position packs, unpacks and plays as the
// position does, with its moves mapped.

package enginetest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

// Symmetry plays games random games of g, which must implement
// engines.Packer with Symmetric positions, and checks at every ply that each
// image of the position unpacks to a position that packs back the same,
// has the mapped moves, and that playing a mapped move on the image gives the
// image of the position after the move.
func Symmetry(t *testing.T, g engines.Game, games int) {
	t.Helper()
	packer, ok := g.(engines.Packer)
	require.True(t, ok, "%s implements engines.Packer", g.Name())
	rng := rand.New(rand.NewPCG(uint64(len(g.Name())), 7))
	for range games {
		pos := g.Start()
		for pos.Result() == engines.None {
			checkImages(t, packer, pos, rng)
			moves := pos.LegalMoves(nil)
			pos.Play(moves[rng.IntN(len(moves))])
		}
		checkImages(t, packer, pos, rng)
	}
}

func checkImages(t *testing.T, packer engines.Packer, pos engines.Position, rng *rand.Rand) {
	t.Helper()
	sym, ok := pos.(engines.Symmetric)
	require.True(t, ok, "the positions implement engines.Symmetric")
	n := sym.Symmetries()
	require.GreaterOrEqual(t, n, 1)
	self := sym.Pack(nil, 0)
	require.Len(t, self, packer.PackedLen(), "a packed position has PackedLen bytes")
	back, err := packer.Unpack(self)
	require.NoError(t, err, "%s unpacks", pos.Text())
	require.Equal(t, pos.Text(), back.Text(), "the identity's image is the position")
	moves := pos.LegalMoves(nil)
	for k := range n {
		packed := sym.Pack(nil, k)
		require.Len(t, packed, packer.PackedLen())
		img, err := packer.Unpack(packed)
		require.NoError(t, err, "image %d of %s unpacks", k, pos.Text())
		require.Equal(t, packed, img.(engines.Symmetric).Pack(nil, 0), "image %d packs back the same", k)
		require.Equal(t, pos.SideToMove(), img.SideToMove(), "a symmetry keeps the side to move")
		var mapped []engines.Move
		for _, m := range moves {
			mm := sym.MapMove(m, k)
			require.Equal(t, m, sym.UnmapMove(mm, k), "move %s maps back under symmetry %d", pos.MoveText(m), k)
			mapped = append(mapped, mm)
		}
		require.ElementsMatch(t, mapped, img.LegalMoves(nil), "image %d has the mapped moves", k)
		if len(moves) == 0 {
			continue
		}
		m := moves[rng.IntN(len(moves))]
		pos.Play(m)
		after, result := pos.(engines.Symmetric).Pack(nil, k), pos.Result()
		pos.Undo()
		img.Play(sym.MapMove(m, k))
		require.Equal(t, after, img.(engines.Symmetric).Pack(nil, 0),
			"playing %s then taking image %d is taking the image then playing the mapped move", pos.MoveText(m), k)
		require.Equal(t, result, img.Result(), "the image's game ends as the position's")
	}
}
