// Tests of the progress meter, on a clock of the test's own.

package progress

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clock is a test's time.After: each wait is asked for on waits and ends
// when the test sends on fire.
type clock struct {
	waits chan time.Duration
	fire  chan time.Time
}

func newClock() *clock {
	return &clock{waits: make(chan time.Duration), fire: make(chan time.Time)}
}

func (c *clock) after(d time.Duration) <-chan time.Time {
	c.waits <- d
	return c.fire
}

func TestStep(t *testing.T) {
	tests := []struct {
		tty   bool
		ticks int
		waits []time.Duration
		want  string
	}{
		{false, 0, nil, ""},
		{true, 0, nil, ""},
		{false, 3, []time.Duration{time.Second, time.Second, 2 * time.Second, 4 * time.Second},
			"solve #41: 1s so far\nsolve #41: 2s so far\nsolve #41: 4s so far\n"},
		{true, 2, []time.Duration{time.Second, time.Second, time.Second},
			"\rsolve #41 ... 1s\033[K\rsolve #41 ... 2s\033[K\r\033[K"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			var out bytes.Buffer
			c := newClock()
			m := &Meter{w: &out, tty: tt.tty, after: c.after}
			end := m.Step("solve #41")
			for i := 0; i < tt.ticks; i++ {
				require.Equal(t, tt.waits[i], <-c.waits)
				c.fire <- time.Time{}
			}
			// The wait after the last tick is asked for, then the step ends.
			if tt.ticks > 0 {
				require.Equal(t, tt.waits[tt.ticks], <-c.waits)
			}
			go func() {
				for range c.waits {
				}
			}()
			end()
			close(c.waits)
			assert.Equal(t, tt.want, out.String())
		})
	}
}

func TestModes(t *testing.T) {
	var out bytes.Buffer
	for _, mode := range []string{Auto, Off} {
		m, err := New(&out, mode)
		require.NoError(t, err)
		m.Step("x")()
	}
	m, err := New(&out, On)
	require.NoError(t, err)
	assert.NotNil(t, m.w, "on shows progress on what is no terminal")
	_, err = New(&out, "loud")
	assert.ErrorContains(t, err, `-progress must be auto, on or off, not "loud"`)
	var nilMeter *Meter
	nilMeter.Step("x")()
	assert.Empty(t, out.String())
}
