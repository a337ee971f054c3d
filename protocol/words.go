// This file holds how command lines are read and split into words, and how
// what qi writes is kept printable.

package protocol

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/shlex"
)

// maxLine bounds a command line: the longest a client sends is far shorter (a
// position with every move of a 22x22 gomoku game is 2 KiB). A longer line
// is skipped with an error, and the session goes on.
const maxLine = 1 << 20

// input is a command line as read: its text without the line ending, when it
// was read (a client's clock for the reply starts when it sent the line), and,
// for a line past maxLine, its length (its text is then empty).
type input struct {
	text    string
	at      time.Time
	tooLong int
}

// readLines sends each line of r to the returned channel, and closes it at EOF
// or on a read error. It stops early when done is closed.
func readLines(r io.Reader, done <-chan struct{}) <-chan input {
	lines := make(chan input)
	go func() {
		defer close(lines)
		br := bufio.NewReaderSize(r, 64<<10)
		for {
			in, err := readLine(br)
			if err != nil && in.text == "" && in.tooLong == 0 {
				return
			}
			in.at = time.Now()
			select {
			case lines <- in:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return lines
}

// readLine reads one line, without its LF or CRLF; a line longer than maxLine
// is read to its end and dropped, only its length kept. The error is that of
// the reader (io.EOF at the end); a last line without a line ending comes
// with it.
func readLine(br *bufio.Reader) (input, error) {
	var line []byte
	n, kept := 0, true
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		// Keep up to the limit and a line ending, no more: what comes
		// beyond is only counted.
		if kept = kept && n <= maxLine+2; kept {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !kept || len(line) > maxLine {
			return input{tooLong: n}, err
		}
		return input{text: string(line)}, err
	}
}

// tooLongError says why an over-long line was skipped.
func tooLongError(n int) string {
	return fmt.Sprintf("a line of %d bytes is longer than the %d a command may have: skipped", n, maxLine)
}

// printable escapes what a terminal or a client's line reader could take for
// something else: control characters (a stray carriage return, an escape
// sequence) and bytes that are not UTF-8. Everything else passes as it is, so
// that ordinary replies are untouched.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError || (r >= 0x80 && r < 0xa0) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
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
