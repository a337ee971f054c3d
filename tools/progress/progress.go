// Package progress shows that a long step of a tool is still going, on the
// tool's standard error. A Meter times steps: once a step has taken a
// second, its name and the time so far show, rewritten in place on a
// terminal and as a line at 1, 2, 4, 8 ... seconds elsewhere (a log); steps
// shorter than a second show nothing. A Bar counts a step's units against
// their total, with the time left.
package progress

import (
	"fmt"
	"io"
	"time"

	"qi/tools/cmdline"
)

// Modes of the -progress flag of the tools.
const (
	Auto = "auto" // on when standard error is a terminal
	On   = "on"
	Off  = "off"
)

// Meter shows the progress of steps one at a time; the zero Meter, and a
// nil one, show nothing.
type Meter struct {
	w   io.Writer
	tty bool
	// after is time.After, or the clock of a test.
	after func(time.Duration) <-chan time.Time
}

// New returns the meter that mode asks for on w (the tool's standard error).
func New(w io.Writer, mode string) (*Meter, error) {
	tty := cmdline.IsTerminal(w)
	switch mode {
	case Off:
		return &Meter{}, nil
	case Auto:
		if !tty {
			return &Meter{}, nil
		}
	case On:
	default:
		return nil, fmt.Errorf("-progress must be %s, %s or %s, not %q", Auto, On, Off, mode)
	}
	return &Meter{w: w, tty: tty, after: time.After}, nil
}

// Step shows name as a step that has begun, once it has taken a second; the
// function it returns ends the step and clears what it showed.
func (m *Meter) Step(name string) (end func()) {
	if m == nil || m.w == nil {
		return func() {}
	}
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		var took time.Duration
		wait := time.Second
		for {
			select {
			case <-stop:
				if m.tty && took > 0 {
					fmt.Fprint(m.w, "\r\033[K")
				}
				return
			case <-m.after(wait):
			}
			took += wait
			if m.tty {
				fmt.Fprintf(m.w, "\r%s ... %v\033[K", name, took)
				wait = time.Second
			} else {
				fmt.Fprintf(m.w, "%s: %v so far\n", name, took)
				wait = took
			}
		}
	}()
	return func() {
		close(stop)
		<-stopped
	}
}
