// Tests of the book file: it reads back what was written, refuses damaged
// and foreign files, survives a writer killed mid-write, and is looked up
// in microseconds. The test binary also serves as the child processes of
// these tests (see TestMain).

package book

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	ossignal "os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/othello"
	"qi/engines/tictactoe"
)

// TestMain runs a child process's part when the tests start the test
// binary as one.
func TestMain(m *testing.M) {
	switch os.Getenv("QI_BOOK_CHILD") {
	case "":
		os.Exit(m.Run())
	case "killed-writer":
		os.Exit(killedWriter(os.Getenv("QI_BOOK_PATH")))
	case "learner":
		os.Exit(learner(os.Getenv("QI_BOOK_PATH"), os.Getenv("QI_BOOK_SEED")))
	case "full-disk":
		os.Exit(fullDisk(os.Getenv("QI_BOOK_PATH")))
	}
	os.Exit(2)
}

// child returns a command running the test binary as a child process.
func child(role string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{"QI_BOOK_CHILD=" + role}, env...)...)
	return cmd
}

// fakeBook returns a book of g holding n entries with random keys and
// boards: the file's format does not look at the boards.
func fakeBook(g engines.Game, n int, seed uint64) *Book {
	b := must(New(g, 7, 20))
	rng := rand.New(rand.NewPCG(seed, 1))
	for range n {
		board := make([]byte, b.hdr.packedLen)
		for i := range board {
			board[i] = byte(rng.Uint32())
		}
		b.over[rng.Uint64()] = &Entry{Board: board, Value: engines.Score(rng.IntN(2000) - 1000), Level: rng.IntN(30),
			Leaf: engines.Move(rng.IntN(64)), LeafValue: engines.Score(rng.IntN(2000) - 1000), LeafLevel: rng.IntN(30),
			Exact: rng.IntN(2) == 0, Wins: rng.Uint32(), Draws: rng.Uint32N(10), Losses: rng.Uint32N(1000)}
	}
	for k, e := range b.over {
		e.Key = k
	}
	return b
}

func othello8(t testing.TB) engines.Game {
	g, err := othello.New(8)
	require.NoError(t, err)
	return g
}

func TestFileRoundTrip(t *testing.T) {
	g := othello8(t)
	b := fakeBook(g, 1000, 1)
	b.logs["a.log"] = 1234
	path := filepath.Join(t.TempDir(), "o.book")
	require.NoError(t, b.Save(path))
	want := b.entries()

	got, err := Open(path, g)
	require.NoError(t, err)
	defer got.Close()
	assert.Equal(t, want, got.entries())
	assert.Equal(t, 1000, got.Len())
	assert.Equal(t, 7, got.Level())
	assert.Equal(t, 20, got.Plies())
	assert.Equal(t, map[string]int64{"a.log": 1234}, got.logs)
	for _, e := range want[:50] {
		found, ok := got.Lookup(e.Key)
		require.True(t, ok)
		assert.Equal(t, *e, found)
	}
	_, ok := got.Lookup(12345)
	assert.False(t, ok)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	read, err := Read(data, g)
	require.NoError(t, err)
	assert.Equal(t, want, read.entries())

	empty, err := New(g, 0, 0)
	require.NoError(t, err)
	require.NoError(t, empty.Save(path))
	again, err := Open(path, g)
	require.NoError(t, err)
	assert.Zero(t, again.Len())
	_, ok = again.Lookup(want[0].Key)
	assert.False(t, ok)
}

// TestSavedBooksAreReadable checks a saved book's permissions: a new one
// readable by all (its temporary file was private), one saved over an old
// one keeping the old one's.
func TestSavedBooksAreReadable(t *testing.T) {
	g := othello8(t)
	b := fakeBook(g, 10, 1)
	path := filepath.Join(t.TempDir(), "o.book")
	require.NoError(t, b.Save(path))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	require.NoError(t, os.Chmod(path, 0o640))
	require.NoError(t, b.Save(path))
	fi, err = os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm())
}

// crafted returns a book file with the header's field at off set to v and
// its checksum made to match, as a crafted file would have it.
func crafted(good []byte, off int, v uint32) []byte {
	b := bytes.Clone(good)
	binary.LittleEndian.PutUint32(b[off:], v)
	headerLen := int(binary.LittleEndian.Uint32(b[12:]))
	binary.LittleEndian.PutUint32(b[headerLen-4:], crc32.Checksum(b[:headerLen-4], castagnoli()))
	return b
}

// TestDepthBounds: a book's level and plies are refused beyond their
// bounds, never taken as a search for ever (level 99999 was accepted).
func TestDepthBounds(t *testing.T) {
	g := tictactoe.Game{}
	for _, tc := range []struct{ level, plies int }{{-5, 0}, {0, -1}, {99999, 0}, {0, 1 << 20}, {MaxLevel + 1, 0}} {
		_, err := New(g, tc.level, tc.plies)
		assert.Error(t, err, "level %d, plies %d", tc.level, tc.plies)
	}
	b, err := New(g, MaxLevel, MaxPlies)
	require.NoError(t, err)
	assert.Error(t, b.SetLevel(99999))
	assert.Error(t, b.SetPlies(-1))
	assert.Equal(t, MaxLevel, b.Level())
}

func TestDamagedAndForeignFilesAreRefused(t *testing.T) {
	g := othello8(t)
	path := filepath.Join(t.TempDir(), "o.book")
	require.NoError(t, fakeBook(g, 100, 2).Save(path))
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	headerLen := int(binary.LittleEndian.Uint32(good[12:]))
	flip := func(at int) []byte {
		b := bytes.Clone(good)
		b[at] ^= 0x10
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "no qi book header"},
		{"foreign", []byte("PK\x03\x04 a zip file, not a book at all"), "no qi book header"},
		{"cut in the header", good[:40], "cut short"},
		{"cut in the records", good[:len(good)-10], "do not fill"},
		{"a byte more", append(bytes.Clone(good), 0), "do not fill"},
		{"header damaged", flip(20), "header's checksum"},
		{"record damaged", flip(headerLen + 30), "records' checksum"},
		{"a level of 2^31-1, checksum and all", crafted(good, 32, 1<<31-1), "out of bounds"},
		{"a level of 99999", crafted(good, 32, 99999), "out of bounds"},
		{"no level", crafted(good, 32, 0), "out of bounds"},
		{"plies of 2^32-1", crafted(good, 36, 1<<32-1), "out of bounds"},
		{"another version", func() []byte {
			b := bytes.Clone(good)
			b[8] = 9
			return b
		}(), "format version 9"},
	} {
		_, err := Read(tc.data, g)
		require.ErrorIs(t, err, ErrFormat, tc.name)
		assert.ErrorContains(t, err, tc.want, tc.name)
	}

	g10, err := othello.New(10)
	require.NoError(t, err)
	_, err = Open(path, g10)
	require.ErrorIs(t, err, ErrFormat)
	assert.ErrorContains(t, err, "a book of othello 8x8, not of othello 10x10")
	_, err = Open(path, tictactoe.Game{})
	assert.ErrorIs(t, err, ErrFormat)
	_, err = Open(filepath.Join(t.TempDir(), "missing.book"), g)
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// killedWriter is the child that saves a big book over the one at path and
// kills itself halfway through writing it.
func killedWriter(path string) int {
	g, _ := othello.New(8)
	b := fakeBook(g, 20000, 9)
	err := b.save(path, func(written int64) {
		if written > 300_000 {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
	})
	fmt.Fprintln(os.Stderr, "the writer was not killed:", err)
	return 1
}

func TestAKilledWriterLeavesTheOldBook(t *testing.T) {
	g := othello8(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "o.book")
	old := fakeBook(g, 300, 3)
	require.NoError(t, old.Save(path))
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	cmd := child("killed-writer", "QI_BOOK_PATH="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "%s", out)
	assert.Equal(t, syscall.SIGKILL, exit.Sys().(syscall.WaitStatus).Signal(), "the writer was killed: %s", out)

	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the book is untouched")
	b, err := Open(path, g)
	require.NoError(t, err)
	assert.Equal(t, old.entries(), b.entries())
	tmps, err := filepath.Glob(filepath.Join(dir, "o.book.tmp-*"))
	require.NoError(t, err)
	require.Len(t, tmps, 1, "the half-written file is left under a temporary name")
	st, err := os.Stat(tmps[0])
	require.NoError(t, err)
	assert.Greater(t, st.Size(), int64(300_000))
	_, err = Open(tmps[0], g)
	assert.ErrorIs(t, err, ErrFormat, "and is no book")
}

// FuzzRead reads arbitrary bytes as a book: the reader never panics, and
// what it accepts can be probed, valued and exported. The checksums are
// skipped, so that the fuzzer gets past them to the records.
func FuzzRead(f *testing.F) {
	g := tictactoe.Game{}
	b, err := New(g, 9, 9)
	require.NoError(f, err)
	moves := movesOf(f, g, "b2", "a2", "a1", "c3", "c1", "b1", "a3")
	_, err = b.Learn(context.Background(), NewScorer(g, 9, false), Game{Moves: moves, Result: engines.P1Win}, 0)
	require.NoError(f, err)
	b.logs["x.log"] = 77
	path := filepath.Join(f.TempDir(), "t.book")
	require.NoError(f, b.Save(path))
	good, err := os.ReadFile(path)
	require.NoError(f, err)
	f.Add(good)
	f.Add(good[:100])
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Read(data, g)
		s, err := parseSnapshot(data, false)
		if err != nil {
			return
		}
		b, err := New(g, 0, 0)
		require.NoError(t, err)
		b.base = s
		b.Probe(g.Start())
		b.Probe(at(t, "b2"))
		_, _, _ = b.Negamax(context.Background())
		_ = b.Export(&bytes.Buffer{})
		_, _ = b.StalePlan()
		for i := range min(s.count, 50) {
			key := s.key(i)
			_, ok := b.Lookup(key)
			require.True(t, ok, "record %d is found by its key", i)
		}
	})
}

// BenchmarkLookup looks up keys in a memory-mapped book of 300,000 othello
// positions (the size of the shipped 8x8 book), half of them present.
func BenchmarkLookup(b *testing.B) {
	g := othello8(b)
	path := filepath.Join(b.TempDir(), "o.book")
	require.NoError(b, fakeBook(g, 300_000, 5).Save(path))
	bk, err := Open(path, g)
	require.NoError(b, err)
	defer bk.Close()
	keys := make([]uint64, 1<<12)
	for i := range keys {
		if i%2 == 0 {
			keys[i] = bk.base.key(rand.IntN(bk.base.count))
		} else {
			keys[i] = rand.Uint64()
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		bk.Lookup(keys[i%len(keys)])
	}
}

// BenchmarkProbe probes a position of a small book: its key over the
// board's symmetries, its entry, and the keys and entries of every move's
// position (othello's 8 moves; gomoku's 221).
func BenchmarkProbe(b *testing.B) {
	renju, err := gomoku.NewGame(15, 15, gomoku.Renju)
	require.NoError(b, err)
	for _, bc := range []struct {
		name  string
		game  engines.Game
		moves []string
	}{
		{"othello", othello8(b), []string{"f5", "d6", "c3", "d3", "c4", "f4"}},
		{"gomoku", renju, []string{"h8", "h9", "i9", "g7"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bk, err := New(bc.game, 1, 10)
			require.NoError(b, err)
			moves := movesOf(b, bc.game, bc.moves...)
			_, err = bk.Learn(context.Background(), NewScorer(bc.game, 1, false), Game{Moves: moves, Result: engines.Draw}, -1)
			require.NoError(b, err)
			pos, err := engines.PlayAll(bc.game.Start(), bc.moves[:len(bc.moves)-1])
			require.NoError(b, err)
			require.NotEmpty(b, bk.Probe(pos))
			for b.Loop() {
				bk.Probe(pos)
			}
		})
	}
}

// learner is the child that learns games of tic-tac-toe into the book at
// path, recording each in its game log.
func learner(path, seed string) int {
	n, _ := strconv.Atoi(seed)
	g := tictactoe.Game{}
	b, err := Open(path, g)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = New(g, 9, 9)
		b.SetLogDir(LogDir(path))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for _, gm := range randomGames(g, 50, uint64(n)) {
		if err := b.Record(gm); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// TestOpenRefusesWhatIsNoFile: Open, Identify and the log reader refuse a
// FIFO (whose open waited for a writer), a device (/dev/zero, read
// without end) and a folder, at once.
func TestOpenRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.book")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	g := tictactoe.Game{}
	for _, path := range []string{fifo, "/dev/zero", dir} {
		_, err := Open(path, g)
		assert.ErrorIs(t, err, ErrNotRegular, path)
		_, _, err = Identify(path)
		assert.ErrorIs(t, err, ErrNotRegular, path)
		_, _, err = ReadLogFile(path, g)
		assert.ErrorIs(t, err, ErrNotRegular, path)
	}
}

// fullDisk records games into the log of the book at path in a process
// whose files may not grow past a few bytes, as on a full disk: each
// record must fail, and no log may be left, empty or cut short.
func fullDisk(path string) int {
	ossignal.Ignore(syscall.SIGXFSZ)
	b, err := New(tictactoe.Game{}, 9, 9)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	b.SetLogDir(LogDir(path))
	lim := syscall.Rlimit{Cur: 10, Max: 10}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for range 3 {
		if err := b.Record(Game{Moves: []engines.Move{4, 0, 8}, Result: engines.None}); err == nil {
			fmt.Fprintln(os.Stderr, "a game was recorded past the file size limit")
			return 1
		}
	}
	return 0
}

// TestFullDiskLeavesNoEmptyLog: a log that cannot take its first game is
// removed (a full disk left 0-byte logs behind).
func TestFullDiskLeavesNoEmptyLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.book")
	out, err := child("full-disk", "QI_BOOK_PATH="+path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	logs, err := filepath.Glob(filepath.Join(LogDir(path), "*"))
	require.NoError(t, err)
	assert.Empty(t, logs)
}
