// Package engines holds what every game of qi shares: the Position and Game
// interfaces a game implements, the searcher interface, scores, search limits and
// progress reports, and a registry of games by name. The protocols and tools only
// talk to games through these types.
package engines

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Version is qi's version: the protocols report it, and every batch manifest
// records it, so that the outputs of different engines are never merged.
const Version = "0.1.0"

// Side is a player: P1 moves first (X, black, red), P2 second.
type Side int8

// The two sides.
const (
	P1 Side = 0
	P2 Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return 1 - s }

// String names the side as the UGI protocol does.
func (s Side) String() string {
	if s == P1 {
		return "p1"
	}
	return "p2"
}

// Result is the outcome of a game, None while it goes on.
type Result int8

// The outcomes of a game.
const (
	None Result = iota
	P1Win
	P2Win
	Draw
)

// WinFor returns the result in which s wins.
func WinFor(s Side) Result {
	if s == P1 {
		return P1Win
	}
	return P2Win
}

// String names the result as UGI's `query result` answers it.
func (r Result) String() string {
	switch r {
	case P1Win:
		return "p1win"
	case P2Win:
		return "p2win"
	case Draw:
		return "draw"
	}
	return "none"
}

// Move is a game's own move encoding (a square, a from-to pair ...). Games choose
// the values; NoMove is never a legal move.
type Move int32

// NoMove stands for "no move", as in `bestmove 0000` when the game is over.
const NoMove Move = -1

// Position is one game at one point of its record. It keeps its own history, so
// that Undo takes back what Play did and results that depend on the past (a
// repetition) are known. Positions are not safe for concurrent use: the protocols
// give a searcher its own Clone.
type Position interface {
	// SideToMove returns the side whose turn it is.
	SideToMove() Side
	// LegalMoves appends the legal moves to buf and returns it; none once the
	// game is over.
	LegalMoves(buf []Move) []Move
	// Play makes a move, which must be legal.
	Play(m Move)
	// Undo takes back the last move played; it must not be called when Plies is 0.
	Undo()
	// Plies counts the moves played since this position was set up (how many
	// Undo can take back).
	Plies() int
	// Result returns the outcome, None while the game goes on.
	Result() Result
	// Text returns the position text that the game's Parse reads back.
	Text() string
	// MoveText writes m in the game's own notation.
	MoveText(m Move) string
	// ParseMove reads a move in any notation the game knows; it checks the
	// syntax and the board, not legality (see Legal).
	ParseMove(s string) (Move, error)
	// Hash returns a key of the position (not its history) for tables.
	Hash() uint64
	// Clone returns an independent copy with the same history.
	Clone() Position
	// String draws the board for people, over several lines.
	String() string
}

// Game creates positions and searchers of one game under one configuration.
type Game interface {
	// Name returns the registry name of the game ("tictactoe", "gomoku" ...).
	Name() string
	// Start returns the initial position.
	Start() Position
	// Parse reads a position text: the game's own format and any foreign
	// format it supports (such as cutechess FENs). It does not accept "startpos".
	Parse(text string) (Position, error)
	// NewSearcher returns a searcher for this game.
	NewSearcher(cfg Config) Searcher
}

// Config is what the user set through options, for games and searchers to read.
// A zero field means "the game's usual value".
type Config struct {
	// BoardSize is the side of the board for games with a choice of size.
	BoardSize int
	// Rule is the rule set for games with several ("freestyle", "renju" ...).
	Rule string
	// Level goes from 1 (weakest) to MaxLevel (full strength).
	Level int
	// HashMB bounds the transposition table in mebibytes.
	HashMB int
	// Baseline asks for the plain alpha-beta baseline (search.AlphaBeta with
	// the game's static evaluation) instead of the game's own search, so that
	// matches can measure what the real search is worth.
	Baseline bool
	// Selective lets searches to a fixed depth prune as searches on the
	// clock do (othello's ProbCut): faster, a little less exact. Book
	// building asks for it when told to; games that prune nothing more on
	// the clock ignore it.
	Selective bool
	// Threads is how many threads a search may use (0 means one). Games
	// without a parallel search ignore it.
	Threads int
}

// CheckASCII says where a position text holds a character outside ASCII.
// Every game's position text is ASCII: its parser reads it byte by byte,
// and must not take the bytes of one character for several cells (nor name
// a byte of it in an error).
func CheckASCII(text string) error {
	for i, r := range text {
		if r >= utf8.RuneSelf {
			return fmt.Errorf("%q, character %d of the position, is no part of any position text (ASCII only)", r, utf8.RuneCountInString(text[:i])+1)
		}
	}
	return nil
}

// MaxLevel is the top level, the default and full strength; levels run
// from 1 to MaxLevel.
const MaxLevel = 10

// MaxThreads bounds Config.Threads: the Threads option, Gomocup's
// thread_num.
const MaxThreads = 256

// DefaultHashMB is the transposition table size when none is set.
const DefaultHashMB = 16

// EffectiveLevel returns the level to play at, MaxLevel when unset.
func (c Config) EffectiveLevel() int {
	if c.Level <= 0 || c.Level > MaxLevel {
		return MaxLevel
	}
	return c.Level
}

// EffectiveHashMB returns the table size in MiB, DefaultHashMB when unset.
func (c Config) EffectiveHashMB() int {
	if c.HashMB <= 0 {
		return DefaultHashMB
	}
	return c.HashMB
}

// Searcher finds moves. A searcher keeps tables between searches of one game;
// Clear forgets them. It is used by one goroutine at a time. A searcher whose
// tables may be big also implements io.Closer: Close gives their memory back
// at once, and the searcher is not used after.
type Searcher interface {
	// Search looks for the best move in pos (a position it may modify and must
	// leave as it found it) within lim, until ctx is done, sending progress to
	// report (which may be nil). It returns the final report, whose PV starts
	// with the move to play (empty only when pos has no legal move).
	Search(ctx context.Context, pos Position, lim Limits, report func(Info)) Info
	// Clear forgets what earlier searches learned (a new game).
	Clear()
}

// Warmer is implemented by games that prepare in the background, when they
// are made, data their searches need (othello's trained weights). Warm
// returns once it is ready, so that the answer to isready or ping promises a
// first search that spends its clock searching, not decoding.
type Warmer interface {
	Warm()
}

// FirstMover is implemented by searchers that can name at once, without
// searching, the move their search would try first. When a search is stopped
// or overruns its deadline before it has finished an iteration, that move is
// played rather than an unordered legal move. FirstMove is called between
// searches, never during one.
type FirstMover interface {
	FirstMove(pos Position) Move
}

// Limits bound one search. Zero fields do not limit.
type Limits struct {
	Depth    int
	Nodes    int64
	MoveTime time.Duration
	Infinite bool
	// Time and Inc are each side's clock and increment, indexed by Side;
	// HasClock says whether they were given.
	Time, Inc [2]time.Duration
	HasClock  bool
	MovesToGo int
	// Soft is set by the time manager: a searcher does not start an iteration
	// it cannot expect to finish after this much time. The hard limit is the
	// context's deadline.
	Soft time.Duration
	// Moves, when not empty, are the only moves the root may play: UCI's
	// searchmoves, the moves Gomocup's YXBLOCK leaves, the lines of several
	// after the first. Each is legal in the root position.
	Moves []Move
}

// Allows reports whether the root may play m under l.
func (l Limits) Allows(m Move) bool {
	return len(l.Moves) == 0 || slices.Contains(l.Moves, m)
}

// RootMoves returns the legal moves of pos that l allows, in pos's order.
func (l Limits) RootMoves(pos Position) []Move {
	ms := pos.LegalMoves(nil)
	if len(l.Moves) == 0 {
		return ms
	}
	return slices.DeleteFunc(ms, func(m Move) bool { return !slices.Contains(l.Moves, m) })
}

// Info is a progress report of a search, and its final answer.
type Info struct {
	Depth    int
	SelDepth int
	Score    Score
	Nodes    int64
	Time     time.Duration
	PV       []Move
	// Exact says the score is the game-theoretic value, not an estimate.
	Exact bool
	// Line numbers the lines of a search of several (MultiPV) from 1, the
	// best; 0 in a search of one line.
	Line int
}

// Best returns the first move of the PV, NoMove when there is none.
func (i Info) Best() Move {
	if len(i.PV) == 0 {
		return NoMove
	}
	return i.PV[0]
}

// NPS returns the nodes searched per second.
func (i Info) NPS() int64 {
	if i.Time <= 0 {
		return 0
	}
	return int64(float64(i.Nodes) / i.Time.Seconds())
}

// Score is an evaluation from the side to move's point of view: centipawn-like
// units, or a forced result counted in plies near ±Mate.
type Score int32

// Mate is the score of a win on the board; a win in n plies scores Mate-n.
const Mate Score = 1_000_000

// MaxPly bounds the plies that mate scores count.
const MaxPly = 10_000

// MateIn returns the score of a win n plies from now.
func MateIn(n int) Score { return Mate - Score(n) }

// MatedIn returns the score of a loss n plies from now.
func MatedIn(n int) Score { return -Mate + Score(n) }

// IsMate reports whether s is a forced result.
func (s Score) IsMate() bool { return s > Mate-MaxPly || s < -Mate+MaxPly }

// MatePlies returns the plies to the forced result, when IsMate.
func (s Score) MatePlies() int {
	if s > 0 {
		return int(Mate - s)
	}
	return int(Mate + s)
}

// UCI writes the score as UCI's `cp <n>` or `mate <n>`, where mate counts the
// moves of the side to move (negative when it loses).
func (s Score) UCI() string {
	if !s.IsMate() {
		return fmt.Sprintf("cp %d", int(s))
	}
	p := s.MatePlies()
	if s > 0 {
		return fmt.Sprintf("mate %d", (p+1)/2)
	}
	return fmt.Sprintf("mate -%d", p/2)
}

// Commander is implemented by positions that answer commands of their own in
// the UGI and UCI dialects, such as gomoku's `forbidden`.
type Commander interface {
	// Command runs the named command with its arguments and returns the lines
	// to print; handled is false when the position has no such command.
	Command(name string, args []string) (lines []string, handled bool, err error)
}

// SideNamer is implemented by games whose players have names of their own
// ("X" and "O", "Red" and "Blue", "Black" and "White").
type SideNamer interface {
	SideName(s Side) string
}

// SideName names s in g, "first player" and "second player" when the game
// gives no names.
func SideName(g Game, s Side) string {
	if n, ok := g.(SideNamer); ok {
		return n.SideName(s)
	}
	return [2]string{"first player", "second player"}[s]
}

// Rated is implemented by games whose levels have measured strengths: the
// Elo of each level on the game's scale, on which a random mover is 0.
type Rated interface {
	// LevelElo returns the Elo of levels 1 to MaxLevel, in order, for the
	// game's rule and board; nil when they were not measured.
	LevelElo() []int
}

// LevelForElo returns the level of g whose measured strength is nearest
// elo, the weaker one of two as near, and whether g has measured
// strengths.
func LevelForElo(g Game, elo int) (int, bool) {
	r, ok := g.(Rated)
	if !ok {
		return MaxLevel, false
	}
	table := r.LevelElo()
	if len(table) == 0 {
		return MaxLevel, false
	}
	best := 0
	for i, e := range table {
		if abs(e-elo) < abs(table[best]-elo) {
			best = i
		}
	}
	return best + 1, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Pacer is implemented by positions that can tell the time manager how many
// more moves the side to move may have to make.
type Pacer interface {
	MovesLeft() int
}

// WDL is the side to move's chances in a position, per mille: of winning,
// drawing and losing, which sum to 1000. GUIs show them beside the score
// (UCI's UCI_ShowWDL, Yixin-Board's winning rate).
type WDL struct {
	Win, Draw, Loss int
}

// Flip returns the chances from the opponent's view.
func (c WDL) Flip() WDL { return WDL{Win: c.Loss, Draw: c.Draw, Loss: c.Win} }

// CertainWDL returns the chances of a known result whose score is s: a win
// when s is above 0, a loss below, a draw at 0.
func CertainWDL(s Score) WDL {
	switch {
	case s > 0:
		return WDL{Win: 1000}
	case s < 0:
		return WDL{Loss: 1000}
	}
	return WDL{Draw: 1000}
}

// WDLModel is implemented by games that estimate the chances of a position
// from a search's score: models fitted to qi's own games (engines/wdl).
type WDLModel interface {
	// EstimateWDL returns the chances of the side to move in pos when a
	// search of pos scored it s, an estimate and not a forced result; ok
	// is false when the game has no model for its board and rule.
	EstimateWDL(pos Position, s Score) (c WDL, ok bool)
}

// WDLOf returns the chances of the side to move in pos when a search of pos
// scored it s, exact when s is the position's game-theoretic value (Info's
// Exact). A forced result and an exact score are certain (CertainWDL); any
// other score is the game's WDLModel's estimate. ok is false when the game
// has no model for the estimate.
func WDLOf(g Game, pos Position, s Score, exact bool) (c WDL, ok bool) {
	if exact || s.IsMate() {
		return CertainWDL(s), true
	}
	if m, ok := g.(WDLModel); ok {
		return m.EstimateWDL(pos, s)
	}
	return WDL{}, false
}

// Bencher is implemented by games that measure themselves for `qi bench`:
// nodes per second and whatever else matters for the game (solve times, the
// depth reached in a second ...).
type Bencher interface {
	// Benches returns the game's measurements in the order they are to
	// run; quick asks for a short run (seconds), as a smoke test does.
	Benches(quick bool) []Bench
}

// Bench is one measurement of `qi bench`, which runs it, shows its progress
// and writes its result as text or JSON.
type Bench struct {
	// Name says what is measured ("search renju 15x15", "perft 9").
	Name string
	// Run takes the measurement. An error says that the game measured
	// something wrong (a solve with the wrong score) or that ctx ended.
	Run func(ctx context.Context) (BenchResult, error)
}

// BenchResult is what a measurement found. Fields that do not apply are
// zero, and then not shown.
type BenchResult struct {
	// Depth is the depth that the search (or each of its searches) went
	// to; 0 when no one depth is meant, as in a total over searches of
	// different depths.
	Depth int
	// Nodes counts the nodes searched; Leaves counts perft's leaves.
	Nodes, Leaves int64
	Time          time.Duration
	// Solved positions of a set of Of positions were solved (Of 0: no set).
	Solved, Of int
}

// SearchBench is the measurement of one search, from its final report.
func SearchBench(i Info) BenchResult {
	return BenchResult{Depth: i.Depth, Nodes: i.Nodes, Time: i.Time}
}

// ErrIllegal is wrapped by errors about moves the rules forbid.
var ErrIllegal = errors.New("illegal move")

// MoveChecker is implemented by positions that judge one move faster than
// by listing every legal move, and say why a move is illegal (gomoku under
// renju judges one square's fouls, not every square's: a long position
// command would otherwise cost tens of milliseconds).
type MoveChecker interface {
	// Legal returns nil for a legal move, else an error wrapping
	// ErrIllegal that says why.
	Legal(m Move) error
}

// Legal parses s and checks that the move is legal in pos.
func Legal(pos Position, s string) (Move, error) {
	m, err := pos.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	if pos.Result() != None {
		return NoMove, fmt.Errorf("%w %s: the game is over", ErrIllegal, s)
	}
	if c, ok := pos.(MoveChecker); ok {
		if err := c.Legal(m); err != nil {
			return NoMove, err
		}
		return m, nil
	}
	var buf [256]Move
	for _, l := range pos.LegalMoves(buf[:0]) {
		if l == m {
			return m, nil
		}
	}
	return NoMove, fmt.Errorf("%w: %s", ErrIllegal, s)
}

// PlayAll plays the moves in order on a clone of pos and returns it, or an error
// naming the first move that could not be played; pos itself is not changed.
func PlayAll(pos Position, moves []string) (Position, error) {
	p := pos.Clone()
	for i, s := range moves {
		m, err := Legal(p, s)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, s, err)
		}
		p.Play(m)
	}
	return p, nil
}

// PVText writes the moves of a PV from pos, separated by sep.
func PVText(pos Position, pv []Move, sep string) string {
	p := pos.Clone()
	var b strings.Builder
	for i, m := range pv {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p.MoveText(m))
		p.Play(m)
	}
	return b.String()
}
