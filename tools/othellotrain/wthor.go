// This file reads the WTHOR database of the French othello federation: a
// 16-byte header per file, then 68 bytes per game (tournament, players, black's
// final disc count, the theoretical score, 60 move bytes 10*row+col).

package othellotrain

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"qi/engines"
	"qi/engines/othello"
)

// wthorGame is one game of the database.
type wthorGame struct {
	// black's disc count at the end of the record, and with perfect play
	// from the position theoryDepth empties before the end.
	finalBlack, theoryBlack int
	theoryDepth             int
	// moves are squares (row*8+col, a1 = 0) in order, without passes.
	moves []int
}

// readWthor reads every game of the .wtb files named, or found in the
// directories named.
func readWthor(paths []string) ([]wthorGame, error) {
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
	var games []wthorGame
	for _, f := range files {
		g, err := readWthorFile(f)
		if err != nil {
			return nil, err
		}
		games = append(games, g...)
	}
	return games, nil
}

func readWthorFile(path string) ([]wthorGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < 16 {
		return nil, fmt.Errorf("%s: too short for a WTHOR header", path)
	}
	n := int(binary.LittleEndian.Uint32(data[4:8]))
	size := int(data[12])
	depth := int(data[14])
	if size != 0 && size != 8 {
		return nil, fmt.Errorf("%s: board size %d; only 8x8 WTHOR files are read", path, size)
	}
	if len(data) < 16+68*n {
		return nil, fmt.Errorf("%s: %d games announced, %d bytes", path, n, len(data))
	}
	games := make([]wthorGame, 0, n)
	for i := range n {
		rec := data[16+68*i : 16+68*(i+1)]
		g := wthorGame{finalBlack: int(rec[6]), theoryBlack: int(rec[7]), theoryDepth: depth}
		for _, b := range rec[8:] {
			if b == 0 {
				break
			}
			r, c := int(b)/10, int(b)%10
			if r < 1 || r > 8 || c < 1 || c > 8 {
				return nil, fmt.Errorf("%s: game %d: bad move byte %d", path, i+1, b)
			}
			g.moves = append(g.moves, (r-1)*8+c-1)
		}
		games = append(games, g)
	}
	return games, nil
}

// replay plays a game from the start, inserting the passes the record
// leaves out, and calls visit with each position before its move (and the
// last position). It reports whether every move was legal.
func (g wthorGame) replay(visit func(p *othello.Position)) bool {
	p := othello.StartPosition(8)
	for _, sq := range g.moves {
		if p.Result() != engines.None {
			return false
		}
		moves := p.LegalMoves(nil)
		if len(moves) == 1 && moves[0] == othello.Pass {
			visit(p)
			p.Play(othello.Pass)
		}
		if _, err := engines.Legal(p, othello.SquareName(sq, 8)); err != nil {
			return false
		}
		visit(p)
		p.Play(engines.Move(sq))
	}
	visit(p)
	return true
}

func (g wthorGame) String() string {
	var b strings.Builder
	for _, m := range g.moves {
		b.WriteString(othello.SquareName(m, 8))
	}
	return b.String()
}
