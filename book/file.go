// This file holds the snapshot, the book's file: a header, the records
// sorted by key, and the table of game logs folded in, each part checked by
// a CRC-32C; read whole or memory-mapped and looked up in place, written to
// a temporary file, synced and renamed over the old one, so that a writer
// killed at any moment leaves the old book whole.
//
// Layout, little-endian:
//
//	magic     8  "qi book\n"
//	version   4  1
//	headerLen 4  bytes from the magic to the first record, a multiple of 8
//	count     8  records
//	recordLen 4  8 + packedLen + 25
//	packedLen 4  the game's engines.Packer.PackedLen
//	level     4  the depth new positions are searched to
//	plies     4  the plies of a game that learning adds
//	logsLen   8  bytes of the log table after the records
//	dataCRC   4  CRC-32C of the records and the log table
//	game      2+n  the game's name, its length first
//	setting   2+n  the game's engines.Packer.Setting
//	padding   to 4 bytes before a multiple of 8
//	headerCRC 4  CRC-32C of every header byte before it
//	records   count x recordLen, keys strictly increasing
//	log table per log: name 2+n, bytes folded 8

package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

const (
	magic   = "qi book\n"
	version = 1
	// fixedHeader is the header's size before the game's name.
	fixedHeader = 56
)

// ErrFormat is wrapped by the errors about files that are not books qi can
// read: foreign, damaged, of another version or of another game.
var ErrFormat = errors.New("not a usable qi book")

// header is what a snapshot says of itself.
type header struct {
	game, setting string
	packedLen     int
	level, plies  int
}

// snapshot is a parsed book file: records looked up in place.
type snapshot struct {
	header
	data      []byte // the whole file
	records   []byte
	count     int
	recordLen int
	logs      map[string]int64
}

// castagnoli returns the CRC-32C table, built at its first use rather than
// when qi starts.
func castagnoli() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) }

func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// parseSnapshot checks a book file's bytes and returns the snapshot over
// them (which keeps data). verify false skips the CRCs, for the fuzzer.
func parseSnapshot(data []byte, verify bool) (*snapshot, error) {
	le := binary.LittleEndian
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, formatErr("no qi book header")
	}
	if len(data) < fixedHeader+8 {
		return nil, formatErr("the header is cut short")
	}
	if v := le.Uint32(data[8:]); v != version {
		return nil, formatErr("format version %d; this qi reads version %d", v, version)
	}
	headerLen := int(le.Uint32(data[12:]))
	if headerLen < fixedHeader+8 || headerLen%8 != 0 || headerLen > len(data) {
		return nil, formatErr("bad header length %d", headerLen)
	}
	if verify && crc32.Checksum(data[:headerLen-4], castagnoli()) != le.Uint32(data[headerLen-4:]) {
		return nil, formatErr("the header's checksum does not match")
	}
	s := &snapshot{data: data}
	count := le.Uint64(data[16:])
	s.recordLen = int(le.Uint32(data[24:]))
	s.packedLen = int(le.Uint32(data[28:]))
	// Read as signed, so that a crafted 2^31 or more is out of bounds
	// on every platform rather than a huge depth.
	s.level = int(int32(le.Uint32(data[32:])))
	s.plies = int(int32(le.Uint32(data[36:])))
	logsLen := le.Uint64(data[40:])
	dataCRC := le.Uint32(data[48:])
	rest := data[fixedHeader : headerLen-4]
	var ok bool
	if s.game, rest, ok = readString(rest); !ok {
		return nil, formatErr("the header's game name is cut short")
	}
	if s.setting, _, ok = readString(rest); !ok {
		return nil, formatErr("the header's setting is cut short")
	}
	if s.level < 1 || s.level > MaxLevel || s.plies < 1 || s.plies > MaxPlies {
		return nil, formatErr("level %d and plies %d are out of bounds (1 to %d, 1 to %d)", s.level, s.plies, MaxLevel, MaxPlies)
	}
	if s.packedLen <= 0 || s.packedLen > 1<<12 || s.recordLen != recordLen(s.packedLen) {
		return nil, formatErr("bad record size %d for positions of %d bytes", s.recordLen, s.packedLen)
	}
	hi, size := bits.Mul64(count, uint64(s.recordLen))
	if hi != 0 || size > uint64(len(data)-headerLen) || logsLen != uint64(len(data)-headerLen)-size {
		return nil, formatErr("%d records and %d bytes of logs do not fill the %d bytes after the header", count, logsLen, len(data)-headerLen)
	}
	s.count = int(count)
	s.records = data[headerLen : headerLen+int(size)]
	if verify && crc32.Checksum(data[headerLen:], castagnoli()) != dataCRC {
		return nil, formatErr("the records' checksum does not match: the file is damaged")
	}
	for i := 1; i < s.count; i++ {
		if s.key(i) <= s.key(i-1) {
			return nil, formatErr("record %d is out of order", i)
		}
	}
	logs, err := parseLogTable(data[headerLen+int(size):])
	if err != nil {
		return nil, err
	}
	s.logs = logs
	return s, nil
}

func readString(b []byte) (string, []byte, bool) {
	if len(b) < 2 {
		return "", nil, false
	}
	n := int(binary.LittleEndian.Uint16(b))
	if len(b) < 2+n {
		return "", nil, false
	}
	return string(b[2 : 2+n]), b[2+n:], true
}

func appendString(b []byte, s string) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(len(s)))
	return append(b, s...)
}

func parseLogTable(b []byte) (map[string]int64, error) {
	logs := map[string]int64{}
	for len(b) > 0 {
		name, rest, ok := readString(b)
		if !ok || len(rest) < 8 {
			return nil, formatErr("the log table is cut short")
		}
		off := binary.LittleEndian.Uint64(rest)
		if off > 1<<62 {
			return nil, formatErr("bad log offset %d", off)
		}
		logs[name] = int64(off)
		b = rest[8:]
	}
	return logs, nil
}

// key returns the key of record i.
func (s *snapshot) key(i int) uint64 {
	return binary.LittleEndian.Uint64(s.records[i*s.recordLen:])
}

// entry returns record i.
func (s *snapshot) entry(i int) Entry {
	return getRecord(s.records[i*s.recordLen:(i+1)*s.recordLen], s.packedLen)
}

// find returns the index of the record with key, or -1. Keys are hashes,
// spread evenly: the search starts where the key would sit in an even
// spread and narrows by halves from a window around it.
func (s *snapshot) find(key uint64) int {
	n := s.count
	if n == 0 {
		return -1
	}
	guess, _ := bits.Mul64(key, uint64(n))
	lo, hi := int(guess), int(guess)+1 // the answer is in [lo, hi)
	for step := 64; ; step *= 2 {
		lo = max(int(guess)-step, 0)
		if lo == 0 || s.key(lo) <= key {
			break
		}
	}
	for step := 64; ; step *= 2 {
		hi = min(int(guess)+step, n)
		if hi == n || s.key(hi) > key {
			break
		}
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.key(mid) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < s.count && s.key(lo) == key {
		return lo
	}
	return -1
}

// writeSnapshot writes a book file at path crash-safe: into a temporary
// file beside it, synced, renamed over path, and the folder synced. entries
// must be sorted by key without repeats. hook, when not nil, is called with
// the bytes written so far after each part (tests kill the writer there).
func writeSnapshot(path string, h header, entries []*Entry, logs map[string]int64, hook func(written int64)) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-"+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// A temporary file is private (0600); the book it becomes keeps the
	// permissions of the book it replaces, or is readable by all, as files
	// written the usual way are, so that other users' engines can play from
	// it.
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	rl := recordLen(h.packedLen)
	head := encodeHeader(h, len(entries), 0, 0)
	w := &crcWriter{w: tmp, hook: hook}
	if _, err := tmp.Write(head); err != nil {
		return err
	}
	w.n = int64(len(head))
	rec := make([]byte, rl)
	buf := make([]byte, 0, 64<<10)
	for i, e := range entries {
		if len(e.Board) != h.packedLen {
			return fmt.Errorf("book: entry %x has a board of %d bytes, not %d", e.Key, len(e.Board), h.packedLen)
		}
		if i > 0 && e.Key <= entries[i-1].Key {
			return fmt.Errorf("book: entries out of order at %x", e.Key)
		}
		putRecord(rec, e)
		buf = append(buf, rec...)
		if len(buf) >= cap(buf)-rl {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	var table []byte
	names := make([]string, 0, len(logs))
	for name := range logs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		table = appendString(table, name)
		table = binary.LittleEndian.AppendUint64(table, uint64(logs[name]))
	}
	if _, err := w.Write(append(buf, table...)); err != nil {
		return err
	}
	head = encodeHeader(h, len(entries), len(table), w.crc)
	if _, err := tmp.WriteAt(head, 0); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// encodeHeader writes the header of a snapshot.
func encodeHeader(h header, count, logsLen int, dataCRC uint32) []byte {
	le := binary.LittleEndian
	b := make([]byte, fixedHeader, fixedHeader+64)
	copy(b, magic)
	le.PutUint32(b[8:], version)
	le.PutUint64(b[16:], uint64(count))
	le.PutUint32(b[24:], uint32(recordLen(h.packedLen)))
	le.PutUint32(b[28:], uint32(h.packedLen))
	le.PutUint32(b[32:], uint32(h.level))
	le.PutUint32(b[36:], uint32(h.plies))
	le.PutUint64(b[40:], uint64(logsLen))
	le.PutUint32(b[48:], dataCRC)
	b = appendString(b, h.game)
	b = appendString(b, h.setting)
	for (len(b)+4)%8 != 0 {
		b = append(b, 0)
	}
	le.PutUint32(b[12:], uint32(len(b)+4))
	return le.AppendUint32(b, crc32.Checksum(b, castagnoli()))
}

// crcWriter writes through to w, keeping the CRC-32C of what it wrote.
type crcWriter struct {
	w    io.Writer
	crc  uint32
	n    int64
	hook func(int64)
}

func (c *crcWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.crc = crc32.Update(c.crc, castagnoli(), p[:n])
	c.n += int64(n)
	if c.hook != nil {
		c.hook(c.n)
	}
	return n, err
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// openRegular opens the file at path for reading if it is a regular file,
// without blocking on a FIFO or a device a client named instead, whose
// reads would never end (/dev/zero) or never start.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// ErrNotRegular is why a folder, a FIFO or a device named as a book or a
// game log is refused.
var ErrNotRegular = errors.New("not a regular file")

// readFile maps or reads the book file at path; release gives the memory
// back. It reads no more than the size the file had when opened.
func readFile(path string) (data []byte, release func() error, err error) {
	f, st, err := openRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if st.Size() >= fixedHeader+8 {
		if data, release, err := mapFile(f, st.Size()); err == nil {
			return data, release, nil
		}
	}
	b := make([]byte, st.Size())
	n, err := io.ReadFull(f, b)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		// Cut short since: the parse says what is missing.
		err = nil
	}
	return b[:n], func() error { return nil }, err
}

// Identify returns the game and setting of the book file at path, from its
// header alone, so that a tool can create the game before opening the book.
func Identify(path string) (game, setting string, err error) {
	f, _, err := openRegular(path)
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	head = head[:n]
	if n < fixedHeader+8 || string(head[:len(magic)]) != magic {
		return "", "", fmt.Errorf("%s: %w: no qi book header", path, ErrFormat)
	}
	headerLen := int(binary.LittleEndian.Uint32(head[12:]))
	if headerLen < fixedHeader+8 || headerLen > n {
		return "", "", fmt.Errorf("%s: %w: bad header length %d", path, ErrFormat, headerLen)
	}
	rest := head[fixedHeader : headerLen-4]
	var ok1, ok2 bool
	game, rest, ok1 = readString(rest)
	setting, _, ok2 = readString(rest)
	if !ok1 || !ok2 {
		return "", "", fmt.Errorf("%s: %w: the header is cut short", path, ErrFormat)
	}
	return game, setting, nil
}
