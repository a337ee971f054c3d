// This file reads the WTHOR database of the French othello federation: a
// 16-byte header per file, then 68 bytes per game (tournament, players, black's
// final disc count, the theoretical score, 60 move bytes 10*row+col).

package record

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"qi/engines"
	"qi/engines/othello"
)

// WTHORGame is one game of the database.
type WTHORGame struct {
	// Tournament, Black and White are the numbers of the tournament and
	// the players in the database's WTH.TRN and WTH.JOU (WTHORNames).
	Tournament, Black, White int
	// Year is the year of the file's games.
	Year int
	// FinalBlack is black's disc count at the end of the record (the
	// empty squares go to the winner: 32 is a draw), TheoryBlack the same
	// with perfect play from the position TheoryDepth empties before the
	// end.
	FinalBlack, TheoryBlack int
	TheoryDepth             int
	// Moves are squares (row*8+col, a1 = 0) in order, without passes.
	Moves []int
}

// ReadWTHOR reads every game of the .wtb files named, or found in the
// folders named, in the order of their names.
func ReadWTHOR(paths []string) ([]WTHORGame, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			m, _ := filepath.Glob(filepath.Join(p, "*.wtb"))
			files = append(files, m...)
			mu, _ := filepath.Glob(filepath.Join(p, "*.WTB"))
			files = append(files, mu...)
		} else {
			files = append(files, p)
		}
	}
	sort.Strings(files)
	var games []WTHORGame
	for _, f := range files {
		g, err := ReadWTHORFile(f)
		if err != nil {
			return nil, err
		}
		games = append(games, g...)
	}
	return games, nil
}

// ReadWTHORFile reads the games of one WTHOR (.wtb) file.
func ReadWTHORFile(path string) ([]WTHORGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseWTHOR(path, data)
}

// ParseWTHOR reads the games of a WTHOR file from its bytes; path names it
// in errors.
func ParseWTHOR(path string, data []byte) ([]WTHORGame, error) {
	if len(data) < 16 {
		return nil, fmt.Errorf("%s: too short for a WTHOR header", path)
	}
	n := int(binary.LittleEndian.Uint32(data[4:8]))
	year := int(binary.LittleEndian.Uint16(data[10:12]))
	size := int(data[12])
	depth := int(data[14])
	if size != 0 && size != 8 {
		return nil, fmt.Errorf("%s: board size %d; only 8x8 WTHOR files are read", path, size)
	}
	if n < 0 || n > (len(data)-16)/68 {
		return nil, fmt.Errorf("%s: %d games announced, %d bytes", path, n, len(data))
	}
	games := make([]WTHORGame, 0, n)
	for i := range n {
		rec := data[16+68*i : 16+68*(i+1)]
		g := WTHORGame{
			Tournament: int(binary.LittleEndian.Uint16(rec[0:2])),
			Black:      int(binary.LittleEndian.Uint16(rec[2:4])),
			White:      int(binary.LittleEndian.Uint16(rec[4:6])),
			Year:       year, FinalBlack: int(rec[6]), TheoryBlack: int(rec[7]), TheoryDepth: depth,
		}
		for _, b := range rec[8:] {
			if b == 0 {
				break
			}
			r, c := int(b)/10, int(b)%10
			if r < 1 || r > 8 || c < 1 || c > 8 {
				return nil, fmt.Errorf("%s: game %d: bad move byte %d", path, i+1, b)
			}
			g.Moves = append(g.Moves, (r-1)*8+c-1)
		}
		games = append(games, g)
	}
	return games, nil
}

// Result is the game's result by its final disc count.
func (g WTHORGame) Result() engines.Result {
	switch {
	case g.FinalBlack > 32:
		return engines.P1Win
	case g.FinalBlack < 32:
		return engines.P2Win
	}
	return engines.Draw
}

// Replay plays the game from the start, inserting the passes the record
// leaves out, and calls visit with each position before its move (a pass
// too) and with the last position. It returns the moves played, passes
// included, or the error of the first illegal one.
func (g WTHORGame) Replay(visit func(p *othello.Position)) ([]engines.Move, error) {
	p := othello.StartPosition(8)
	var moves []engines.Move
	for i, sq := range g.Moves {
		if p.Result() != engines.None {
			return nil, fmt.Errorf("move %d %s: the game is over", i+1, othello.SquareName(sq, 8))
		}
		if ms := p.LegalMoves(nil); len(ms) == 1 && ms[0] == othello.Pass {
			if visit != nil {
				visit(p)
			}
			p.Play(othello.Pass)
			moves = append(moves, othello.Pass)
		}
		m, err := engines.Legal(p, othello.SquareName(sq, 8))
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if visit != nil {
			visit(p)
		}
		p.Play(m)
		moves = append(moves, m)
	}
	if visit != nil {
		visit(p)
	}
	return moves, nil
}

// String writes the game's moves, as "f5d6c3".
func (g WTHORGame) String() string {
	var b strings.Builder
	for _, m := range g.Moves {
		b.WriteString(othello.SquareName(m, 8))
	}
	return b.String()
}

// WTHORNames are the names of the database's players (WTH.JOU) and
// tournaments (WTH.TRN) by their numbers.
type WTHORNames struct {
	Players, Tournaments []string
}

// Player names player number i, "" when the names do not know it.
func (n *WTHORNames) Player(i int) string {
	if n == nil || i < 0 || i >= len(n.Players) {
		return ""
	}
	return n.Players[i]
}

// Tournament names tournament number i, "" when the names do not know it.
func (n *WTHORNames) Tournament(i int) string {
	if n == nil || i < 0 || i >= len(n.Tournaments) {
		return ""
	}
	return n.Tournaments[i]
}

// ReadWTHORNames reads the names in WTH.JOU and WTH.TRN (also as
// WTHOR.JOU and WTHOR.TRN, in any case) in dir, the folder of the
// database's files; a file that is not there leaves its names out, and
// found is false when neither is.
func ReadWTHORNames(dir string) (names *WTHORNames, found bool, err error) {
	names = &WTHORNames{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, err
	}
	for _, e := range entries {
		var dest *[]string
		width := 0
		switch strings.ToUpper(e.Name()) {
		case "WTH.JOU", "WTHOR.JOU":
			dest, width = &names.Players, 20
		case "WTH.TRN", "WTHOR.TRN":
			dest, width = &names.Tournaments, 26
		default:
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, false, err
		}
		if *dest, err = parseWTHORNames(path, data, width); err != nil {
			return nil, false, err
		}
		found = true
	}
	return names, found, nil
}

// parseWTHORNames reads a names file: a 16-byte header whose bytes 8 and 9
// count the names, then the names, each width bytes of ISO 8859-1 padded
// with zeros.
func parseWTHORNames(path string, data []byte, width int) ([]string, error) {
	if len(data) < 16 {
		return nil, fmt.Errorf("%s: too short for a WTHOR header", path)
	}
	n := int(binary.LittleEndian.Uint16(data[8:10]))
	if n > (len(data)-16)/width {
		return nil, fmt.Errorf("%s: %d names announced, %d bytes", path, n, len(data))
	}
	names := make([]string, n)
	for i := range names {
		raw := data[16+width*i : 16+width*(i+1)]
		if j := bytes.IndexByte(raw, 0); j >= 0 {
			raw = raw[:j]
		}
		// ISO 8859-1's bytes are the first 256 code points.
		r := make([]rune, len(raw))
		for k, b := range raw {
			r[k] = rune(b)
		}
		names[i] = strings.TrimSpace(string(r))
	}
	return names, nil
}
