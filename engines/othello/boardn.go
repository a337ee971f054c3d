// This file holds the rules on boards of any even size from 4 to 16 (8x8 has
// its own bitboards): a mailbox with a border of sentinels, so that walking a
// line stops at the edge without bounds checks.

package othello

// Cell contents of the general board.
const (
	cellEmpty  uint8 = 0
	cellBlack  uint8 = 1
	cellWhite  uint8 = 2
	cellBorder uint8 = 3
)

// MinSize and MaxSize bound the board sizes qi plays; sizes are even.
const (
	MinSize = 4
	MaxSize = 16
)

// mailbox is the general board's geometry for one size: the padded array has a
// border row above and below and a border column shared by the rows' ends.
type mailbox struct {
	n      int     // side of the board
	stride int     // n+1: one border column
	cells  int     // length of the padded array
	dirs   [8]int  // offsets of the eight neighbours
	sq     []int   // padded index of each square, row by row from a1
	index  []int16 // square of each padded index, -1 on the border
	empty  []uint8 // the padded array of the empty board (borders set)
	zob    [][2]uint64
}

// newMailbox builds the geometry of an n x n board.
func newMailbox(n int) *mailbox {
	g := &mailbox{n: n, stride: n + 1}
	g.cells = (n+2)*g.stride + 1
	s := g.stride
	g.dirs = [8]int{1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1}
	g.sq = make([]int, n*n)
	g.index = make([]int16, g.cells)
	g.empty = make([]uint8, g.cells)
	for i := range g.empty {
		g.empty[i] = cellBorder
		g.index[i] = -1
	}
	for r := range n {
		for c := range n {
			i := (r+1)*s + c + 1
			g.sq[r*n+c] = i
			g.index[i] = int16(r*n + c)
			g.empty[i] = cellEmpty
		}
	}
	g.zob = make([][2]uint64, n*n)
	seed := uint64(0x9E3779B97F4A7C15) ^ uint64(n)
	for i := range g.zob {
		g.zob[i][0] = splitmix(&seed)
		g.zob[i][1] = splitmix(&seed)
	}
	return g
}

// splitmix is the SplitMix64 generator, for the fixed Zobrist keys.
func splitmix(s *uint64) uint64 {
	*s += 0x9E3779B97F4A7C15
	z := *s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// boardN is a position on the general board: cells, disc counts and the side
// to move, with an incrementally kept Zobrist key of the discs.
type boardN struct {
	g      *mailbox
	cell   []uint8
	count  [3]int // discs of each colour, by cell value
	toMove uint8  // cellBlack or cellWhite
	key    uint64
}

func newBoardN(g *mailbox) *boardN {
	b := &boardN{g: g, cell: append([]uint8(nil), g.empty...), toMove: cellBlack}
	n := g.n
	h := n / 2
	b.set(g.sq[(h-1)*n+h-1], cellWhite)
	b.set(g.sq[h*n+h], cellWhite)
	b.set(g.sq[(h-1)*n+h], cellBlack)
	b.set(g.sq[h*n+h-1], cellBlack)
	return b
}

func (b *boardN) clone() *boardN {
	c := *b
	c.cell = append([]uint8(nil), b.cell...)
	return &c
}

// set puts a disc of colour c on the empty padded index i.
func (b *boardN) set(i int, c uint8) {
	b.cell[i] = c
	b.count[c]++
	b.key ^= b.g.zob[b.g.index[i]][c-1]
}

// legalAt reports whether the side to move may play at the padded index i.
func (b *boardN) legalAt(i int) bool {
	if b.cell[i] != cellEmpty {
		return false
	}
	me, opp := b.toMove, 3-b.toMove
	for _, d := range b.g.dirs {
		j := i + d
		if b.cell[j] != opp {
			continue
		}
		for j += d; b.cell[j] == opp; j += d {
		}
		if b.cell[j] == me {
			return true
		}
	}
	return false
}

// hasMove reports whether the side to move has a legal move.
func (b *boardN) hasMove() bool {
	for _, i := range b.g.sq {
		if b.legalAt(i) {
			return true
		}
	}
	return false
}

// moves appends the squares (row by row from a1) where the side to move may
// play.
func (b *boardN) moves(buf []int) []int {
	for s, i := range b.g.sq {
		if b.legalAt(i) {
			buf = append(buf, s)
		}
	}
	return buf
}

// play makes the move at square s (which must be legal), appends the padded
// indices it flipped to flips and returns them; the side to move changes.
func (b *boardN) play(s int, flips []int) []int {
	i := b.g.sq[s]
	me, opp := b.toMove, 3-b.toMove
	n := len(flips)
	for _, d := range b.g.dirs {
		j := i + d
		if b.cell[j] != opp {
			continue
		}
		for j += d; b.cell[j] == opp; j += d {
		}
		if b.cell[j] != me {
			continue
		}
		for j -= d; j != i; j -= d {
			b.cell[j] = me
			b.key ^= b.g.zob[b.g.index[j]][0] ^ b.g.zob[b.g.index[j]][1]
			flips = append(flips, j)
		}
	}
	k := len(flips) - n
	b.count[me] += k
	b.count[opp] -= k
	b.set(i, me)
	b.toMove = opp
	return flips
}

// flipCount returns how many discs a move of the side to move at square s
// would flip.
func (b *boardN) flipCount(s int) int {
	i := b.g.sq[s]
	me, opp := b.toMove, 3-b.toMove
	n := 0
	for _, d := range b.g.dirs {
		j := i + d
		k := 0
		for ; b.cell[j] == opp; j += d {
			k++
		}
		if b.cell[j] == me {
			n += k
		}
	}
	return n
}

// undo takes back the move at square s that flipped flips, and gives the move
// back to its player.
func (b *boardN) undo(s int, flips []int) {
	i := b.g.sq[s]
	me := b.cell[i]
	opp := 3 - me
	b.cell[i] = cellEmpty
	b.count[me]--
	b.key ^= b.g.zob[s][me-1]
	for _, j := range flips {
		b.cell[j] = opp
		b.key ^= b.g.zob[b.g.index[j]][0] ^ b.g.zob[b.g.index[j]][1]
	}
	b.count[me] -= len(flips)
	b.count[opp] += len(flips)
	b.toMove = me
}

// pass gives the move to the other side.
func (b *boardN) pass() { b.toMove = 3 - b.toMove }
