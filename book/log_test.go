// Tests of the game logs: processes learning at once lose no game, a line
// cut short waits for its end, and folding goes on where it stopped.

package book

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/tictactoe"
)

func TestTwoProcessesLearningAtOnceLoseNoGame(t *testing.T) {
	g := tictactoe.Game{}
	path := filepath.Join(t.TempDir(), "t.book")
	var cmds []*strings.Builder
	var running []func() error
	for i := range 2 {
		cmd := child("learner", "QI_BOOK_PATH="+path, "QI_BOOK_SEED="+string(rune('1'+i)))
		out := &strings.Builder{}
		cmd.Stdout, cmd.Stderr = out, out
		require.NoError(t, cmd.Start())
		cmds = append(cmds, out)
		running = append(running, cmd.Wait)
	}
	for i, wait := range running {
		require.NoError(t, wait(), "learner %d: %s", i, cmds[i])
	}
	logs, err := filepath.Glob(filepath.Join(LogDir(path), "*.log"))
	require.NoError(t, err)
	require.Len(t, logs, 2, "each process writes a log of its own")

	b, err := New(g, 9, 9)
	require.NoError(t, err)
	s := NewScorer(g, 9, false)
	st, err := b.Fold(context.Background(), s, LogDir(path), -1, nil)
	require.NoError(t, err)
	assert.Equal(t, 100, st.Games, "both processes' 50 games are folded in")
	assert.Empty(t, st.Bad)
	assert.Equal(t, uint64(100), b.Stats().StartGames, "the start counts every game")
	require.NoError(t, b.Save(path))

	again, err := Open(path, g)
	require.NoError(t, err)
	files, _, err := again.PendingLogs(LogDir(path))
	require.NoError(t, err)
	assert.Empty(t, files, "the snapshot knows the logs are folded in")
	st, err = again.Fold(context.Background(), s, LogDir(path), -1, nil)
	require.NoError(t, err)
	assert.Zero(t, st.Games, "folding again learns nothing twice")
	assert.Equal(t, uint64(100), again.Stats().StartGames)
}

func TestALineCutShortWaitsForItsEnd(t *testing.T) {
	g := tictactoe.Game{}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.book")
	w, err := New(g, 9, 9)
	require.NoError(t, err)
	w.SetLogDir(LogDir(path))
	require.NoError(t, w.Record(Game{Moves: movesOf(t, g, "b2", "a1"), Result: engines.Draw}))
	logs, err := filepath.Glob(filepath.Join(LogDir(path), "*.log"))
	require.NoError(t, err)
	require.Len(t, logs, 1)
	f, err := os.OpenFile(logs[0], os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("startpos\tb2 a1 c3\tdr")
	require.NoError(t, err)

	b, err := New(g, 9, 9)
	require.NoError(t, err)
	s := NewScorer(g, 9, false)
	st, err := b.Fold(context.Background(), s, LogDir(path), -1, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Games, "the cut line is left for later")

	_, err = f.WriteString("aw\t0\t0\nstartpos\tb2 b2\tdraw\t0\t0\nstartpos\ta1\tdraw\t0\t1\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	st, err = b.Fold(context.Background(), s, LogDir(path), -1, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Games, "the completed line is folded in")
	assert.Equal(t, 1, st.Skipped, "the game of random moves is not")
	require.Len(t, st.Bad, 1, "an illegal move is reported")
	assert.Contains(t, st.Bad[0], "illegal move")
	assert.Equal(t, uint64(2), b.Stats().StartGames)

}

// TestFoldLeavesOutForeignLogs: a log of another game, or a file that is
// no log (even one with no newline yet), is left out and said, and the
// other logs are folded in: one othello log among a tic-tac-toe book's
// logs stopped every build, and a headerless file without a newline was
// taken for a line cut short, silently. A result the moves contradict is
// a damaged line, said and left out; one the moves give is taken from
// them.
func TestFoldLeavesOutForeignLogs(t *testing.T) {
	g := tictactoe.Game{}
	dir := t.TempDir()
	head := LogHeader(g)
	for name, text := range map[string]string{
		"a-othello.log":   "# qi book log 1\tothello\t8x8\nstartpos\tf5 d6\tnone\t0\t0\n",
		"b-no-header.log": "a1 a2 b1 b2 c1",
		"c-good.log": head + "startpos\ta1 a2 b1 b2 c1\tp2win\t0\t0\n" + "startpos\ta1 a2 b1 b2 c1\tnone\t0\t0\n" +
			"startpos\ta1 a2 b1 b2\tp2win\t0\t0\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	b, err := New(g, 9, 9)
	require.NoError(t, err)
	st, err := b.Fold(context.Background(), NewScorer(g, 9, false), dir, -1, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Logs)
	assert.Equal(t, 2, st.Games, "the line with no result and the adjudicated one")
	require.Len(t, st.Bad, 3)
	assert.Contains(t, st.Bad[0], "a-othello.log: not a usable qi book: not a game log of tictactoe")
	assert.Contains(t, st.Bad[1], "b-no-header.log: not a usable qi book: not a game log of tictactoe")
	assert.Contains(t, st.Bad[2], "c-good.log at byte 27: the moves end in p1win, not p2win")
	games, bad, err := ReadLogFile(filepath.Join(dir, "c-good.log"), g)
	require.NoError(t, err)
	require.Len(t, bad, 1)
	require.Len(t, games, 2)
	assert.Equal(t, engines.P1Win, games[0].Result, "the result the moves give")
	assert.Equal(t, engines.P2Win, games[1].Result, "a result the moves do not give is kept")
}

func TestRecordNeedsALogFolder(t *testing.T) {
	b, err := New(tictactoe.Game{}, 9, 9)
	require.NoError(t, err)
	assert.ErrorContains(t, b.Record(Game{}), "no folder for the game log")
	assert.ErrorContains(t, b.Record(Game{Moves: []engines.Move{4, 4}}), "not legal")
}
