// Fuzz tests of the record readers: no input makes them panic, what the
// PGN and RenLib writers write reads back, and every game ReadGames gives
// without an error replays under qi's rules.

package record

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/catalog"
)

func FuzzReaders(f *testing.F) {
	var b bytes.Buffer
	_ = WritePGN(&b, sample())
	f.Add(b.String())
	f.Add("(;FF[4]GM[4]SZ[15]RE[B+1];B[hh]C[opening move];W[ih])")
	f.Add("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2];)")
	f.Add("[Event \"x\"]\n\n1. a1 {c} 1-0\n")
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ReadPGN(strings.NewReader(s))
		_, _ = ReadSGF(strings.NewReader(s))
		_, _ = ReadSGFGames(strings.NewReader(s))
		_, _ = ReadGGF(strings.NewReader(s))
	})
}

func FuzzPGNRoundTrip(f *testing.F) {
	f.Add("qi", "b2", "a reason", "x../.../... o")
	f.Add(`a "b" \c`, "P@o15", "{braces}", "")
	f.Fuzz(func(t *testing.T, name, move, reason, start string) {
		if strings.ContainsAny(move, " \t\r\n{};") || move == "" || strings.HasSuffix(move, ".") ||
			strings.HasPrefix(move, "$") || strings.HasSuffix(move, "!") || strings.HasSuffix(move, "?") ||
			strings.HasPrefix(move, "[") || move == "*" || move == "1-0" || move == "0-1" || move == "1/2-1/2" {
			return
		}
		g := Game{Players: [2]string{name, "b"}, StartText: start, Moves: []Move{{Text: move, Book: true}},
			Result: engines.Draw, Reason: reason}
		var b bytes.Buffer
		if err := WritePGN(&b, g); err != nil {
			t.Fatal(err)
		}
		games, err := ReadPGN(&b)
		if err != nil {
			t.Fatalf("%v:\n%s", err, b.String())
		}
		if len(games) != 1 || len(games[0].Moves) != 1 || games[0].Moves[0] != move || games[0].Result != "1/2-1/2" {
			t.Fatalf("read back %+v from:\n%s", games, b.String())
		}
	})
}

// FuzzRenlib reads any bytes as a RenLib library, from the real ones of
// testdata/renlib: the reader never panics, and a library it reads writes
// and reads back as the same tree.
func FuzzRenlib(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "renlib", "*.lib"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed libraries: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, err := ReadRenlib(data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteRenlib(&b, lib); err != nil {
			t.Fatalf("a library read does not write: %v", err)
		}
		again, err := ReadRenlib(b.Bytes())
		if err != nil {
			t.Fatalf("a library written does not read back: %v", err)
		}
		if !reflect.DeepEqual(lib.Root, again.Root) {
			t.Fatal("a library written reads back as another tree")
		}
	})
}

func FuzzReadGames(f *testing.F) {
	var b bytes.Buffer
	_ = WritePGN(&b, sample())
	f.Add("x.pgn", b.String())
	f.Add("x.pgn", "[Game \"othello\"]\n\n1. f5 $2 d6?! {c} 2. c3 *\n")
	f.Add("x.sgf", "(;FF[4]GM[4]SZ[15]RU[4]AB[aa]PL[W];W[hh]C[opening move];B[ih])")
	f.Add("x.sgf", "(;GM[4]SZ[3];B[bb];W[aa])")
	f.Add("x.ggf", "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[D6];)")
	f.Add("x.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,10\n-1\n1,Renju\n")
	f.Add("x.wtb", "\x14\x1a\x02\x17\x01\x00\x00\x00\x00\x00\xe8\x07\x08\x00\x18\x00"+strings.Repeat("\x00", 6)+"\x20\x20\x37\x00")
	reg := catalog.New()
	f.Fuzz(func(t *testing.T, name, s string) {
		games, err := ReadGames(reg, name, []byte(s), Setting{})
		if err != nil {
			return
		}
		for _, r := range games {
			if r.Err != nil {
				continue
			}
			require.Len(t, r.Record.Moves, len(r.Moves))
			p := r.Start.Clone()
			for i, m := range r.Moves {
				got, err := engines.Legal(p, r.Record.Moves[i].Text)
				require.NoError(t, err)
				require.Equal(t, m, got)
				p.Play(m)
			}
		}
	})
}
