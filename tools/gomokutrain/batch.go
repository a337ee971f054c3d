// This file holds the batch side of the self-play match: its items are
// Piskvork's openings, each played with both colours, and a merge of its
// shards reports the match's line.

package gomokutrain

import (
	"fmt"
	"io"
	"strings"

	"qi/tools/shard"
)

// SelfplayTool is the self-play match's name in batch manifests.
const SelfplayTool = "gomokutrain selfplay"

// Report prints the result of a merged self-play match as the match does,
// and its pairs of games.
func Report(m *shard.Manifest, w io.Writer) error {
	s := m.Score
	if s == nil {
		return fmt.Errorf("%s: a run without a score", m.Run)
	}
	param := func(name string) string {
		for _, p := range m.Params {
			if v, ok := strings.CutPrefix(p, "-"+name+"="); ok {
				return v
			}
		}
		return "?"
	}
	fmt.Fprintf(w, "A %s vs B %s, %s %sx%s, %s\n", param("a"), param("b"), param("rule"), param("size"), param("size"), result(s.W, s.D, s.L))
	fmt.Fprintf(w, "pairs (LL LD WL+DD WD WW): %d %d %d %d %d\n", s.Penta[0], s.Penta[1], s.Penta[2], s.Penta[3], s.Penta[4])
	return nil
}
