// This file holds a generic alpha-beta searcher over the Position interface, for
// the games small enough not to need their own (tic-tac-toe, niu jiao qi) and as
// the plain baseline that stronger searches are measured against.

package search

import (
	"context"
	"slices"
	"time"

	"qi/engines"
)

// Evaluator scores a position that is not over, from the side to move's view.
type Evaluator func(pos engines.Position) engines.Score

// AlphaBeta is a negamax alpha-beta search with iterative deepening, mate
// scores by distance (so it wins by the shortest way and loses by the longest),
// and a transposition table used for move ordering only: games whose results
// depend on history (repetitions) stay exact.
type AlphaBeta struct {
	eval     Evaluator
	maxDepth int
	tt       *TT

	stop     *Stop
	nodeCap  int64
	nodes    int64
	selDepth int
	horizon  bool           // a leaf was cut off by depth in this iteration
	only     []engines.Move // the moves the root may play; all when empty
	moves    [][]engines.Move
	pv       [][]engines.Move
}

// NewAlphaBeta returns a searcher that looks at most maxDepth plies ahead and
// scores the leaves it cuts off with eval.
func NewAlphaBeta(eval Evaluator, maxDepth, hashMB int) *AlphaBeta {
	return &AlphaBeta{eval: eval, maxDepth: maxDepth, tt: NewTT(hashMB)}
}

// Clear implements engines.Searcher.
func (a *AlphaBeta) Clear() { a.tt.Clear() }

// Close gives the table's memory back; the searcher must not be used after.
func (a *AlphaBeta) Close() error {
	a.tt.Close()
	return nil
}

// FirstMove implements engines.FirstMover: the root's first move, the
// table's move when it has one, as the search orders it.
func (a *AlphaBeta) FirstMove(pos engines.Position) engines.Move {
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return engines.NoMove
	}
	if e, ok := a.tt.Probe(pos.Hash()); ok {
		for _, m := range moves {
			if m == e.Move {
				return m
			}
		}
	}
	return moves[0]
}

// Search implements engines.Searcher.
func (a *AlphaBeta) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	start := time.Now()
	a.stop = WatchContext(ctx)
	defer a.stop.Release()
	a.nodes, a.selDepth, a.nodeCap, a.only = 0, 0, lim.Nodes, lim.Moves
	if pos.Result() != engines.None {
		return engines.Info{Exact: true, Score: terminal(pos, 0)}
	}
	iter := func(depth int) (engines.Info, bool) {
		a.horizon = false
		score := a.negamax(pos, depth, 0, -engines.Mate-1, engines.Mate+1)
		info := engines.Info{
			Depth: depth, SelDepth: a.selDepth, Score: score, Nodes: a.nodes,
			PV: append([]engines.Move(nil), a.pv[0]...),
		}
		if a.stop.Stopped() {
			// The root's first move is the previous best, searched first: a
			// PV here comes from a move that was searched to the end.
			return info, false
		}
		info.Exact = !a.horizon || (score.IsMate() && score.MatePlies() <= depth)
		return info, true
	}
	return Deepen(start, lim, max(a.maxDepth, 1), a.stop, iter, report)
}

func (a *AlphaBeta) grow(ply int) {
	for len(a.moves) <= ply {
		a.moves = append(a.moves, make([]engines.Move, 0, 64))
		a.pv = append(a.pv, make([]engines.Move, 0, 64))
	}
}

func terminal(pos engines.Position, ply int) engines.Score {
	switch pos.Result() {
	case engines.Draw:
		return 0
	case engines.WinFor(pos.SideToMove()):
		return engines.MateIn(ply)
	}
	return engines.MatedIn(ply)
}

func (a *AlphaBeta) negamax(pos engines.Position, depth, ply int, alpha, beta engines.Score) engines.Score {
	a.grow(ply + 1)
	a.pv[ply] = a.pv[ply][:0]
	if ply > a.selDepth {
		a.selDepth = ply
	}
	if pos.Result() != engines.None {
		return terminal(pos, ply)
	}
	if depth <= 0 {
		a.horizon = true
		return a.eval(pos)
	}
	// No line from here can beat a win on the next move nor lose faster than
	// a loss now: narrowing the window to that is free.
	alpha = max(alpha, engines.MatedIn(ply))
	beta = min(beta, engines.MateIn(ply+1))
	if alpha >= beta {
		return alpha
	}
	moves := pos.LegalMoves(a.moves[ply][:0])
	if ply == 0 && len(a.only) > 0 {
		moves = slices.DeleteFunc(moves, func(m engines.Move) bool { return !slices.Contains(a.only, m) })
		if len(moves) == 0 {
			// A position that lists fewer moves than the rules allow
			// (the gomoku baseline's, near the stones) still plays the
			// ones asked for, which the caller checked.
			moves = append(moves, a.only...)
		}
	}
	a.moves[ply] = moves
	key := pos.Hash()
	if e, ok := a.tt.Probe(key); ok {
		for i, m := range moves {
			if m == e.Move {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
	}
	best, bestMove := -engines.Mate-1, engines.NoMove
	origAlpha := alpha
	for _, m := range moves {
		pos.Play(m)
		a.nodes++
		score := -a.negamax(pos, depth-1, ply+1, -beta, -alpha)
		pos.Undo()
		if a.nodes&63 == 0 {
			a.stop.Poll()
		}
		if a.stop.Stopped() && (bestMove != engines.NoMove || ply > 0) {
			break
		}
		if score > best {
			best, bestMove = score, m
			a.pv[ply] = append(append(a.pv[ply][:0], m), a.pv[ply+1]...)
			if score > alpha {
				alpha = score
				if alpha >= beta {
					break
				}
			}
		}
		if a.nodeCap > 0 && a.nodes >= a.nodeCap {
			a.stop.Set()
		}
	}
	a.tt.Store(key, Entry{Move: bestMove, Score: ToTT(best, ply), Depth: depth, Bound: BoundOf(best, origAlpha, beta)})
	return best
}
