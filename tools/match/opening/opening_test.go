// Tests of the opening reader and generator. The gomoku and othello rows read
// the real lists (testdata/SOURCE.md) and run once those games are in qi's
// catalogue.

package opening

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/niujiao"
	"qi/engines/tictactoe"
)

func read(t *testing.T, g engines.Game, f Format, lines ...string) ([]Opening, error) {
	t.Helper()
	return Read(strings.NewReader(strings.Join(lines, "\n")+"\n"), g, f)
}

func TestReadForms(t *testing.T) {
	ttt := tictactoe.Game{}
	tests := []struct {
		name  string
		game  engines.Game
		f     Format
		line  string
		text  string
		moves []string
	}{
		{"moves", ttt, Auto, "b2 a1", "", []string{"b2", "a1"}},
		{"one move", ttt, Auto, "c3", "", []string{"c3"}},
		{"drops", ttt, Auto, "P@b2 P@a1", "", []string{"P@b2", "P@a1"}},
		{"packed", ttt, Auto, "b2a1c3", "", []string{"b2", "a1", "c3"}},
		{"packed named", ttt, Packed, "b2a1", "", []string{"b2", "a1"}},
		{"position", ttt, Auto, "x.o/.x./... o", "x.o/.x./... o", nil},
		{"fen", ttt, Auto, "3/3/3[PPPPPpppp] w - - 0 1", "3/3/3[PPPPPpppp] w - - 0 1", nil},
		{"position and moves", ttt, Auto, "x.o/.x./... o moves c1", "x.o/.x./... o", []string{"c1"}},
		{"startpos and moves", ttt, Text, "startpos moves a1", "", []string{"a1"}},
		{"offsets from the centre", ttt, Auto, "0,0, 1,0", "", []string{"b2", "c2"}},
		// y grows downward: -1,-1 is the top-left corner, a3.
		{"offsets go down", ttt, Offset, "-1,-1, 1,1", "", []string{"a3", "c1"}},
		{"niu jiao moves", niujiao.Game{}, Auto, "01 97", "", []string{"01", "97"}},
		{"niu jiao packed", niujiao.Game{}, Auto, "0197", "", []string{"01", "97"}},
		{"niu jiao position", niujiao.Game{}, Auto, "R.......BB r moves 02", "R.......BB r", []string{"02"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ops, err := read(t, tt.game, tt.f, "# a comment", "", tt.line)
			require.NoError(t, err)
			require.Len(t, ops, 1)
			assert.Equal(t, tt.text, ops[0].Text)
			assert.Equal(t, tt.moves, ops[0].Moves)
			assert.Equal(t, 3, ops[0].Line)
			// What String writes reads back the same.
			again, err := read(t, tt.game, Auto, ops[0].String())
			require.NoError(t, err)
			_, p1, err := ops[0].Position(tt.game)
			require.NoError(t, err)
			_, p2, err := again[0].Position(tt.game)
			require.NoError(t, err)
			assert.Equal(t, p1.Text(), p2.Text())
		})
	}
}

func TestReadErrors(t *testing.T) {
	ttt := tictactoe.Game{}
	tests := []struct {
		name string
		f    Format
		line string
		want string
	}{
		{"illegal move", Auto, "b2 b2", "illegal"},
		{"game over", Auto, "a1 a2 b1 b2 c1", "the game is over"},
		{"not a position", Auto, "hello world", "line 1"},
		{"bad packed", Packed, "b2b2", "does not split"},
		{"packed with spaces", Packed, "b2 a1", "without spaces"},
		{"odd offsets", Offset, "0,0, 1", "pairs"},
		{"offset off the board", Offset, "0,0, 2,0", "off the 3x3 board"},
		{"bad text", Text, "xx moves a1", "bad position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := read(t, ttt, tt.f, tt.line)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	_, err := read(t, ttt, Auto, "# nothing but a comment")
	assert.ErrorContains(t, err, "no openings")
	_, err = read(t, niujiao.Game{}, Offset, "0,0")
	assert.ErrorContains(t, err, "grid")
	_, err = ReadFile(filepath.Join(t.TempDir(), "missing.txt"), ttt, Auto)
	assert.Error(t, err)
}

func TestFormats(t *testing.T) {
	for _, f := range []Format{Auto, Moves, Packed, Text, Offset} {
		got, err := ParseFormat(strings.ToUpper(f.String()))
		require.NoError(t, err)
		assert.Equal(t, f, got)
	}
	for alias, f := range map[string]Format{"xot": Packed, "pos": Packed, "fen": Text, "epd": Text, "piskvork": Offset} {
		got, err := ParseFormat(alias)
		require.NoError(t, err)
		assert.Equal(t, f, got, alias)
	}
	_, err := ParseFormat("pgn")
	assert.Error(t, err)
}

// TestRealLists reads Piskvork's gomoku openings and the XOT othello openings
// as they are.
func TestRealLists(t *testing.T) {
	reg := catalog.New()
	tests := []struct {
		game, file string
		count      int
		first      []string
	}{
		// "0,0, 1,0, 1,3": the centre h8, one to the right i8, then three
		// rows down from i8: i5.
		{"gomoku", "piskvork_openings_15x15_offset.txt", 40, []string{"h8", "i8", "i5"}},
		{"othello", "xot-small-head.txt", 20, []string{"f5", "d6", "c4", "d3", "c2", "b3", "b4", "b5"}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := reg.New(tt.game, engines.Config{})
			require.NoError(t, err)
			ops, err := ReadFile(filepath.Join("testdata", tt.file), g, Auto)
			require.NoError(t, err)
			assert.Len(t, ops, tt.count)
			start := g.Start()
			var got []string
			p := start.Clone()
			for _, s := range ops[0].Moves {
				m, err := engines.Legal(p, s)
				require.NoError(t, err)
				got = append(got, strings.ToLower(p.MoveText(m)))
				p.Play(m)
			}
			assert.Equal(t, tt.first, got)
		})
	}
}

func TestGenerate(t *testing.T) {
	ctx := context.Background()
	gen := Generator{Plies: 2, Depth: 9, Margin: 0, Seed: 1}
	ops, err := gen.Generate(ctx, tictactoe.Game{}, 1000)
	require.NoError(t, err)
	// Of the 72 two-move lines, those where O's reply does not lose: O must
	// answer a corner with the centre (4 lines), the centre with a corner
	// (4), an edge with the centre, the two adjacent corners or the
	// opposite edge (4 x 4 = 16): 24 in all (RULES.md).
	assert.Len(t, ops, 24)
	seen := map[string]bool{}
	for _, o := range ops {
		_, pos, err := o.Position(tictactoe.Game{})
		require.NoError(t, err)
		assert.False(t, seen[pos.Text()], "distinct openings")
		seen[pos.Text()] = true
		if o.Moves[0] == "a1" || o.Moves[0] == "c3" {
			assert.Equal(t, "b2", o.Moves[1], "the only reply to a corner")
		}
	}
	// The same seed gives the same openings.
	again, err := gen.Generate(ctx, tictactoe.Game{}, 1000)
	require.NoError(t, err)
	assert.Equal(t, ops, again)
	few, err := gen.Generate(ctx, tictactoe.Game{}, 5)
	require.NoError(t, err)
	assert.Len(t, few, 5)

	ops, err = Generator{Plies: 4, Depth: 12, Margin: 0, Seed: 7}.Generate(ctx, niujiao.Game{}, 10)
	require.NoError(t, err)
	assert.NotEmpty(t, ops)

	_, err = Generator{Plies: 2, Depth: 0}.Generate(ctx, tictactoe.Game{}, 3)
	assert.Error(t, err)
	// Nine plies of tic-tac-toe never leave a game going on.
	_, err = Generator{Plies: 9, Depth: 1, Margin: 1000, Attempts: 50}.Generate(ctx, tictactoe.Game{}, 3)
	assert.ErrorContains(t, err, "no balanced opening")
}
