// Tests of -book-learn: a match's games in an opening book's game log, a
// shard's as a stream of its output whose merge is one game log, the merged
// log of a run here put in the book's log folder, and what is left out.

package arena

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/book"
	"qi/engines"
	"qi/engines/catalog"
	"qi/engines/record"
	"qi/engines/tictactoe"
	"qi/tools/shard"
)

// gameTexts writes games as their moves, sorted: the same games in any
// order write the same.
func gameTexts(t *testing.T, games []book.Game) []string {
	t.Helper()
	var out []string
	for _, gm := range games {
		pos := tictactoe.Game{}.Start()
		var moves []string
		for _, m := range gm.Moves {
			moves = append(moves, pos.MoveText(m))
			pos.Play(m)
		}
		assert.Equal(t, pos.Result(), gm.Result, "the log's result is the game's")
		assert.Equal(t, 2, gm.Opening, "the two plies of the opening are marked")
		assert.Nil(t, gm.Start)
		out = append(out, strings.Join(moves, " "))
	}
	slices.Sort(out)
	return out
}

// logGames reads the games of the game logs at paths.
func logGames(t *testing.T, paths ...string) []book.Game {
	t.Helper()
	var games []book.Game
	for _, p := range paths {
		gs, bad, err := book.ReadLogFile(p, tictactoe.Game{})
		require.NoError(t, err)
		require.Empty(t, bad)
		games = append(games, gs...)
	}
	return games
}

func TestBookLearnLogsTheGames(t *testing.T) {
	match := "-game tictactoe " + engine("a", "ugi", "", "qi") + " " + engine("b", "ugi", "option.Level=3", "qi") +
		" -each depth=3 -games 6 -openings gen=2 depth=1 margin=1000 -seed 7 -ratinginterval 0 -quiet"
	dir := t.TempDir()
	path := filepath.Join(dir, "tictactoe.book")

	// A match run here logs its games beside the book (none there yet:
	// `qi book build` makes it), and writes no book.
	out, err := arena(t, match+" -book-learn "+path)
	require.NoError(t, err, out)
	assert.NoFileExists(t, path, "the snapshot is never written by the arena")
	logs, err := filepath.Glob(filepath.Join(book.LogDir(path), "*.log"))
	require.NoError(t, err)
	require.Len(t, logs, 1, "a log of the match's own")
	whole := gameTexts(t, logGames(t, logs...))
	require.Len(t, whole, 6)

	// Shards write theirs to their output, never to the book's log; the
	// merge of the shards is one game log with the same games.
	for i := range 3 {
		out, err := arena(t, fmt.Sprintf("%s -book-learn %s -shard %d/3 -outdir %s -run r", match, path, i, dir))
		require.NoError(t, err, out)
	}
	again, err := filepath.Glob(filepath.Join(book.LogDir(path), "*.log"))
	require.NoError(t, err)
	assert.Equal(t, logs, again, "no shard logs into the book")
	// Merged where a run of all the shards here merges them.
	plan := shard.Plan{Run: "r", Dir: filepath.Join(dir, "r")}
	man, err := shard.Merge([]string{plan.Dir}, shard.MergeOptions{Out: filepath.Dir(plan.MergedFile(bookLogExt))})
	require.NoError(t, err)
	var report strings.Builder
	require.NoError(t, Report(man, &report, catalog.New()))
	assert.Contains(t, report.String(), "Book: the games for "+path+" are in the merge's merged.log; in "+book.LogDir(path)+
		" they are learned by qi book build -book "+path+"\n")
	assert.Equal(t, whole, gameTexts(t, logGames(t, plan.MergedFile(bookLogExt))))

	// A run of all the shards here puts the merged log in the book's log
	// folder, named after the run, once however often it runs.
	for range 2 {
		dest, err := installBookLog(path, plan)
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(book.LogDir(path), "arena-r.log"), dest)
	}
	all, err := filepath.Glob(filepath.Join(book.LogDir(path), "*.log"))
	require.NoError(t, err)
	assert.Len(t, all, 2)
	assert.Len(t, logGames(t, all...), 12)
}

func TestBookLearnRefusesAFileThatIsNoBook(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.book")
	require.NoError(t, os.WriteFile(junk, []byte("not a book"), 0o644))
	out, err := arena(t, "-game tictactoe "+engine("a", "ugi", "", "qi")+" "+engine("b", "ugi", "", "qi")+
		" -each depth=1 -games 2 -book-learn "+junk)
	require.Error(t, err, out)
	assert.Regexp(t, regexp.MustCompile(`-book-learn: .*junk\.book: .*not a usable qi book`), err.Error())
	assert.NoDirExists(t, book.LogDir(junk))
}

// TestBookGameLeavesFaultsOut checks which endings are learned: a game
// lost by a fault tells nothing of its positions.
func TestBookGameLeavesFaultsOut(t *testing.T) {
	m := &match{game: tictactoe.Game{}}
	moves := []record.Move{{Text: "b2", Book: true}, {Text: "a1"}, {Text: "c3"}}
	for _, tt := range []struct {
		term string
		want bool
	}{
		{endNormal, true}, {endAdjudication, true}, {endTime, false}, {endIllegal, false},
		{endGarbled, false}, {endDisconnect, false}, {endStalled, false}, {endRefused, false},
	} {
		t.Run(tt.term, func(t *testing.T) {
			o := outcome{start: m.game.Start(), rec: record.Game{Moves: moves, Result: engines.Draw, Termination: tt.term}}
			gm, ok := m.bookGame(o)
			assert.Equal(t, tt.want, ok)
			if ok {
				assert.Len(t, gm.Moves, 3)
				assert.Equal(t, 1, gm.Opening)
				assert.Equal(t, engines.Draw, gm.Result)
			}
		})
	}
}
