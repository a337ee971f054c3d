// This file holds the progress of a long step on stderr: a bar redrawn in
// place on a terminal, a plain line now and then otherwise.

package booktool

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress reports one step's advance.
type progress struct {
	w           io.Writer
	what, unit  string
	total       int64
	bar, lines  bool
	start, last time.Time
	shown       bool
	// base is the first count reported: the units done before this run (a
	// journal's), which took none of its time.
	base int64
}

// newProgress starts reporting a step of total units; mode is "bar",
// "lines", "off" or "auto" (a bar on a terminal, lines otherwise).
func newProgress(w io.Writer, mode, what, unit string, total int64) *progress {
	p := &progress{w: w, what: what, unit: unit, total: total, start: time.Now(), base: -1}
	switch mode {
	case "bar":
		p.bar = true
	case "lines":
		p.lines = true
	case "auto":
		p.bar = isTerminal(w)
		p.lines = !p.bar
	}
	return p
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

const barWidth = 30

// set reports done units of the total.
func (p *progress) set(done int64) {
	now := time.Now()
	if p.base < 0 {
		p.base = done
	}
	switch {
	case p.bar && (now.Sub(p.last) >= 100*time.Millisecond || done == p.total):
		filled := int(int64(barWidth) * min(done, p.total) / max(p.total, 1))
		fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d %s%s\x1b[K", p.what, strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled),
			done, p.total, p.unit, p.eta(done))
		p.shown = true
	case p.lines && (now.Sub(p.last) >= 30*time.Second):
		fmt.Fprintf(p.w, "%s: %d/%d %s, %s%s\n", p.what, done, p.total, p.unit, now.Sub(p.start).Round(time.Second), p.eta(done))
	default:
		return
	}
	p.last = now
}

// eta estimates the time left.
func (p *progress) eta(done int64) string { return p.etaAfter(done, time.Since(p.start)) }

// etaAfter estimates the time left when done units took elapsed.
func (p *progress) etaAfter(done int64, elapsed time.Duration) string {
	if done <= p.base || done >= p.total {
		return ""
	}
	left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done-p.base))
	return fmt.Sprintf(", about %s left", left.Round(time.Second))
}

// finish ends the bar's line.
func (p *progress) finish() {
	if p.bar && p.shown {
		fmt.Fprintln(p.w)
	}
}
