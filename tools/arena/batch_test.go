// Tests of matches split into shards: the shards of a match, merged, are the
// match itself game by game, and report its lines; waves say what comes next.

package arena

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
	"qi/engines/record"
	"qi/tools/arena/stats"
	"qi/tools/shard"
)

// resultLines are the lines of a match's results that a merge must repeat:
// all but the timed end line.
var resultLines = regexp.MustCompile(`(?m)^(Score of|\.\.\.  |Elo difference|Pairs|SPRT|Rank|\s+\d+ ).*$`)

// TestShardsAreTheMatch plays matches whole and as 4 shards (under the
// race detector too: the shards' outputs are written as games finish on
// several workers) and checks that the merge holds the same games, item by
// item, and prints the same results.
func TestShardsAreTheMatch(t *testing.T) {
	tests := []struct {
		name, game, match string
	}{
		{"tictactoe levels", "tictactoe", "-game tictactoe -engine name=weak option.Level=1 -engine name=strong -each depth=4 " +
			"-games 12 -openings gen=2 depth=1 margin=1000 -seed 5 -sprt elo0=-10 elo1=10 -concurrency 3"},
		{"niujiao depths", "niujiao", "-game niujiao -engine name=deep depth=6 -engine name=shallow depth=3 " +
			"-games 10 -openings gen=4 depth=14 margin=0 -seed 1 -sprt elo0=100 elo1=200 alpha=0.001 beta=0.001 -concurrency 2"},
		{"niujiao gauntlet", "niujiao", "-game niujiao -tournament gauntlet -engine name=d6 depth=6 -engine name=d2 depth=2 " +
			"-engine name=d4 depth=4 -games 6 -openings gen=4 depth=14 margin=0 -seed 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The engines are qi, in the test binary.
			match := regexp.MustCompile(`-engine name=(\S+)`).ReplaceAllStringFunc(tt.match, func(s string) string {
				return engine(strings.TrimPrefix(s, "-engine name="), "ugi", "", "qi")
			}) + " -ratinginterval 0 -quiet"
			dir := t.TempDir()
			pgn := filepath.Join(dir, "whole.pgn")
			whole, err := arena(t, match+" -pgnout "+pgn)
			require.NoError(t, err, whole)
			for i := range 4 {
				out, err := arena(t, fmt.Sprintf("%s -shard %d/4 -outdir %s -run r -pgnout ignored.pgn", match, i, dir))
				require.NoError(t, err, out)
				assert.NotContains(t, out, "SPRT", "a shard does not judge the SPRT on its part")
			}
			m, err := shard.Merge([]string{filepath.Join(dir, "r")}, shard.MergeOptions{Out: filepath.Join(dir, "merged")})
			require.NoError(t, err)
			var report bytes.Buffer
			require.NoError(t, Report(m, &report, catalog.New()))
			assert.Equal(t, resultLines.FindAllString(whole, -1), resultLines.FindAllString(report.String(), -1),
				"whole:\n%s\nmerged:\n%s", whole, report.String())

			games := readPGN(t, pgn, tt.game)
			merged := readPGN(t, filepath.Join(dir, "merged", "merged.pgn"), tt.game)
			require.Len(t, merged, len(games))
			// The whole match writes its games as they end, the merge
			// in the order of the items: a game's number is its round.
			byRound := map[string]record.PGNGame{}
			for _, g := range games {
				byRound[g.Tags["Round"]] = g
			}
			for _, mg := range merged {
				g, ok := byRound[mg.Tags["Round"]]
				require.True(t, ok, "game %s is in the match", mg.Tags["Round"])
				for _, tag := range []string{"White", "Black", "Result", "Termination"} {
					assert.Equal(t, g.Tags[tag], mg.Tags[tag], "game %s: %s", g.Tags["Round"], tag)
				}
				assert.Equal(t, g.Moves, mg.Moves, "game %s", g.Tags["Round"])
			}
		})
	}
}

// TestWaves checks what an SPRT run in waves says after each merge.
func TestWaves(t *testing.T) {
	part := func(from, to, i, n int) shard.Part { return shard.Part{Shard: i, Shards: n, From: from, To: to} }
	tests := []struct {
		name  string
		d     stats.Decision
		parts []shard.Part
		want  string
	}{
		{"first wave", stats.Continue, []shard.Part{part(0, 100, 0, 2), part(0, 100, 1, 2)}, "no decision after items 0:100: next -items 100:200"},
		{"second wave", stats.Continue, []shard.Part{part(0, 100, 0, 1), part(100, 150, 0, 1)}, "next -items 150:200"},
		{"last wave", stats.Continue, []shard.Part{part(0, 900, 0, 1), part(900, 950, 0, 1)}, "next -items 950:1000"},
		{"gap", stats.Continue, []shard.Part{part(0, 100, 0, 1), part(200, 300, 0, 1)}, "after items 0:100: next -items 100:200"},
		{"decided", stats.AcceptH1, []shard.Part{part(0, 100, 0, 1)}, "stop, H1 was accepted after items 0:100"},
		{"all", stats.Continue, []shard.Part{part(0, 1000, 0, 1)}, "all 1000 items are played"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			waves(&b, tt.d, tt.parts, 1000)
			assert.Contains(t, b.String(), tt.want)
		})
	}
}

func TestBatchParams(t *testing.T) {
	words := strings.Fields("-game othello -engine name=a depth=3 -shard 1/4 -procs 2 -dryrun -concurrency 3 -pgnout x.pgn -games 20 -quiet")
	assert.Equal(t, strings.Fields("-game othello -engine name=a depth=3 -games 20"), batchParams(words))
}
