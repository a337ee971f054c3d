// Benchmarks of the protocol's latencies while a search keeps a core busy:
// isready to readyok, and stop to bestmove.

package protocol

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// benchSession is a running qi for benchmarks: send writes a line, await reads
// output up to a line with the prefix.
type benchSession struct {
	in  *io.PipeWriter
	out *lineWriter
	tb  testing.TB
}

func startSession(tb testing.TB, cfg Config) *benchSession {
	inR, inW := io.Pipe()
	s := &benchSession{in: inW, out: &lineWriter{lines: make(chan string, 1<<16)}, tb: tb}
	go func() { _ = Run(context.Background(), inR, s.out, cfg) }()
	tb.Cleanup(func() { inW.Close() })
	return s
}

func (s *benchSession) send(line string) {
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.tb.Fatal(err)
	}
}

func (s *benchSession) await(prefix string) {
	for {
		select {
		case l := <-s.out.lines:
			if strings.HasPrefix(l, prefix) {
				return
			}
		case <-time.After(time.Minute):
			s.tb.Fatalf("no %q", prefix)
		}
	}
}

// BenchmarkIsReadyMidSearch measures isready to readyok during a search.
func BenchmarkIsReadyMidSearch(b *testing.B) {
	s := startSession(b, testConfig(b))
	s.send("setoption name Game value slow")
	s.send("go infinite")
	s.send("isready")
	s.await("readyok")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.send("isready")
		s.await("readyok")
	}
	b.StopTimer()
	s.send("stop")
	s.await("bestmove")
}

// BenchmarkStopToBestmove measures stop to bestmove for a search that has
// been running for a while.
func BenchmarkStopToBestmove(b *testing.B) {
	s := startSession(b, testConfig(b))
	s.send("setoption name Game value slow")
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s.send("go infinite")
		s.send("isready")
		s.await("readyok")
		b.StartTimer()
		s.send("stop")
		s.await("bestmove")
	}
}

// BenchmarkIsReadyAfterNewGame measures uginewgame then isready to readyok
// with a 2 GiB table that a search has used: the table is cleared without
// being touched (it took 6.5 s when clearing meant zeroing it).
func BenchmarkIsReadyAfterNewGame(b *testing.B) {
	s := startSession(b, fullConfig())
	s.send("setoption name Hash value 2048")
	s.send("setoption name Game value othello")
	s.send("go depth 6")
	s.await("bestmove")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.send("uginewgame")
		s.send("isready")
		s.await("readyok")
	}
}

// BenchmarkIsReadyAfterGameSwitch measures a game switch under a 2 GiB
// table, then isready to readyok: the old game's table is given back, the
// new one mapped, neither zeroed by the process.
func BenchmarkIsReadyAfterGameSwitch(b *testing.B) {
	s := startSession(b, fullConfig())
	s.send("setoption name Hash value 2048")
	games := []string{"othello", "gomoku"}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s.send("go depth 2")
		s.await("bestmove")
		b.StartTimer()
		s.send("setoption name Game value " + games[i%2])
		s.send("isready")
		s.await("readyok")
	}
}
