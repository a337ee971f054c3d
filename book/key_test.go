// Tests of the keys: every image of a position has its key, and the moves
// the book gives map to each image's board.

package book

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/niujiao"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// testGames are the games and settings the tests run over, with a level
// at which a search is quick.
func testGames(t testing.TB) []struct {
	name  string
	game  engines.Game
	level int
} {
	o8, err := othello.New(8)
	require.NoError(t, err)
	o6, err := othello.New(6)
	require.NoError(t, err)
	o10, err := othello.New(10)
	require.NoError(t, err)
	renju, err := gomoku.NewGame(15, 15, gomoku.Renju)
	require.NoError(t, err)
	rect, err := gomoku.NewGame(9, 7, gomoku.Freestyle)
	require.NoError(t, err)
	return []struct {
		name  string
		game  engines.Game
		level int
	}{
		{"tictactoe", tictactoe.Game{}, 9},
		{"niujiao", niujiao.Game{}, 6},
		{"othello 8x8", o8, 2},
		{"othello 6x6", o6, 2},
		{"othello 10x10", o10, 1},
		{"gomoku 15x15 renju", renju, 1},
		{"gomoku 9x7 freestyle", rect, 1},
	}
}

// randomGame plays plies random moves (fewer if the game ends) from g's
// start.
func randomGame(g engines.Game, rng *rand.Rand, plies int) []engines.Move {
	pos := g.Start()
	var moves []engines.Move
	for range plies {
		ms := pos.LegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		pos.Play(m)
		moves = append(moves, m)
	}
	return moves
}

func TestCanonicalKeysAgreeOverSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range testGames(t) {
		t.Run(tc.name, func(t *testing.T) {
			packer := tc.game.(engines.Packer)
			var k keyer
			for range 5 {
				pos := tc.game.Start()
				for _, m := range randomGame(tc.game, rng, 12) {
					pos.Play(m)
					key, sym, board, err := k.canon(pos)
					require.NoError(t, err)
					board = append([]byte(nil), board...)
					require.Equal(t, pos.(engines.Symmetric).Pack(nil, sym), board, "the canonical board is the image of the canonical symmetry")
					for i := range pos.(engines.Symmetric).Symmetries() {
						img, err := packer.Unpack(pos.(engines.Symmetric).Pack(nil, i))
						require.NoError(t, err)
						ik, _, ib, err := k.canon(img)
						require.NoError(t, err)
						require.Equal(t, key, ik, "image %d of %s has the position's key", i, pos.Text())
						require.Equal(t, board, ib, "image %d of %s has the position's canonical board", i, pos.Text())
					}
				}
			}
		})
	}
}

// TestMovesMapBackToEveryImage learns a game into a book, then probes every
// image of every position of it: each image's candidates lead to the
// positions the position's candidates lead to (the same square, mapped,
// unless the position is itself symmetric), with the same values.
func TestMovesMapBackToEveryImage(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range testGames(t) {
		t.Run(tc.name, func(t *testing.T) {
			packer := tc.game.(engines.Packer)
			b, err := New(tc.game, tc.level, 6)
			require.NoError(t, err)
			moves := randomGame(tc.game, rng, 6)
			_, err = b.Learn(context.Background(), NewScorer(tc.game, tc.level, false), Game{Moves: moves, Result: engines.Draw}, 0)
			require.NoError(t, err)
			pos := tc.game.Start()
			for _, m := range moves {
				want := childKeys(t, b, pos, b.Probe(pos))
				if pos.Result() == engines.None {
					require.NotEmpty(t, want, "%s was learned", pos.Text())
				}
				sym := pos.(engines.Symmetric)
				for i := range sym.Symmetries() {
					img, err := packer.Unpack(sym.Pack(nil, i))
					require.NoError(t, err)
					assert.ElementsMatch(t, want, childKeys(t, b, img, b.Probe(img)), "image %d of %s", i, pos.Text())
				}
				pos.Play(m)
			}
		})
	}
}

// childCandidate is a candidate with the key of the position its move
// leads to instead of the move.
type childCandidate struct {
	key uint64
	Candidate
}

func childKeys(t *testing.T, b *Book, pos engines.Position, cands []Candidate) []childCandidate {
	t.Helper()
	out := make([]childCandidate, len(cands))
	for i, c := range cands {
		p := pos.Clone()
		p.Play(c.Move)
		key, err := b.Key(p)
		require.NoError(t, err)
		c.Move = engines.NoMove
		out[i] = childCandidate{key, c}
	}
	return out
}

// TestColoursAreNoSymmetry checks that swapping the colours of a gomoku
// position, side to move with them, gives another key under every rule:
// renju's rules differ between black and white, so a book must never take
// one for the other (symmetries map squares, never colours).
func TestColoursAreNoSymmetry(t *testing.T) {
	// A Gomocup renju opening (h8 i9 j10 j11 i11) with white to move, and
	// the same stones with the colours swapped, black to move.
	const pos, swapped = "15/15/15/15/8xo5/9x5/8o6/7x7/15/15/15/15/15/15/15 o",
		"15/15/15/15/8ox5/9o5/8x6/7o7/15/15/15/15/15/15/15 x"
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		t.Run(rule.String(), func(t *testing.T) {
			g, err := gomoku.NewGame(15, 15, rule)
			require.NoError(t, err)
			var k keyer
			keys := map[uint64]string{}
			for _, text := range []string{pos, swapped} {
				p, err := g.Parse(text)
				require.NoError(t, err)
				key, err := k.key(p)
				require.NoError(t, err)
				assert.NotContains(t, keys, key, "%s keys as %s", text, keys[key])
				keys[key] = text
			}
		})
	}
}
