// Tests of the bar: the time left counts only this run's pace, and a log
// hears nothing of a short step.

package progress

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestBarETA(t *testing.T) {
	tests := []struct {
		name             string
		first, done, all int64
		want             string
	}{
		{"a fresh run", 0, 50, 100, ", about 10s left"},
		{"a run resumed from a journal", 50, 75, 100, ", about 10s left"},
		{"nothing done yet in this run", 50, 50, 100, ""},
		{"all done", 0, 100, 100, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewBar(io.Discard, Off, "searching", "positions", tt.all)
			p.Set(tt.first)
			// Ten seconds of this run went into done-first units.
			assert.Equal(t, tt.want, p.etaAfter(tt.done, 10*time.Second))
		})
	}
}

// TestBarLinesWait: in a log, a step shorter than the 30 seconds between
// lines writes none.
func TestBarLinesWait(t *testing.T) {
	var b bytes.Buffer
	p := NewBar(&b, LinesMode, "analysing", "moves", 3)
	for i := range int64(4) {
		p.Set(i)
	}
	p.Finish()
	assert.Empty(t, b.String())
}
