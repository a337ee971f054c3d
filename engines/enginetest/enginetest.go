// Package enginetest holds the conformance test that every registered game must
// pass: random playouts checking that undo restores positions exactly, that
// results agree with the move lists, that position and move text round-trip,
// and that searchers return legal moves (also when stopped at once, and the
// first move they name) and leave positions untouched; and the set-up that
// tests of several games share.
package enginetest

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
)

// snapshot is what must come back after an undo.
type snapshot struct {
	text   string
	hash   uint64
	side   engines.Side
	result engines.Result
	plies  int
	moves  []engines.Move
	board  string
}

func take(p engines.Position) snapshot {
	return snapshot{p.Text(), p.Hash(), p.SideToMove(), p.Result(), p.Plies(), p.LegalMoves(nil), p.String()}
}

// Conformance plays games random games of g from its start position, checking
// every invariant of the engines.Position contract at every ply, and searches a
// few of the positions met.
func Conformance(t *testing.T, g engines.Game, games int) {
	t.Helper()
	checkNonASCII(t, g)
	rng := rand.New(rand.NewPCG(uint64(len(g.Name())), 42))
	searcher := g.NewSearcher(engines.Config{Level: 1, HashMB: 1})
	full := g.NewSearcher(engines.Config{HashMB: 1})
	for n := 0; n < games; n++ {
		pos := g.Start()
		require.Equal(t, 0, pos.Plies(), "a new position has no history")
		start := take(pos)
		var played []engines.Move
		for ply := 0; ; ply++ {
			require.Less(t, ply, 100000, "the game never ends")
			before := take(pos)
			checkPosition(t, g, pos, before)
			if before.result != engines.None {
				break
			}
			if ply%17 == n%17 {
				checkSearch(t, searcher, pos, before)
				checkRootMoves(t, searcher, pos, before, rng)
				checkRootMoves(t, full, pos, before, rng)
			}
			m := before.moves[rng.IntN(len(before.moves))]
			pos.Play(m)
			require.Equal(t, before.plies+1, pos.Plies())
			after := take(pos)
			checkMoveChecker(t, pos, before.moves, after.moves)
			pos.Undo()
			require.Equal(t, before, take(pos), "undo of %s restores the position", pos.MoveText(m))
			pos.Play(m)
			require.Equal(t, after, take(pos), "playing %s again gives the same position", pos.MoveText(m))
			played = append(played, m)
		}
		for range played {
			pos.Undo()
		}
		require.Equal(t, start, take(pos), "undoing the whole game restores the start")
	}
}

func checkPosition(t *testing.T, g engines.Game, pos engines.Position, s snapshot) {
	t.Helper()
	require.Equal(t, s.result == engines.None, len(s.moves) > 0,
		"a game goes on exactly when there are legal moves (result %v, %d moves)\n%s", s.result, len(s.moves), s.board)
	require.NotEmpty(t, s.board)
	for _, m := range s.moves {
		text := pos.MoveText(m)
		back, err := pos.ParseMove(text)
		require.NoError(t, err, "move text %q reads back", text)
		require.Equal(t, m, back, "move text %q round-trips", text)
		legal, err := engines.Legal(pos, text)
		require.NoError(t, err)
		require.Equal(t, m, legal)
	}
	require.True(t, len(s.moves) == len(uniq(s.moves)), "no move is listed twice")

	parsed, err := g.Parse(s.text)
	require.NoError(t, err, "position text %q reads back", s.text)
	require.Equal(t, s.text, parsed.Text(), "position text round-trips")
	require.Equal(t, s.side, parsed.SideToMove())
	require.Equal(t, s.hash, parsed.Hash(), "the hash depends on the position only")
	require.Equal(t, 0, parsed.Plies())
	if s.result == engines.None {
		// A result may depend on history (a repetition); moves of a game
		// that goes on may not.
		require.ElementsMatch(t, s.moves, parsed.LegalMoves(nil), "a parsed position has the same moves")
	}

	c := pos.Clone()
	require.Equal(t, s, take(c), "a clone equals its original")
	if len(s.moves) > 0 {
		c.Play(s.moves[0])
		require.Equal(t, s, take(pos), "playing on a clone leaves the original alone")
	}
}

func checkSearch(t *testing.T, searcher engines.Searcher, pos engines.Position, s snapshot) {
	t.Helper()
	info := searcher.Search(context.Background(), pos, engines.Limits{Depth: 2, Nodes: 20000}, nil)
	require.Equal(t, s, take(pos), "a search leaves the position as it was")
	require.NotEmpty(t, info.PV, "a search of a game that goes on finds a move")
	require.Contains(t, s.moves, info.PV[0], "the search's move is legal")
	// A search stopped before it starts still answers with a legal move,
	// and the move a protocol plays for a search that cannot answer is legal.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info = searcher.Search(ctx, pos, engines.Limits{}, nil)
	require.Equal(t, s, take(pos), "a stopped search leaves the position as it was")
	require.NotEmpty(t, info.PV, "a search stopped at once still has a move")
	require.Contains(t, s.moves, info.PV[0], "the stopped search's move is legal")
	fm, ok := searcher.(engines.FirstMover)
	require.True(t, ok, "the searcher names its first move (engines.FirstMover)")
	m := fm.FirstMove(pos)
	require.Equal(t, s, take(pos), "FirstMove leaves the position as it was")
	require.Contains(t, s.moves, m, "the first move is legal")
}

// checkRootMoves checks that a search told which moves the root may play
// (searchmoves) plays one of them, also when stopped at once.
func checkRootMoves(t *testing.T, searcher engines.Searcher, pos engines.Position, s snapshot, rng *rand.Rand) {
	t.Helper()
	only := slices.Clone(s.moves)
	rng.Shuffle(len(only), func(i, j int) { only[i], only[j] = only[j], only[i] })
	only = only[:1+rng.IntN(len(only))]
	lim := engines.Limits{Depth: 2, Nodes: 20000, Moves: only}
	info := searcher.Search(context.Background(), pos, lim, nil)
	require.Equal(t, s, take(pos), "a search of some moves leaves the position as it was")
	require.NotEmpty(t, info.PV, "a search of some moves finds a move")
	require.Contains(t, only, info.PV[0], "the search plays one of the moves it was given")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info = searcher.Search(ctx, pos, engines.Limits{Moves: only}, nil)
	require.NotEmpty(t, info.PV, "a search of some moves stopped at once still has a move")
	require.Contains(t, only, info.PV[0], "the stopped search plays one of the moves it was given")
}

// checkMoveChecker checks that a position that judges single moves agrees
// with its list of legal moves, on the moves of the position before (some
// legal now, some not).
func checkMoveChecker(t *testing.T, pos engines.Position, moves, legal []engines.Move) {
	t.Helper()
	c, ok := pos.(engines.MoveChecker)
	if !ok {
		return
	}
	for _, m := range moves {
		err := c.Legal(m)
		require.Equal(t, slices.Contains(legal, m), err == nil, "Legal(%d) agrees with LegalMoves: %v", m, err)
		if err != nil {
			require.ErrorIs(t, err, engines.ErrIllegal)
		}
	}
}

func uniq(ms []engines.Move) []engines.Move {
	c := slices.Clone(ms)
	slices.Sort(c)
	return slices.Compact(c)
}

// Played returns the game that reg makes of name under cfg and the position
// after moves (separated by spaces) from its start, failing t if either
// cannot be had.
func Played(t testing.TB, reg *engines.Registry, name string, cfg engines.Config, moves string) (engines.Game, engines.Position) {
	t.Helper()
	g, err := reg.New(name, cfg)
	require.NoError(t, err)
	pos, err := engines.PlayAll(g.Start(), strings.Fields(moves))
	require.NoError(t, err)
	return g, pos
}

// checkNonASCII checks that a position text with a character outside ASCII
// in place of a cell is refused, and the error names the character, not one
// of its bytes (a parser read "é" as two cells named 'Ã' and '©').
func checkNonASCII(t *testing.T, g engines.Game) {
	text := g.Start().Text()
	// "é" is two bytes: in place of two cells it keeps the text's length
	// in bytes, in place of one it keeps its length in characters.
	for _, bad := range []string{"é" + text[2:], "é" + text[1:], text[:len(text)-1] + "黑"} {
		_, err := g.Parse(bad)
		require.Error(t, err, "%q", bad)
		require.True(t, strings.Contains(err.Error(), "é") || strings.Contains(err.Error(), "黑"), "the error names the character: %v", err)
		require.NotContains(t, err.Error(), "Ã", "no byte of it")
	}
}

// LevelElo checks g's table of measured strengths: an Elo for each level,
// level 1 above the random mover's 0, each level at least as strong as the
// one below (levels that play alike share an Elo).
func LevelElo(t *testing.T, g engines.Game) {
	t.Helper()
	r, ok := g.(engines.Rated)
	require.True(t, ok, "%s has no measured levels", g.Name())
	table := r.LevelElo()
	require.Len(t, table, engines.MaxLevel)
	require.Positive(t, table[0], "level 1 is above the random mover")
	for i := 1; i < len(table); i++ {
		require.GreaterOrEqual(t, table[i], table[i-1], "level %d is below level %d", i+1, i)
	}
}
