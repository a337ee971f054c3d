// Tests of playing from the book: the game a history holds, the searcher
// that answers from the book or leaves it, draws valued by a contempt, and
// the learner that learns games in the background.

package book

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

func TestGameOfReadsTheHistory(t *testing.T) {
	oth, err := othello.New(8)
	require.NoError(t, err)
	gom, err := gomoku.NewGame(15, 15, gomoku.Renju)
	require.NoError(t, err)
	for _, g := range []engines.Game{tictactoe.Game{}, oth, gom} {
		t.Run(g.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			moves := randomGame(g, rng, 30)
			pos := g.Start()
			for _, m := range moves {
				pos.Play(m)
			}
			gm := GameOf(g, pos)
			assert.Nil(t, gm.Start, "the game's own start")
			assert.Equal(t, moves, gm.Moves)
			assert.Equal(t, pos.Result(), gm.Result)

			// A position set up from its text starts the game.
			mid, err := g.Parse(pos.Text())
			require.NoError(t, err)
			gm = GameOf(g, mid)
			require.NotNil(t, gm.Start)
			assert.Equal(t, pos.Text(), gm.Start.Text())
			assert.Empty(t, gm.Moves)
		})
	}
}

// scriptedSearcher answers every search with its info, and counts them.
type scriptedSearcher struct {
	info     engines.Info
	searches []engines.Limits
}

func (s *scriptedSearcher) Clear() {}

func (s *scriptedSearcher) Search(_ context.Context, _ engines.Position, lim engines.Limits, _ func(engines.Info)) engines.Info {
	s.searches = append(s.searches, lim)
	return s.info
}

func TestSearcherAnswersFromTheBook(t *testing.T) {
	g := tictactoe.Game{}
	b := threeMoves(t)
	a2, err := engines.Legal(g.Start(), "a2")
	require.NoError(t, err)
	c3, err := engines.Legal(g.Start(), "c3")
	require.NoError(t, err)
	open := func() (*Book, error) { return b, nil }

	for _, tc := range []struct {
		name   string
		pos    engines.Position
		quick  engines.Info
		open   func() (*Book, error)
		played string
		inBook bool
		failed bool
	}{
		{"the book's best", at(t), engines.Info{PV: []engines.Move{a2}, Score: 100}, open, "b2", true, false},
		{"the search finds the book clearly worse", at(t), engines.Info{PV: []engines.Move{a2}, Score: 20 + DefaultMargin + 1}, open, "", true, false},
		{"out of the book", at(t, "c2"), engines.Info{PV: []engines.Move{c3}}, open, "", false, false},
		{"no book for the game", at(t), engines.Info{PV: []engines.Move{c3}}, func() (*Book, error) { return nil, ErrNoBook }, "", false, false},
		{"a bad book", at(t), engines.Info{PV: []engines.Move{c3}}, func() (*Book, error) { return nil, errors.New("damaged") }, "", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := &scriptedSearcher{info: tc.quick}
			var failed error
			s := &Searcher{Inner: inner, Open: tc.open, Failed: func(err error) { failed = err }}
			info := s.Search(context.Background(), tc.pos, engines.Limits{Depth: 7}, nil)
			o := s.Outcome()
			assert.Equal(t, tc.inBook, o.InBook)
			assert.Equal(t, tc.failed, failed != nil, "Failed is told of a bad book only")
			if tc.played == "" {
				assert.False(t, o.Played)
				assert.Equal(t, tc.quick.Best(), info.Best(), "the search's move")
				return
			}
			assert.True(t, o.Played)
			assert.Equal(t, tc.played, tc.pos.MoveText(info.Best()))
			assert.Equal(t, o.Move.Value, info.Score)
			assert.Zero(t, info.Depth, "a book move reports depth 0")
			require.Len(t, inner.searches, 1, "one quick search checks the book")
			assert.Equal(t, engines.Limits{Depth: 4}, inner.searches[0], "half the book's depth")
		})
	}
}

func TestExactBookMovesNeedNoCheck(t *testing.T) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	_, err = b.Learn(context.Background(), NewScorer(g, 9, false), Game{Moves: movesOf(t, g, "b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"), Result: engines.Draw}, 0)
	require.NoError(t, err)
	inner := &scriptedSearcher{}
	s := &Searcher{Inner: inner, Open: func() (*Book, error) { return b, nil }}
	info := s.Search(context.Background(), at(t), engines.Limits{}, nil)
	assert.True(t, s.Outcome().Played)
	assert.True(t, info.Exact)
	assert.Empty(t, inner.searches, "an exact value needs no quick search")
}

func TestValueDrawsAppliesAContempt(t *testing.T) {
	cands := []Candidate{{Move: 1, Value: 0, Exact: true}, {Move: 2, Value: -10}, {Move: 3, Value: -50, Exact: true}}
	got := ValueDraws(append([]Candidate(nil), cands...), -20)
	assert.Equal(t, []engines.Move{2, 1, 3}, []engines.Move{got[0].Move, got[1].Move, got[2].Move}, "the draw is worth -20 to a player that wants to win")
	assert.Equal(t, engines.Score(-20), got[1].Value)
	assert.Equal(t, cands, ValueDraws(append([]Candidate(nil), cands...), 0))
	assert.Equal(t, 2, Within(got, 10))
}

func TestLearnerLearnsInTheBackground(t *testing.T) {
	g := tictactoe.Game{}
	path := filepath.Join(t.TempDir(), "t.book")
	empty, err := New(g, 9, 9)
	require.NoError(t, err)
	require.NoError(t, empty.Save(path))
	b, err := Open(path, g)
	require.NoError(t, err)
	defer b.Close()
	open := func() (*Book, error) { return b, nil }

	var reported []error
	l := NewLearner(0, func(err error) { reported = append(reported, err) })
	games := randomGames(g, 12, 3)
	games[5].Random = true
	for _, gm := range games {
		l.Add(open, gm)
	}
	st := l.Close(true)
	assert.Empty(t, reported)
	assert.Equal(t, 11, st.Games)
	assert.Equal(t, 1, st.Skipped, "a game of random moves is logged, not learned")
	assert.Equal(t, uint64(11), b.Stats().StartGames)
	logged, _, err := ReadLogFile(mustGlob(t, LogDir(path)), g)
	require.NoError(t, err)
	assert.Len(t, logged, 12, "every game is in the log")

	require.NoError(t, b.Save(path))
	again, err := Open(path, g)
	require.NoError(t, err)
	defer again.Close()
	st2, err := again.Fold(context.Background(), NewScorer(g, 9, false), LogDir(path), 0, nil)
	require.NoError(t, err)
	assert.Zero(t, st2.Games, "the saved book holds the games it learned: folding learns none twice")
	l.Add(open, games[0])
	assert.Equal(t, st, l.Close(true), "a closed learner takes no more games")
}

func TestALearnerClosedAtOnceLosesNoGame(t *testing.T) {
	g := tictactoe.Game{}
	path := filepath.Join(t.TempDir(), "t.book")
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	b.SetLogDir(LogDir(path))
	l := NewLearner(0, nil)
	games := randomGames(g, 30, 4)
	for _, gm := range games {
		l.Add(func() (*Book, error) { return b, nil }, gm)
	}
	learned := l.Close(false)
	require.NoError(t, b.Save(path))
	logged, _, err := ReadLogFile(mustGlob(t, LogDir(path)), g)
	require.NoError(t, err)
	assert.Len(t, logged, 30, "the games not learned are in the log")
	again, err := Open(path, g)
	require.NoError(t, err)
	defer again.Close()
	st, err := again.Fold(context.Background(), NewScorer(g, 9, false), LogDir(path), 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 30, learned.Games+st.Games, "folding learns what the learner did not, and nothing twice")
}

func TestALearnerReportsABookThatDoesNotOpen(t *testing.T) {
	var reported []string
	l := NewLearner(0, func(err error) { reported = append(reported, err.Error()) })
	for range 3 {
		l.Add(func() (*Book, error) { return nil, fmt.Errorf("damaged") }, Game{})
	}
	l.Close(true)
	assert.Equal(t, []string{"damaged"}, reported, "once")
}

// mustGlob returns the one game log in dir.
func mustGlob(t *testing.T, dir string) string {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(dir, "*.log"))
	require.NoError(t, err)
	require.Len(t, logs, 1)
	return logs[0]
}

// TestPickWeighsTowardTheBest checks NTest's weighting: the moves within
// the randomness of the best, each weighted by how much of it is left.
func TestPickWeighsTowardTheBest(t *testing.T) {
	cands := []Candidate{{Move: 1, Value: 100}, {Move: 2, Value: 50}, {Move: 3, Value: 0}, {Move: 4, Value: -300}}
	tests := []struct {
		randomness engines.Score
		// want is each move's share of the picks, in thousandths.
		want map[engines.Move]int
	}{
		{0, map[engines.Move]int{1: 1000}},
		// Weights 101, 51 and 1: a move just within it is rarely picked.
		{100, map[engines.Move]int{1: 660, 2: 333, 3: 7}},
		// Weights 201, 151, 101.
		{200, map[engines.Move]int{1: 443, 2: 333, 3: 223}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.randomness), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			const n = 30000
			got := map[engines.Move]int{}
			for range n {
				got[Pick(cands, tt.randomness, rng).Move]++
			}
			assert.Len(t, got, len(tt.want))
			for m, share := range tt.want {
				assert.InDelta(t, share, got[m]*1000/n, 15, "move %d", m)
			}
			assert.Equal(t, len(tt.want), Within(cands, tt.randomness))
		})
	}
}

func TestLevelRandomness(t *testing.T) {
	for _, tt := range []struct {
		level int
		want  engines.Score
	}{{engines.MaxLevel, 0}, {engines.MaxLevel - 1, 50}, {1, engines.Score(engines.MaxLevel-1) * 50}} {
		assert.Equal(t, tt.want, LevelRandomness(tt.level), "level %d", tt.level)
	}
}

// TestALearnerLearnsAtTheLowestPriority checks that learning, which
// searches while the process plays on, runs on a thread of the lowest
// priority where threads have their own (Linux), so that it never takes a
// timed search's CPU, while the games reach the log at the caller's
// priority.
func TestALearnerLearnsAtTheLowestPriority(t *testing.T) {
	if n, err := threadNice(); err != nil || n == lowestNice {
		t.Skip("the test runs at the lowest priority already, or threads have none here")
	}
	searches := make(chan int, 1)
	g := hookGame{hook: func(context.Context) {
		if n, err := threadNice(); err == nil {
			select {
			case searches <- n:
			default:
			}
		}
	}}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	b.SetLogDir(LogDir(filepath.Join(t.TempDir(), "t.book")))
	logging := make(chan int, 1)
	l := NewLearner(0, nil)
	l.Add(func() (*Book, error) {
		n, err := threadNice()
		require.NoError(t, err)
		select {
		case logging <- n:
		default:
		}
		return b, nil
	}, randomGames(tictactoe.Game{}, 1, 1)[0])
	l.Close(true)
	mine, err := threadNice()
	require.NoError(t, err)
	require.NotEqual(t, lowestNice, mine)
	assert.Equal(t, mine, <-logging, "the game is logged at the caller's priority")
	assert.Equal(t, lowestNice, <-searches, "its searches run at the lowest")
}

// TestGamesReachTheLogWhileOneIsLearned checks that the games handed over
// are written to the log at once, not after the searches of the games
// before them: a learning engine killed (as a match kills one that lost on
// time) loses no game it had finished.
func TestGamesReachTheLogWhileOneIsLearned(t *testing.T) {
	release := make(chan struct{})
	g := blocked(release, nil)
	path := filepath.Join(t.TempDir(), "t.book")
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	b.SetLogDir(LogDir(path))
	l := NewLearner(0, nil)
	for _, gm := range randomGames(tictactoe.Game{}, 3, 5) {
		l.Add(func() (*Book, error) { return b, nil }, gm)
	}
	// The first game's searches wait for release; the other two reach the
	// log meanwhile. A learner that logs them later never gets there.
	require.Eventually(t, func() bool {
		logs, _ := filepath.Glob(filepath.Join(LogDir(path), "*.log"))
		if len(logs) != 1 {
			return false
		}
		games, _, err := ReadLogFile(logs[0], tictactoe.Game{})
		return err == nil && len(games) == 3
	}, time.Minute, time.Millisecond)
	close(release)
	assert.Equal(t, 3, l.Close(true).Games)
}

// TestAGameCutShortIsNotCounted checks that a game whose learning a
// learner closed at once cut short is not counted as learned: folding the
// log learns it, and it counts once in all.
func TestAGameCutShortIsNotCounted(t *testing.T) {
	release, started := make(chan struct{}), make(chan struct{}, 1)
	g := blocked(release, started)
	path := filepath.Join(t.TempDir(), "t.book")
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	b.SetLogDir(LogDir(path))
	l := NewLearner(0, nil)
	l.Add(func() (*Book, error) { return b, nil }, randomGames(tictactoe.Game{}, 1, 6)[0])
	<-started
	learned := l.Close(false)
	assert.Zero(t, learned.Games, "the game was cut short")
	require.NoError(t, b.Save(path))
	close(release)
	again, err := Open(path, tictactoe.Game{})
	require.NoError(t, err)
	defer again.Close()
	st, err := again.Fold(context.Background(), NewScorer(tictactoe.Game{}, 9, false), LogDir(path), 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, learned.Games+st.Games)
}

// hookGame is tic-tac-toe whose searchers call hook as each search begins.
type hookGame struct {
	tictactoe.Game
	hook func(ctx context.Context)
}

func (g hookGame) NewSearcher(cfg engines.Config) engines.Searcher {
	return hookSearcher{g.Game.NewSearcher(cfg), g.hook}
}

type hookSearcher struct {
	engines.Searcher
	hook func(ctx context.Context)
}

func (s hookSearcher) Search(ctx context.Context, pos engines.Position, lim engines.Limits, report func(engines.Info)) engines.Info {
	s.hook(ctx)
	return s.Searcher.Search(ctx, pos, lim, report)
}

// blocked is tic-tac-toe whose searches wait until release is closed (or
// their context is done); started, when not nil, hears of each search that
// begins.
func blocked(release, started chan struct{}) hookGame {
	return hookGame{hook: func(ctx context.Context) {
		if started != nil {
			select {
			case started <- struct{}{}:
			default:
			}
		}
		select {
		case <-release:
		case <-ctx.Done():
		}
	}}
}
