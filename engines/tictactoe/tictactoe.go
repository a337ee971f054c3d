// Package tictactoe is tic-tac-toe (一字棋): the rules on a pair of 9-bit
// boards, and a perfect player that can be made weaker down to the classic
// shallow search with the open-lines evaluation.
package tictactoe

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"qi/engines"
	"qi/engines/drawing"
	"qi/engines/fen"
	"qi/engines/search"
)

// Spec registers tic-tac-toe.
func Spec() engines.Spec {
	return engines.Spec{
		Name:      "tictactoe",
		Placement: true,
		Title:     "tic-tac-toe (一字棋)",
		Sizes:     []int{3},
		New: func(engines.Config) (engines.Game, error) {
			return Game{}, nil
		},
	}
}

// Game is tic-tac-toe; it has no settings.
type Game struct{}

// Name implements engines.Game.
func (Game) Name() string { return "tictactoe" }

// SideName implements engines.SideNamer.
func (Game) SideName(s engines.Side) string { return [2]string{"X", "O"}[s] }

// Start implements engines.Game.
func (Game) Start() engines.Position { return &Position{} }

// lines are the eight winning lines as square masks; square = 3*rank + file,
// a1 = 0, c3 = 8.
var lines = [8]uint16{
	0007, 0070, 0700, // ranks
	0111, 0222, 0444, // files
	0421, 0124, // diagonals
}

const full = 0777

// sideName is how the position text writes each side.
var sideName = [2]string{"x", "o"}

func won(b uint16) bool {
	for _, l := range lines {
		if b&l == l {
			return true
		}
	}
	return false
}

// Position is a tic-tac-toe position: the squares of each side and the moves
// that led to it.
type Position struct {
	marks   [2]uint16
	history []engines.Move
}

// SideToMove implements engines.Position: X moves when both have as many marks.
func (p *Position) SideToMove() engines.Side {
	if bits.OnesCount16(p.marks[0]) > bits.OnesCount16(p.marks[1]) {
		return engines.P2
	}
	return engines.P1
}

// LegalMoves implements engines.Position.
func (p *Position) LegalMoves(buf []engines.Move) []engines.Move {
	if p.Result() != engines.None {
		return buf
	}
	free := full &^ (p.marks[0] | p.marks[1])
	for free != 0 {
		sq := bits.TrailingZeros16(free)
		free &= free - 1
		buf = append(buf, engines.Move(sq))
	}
	return buf
}

// Play implements engines.Position.
func (p *Position) Play(m engines.Move) {
	p.marks[p.SideToMove()] |= 1 << m
	p.history = append(p.history, m)
}

// Undo implements engines.Position.
func (p *Position) Undo() {
	m := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	p.marks[0] &^= 1 << m
	p.marks[1] &^= 1 << m
}

// Plies implements engines.Position.
func (p *Position) Plies() int { return len(p.history) }

// Result implements engines.Position.
func (p *Position) Result() engines.Result {
	switch {
	case won(p.marks[0]):
		return engines.P1Win
	case won(p.marks[1]):
		return engines.P2Win
	case p.marks[0]|p.marks[1] == full:
		return engines.Draw
	}
	return engines.None
}

// Hash implements engines.Position: the side to move follows from the marks.
func (p *Position) Hash() uint64 {
	h := uint64(p.marks[0]) | uint64(p.marks[1])<<9
	h *= 0x9E3779B97F4A7C15
	return h ^ h>>29
}

// MovesLeft implements engines.Pacer: the marks the side to move may still place.
func (p *Position) MovesLeft() int {
	return (10 - bits.OnesCount16(p.marks[0]|p.marks[1])) / 2
}

// Clone implements engines.Position.
func (p *Position) Clone() engines.Position {
	c := *p
	c.history = append([]engines.Move(nil), p.history...)
	return &c
}

func (p *Position) cell(sq int) byte {
	switch {
	case p.marks[0]&(1<<sq) != 0:
		return 'x'
	case p.marks[1]&(1<<sq) != 0:
		return 'o'
	}
	return '.'
}

// Text implements engines.Position: the ranks from the top separated by '/',
// x, o and . for empty, then the side to move, as in "x.o/.x./... o".
func (p *Position) Text() string {
	var b strings.Builder
	for rank := 2; rank >= 0; rank-- {
		for file := 0; file < 3; file++ {
			b.WriteByte(p.cell(3*rank + file))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" ")
	b.WriteString(sideName[p.SideToMove()])
	return b.String()
}

// String implements engines.Position: the board, X and O, the last move in
// brackets and a legend that says so.
func (p *Position) String() string {
	var b strings.Builder
	last := -1
	if n := len(p.history); n > 0 {
		last = int(p.history[n-1])
	}
	for rank := 2; rank >= 0; rank-- {
		var cells [3]byte
		for file := range cells {
			cells[file] = strings.ToUpper(string(p.cell(3*rank + file)))[0]
		}
		mark := -1
		if last/3 == rank {
			mark = last % 3
		}
		fmt.Fprintf(&b, " %d %s\n", rank+1, drawing.Row(cells[:], mark))
	}
	b.WriteString("    a b c\n")
	if last >= 0 {
		b.WriteString(drawing.LastMove(p.MoveText(engines.Move(last))) + "\n")
	}
	return b.String()
}

// MoveText implements engines.Position: the square, as "b2".
func (p *Position) MoveText(m engines.Move) string {
	return string([]byte{'a' + byte(m%3), '1' + byte(m/3)})
}

// ParseMove implements engines.Position; it reads "b2" and the drop "P@b2".
func (p *Position) ParseMove(s string) (engines.Move, error) {
	t := strings.ToLower(s)
	t = strings.TrimPrefix(t, "p@")
	if len(t) != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3' {
		return engines.NoMove, fmt.Errorf("bad square %q: tic-tac-toe squares run from a1 to c3", s)
	}
	return engines.Move(3*int(t[1]-'1') + int(t[0]-'a')), nil
}

// Parse implements engines.Game: qi's own text ("x.o/.x./... o") or a cutechess
// FEN ("1P1/3/3[PPPPpppp] b - - 0 1"). The position must be one that can arise
// in a game.
func (Game) Parse(text string) (engines.Position, error) {
	if err := engines.CheckASCII(text); err != nil {
		return nil, err
	}
	var p Position
	var side engines.Side
	if fen.Looks(text) {
		b, err := fen.Parse(text, 3, 3)
		if err != nil {
			return nil, err
		}
		for rank := 0; rank < 3; rank++ {
			for file, c := range b.Cells[rank] {
				if c != fen.Empty {
					p.marks[c-fen.First] |= 1 << (3*rank + file)
				}
			}
		}
		side = b.Side
	} else {
		f := strings.Fields(strings.ToLower(text))
		var rows []string
		if len(f) == 2 {
			rows = strings.Split(f[0], "/")
		}
		if len(rows) != 3 || len(rows[0]) != 3 || len(rows[1]) != 3 || len(rows[2]) != 3 || (f[1] != "x" && f[1] != "o") {
			return nil, fmt.Errorf("bad position %q: want three ranks from the top and the side to move, as \"x.o/.x./... o\"", text)
		}
		for i, row := range rows {
			for file := 0; file < 3; file++ {
				sq := 3*(2-i) + file
				switch row[file] {
				case 'x':
					p.marks[0] |= 1 << sq
				case 'o':
					p.marks[1] |= 1 << sq
				case '.', '-':
				default:
					return nil, fmt.Errorf("bad square %q in %q: use x, o or .", row[file], text)
				}
			}
		}
		if f[1] == "o" {
			side = engines.P2
		}
	}
	if err := p.check(side); err != nil {
		return nil, fmt.Errorf("position %q: %w", text, err)
	}
	return &p, nil
}

// check says why a position with side to move cannot arise in a game.
func (p *Position) check(side engines.Side) error {
	nx, no := bits.OnesCount16(p.marks[0]), bits.OnesCount16(p.marks[1])
	switch {
	case nx != no && nx != no+1:
		return fmt.Errorf("X has %d marks and O %d: X moves first and they alternate", nx, no)
	case p.SideToMove() != side:
		return fmt.Errorf("with %d x and %d o it is %s's turn", nx, no, sideName[p.SideToMove()])
	case won(p.marks[0]) && won(p.marks[1]):
		return fmt.Errorf("both sides have three in a row")
	case won(p.marks[0]) && nx != no+1:
		return fmt.Errorf("X has three in a row, so O cannot have moved since")
	case won(p.marks[1]) && nx != no:
		return fmt.Errorf("O has three in a row, so X cannot have moved since")
	}
	return nil
}

// NewSearcher implements engines.Game. At full strength it searches the whole
// game (nine plies); below, it looks Level plies ahead and scores what it sees
// by open lines.
func (Game) NewSearcher(cfg engines.Config) engines.Searcher {
	depth := min(cfg.EffectiveLevel(), 9)
	return search.NewAlphaBeta(OpenLines, depth, min(cfg.EffectiveHashMB(), 1))
}

// levelElo is the measured Elo of levels 1 to 10 on the scale where a random
// mover is 0: a round robin of the random mover and every level, 100 games a
// pairing from the 24 balanced openings of two moves, fitted as one rating
// list (docs/games.md, strength levels). From level 4 on every game between
// levels is a draw, and levels 2 and 3 score even: such levels share an Elo.
var levelElo = [engines.MaxLevel]int{195, 412, 412, 423, 423, 423, 423, 423, 423, 423}

// LevelElo implements engines.Rated.
func (Game) LevelElo() []int { return levelElo[:] }

// Benches implements engines.Bencher: the time to solve the empty board and
// to count all games (perft 9).
func (g Game) Benches(quick bool) []engines.Bench {
	rounds := 20
	if quick {
		rounds = 2
	}
	return []engines.Bench{
		{Name: fmt.Sprintf("solve the empty board x%d", rounds), Run: func(ctx context.Context) (engines.BenchResult, error) {
			var total engines.BenchResult
			for i := 0; i < rounds && ctx.Err() == nil; i++ {
				info := g.NewSearcher(engines.Config{}).Search(ctx, g.Start(), engines.Limits{}, nil)
				total.Depth, total.Nodes, total.Time = info.Depth, total.Nodes+info.Nodes, total.Time+info.Time
			}
			return total, ctx.Err()
		}},
		{Name: "perft 9", Run: func(ctx context.Context) (engines.BenchResult, error) {
			return engines.PerftBench(func() uint64 { return engines.Perft(g.Start(), 9) }), ctx.Err()
		}},
	}
}

// OpenLines is the classic evaluation: lines still open for the side to move
// minus lines still open for the opponent, 100 a line.
func OpenLines(pos engines.Position) engines.Score {
	p := pos.(*Position)
	me, them := p.marks[p.SideToMove()], p.marks[p.SideToMove().Other()]
	n := 0
	for _, l := range lines {
		if l&them == 0 {
			n++
		}
		if l&me == 0 {
			n--
		}
	}
	return engines.Score(100 * n)
}
