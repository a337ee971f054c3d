// Tests of the reader of any record's games: each format replayed under
// qi's rules, the game from the record or the user's setting, and every
// way a game can fail said with the game and move at fault.

package record

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/grid"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// replays checks that a game read without error replays from its start to
// the moves' texts and, when the game is over, to its result.
func replays(t *testing.T, r Replayed) {
	t.Helper()
	require.NoError(t, r.Err, r.Source)
	require.Len(t, r.Record.Moves, len(r.Moves))
	p := r.Start.Clone()
	for i, m := range r.Moves {
		got, err := engines.Legal(p, r.Record.Moves[i].Text)
		require.NoError(t, err, "%s: move %d", r.Source, i+1)
		require.Equal(t, m, got)
		p.Play(m)
	}
	if p.Result() != engines.None {
		assert.Equal(t, p.Result(), r.Record.Result, r.Source)
	}
}

func TestFormatOf(t *testing.T) {
	tests := []struct {
		name, text string
		want       Format
	}{
		{"a.PGN", "", FormatPGN},
		{"b.sgf", "", FormatSGF},
		{"c.ggf", "", FormatGGF},
		{"d.wtb", "", FormatWTHOR},
		{"e.psq", "", FormatPSQ},
		{"-", "\n[Event \"x\"]", FormatPGN},
		{"-", "1. b2 a1 *", FormatPGN},
		{"-", "(;GM[Othello]BO[8 ...]", FormatGGF},
		{"-", " (;FF[4]GM[4]", FormatSGF},
		{"-", "Piskvorky 15x15, 1:1, 0\n", FormatPSQ},
	}
	for _, tt := range tests {
		got, err := FormatOf(tt.name, []byte(tt.text))
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, got, "%s %q", tt.name, tt.text)
	}
	_, err := FormatOf("notes.txt", []byte("hello"))
	assert.ErrorContains(t, err, "not a game record")
}

func TestReadGamesPGN(t *testing.T) {
	reg := catalog.New()
	var b bytes.Buffer
	require.NoError(t, WritePGN(&b, sample()))
	g := sample()
	g.StartText, g.StartSide = ".../.x./... o", engines.P2
	g.Moves = g.Moves[1:]
	require.NoError(t, WritePGN(&b, g))
	b.WriteString("[Event \"no game tag\"]\n[Variant \"gomoku\"]\n\n1. h8 i9 *\n\n")
	b.WriteString("[Event \"illegal\"]\n[Game \"tictactoe\"]\n\n1. b2 b2 *\n\n")
	b.WriteString("[Event \"chess\"]\n[Game \"chess\"]\n\n1. e4 *\n")

	games, err := ReadGames(reg, "games.pgn", b.Bytes(), Setting{})
	require.NoError(t, err)
	require.Len(t, games, 5)
	for _, r := range games[:3] {
		replays(t, r)
	}
	r := games[0]
	assert.Equal(t, "games.pgn#1", r.Source)
	assert.Equal(t, FormatPGN, r.Format)
	assert.Equal(t, "tictactoe", r.Name)
	assert.Len(t, r.Moves, 8)
	assert.True(t, r.Record.Moves[0].Book && r.Record.Moves[1].Book && !r.Record.Moves[2].Book, "the {book} moves")
	assert.Equal(t, [2]string{"qi-3", "qi-10"}, r.Record.Players)
	assert.Equal(t, engines.P2Win, r.Record.Result)
	assert.Equal(t, "O wins by the rules", r.Record.Reason)
	assert.Equal(t, when.Truncate(24*time.Hour), r.Record.Date)

	r = games[1]
	assert.Equal(t, ".../.x./... o", r.Start.Text(), "from the FEN")
	assert.Equal(t, ".../.x./... o", r.Record.StartText)
	assert.Equal(t, engines.P2, r.Record.StartSide)

	r = games[2]
	assert.Equal(t, "gomoku", r.Name)
	assert.Equal(t, "standard", r.Config.Rule, "cutechess's gomoku is exact five")
	assert.Equal(t, "standard", r.Record.Rule)

	assert.ErrorContains(t, games[3].Err, "move 2 (b2)")
	assert.ErrorIs(t, games[3].Err, engines.ErrIllegal)
	assert.Len(t, games[3].Moves, 1, "the moves before the illegal one")
	assert.ErrorContains(t, games[4].Err, `unknown game "chess"`)

	// The user's setting fills in what the record leaves open and must
	// agree with what it says.
	bare := []byte("1. b2 a1 2. c3 *\n")
	games, err = ReadGames(reg, "-", bare, Setting{})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "give -game")
	games, err = ReadGames(reg, "-", bare, Setting{Game: "tictactoe"})
	require.NoError(t, err)
	replays(t, games[0])
	assert.Equal(t, "-", games[0].Source, "one game: the file's name alone")

	for _, tt := range []struct {
		set  Setting
		want string
	}{
		{Setting{Game: "othello"}, "the record holds tictactoe, not othello"},
		{Setting{Game: "nim"}, `unknown game "nim"`},
	} {
		games, err := ReadGames(reg, "x.pgn", []byte("[Game \"tictactoe\"]\n\n1. b2 *\n"), tt.set)
		require.NoError(t, err)
		assert.ErrorContains(t, games[0].Err, tt.want)
	}
	games, err = ReadGames(reg, "x.pgn", []byte("[Game \"gomoku\"]\n[Rule \"renju\"]\n\n1. h8 *\n"), Setting{Rule: "freestyle"})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "the record's rule is renju, not freestyle")
	games, err = ReadGames(reg, "x.pgn", []byte("[Game \"gomoku\"]\n\n1. h8 *\n"), Setting{Rule: "renju", BoardSize: 19})
	require.NoError(t, err)
	replays(t, games[0])
	assert.Equal(t, engines.Config{BoardSize: 19, Rule: "renju"}, games[0].Config, "the setting fills in")

	_, err = ReadGames(reg, "x.pgn", []byte("[Game \"x\"\n"), Setting{})
	assert.ErrorContains(t, err, "x.pgn: bad PGN tag")
}

func TestReadGamesSGF(t *testing.T) {
	reg := catalog.New()
	geo, err := grid.Of(tictactoe.Game{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteSGF(&b, sample(), geo, 0))
	b.WriteString(gomokuSGF)
	b.WriteString("(;FF[4]GM[1]SZ[19];B[dd])\n(;FF[4]GM[4]SZ[15]RU[1];B[hh];W[hh])\n(;FF[4]GM[4]SZ[15];B[zz])\n")
	games, err := ReadGames(reg, "g.sgf", b.Bytes(), Setting{})
	require.NoError(t, err)
	require.Len(t, games, 8)
	for _, r := range games[:5] {
		replays(t, r)
	}
	assert.Equal(t, "tictactoe", games[0].Name, "GM[4] on SZ[3], as qi arena writes tic-tac-toe")
	assert.Equal(t, engines.P2Win, games[0].Record.Result)
	assert.True(t, games[0].Record.Moves[1].Book && !games[0].Record.Moves[2].Book, "the opening moves")
	assert.Equal(t, engines.Config{BoardSize: 15, Rule: "freestyle"}, games[1].Config)
	assert.Equal(t, [2]string{"rapfi", "qi"}, games[1].Record.Players)
	assert.Equal(t, "renju", games[2].Config.Rule, "RU[4]")
	assert.Equal(t, "x", strings.Fields(games[3].Start.Text())[1], "PL[B]: black to move")
	assert.Equal(t, "freestyle", games[4].Config.Rule, "no RU: the game's first rule")
	assert.ErrorContains(t, games[5].Err, "GM[1]")
	assert.ErrorContains(t, games[6].Err, "move 2")
	assert.ErrorContains(t, games[7].Err, "off the 15x15 board")

	games, err = ReadGames(reg, "g.sgf", []byte("(;GM[4]SZ[15]RU[4];B[hh])"), Setting{Game: "gomoku", Rule: "caro"})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "the record's rule is renju, not caro")
}

func TestReadGamesGGF(t *testing.T) {
	reg := catalog.New()
	start := "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
	text := "(;GM[Othello]PC[here]DT[2024.05.06_10:00:00.UTC]PB[a]PW[b]RE[-2.00]TY[8]BO[" + start + "]B[F5]W[D6/-1.00/0.1]B[C3//0.2];)\n" +
		"(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[F6]B[F5];)\n" +
		"(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]W[F5];)\n" +
		"(;GM[Chess]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *];)\n"
	games, err := ReadGames(reg, "o.ggf", []byte(text), Setting{})
	require.NoError(t, err)
	require.Len(t, games, 4)
	r := games[0]
	replays(t, r)
	assert.Equal(t, "othello", r.Name)
	assert.Equal(t, 8, r.Config.BoardSize)
	assert.Equal(t, []string{"f5", "d6", "c3"}, texts(r.Record.Moves))
	assert.True(t, r.Record.Moves[0].Book && !r.Record.Moves[1].Book, "the move before the first evaluation is the opening's")
	assert.Equal(t, engines.P2Win, r.Record.Result)
	assert.Equal(t, [2]string{"a", "b"}, r.Record.Players)
	assert.Equal(t, "here", r.Record.Site)
	assert.Equal(t, 2024, r.Record.Date.Year())

	assert.ErrorContains(t, games[1].Err, "move 3 (F5)")
	assert.ErrorContains(t, games[2].Err, "not that side's turn")
	assert.ErrorContains(t, games[3].Err, "GM[Chess]")

	games, err = ReadGames(reg, "o.ggf", []byte(text), Setting{Game: "othello", BoardSize: 10})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "the record's board has side 8, not 10")
}

// TestReadGamesPassLeftOut: a pass that a record leaves out (WTHOR's
// never write them, some GGF and PGN do not) is played where it is the only
// move, in every format.
func TestReadGamesPassLeftOut(t *testing.T) {
	reg := catalog.New()
	wg, err := ReadWTHORFile(filepath.Join("testdata", "WTH_1977.wtb"))
	require.NoError(t, err)
	moves, err := wg[0].Replay(nil)
	require.NoError(t, err)
	require.Greater(t, len(moves), len(wg[0].Moves), "the first game of 1977 has passes")

	pgn := "[Game \"othello\"]\n\n"
	var squares []string
	for _, sq := range wg[0].Moves {
		squares = append(squares, othello.SquareName(sq, 8))
	}
	pgn += strings.Join(squares, " ") + " *\n"
	games, err := ReadGames(reg, "x.pgn", []byte(pgn), Setting{})
	require.NoError(t, err)
	replays(t, games[0])
	assert.Equal(t, moves, games[0].Moves)

	// The same game as GGF, its passes (PA) taken out.
	g := Game{Game: "othello"}
	p := othello.StartPosition(8)
	for _, m := range moves {
		g.Moves = append(g.Moves, Move{Text: p.MoveText(m), Book: true})
		p.Play(m)
	}
	var b bytes.Buffer
	require.NoError(t, WriteGGF(&b, g, othello.StartPosition(8).GGFBoard(), p.GGFBoard()))
	text := regexp.MustCompile(`\n[BW]\[PA\]`).ReplaceAllString(b.String(), "")
	require.NotContains(t, text, "PA")
	games, err = ReadGames(reg, "x.ggf", []byte(text), Setting{})
	require.NoError(t, err)
	replays(t, games[0])
	assert.Equal(t, moves, games[0].Moves)
}

func TestReadGamesWTHOR(t *testing.T) {
	reg := catalog.New()
	dir := t.TempDir()
	wtb, err := os.ReadFile(filepath.Join("testdata", "WTH_1977.wtb"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "WTH_1977.wtb"), wtb, 0o666))

	games, err := ReadGameFile(reg, filepath.Join(dir, "WTH_1977.wtb"), Setting{})
	require.NoError(t, err)
	require.Len(t, games, 12)
	for _, r := range games {
		replays(t, r)
		assert.Equal(t, "othello", r.Name)
	}
	first, err := ReadWTHORFile(filepath.Join(dir, "WTH_1977.wtb"))
	require.NoError(t, err)
	assert.Equal(t, 1977, first[0].Year)
	assert.Equal(t, "player "+strconv.Itoa(first[0].Black), games[0].Record.Players[0], "no names file: the number")

	// Names files beside the database name the players and tournaments.
	names := func(width int, ns ...string) []byte {
		b := make([]byte, 16, 16+width*len(ns))
		binary.LittleEndian.PutUint16(b[8:10], uint16(len(ns)))
		for _, n := range ns {
			cell := make([]byte, width)
			copy(cell, n)
			b = append(b, cell...)
		}
		return b
	}
	players := make([]string, 1+max(first[0].Black, first[0].White))
	players[first[0].Black], players[first[0].White] = "Noir \xe9", "Blanc"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "WTH.JOU"), names(20, players...), 0o666))
	tournaments := make([]string, 1+first[0].Tournament)
	tournaments[first[0].Tournament] = "Open"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "wth.trn"), names(26, tournaments...), 0o666))
	games, err = ReadGameFile(reg, filepath.Join(dir, "WTH_1977.wtb"), Setting{})
	require.NoError(t, err)
	assert.Equal(t, [2]string{"Noir é", "Blanc"}, games[0].Record.Players, "ISO 8859-1 names")
	assert.Equal(t, "Open 1977", games[0].Record.Event)

	_, err = ReadGames(reg, "x.wtb", wtb[:20], Setting{})
	assert.ErrorContains(t, err, "games announced")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "WTH.JOU"), []byte("short"), 0o666))
	_, err = ReadGameFile(reg, filepath.Join(dir, "WTH_1977.wtb"), Setting{})
	assert.ErrorContains(t, err, "too short")
	games, err = ReadGames(reg, "x.wtb", wtb, Setting{Game: "gomoku"})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "the record holds othello, not gomoku")
}

func TestReadGamesPSQ(t *testing.T) {
	reg := catalog.New()
	psq, err := os.ReadFile(filepath.Join("testdata", "gomocup", "0_0_10_2.psq"))
	require.NoError(t, err)
	games, err := ReadGames(reg, "g.psq", psq, Setting{})
	require.NoError(t, err)
	require.Len(t, games, 1)
	r := games[0]
	replays(t, r)
	assert.Equal(t, engines.Config{BoardSize: 20, Rule: "freestyle"}, r.Config)
	assert.True(t, r.Record.Moves[0].Book, "the opening's 0 ms moves")
	assert.NotEqual(t, engines.None, r.Record.Result, "the result the moves reach")

	_, err = ReadGames(reg, "g.psq", []byte("Piskvorky x"), Setting{})
	assert.Error(t, err)
	games, err = ReadGames(reg, "g.psq", []byte("Piskvorky 15x15, 1:1, 0\n8,8,0\n8,8,10\n-1\n1,Renju\n"), Setting{})
	require.NoError(t, err)
	assert.ErrorContains(t, games[0].Err, "move 2")
}

func TestGGFResult(t *testing.T) {
	for re, want := range map[string]engines.Result{
		"+12.00": engines.P1Win, "-2:t": engines.P2Win, "0.00:s": engines.Draw, "?": engines.None, "NaN": engines.None,
	} {
		assert.Equal(t, want, GGFResult(re), re)
	}
}

func texts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out
}
