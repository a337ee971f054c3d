// This file holds the batch side of self-play and labelling, whose items are
// self-play game j and block j of the samples to label: the sample streams
// their shards write, and what a merge of them reports.

package othellotrain

import (
	"fmt"
	"io"

	"qi/tools/shard"
)

// The tools' names in batch manifests.
const (
	SelfPlayTool = "othellotrain selfplay"
	LabelTool    = "othellotrain label"
)

// batchCounts are what a self-play or labelling shard counts.
type batchCounts struct {
	Games   int `json:"games,omitempty"`
	Samples int `json:"samples"`
}

// sampleStream is the output stream of samples of n x n boards: merged, a
// sample file as any other.
func sampleStream(n int) shard.Stream {
	return shard.Stream{Ext: "smp", Header: sampleHeader(n)}
}

// sampleChunk is an item's samples as the stream holds them.
func sampleChunk(n int, samples []sample) []byte {
	var buf []byte
	for _, s := range samples {
		buf = appendSample(buf, n, s)
	}
	return buf
}

// Report prints what a merged self-play or labelling run holds.
func Report(m *shard.Manifest, w io.Writer) error {
	var c batchCounts
	if err := m.ReadCounts(&c); err != nil {
		return err
	}
	files := ""
	for _, f := range m.Files {
		if f.Ext == "smp" {
			files = ": " + f.Name
		}
	}
	switch m.Tool {
	case SelfPlayTool:
		fmt.Fprintf(w, "%d games, %d samples%s\n", c.Games, c.Samples, files)
	default:
		fmt.Fprintf(w, "%d samples labelled%s\n", c.Samples, files)
	}
	return nil
}
