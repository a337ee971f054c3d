// This file analyses one game: each position before a move is searched for
// its best move, the move played is searched at the same limits, and the
// difference is the move's loss. It also holds the analysis as -json writes
// it.

package analyze

import (
	"context"
	"fmt"
	"io"
	"math"

	"qi/engines"
	"qi/engines/record"
	"qi/engines/search"
)

// GameAnalysis is the analysis of one game: one JSON object of -json.
type GameAnalysis struct {
	// Number is the game's number in the input, from 1, counting the
	// games of every file given in order.
	Number int `json:"number"`
	// Source names the record: the file, and #n for the n-th game of a
	// file of several.
	Source string `json:"source"`
	// Game is the game's registry name, BoardSize and Rule its board and
	// rule (left out when the game has no choice).
	Game      string `json:"game"`
	BoardSize int    `json:"board_size,omitempty"`
	Rule      string `json:"rule,omitempty"`
	Event     string `json:"event,omitempty"`
	// Players are the players' names as the record gives them, the first
	// player's (black, X, red) first; "" when it gives none.
	Players [2]string `json:"players"`
	// Result is the record's result as PGN writes it: 1-0 (the first
	// player won), 0-1, 1/2-1/2 or *.
	Result string `json:"result"`
	// Limits describes the searches: "depth 8, exact from 20 empties".
	Limits string `json:"limits"`
	// Thresholds are the losses that make the marks, in score units.
	Thresholds Thresholds     `json:"thresholds"`
	Moves      []MoveAnalysis `json:"moves"`
	// Sides sums each side's moves, the first player's first.
	Sides [2]SideSummary `json:"sides"`
}

// MoveAnalysis is the analysis of one move of the record.
type MoveAnalysis struct {
	// Ply numbers the move in the record, from 1.
	Ply int `json:"ply"`
	// Side names the side that played it as the game does ("Black", "X").
	Side string `json:"side"`
	Move string `json:"move"`
	// Opening marks a move of the record's opening (PGN's {book}, SGF's
	// "opening move", a psq's 0 ms), which is not analysed unless asked.
	Opening bool `json:"opening,omitempty"`
	// Forced marks the only legal move (othello's pass, a lone reply),
	// searched once, and counted in no average.
	Forced bool `json:"forced,omitempty"`
	// Value is the value of the move played, Best and BestValue the
	// engine's best move and its value, all from the view of the side
	// that moved; left out for an opening move.
	Value     *Value `json:"value,omitempty"`
	Best      string `json:"best,omitempty"`
	BestValue *Value `json:"best_value,omitempty"`
	// Loss is BestValue less Value in score units, never below 0, a
	// forced result counting as a fixed win or loss of the game.
	Loss int `json:"loss"`
	// Mark is inaccuracy, mistake or blunder, or left out.
	Mark string `json:"mark,omitempty"`
}

// Value is a search's value of a move.
type Value struct {
	// Score is in the game's score units: 100 a disc in othello, an
	// evaluation in gomoku, and ±(1000000 - n) for a result forced n
	// plies on (won when positive).
	Score int `json:"score"`
	// Text writes it as records do: "+4.00", "-M3" (lost in three moves).
	Text string `json:"text"`
	// Depth is the search's depth; Exact says the value is the
	// game-theoretic one (an othello position solved, a result forced).
	Depth int  `json:"depth"`
	Exact bool `json:"exact,omitempty"`
}

// SideSummary sums the moves of one side of a game, forced moves and
// opening moves left out.
type SideSummary struct {
	Side   string `json:"side"`
	Player string `json:"player,omitempty"`
	Moves  int    `json:"moves"`
	// Loss is the sum of the moves' losses, AverageLoss its average by
	// move, both in score units.
	Loss         int     `json:"loss"`
	AverageLoss  float64 `json:"average_loss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// valueOf is a search's value as the analysis gives it.
func valueOf(i engines.Info) *Value {
	return &Value{Score: int(i.Score), Text: record.ScoreText(i.Score), Depth: i.Depth, Exact: i.Exact}
}

// analyser analyses games with one searcher per game setting.
type analyser struct {
	opt       *options
	searchers map[string]engines.Searcher
	// step is called after each move analysed, for the progress.
	step func()
}

// close gives the searchers' tables back.
func (a *analyser) close() {
	for _, s := range a.searchers {
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
	}
}

// searcher returns the searcher of r's game, cleared: every game is
// analysed from empty tables, so that its analysis does not depend on the
// games before it (nor on which shard analyses it).
func (a *analyser) searcher(r *record.Replayed) engines.Searcher {
	key := fmt.Sprintf("%s %d %s", r.Name, r.Config.BoardSize, r.Config.Rule)
	s, ok := a.searchers[key]
	if !ok {
		s = r.Game.NewSearcher(engines.Config{HashMB: a.opt.hash})
		a.searchers[key] = s
	}
	s.Clear()
	return s
}

// emptier is implemented by positions that count their empty squares
// (othello's), whose search solves exactly at a depth of all of them.
type emptier interface {
	Empties() int
}

// search searches pos at the analysis's limits for the moves only.
func (a *analyser) search(ctx context.Context, s engines.Searcher, pos engines.Position, lim limits, only []engines.Move) (engines.Info, error) {
	l := engines.Limits{Depth: lim.depth, Nodes: lim.nodes, Moves: only}
	if e, ok := pos.(emptier); ok && lim.exact > 0 && e.Empties() <= lim.exact {
		// An exact solve, which no node count nor time cuts short.
		l = engines.Limits{Depth: e.Empties(), Moves: only}
	} else if lim.moveTime > 0 {
		l.MoveTime = lim.moveTime
		soft, hard := search.Budget(l, pos.SideToMove(), 0, search.Overhead)
		l.Soft = soft
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, hard)
		defer cancel()
	}
	info := s.Search(ctx, pos, l, nil)
	if err := context.Cause(ctx); err != nil && ctx.Err() != context.DeadlineExceeded {
		return info, err
	}
	if len(info.PV) == 0 {
		return info, fmt.Errorf("the search of %q found no move", pos.Text())
	}
	return info, nil
}

// game analyses the game r, number n of the input.
func (a *analyser) game(ctx context.Context, r *record.Replayed, n int) (GameAnalysis, error) {
	prof := a.opt.profile(r.Name)
	lim := a.opt.limitsFor(r.Name)
	ga := GameAnalysis{
		Number: n, Source: r.Source, Game: r.Name, BoardSize: r.Config.BoardSize, Rule: r.Config.Rule,
		Event: r.Record.Event, Players: r.Record.Players, Result: record.PGNResult(r.Record.Result),
		Limits: lim.String(), Thresholds: prof.thresholds, Moves: []MoveAnalysis{},
	}
	for side := range ga.Sides {
		ga.Sides[side] = SideSummary{Side: engines.SideName(r.Game, engines.Side(side)), Player: r.Record.Players[side]}
	}
	s := a.searcher(r)
	pos := r.Start.Clone()
	for i, m := range r.Moves {
		side := pos.SideToMove()
		ma := MoveAnalysis{Ply: i + 1, Side: ga.Sides[side].Side, Move: pos.MoveText(m)}
		if r.Record.Moves[i].Book && !a.opt.opening {
			ma.Opening = true
			ga.Moves = append(ga.Moves, ma)
			pos.Play(m)
			if a.step != nil {
				a.step()
			}
			continue
		}
		// Both searches restrict the root to moves, all of them or the
		// one played, so that both run the same way: a search of all the
		// moves would otherwise cut a lone reply's search short.
		legal := pos.LegalMoves(nil)
		best, err := a.search(ctx, s, pos, lim, legal)
		if err != nil {
			return ga, err
		}
		played := best
		if best.Best() != m {
			if played, err = a.search(ctx, s, pos, lim, []engines.Move{m}); err != nil {
				return ga, err
			}
		}
		ma.Forced = len(legal) == 1
		ma.Value, ma.Best, ma.BestValue = valueOf(played), pos.MoveText(best.Best()), valueOf(best)
		ma.Loss = int(prof.loss(best.Score, played.Score))
		ma.Mark = prof.mark(best.Score, played.Score)
		ga.Moves = append(ga.Moves, ma)
		if !ma.Forced {
			sum := &ga.Sides[side]
			sum.Moves++
			sum.Loss += ma.Loss
			switch ma.Mark {
			case Inaccuracy:
				sum.Inaccuracies++
			case Mistake:
				sum.Mistakes++
			case Blunder:
				sum.Blunders++
			}
		}
		pos.Play(m)
		if a.step != nil {
			a.step()
		}
	}
	for side := range ga.Sides {
		if sum := &ga.Sides[side]; sum.Moves > 0 {
			sum.AverageLoss = math.Round(100*float64(sum.Loss)/float64(sum.Moves)) / 100
		}
	}
	return ga, nil
}
