// This file holds how command lines are read and split into words.

package protocol

import (
	"bufio"
	"io"
	"strings"

	"github.com/google/shlex"
)

// maxLine bounds a command line; longer lines are cut (a Gomocup BOARD of 484
// stones is far shorter).
const maxLine = 1 << 20

// readLines sends each line of r, without its line ending, to the returned
// channel, and closes it at EOF. It stops early when done is closed.
func readLines(r io.Reader, done <-chan struct{}) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		for sc.Scan() {
			select {
			case lines <- strings.TrimRight(sc.Text(), "\r"):
			case <-done:
				return
			}
		}
		if sc.Err() == bufio.ErrTooLong {
			// A line past the limit cannot be a command; what follows it
			// is lost too, so treat it as the end of input.
			return
		}
	}()
	return lines
}

// word is a word of a line with where it starts and ends, so that the raw rest
// of the line after a keyword can be taken as it was typed.
type word struct {
	text       string
	start, end int
}

// splitWords splits line at runs of white space, keeping positions.
func splitWords(line string) []word {
	var ws []word
	start := -1
	for i, r := range line {
		space := r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\r' || r == '\n'
		switch {
		case space && start >= 0:
			ws = append(ws, word{line[start:i], start, i})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		ws = append(ws, word{line[start:], start, len(line)})
	}
	return ws
}

// tokens splits the arguments of a command the way a shell would (quotes group
// words), falling back to plain words when the line does not parse (an
// unclosed quote). Option values, position texts and info strings are taken raw
// with rest instead, since shlex eats backslashes and treats '#' as a comment.
func tokens(line string) []string {
	if t, err := shlex.Split(line); err == nil && len(t) > 0 {
		return t
	}
	return strings.Fields(line)
}

// rest returns the raw text of line after word i, trimmed.
func rest(line string, ws []word, i int) string {
	if i >= len(ws) {
		return ""
	}
	return strings.TrimSpace(line[ws[i].end:])
}
