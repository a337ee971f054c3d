// Package screen is the output of a program under test as a person would
// watch it: everything written so far, and a wait for a text to appear, so
// that tests act on what the program said rather than on the clock.
package screen

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// guard bounds a wait for a text that never comes: long enough that no
// loaded machine misses it, so that it only turns a hang into a failure.
const guard = time.Minute

// Screen collects what is written to it. Its zero value is ready.
type Screen struct {
	mu      sync.Mutex
	text    strings.Builder
	changed chan struct{} // closed at the next write
	seen    int           // where WaitFor looks from
}

// Write implements io.Writer.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.text.Write(p)
	if s.changed != nil {
		close(s.changed)
		s.changed = nil
	}
	return len(p), nil
}

// String returns everything written so far.
func (s *Screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.text.String()
}

// WaitFor waits until text appears after what earlier waits found, and
// moves past it; the test fails if it has not come within a minute.
func (s *Screen) WaitFor(t testing.TB, text string) {
	t.Helper()
	timeout := time.After(guard)
	for {
		s.mu.Lock()
		all := s.text.String()
		if i := strings.Index(all[s.seen:], text); i >= 0 {
			s.seen += i + len(text)
			s.mu.Unlock()
			return
		}
		if s.changed == nil {
			s.changed = make(chan struct{})
		}
		changed := s.changed
		s.mu.Unlock()
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("%q did not come within %v; the screen:\n%s", text, guard, all)
		}
	}
}
