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

	foreign := filepath.Join(t.TempDir(), "x.log")
	require.NoError(t, os.WriteFile(foreign, []byte("# qi book log 1\tgomoku\t15x15 renju\n"), 0o644))
	_, err = b.Fold(context.Background(), s, filepath.Dir(foreign), -1, nil)
	assert.ErrorIs(t, err, ErrFormat)
}

func TestRecordNeedsALogFolder(t *testing.T) {
	b, err := New(tictactoe.Game{}, 9, 9)
	require.NoError(t, err)
	assert.ErrorContains(t, b.Record(Game{}), "no folder for the game log")
	assert.ErrorContains(t, b.Record(Game{Moves: []engines.Move{4, 4}}), "not legal")
}
