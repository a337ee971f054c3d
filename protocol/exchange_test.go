// A strict transcript driver: each command is paired with exactly the reply
// lines it must produce, read one by one as a manager would, so that a
// move is awaited before the next command is sent.

package protocol

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// step is a command and the replies it must get. A reply starting with "~"
// is a regular expression the line must match in full.
type step struct {
	in  string
	out []string
}

// exchange runs steps against qi under cfg. Lines matching skip (progress
// reports) are passed over. After the last step qi's input is closed and it
// must end without writing anything else but skipped lines.
func exchange(t *testing.T, cfg Config, skip *regexp.Regexp, steps []step) {
	t.Helper()
	inR, inW := io.Pipe()
	out := &lineWriter{lines: make(chan string, 10000)}
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), inR, out, cfg) }()
	next := func(after string) string {
		for {
			select {
			case l := <-out.lines:
				if skip == nil || !skip.MatchString(l) {
					return l
				}
			case <-time.After(time.Minute):
				t.Fatalf("no reply after %q", after)
				return ""
			}
		}
	}
	for _, s := range steps {
		_, err := io.WriteString(inW, s.in+"\n")
		if err != nil {
			require.Empty(t, s.out, "qi ended before %q", s.in)
			break
		}
		for _, want := range s.out {
			got := next(s.in)
			if strings.HasPrefix(want, "~") {
				require.Regexp(t, "^(?:"+want[1:]+")$", got, "reply to %q", s.in)
			} else {
				require.Equal(t, want, got, "reply to %q", s.in)
			}
		}
	}
	inW.Close()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(time.Minute):
		t.Fatal("qi did not end")
	}
	close(out.lines)
	for l := range out.lines {
		if skip == nil || !skip.MatchString(l) {
			t.Errorf("unexpected output %q", l)
		}
	}
}
