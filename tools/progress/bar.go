// This file holds the progress of a step of counted units (positions
// searched, files read): a bar redrawn in place on a terminal, a plain line
// now and then otherwise.

package progress

import (
	"fmt"
	"io"
	"strings"
	"time"

	"qi/tools/cmdline"
)

// Bar modes, the -progress flag of the tools that count units.
const (
	BarMode   = "bar"   // a bar redrawn in place
	LinesMode = "lines" // a line every 30 seconds, for logs
)

// Bar reports one step's advance in units of a known total.
type Bar struct {
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

// NewBar starts reporting a step of total units on w; mode is "bar",
// "lines", "off" or "auto" (a bar on a terminal, lines otherwise).
func NewBar(w io.Writer, mode, what, unit string, total int64) *Bar {
	p := &Bar{w: w, what: what, unit: unit, total: total, start: time.Now(), base: -1}
	switch mode {
	case BarMode:
		p.bar = true
	case LinesMode:
		p.lines = true
	case Auto:
		p.bar = cmdline.IsTerminal(w)
		p.lines = !p.bar
	}
	if p.lines {
		// A log's first line comes after 30 seconds too: a short step
		// says nothing.
		p.last = p.start
	}
	return p
}

const barWidth = 30

// Set reports done units of the total.
func (p *Bar) Set(done int64) {
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
func (p *Bar) eta(done int64) string { return p.etaAfter(done, time.Since(p.start)) }

// etaAfter estimates the time left when done units took elapsed.
func (p *Bar) etaAfter(done int64, elapsed time.Duration) string {
	if done <= p.base || done >= p.total {
		return ""
	}
	left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done-p.base))
	return fmt.Sprintf(", about %s left", left.Round(time.Second))
}

// Finish ends the bar's line.
func (p *Bar) Finish() {
	if p.bar && p.shown {
		fmt.Fprintln(p.w)
	}
}
