// Fuzz tests of the record readers: no input makes them panic, and what the
// PGN writer writes reads back.

package record

import (
	"bytes"
	"strings"
	"testing"

	"qi/engines"
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
