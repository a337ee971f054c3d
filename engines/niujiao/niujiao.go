// Package niujiao is niu jiao qi (牛角棋, ox-horn chess) as RULES.md settles it:
// ten points on a horn, Red's one stone against Blue's two, a third repetition a
// draw; and a player that searches the whole game (its longest forced win is 11
// plies), made weaker by looking fewer plies ahead.
package niujiao

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"qi/engines"
	"qi/engines/search"
)

// Spec registers niu jiao qi.
func Spec() engines.Spec {
	return engines.Spec{
		Name:  "niujiao",
		Title: "niu jiao qi (牛角棋, ox-horn chess)",
		New: func(engines.Config) (engines.Game, error) {
			return Game{}, nil
		},
	}
}

// Points is the number of points on the horn, 0 the tip.
const Points = 10

// neighbours lists each point's neighbours as a mask.
var neighbours = func() [Points]uint16 {
	var n [Points]uint16
	for _, e := range [...][2]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {2, 4}, {3, 4}, {3, 5}, {4, 5},
		{4, 6}, {5, 6}, {5, 7}, {6, 7}, {6, 8}, {7, 8}, {7, 9}, {8, 9}} {
		n[e[0]] |= 1 << e[1]
		n[e[1]] |= 1 << e[0]
	}
	return n
}()

// row of each point: {0} {1} {2,3} {4,5} {6,7} {8,9}.
var row = [Points]int{0, 1, 2, 2, 3, 3, 4, 4, 5, 5}

// goal is where Red wins.
const goal = 1<<8 | 1<<9

// Game is niu jiao qi; it has no settings.
type Game struct{}

// Name implements engines.Game.
func (Game) Name() string { return "niujiao" }

// SideName implements engines.SideNamer.
func (Game) SideName(s engines.Side) string { return [2]string{"Red", "Blue"}[s] }

// Start implements engines.Game: Red on 0, Blue on 8 and 9, Red to move.
func (Game) Start() engines.Position {
	return newPosition(state{red: 0, blue: 1<<8 | 1<<9, side: engines.P1})
}

// state is what the rules need of a position besides its history.
type state struct {
	red  int8   // Red's point
	blue uint16 // Blue's points
	side engines.Side
}

func (s state) key() uint64 {
	return uint64(s.red) | uint64(s.blue)<<4 | uint64(s.side)<<14
}

// Position is a niu jiao qi position with the states that led to it, for the
// repetition rule.
type Position struct {
	state
	past  []state // states before each move played, oldest first
	moves []engines.Move
	// seen counts earlier occurrences of the current state in the game,
	// including those before the position was set up (none).
	seen int
	// seenStack holds seen before each move, for Undo.
	seenStack []int
}

func newPosition(s state) *Position { return &Position{state: s} }

// A move encodes from*10+to.
func move(from, to int) engines.Move { return engines.Move(from*Points + to) }
func from(m engines.Move) int        { return int(m) / Points }
func to(m engines.Move) int          { return int(m) % Points }

// SideToMove implements engines.Position: Red is the first player.
func (p *Position) SideToMove() engines.Side { return p.side }

func (p *Position) occupied() uint16 { return p.blue | 1<<p.red }

// moveList appends the moves the rules allow, ignoring whether the game is over.
func (p *Position) moveList(buf []engines.Move) []engines.Move {
	free := ^p.occupied() & (1<<Points - 1)
	if p.side == engines.P1 {
		for t := neighbours[p.red] & free; t != 0; t &= t - 1 {
			buf = append(buf, move(int(p.red), bits.TrailingZeros16(t)))
		}
		return buf
	}
	for b := p.blue; b != 0; b &= b - 1 {
		f := bits.TrailingZeros16(b)
		for t := neighbours[f] & free; t != 0; t &= t - 1 {
			if to := bits.TrailingZeros16(t); row[to] <= row[f] {
				buf = append(buf, move(f, to))
			}
		}
	}
	return buf
}

// canMove reports whether the side to move has a move, without listing them.
func (p *Position) canMove() bool {
	free := ^p.occupied() & (1<<Points - 1)
	if p.side == engines.P1 {
		return neighbours[p.red]&free != 0
	}
	for b := p.blue; b != 0; b &= b - 1 {
		f := bits.TrailingZeros16(b)
		for t := neighbours[f] & free; t != 0; t &= t - 1 {
			if row[bits.TrailingZeros16(t)] <= row[f] {
				return true
			}
		}
	}
	return false
}

// LegalMoves implements engines.Position.
func (p *Position) LegalMoves(buf []engines.Move) []engines.Move {
	if p.Result() != engines.None {
		return buf
	}
	return p.moveList(buf)
}

// Play implements engines.Position.
func (p *Position) Play(m engines.Move) {
	p.past = append(p.past, p.state)
	p.moves = append(p.moves, m)
	p.seenStack = append(p.seenStack, p.seen)
	if p.side == engines.P1 {
		p.red = int8(to(m))
	} else {
		p.blue ^= 1<<from(m) | 1<<to(m)
	}
	p.side = p.side.Other()
	p.seen = 0
	for _, s := range p.past {
		if s == p.state {
			p.seen++
		}
	}
}

// Undo implements engines.Position.
func (p *Position) Undo() {
	n := len(p.past) - 1
	p.state = p.past[n]
	p.seen = p.seenStack[n]
	p.past, p.moves, p.seenStack = p.past[:n], p.moves[:n], p.seenStack[:n]
}

// Plies implements engines.Position.
func (p *Position) Plies() int { return len(p.moves) }

// Result implements engines.Position: Red wins on 8 or 9; a third occurrence
// of a position is a draw; a side that cannot move loses.
func (p *Position) Result() engines.Result {
	switch {
	case goal&(1<<p.red) != 0:
		return engines.P1Win
	case p.seen >= 2:
		return engines.Draw
	case !p.canMove():
		return engines.WinFor(p.side.Other())
	}
	return engines.None
}

// Repetitions returns how many times the current position occurred before in
// the game.
func (p *Position) Repetitions() int { return p.seen }

// Hash implements engines.Position.
func (p *Position) Hash() uint64 {
	h := p.key() * 0x9E3779B97F4A7C15
	return h ^ h>>31
}

// Clone implements engines.Position.
func (p *Position) Clone() engines.Position {
	c := *p
	c.past = append([]state(nil), p.past...)
	c.moves = append([]engines.Move(nil), p.moves...)
	c.seenStack = append([]int(nil), p.seenStack...)
	return &c
}

func (p *Position) cell(pt int) byte {
	switch {
	case int(p.red) == pt:
		return 'R'
	case p.blue&(1<<pt) != 0:
		return 'B'
	}
	return '.'
}

// Text implements engines.Position: the ten points 0..9 (R Red, B Blue, .
// empty), a space and the side to move (r or b): "R.......BB r" is the start.
func (p *Position) Text() string {
	var b [Points + 2]byte
	for pt := 0; pt < Points; pt++ {
		b[pt] = p.cell(pt)
	}
	b[Points], b[Points+1] = ' ', "rb"[p.side]
	return string(b[:])
}

// String implements engines.Position: the horn with each point's number and
// its stone, every one of the 17 edges drawn, and the stone that moved last
// in lower case, with a legend that says so.
func (p *Position) String() string {
	moved := -1
	if n := len(p.moves); n > 0 {
		moved = to(p.moves[n-1])
	}
	c := func(pt int) string {
		ch := p.cell(pt)
		if pt == moved {
			ch += 'a' - 'A'
		}
		return fmt.Sprintf("%d%c", pt, ch)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", c(0))
	fmt.Fprintf(&b, "|  \\\n")
	fmt.Fprintf(&b, "|   %s\n", c(1))
	fmt.Fprintf(&b, "| /  \\\n")
	fmt.Fprintf(&b, "%s----%s\n", c(2), c(3))
	for r := 2; r <= 4; r++ {
		fmt.Fprintf(&b, "|  /   |\n")
		fmt.Fprintf(&b, "%s----%s\n", c(2*r), c(2*r+1))
	}
	if moved >= 0 {
		fmt.Fprintf(&b, "Last move %s: the stone that moved is in lower case.\n", p.MoveText(p.moves[len(p.moves)-1]))
	}
	return b.String()
}

// MoveText implements engines.Position: from and to as two digits, "02".
func (p *Position) MoveText(m engines.Move) string {
	return string([]byte{'0' + byte(from(m)), '0' + byte(to(m))})
}

// ParseMove implements engines.Position: two digits (also written "0-2"), the
// points between which the stone moves along an edge.
func (p *Position) ParseMove(s string) (engines.Move, error) {
	t := strings.ReplaceAll(s, "-", "")
	if len(t) != 2 || t[0] < '0' || t[0] > '9' || t[1] < '0' || t[1] > '9' {
		return engines.NoMove, fmt.Errorf("bad move %q: write the two points, from and to, as \"02\"", s)
	}
	f, to := int(t[0]-'0'), int(t[1]-'0')
	if neighbours[f]&(1<<to) == 0 {
		return engines.NoMove, fmt.Errorf("bad move %q: %d and %d are not joined by an edge", s, f, to)
	}
	return move(f, to), nil
}

// Parse implements engines.Game; it reads what Text writes.
func (Game) Parse(text string) (engines.Position, error) {
	if err := engines.CheckASCII(text); err != nil {
		return nil, err
	}
	f := strings.Fields(text)
	if len(f) != 2 || len(f[0]) != Points || (f[1] != "r" && f[1] != "b" && f[1] != "R" && f[1] != "B") {
		return nil, fmt.Errorf("bad position %q: want ten points (R, B or .) and the side to move (r or b), as \"R.......BB r\"", text)
	}
	s := state{red: -1}
	for pt := 0; pt < Points; pt++ {
		switch f[0][pt] {
		case 'R', 'r':
			if s.red >= 0 {
				return nil, fmt.Errorf("position %q: Red has one stone", text)
			}
			s.red = int8(pt)
		case 'B', 'b':
			s.blue |= 1 << pt
		case '.', '-':
		default:
			return nil, fmt.Errorf("position %q: bad point %q (use R, B or .)", text, f[0][pt])
		}
	}
	if s.red < 0 || bits.OnesCount16(s.blue) != 2 {
		return nil, fmt.Errorf("position %q: Red has one stone and Blue two", text)
	}
	if f[1] == "b" || f[1] == "B" {
		s.side = engines.P2
	}
	return newPosition(s), nil
}

// NewSearcher implements engines.Game. At full strength it searches 20 plies,
// beyond the longest forced win (11) and loss (12), so that every forced result
// is found and every other move is a draw: what it plays is perfect. Weaker
// levels look 2 plies a level ahead and judge what they see by how far Red has
// come.
func (Game) NewSearcher(cfg engines.Config) engines.Searcher {
	level := cfg.EffectiveLevel()
	if level == engines.MaxLevel {
		return search.NewAlphaBeta(func(engines.Position) engines.Score { return 0 }, 20, min(cfg.EffectiveHashMB(), 1))
	}
	return search.NewAlphaBeta(Progress, 2*level, min(cfg.EffectiveHashMB(), 1))
}

// levelElo is the measured Elo of levels 1 to 10 on the scale where a random
// mover is 0: a round robin of the random mover and every level, 100 games a
// pairing from the 27 balanced openings of four moves, fitted as one rating
// list (docs/games.md, strength levels). From level 6 on every game between
// levels is a draw, so they share an Elo; level 5 scored less than level 4
// (0-29-71 against it), and the two share their pooled Elo.
var levelElo = [engines.MaxLevel]int{29, 522, 598, 728, 728, 791, 791, 791, 791, 791}

// LevelElo implements engines.Rated.
func (Game) LevelElo() []int { return levelElo[:] }

// Benches implements engines.Bencher: the time to solve the start, and
// every position reached from it in a few plies.
func (g Game) Benches(quick bool) []engines.Bench {
	plies := 4
	if quick {
		plies = 2
	}
	return []engines.Bench{
		{Name: "solve the start", Run: func(ctx context.Context) (engines.BenchResult, error) {
			info := g.NewSearcher(engines.Config{}).Search(ctx, g.Start(), engines.Limits{}, nil)
			return engines.SearchBench(info), ctx.Err()
		}},
		{Name: fmt.Sprintf("solve every position %d plies in", plies), Run: func(ctx context.Context) (engines.BenchResult, error) {
			var total engines.BenchResult
			var walk func(p engines.Position, depth int)
			walk = func(p engines.Position, depth int) {
				if depth == 0 || ctx.Err() != nil {
					if p.Result() == engines.None {
						info := g.NewSearcher(engines.Config{}).Search(ctx, p, engines.Limits{}, nil)
						total.Depth = max(total.Depth, info.Depth)
						total.Nodes, total.Time = total.Nodes+info.Nodes, total.Time+info.Time
						total.Solved++
						total.Of++
					}
					return
				}
				for _, m := range p.LegalMoves(nil) {
					p.Play(m)
					walk(p, depth-1)
					p.Undo()
				}
			}
			walk(g.Start(), plies)
			return total, ctx.Err()
		}},
	}
}

// Progress scores a position for the weaker levels: Red gains by going down the
// horn and by having room to move.
func Progress(pos engines.Position) engines.Score {
	p := pos.(*Position)
	free := ^p.occupied() & (1<<Points - 1)
	s := engines.Score(100*row[p.red] + 30*bits.OnesCount16(neighbours[p.red]&free))
	if p.side == engines.P2 {
		return -s
	}
	return s
}
