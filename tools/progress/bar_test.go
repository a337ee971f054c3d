// Tests of the bar: the time left counts only this run's pace.

package progress

import (
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
