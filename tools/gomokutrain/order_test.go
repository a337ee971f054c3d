// Tests of the ordering fit: on a few records it ranks the played moves
// better than the current table on the games it held out, and writes a
// table the engine and the self-play tool read back.

package gomokutrain

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines/gomoku"
)

func TestOrderFit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "order.txt")
	var stdout, stderr bytes.Buffer
	err := Run([]string{"order", "-rule", "freestyle", "-epochs", "3", "-holdout", "5", "-out", out, "testdata/records"}, &stdout, &stderr)
	require.NoError(t, err, stderr.String())
	var n, held int
	var cur1, cur3, curRank, fit1, fit3, fitRank float64
	_, err = fmt.Sscanf(stdout.String(), "%d freestyle positions to fit, %d to measure on\n"+
		"current ordering: first %f, in the first three %f, mean rank %f\n"+
		"fitted ordering: first %f, in the first three %f, mean rank %f",
		&n, &held, &cur1, &cur3, &curRank, &fit1, &fit3, &fitRank)
	require.NoError(t, err, stdout.String())
	assert.Greater(t, n, 900)
	assert.Greater(t, held, 300)
	// From zero on 32 games (the 40 less every fifth) the fit can't match the shipped table, but it
	// must rank the played move far better than chance (a mean rank of
	// half the candidates, some 30).
	assert.Less(t, fitRank, 12.0, stdout.String())
	assert.Greater(t, fit3, 0.3, stdout.String())
	assert.Less(t, curRank, fitRank, "the shipped table, fitted on 10,000 games, ranks better")

	data, err := os.ReadFile(out)
	require.NoError(t, err)
	w, err := gomoku.ParseWeights(string(data))
	require.NoError(t, err)
	g, err := gomoku.NewGame(15, 15, gomoku.Freestyle)
	require.NoError(t, err)
	g2, err := g.WithOrder(w)
	require.NoError(t, err)
	assert.Equal(t, w, g2.Order(), "the written table is whole and in range")
	assert.NotEqual(t, g.Order(), w)

	var sp, spErr bytes.Buffer
	require.NoError(t, Run([]string{"selfplay", "-size", "9", "-games", "2", "-nodes", "200", "-a", "order=" + out, "-outdir", t.TempDir()}, &sp, &spErr), spErr.String())
	err = Run([]string{"selfplay", "-size", "9", "-games", "2", "-nodes", "200", "-a", "order=" + filepath.Join(t.TempDir(), "none.txt")}, &sp, &spErr)
	assert.Error(t, err)
}
