// This file holds the crash-safe writing of a shard's output: each file goes
// to a temporary name, is synced and renamed, and the manifest comes last, so
// a killed shard leaves no half file that a merge could take, and a rerun of
// the same index replaces its own output.

package shard

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"qi/engines"
)

// Stream is one output file of a shard: its name ends in Ext, and it holds
// Header (once, also in a merge) and then each item's chunk in item order.
type Stream struct {
	Ext    string
	Header []byte
}

// indexExt is the extension of the index, which holds each item's number and
// the length of its chunk in every stream, so that a merge can put the items
// of all shards back in item order.
const (
	indexExt   = "idx"
	indexMagic = "QIIDX1\n"
)

// Output is a shard's output being written.
type Output struct {
	dir, name string
	items     []int
	next      int
	pending   map[int][][]byte
	streams   []Stream
	files     []*tempFile // the streams, then the index
	man       Manifest
	// crashAfter makes the process exit after that many items (tests),
	// leaving crashMark behind so that its rerun does not; a finished
	// output removes the mark.
	crashAfter int
	crashMark  string
}

// tempFile is a file written under a temporary name, with its checksum.
type tempFile struct {
	f     *os.File
	w     *bufio.Writer
	h     hash.Hash
	n     int64
	final string
	ext   string
	head  int64
}

// Write writes p and counts it into the file's size and checksum.
func (t *tempFile) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.h.Write(p[:n])
	t.n += int64(n)
	return n, err
}

// Create starts the output of the plan's shard (mode One): it removes what
// an earlier run of the same index left (its manifest first, so the shard
// counts as missing until it is whole again), then opens the streams.
func (p Plan) Create(streams ...Stream) (*Output, error) {
	if p.Mode != One {
		return nil, errors.New("shard: only a shard writes shard output")
	}
	crash, err := p.crashAfter()
	if err != nil {
		return nil, err
	}
	m := Manifest{
		Format: Format, Tool: p.Job.Tool, Run: p.Run, Version: engines.Version, Hash: p.Hash, Params: p.Job.Params,
		Parts: []Part{{Shard: p.ID.Index, Shards: p.ID.Count, From: p.Range.From, To: p.Range.To}},
	}
	// A rerun replaces its own output, never another job's or wave's that
	// a run name given twice would put in the same place.
	path := filepath.Join(p.Dir, p.ID.Name()+".json")
	if old, ok, err := readManifest(path); err == nil && ok && (old.Hash != m.Hash || !slices.Equal(old.Parts, m.Parts)) {
		return nil, fmt.Errorf("%s holds %s of another job or other items: give this run another -run, or remove that one", path, describeParts(old.Parts))
	}
	o, err := create(p.Dir, p.ID.Name(), p.Items(), streams, m)
	if err != nil {
		return nil, err
	}
	o.crashAfter, o.crashMark = crash, filepath.Join(p.Dir, "."+p.ID.Name()+".crashed")
	return o, nil
}

// crashAfter reads EnvCrashAfter, the fault-injection hook of the tests:
// "N" makes every shard exit after N items, "N/I" shard I alone. A shard
// crashes once: its rerun (a requeued task keeps its environment) runs to
// the end, as a shard that a kill stopped would, and clears the mark the
// crash left.
func (p Plan) crashAfter() (int, error) {
	s := p.getenv(EnvCrashAfter)
	if s == "" {
		return 0, nil
	}
	items, only, hasShard := strings.Cut(s, "/")
	n, err := strconv.Atoi(items)
	i := p.ID.Index
	if hasShard {
		i, err = strconv.Atoi(only)
	}
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s=%q: want a count of items, and /shard for one shard", EnvCrashAfter, s)
	}
	if i != p.ID.Index {
		return 0, nil
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "."+p.ID.Name()+".crashed")); err == nil {
		return 0, nil
	}
	return n, nil
}

// create opens an output named name in dir for items, in that order.
func create(dir, name string, items []int, streams []Stream, m Manifest) (*Output, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := removeOutput(dir, name); err != nil {
		return nil, err
	}
	o := &Output{dir: dir, name: name, items: items, pending: map[int][][]byte{}, streams: streams, man: m}
	open := func(ext string, header []byte) error {
		f, err := os.CreateTemp(dir, "."+name+"."+ext+".*.tmp")
		if err != nil {
			return err
		}
		// Batch systems may merge as another user than the shards ran.
		if err := f.Chmod(0o644); err != nil {
			f.Close()
			return err
		}
		t := &tempFile{f: f, w: bufio.NewWriterSize(f, 1<<16), h: sha256.New(), final: name + "." + ext, ext: ext, head: int64(len(header))}
		o.files = append(o.files, t)
		_, err = t.Write(header)
		return err
	}
	for _, s := range streams {
		if s.Ext == "" || s.Ext == indexExt || s.Ext == "json" || strings.ContainsAny(s.Ext, `./\`) {
			o.Abort()
			return nil, fmt.Errorf("shard: a stream cannot be named %q", s.Ext)
		}
		if err := open(s.Ext, s.Header); err != nil {
			o.Abort()
			return nil, err
		}
	}
	if len(streams) > 0 {
		head := binary.AppendUvarint([]byte(indexMagic), uint64(len(streams)))
		if err := open(indexExt, head); err != nil {
			o.Abort()
			return nil, err
		}
	}
	return o, nil
}

// removeOutput removes the files of an output named name, finished or not:
// the manifest first.
func removeOutput(dir, name string) error {
	if err := os.Remove(filepath.Join(dir, name+".json")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := syncDir(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, name+".") || strings.HasPrefix(n, "."+name+".") && strings.HasSuffix(n, ".tmp") {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// Put hands over item j's chunks, one for each stream in order (nil for an
// empty one). Items may come in any order; they are written in item order,
// so Put keeps the chunks of later items until the earlier ones are in.
func (o *Output) Put(j int, chunks ...[]byte) error {
	if len(chunks) != len(o.streams) {
		return fmt.Errorf("shard: item %d has %d chunks for %d streams", j, len(chunks), len(o.streams))
	}
	if _, dup := o.pending[j]; dup {
		return fmt.Errorf("shard: item %d put twice", j)
	}
	o.pending[j] = chunks
	for o.next < len(o.items) {
		cs, ok := o.pending[o.items[o.next]]
		if !ok {
			break
		}
		delete(o.pending, o.items[o.next])
		if err := o.write(o.items[o.next], cs); err != nil {
			return err
		}
		o.next++
		if o.next == o.crashAfter {
			o.crash()
		}
	}
	return nil
}

func (o *Output) write(j int, chunks [][]byte) error {
	if len(o.streams) == 0 {
		return nil
	}
	idx := o.files[len(o.files)-1]
	entry := binary.AppendUvarint(nil, uint64(j))
	for i, c := range chunks {
		if _, err := o.files[i].Write(c); err != nil {
			return err
		}
		entry = binary.AppendUvarint(entry, uint64(len(c)))
	}
	_, err := idx.Write(entry)
	return err
}

// crashExitStatus is the exit status of a shard that EnvCrashAfter ends.
const crashExitStatus = 75

// crash ends the process as a kill would, the temporary files on disk and
// no manifest: the fault-injection hook of the tests.
func (o *Output) crash() {
	for _, t := range o.files {
		t.w.Flush()
	}
	os.WriteFile(o.crashMark, nil, 0o644)
	fmt.Fprintf(os.Stderr, "shard: %s=%d: exiting after %d items\n", EnvCrashAfter, o.crashAfter, o.next)
	os.Exit(crashExitStatus)
}

// Done returns the number of items written.
func (o *Output) Done() int { return o.next }

// Close finishes the output once every item is in: the files are synced and
// renamed to their names, then the manifest, with score and counts (nil for
// none), is written the same way.
func (o *Output) Close(score *Score, counts any) error {
	if o.next < len(o.items) {
		missing := o.items[o.next:]
		o.Abort()
		return fmt.Errorf("shard: %s ends with %d of its %d items missing (item %d first)", o.name, len(missing), len(o.items), missing[0])
	}
	m := o.man
	m.Items, m.Score = len(o.items), score
	if raw, ok := counts.(json.RawMessage); ok && len(raw) == 0 {
		counts = nil
	}
	if counts != nil {
		if err := m.SetCounts(counts); err != nil {
			o.Abort()
			return err
		}
	}
	for _, t := range o.files {
		if err := t.finish(); err != nil {
			o.Abort()
			return err
		}
		m.Files = append(m.Files, File{Name: t.final, Ext: t.ext, Bytes: t.n, Header: t.head, SHA256: hex.EncodeToString(t.h.Sum(nil))})
	}
	for _, t := range o.files {
		if err := os.Rename(t.f.Name(), filepath.Join(o.dir, t.final)); err != nil {
			o.Abort()
			return err
		}
	}
	if err := syncDir(o.dir); err != nil {
		return err
	}
	if o.crashMark != "" {
		os.Remove(o.crashMark)
	}
	m.Check = m.checksum()
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	o.man = m
	return writeFile(o.dir, o.name+".json", append(data, '\n'))
}

// Manifest returns the manifest that Close wrote.
func (o *Output) Manifest() *Manifest { return &o.man }

// Abort removes the temporary files of an output that will not be finished.
func (o *Output) Abort() {
	for _, t := range o.files {
		t.f.Close()
		os.Remove(t.f.Name())
	}
	o.files = nil
}

func (t *tempFile) finish() error {
	if err := t.w.Flush(); err != nil {
		return err
	}
	if err := t.f.Sync(); err != nil {
		return err
	}
	return t.f.Close()
}

// writeFile writes a whole file crash-safely: a temporary name, sync,
// rename, sync of the directory.
func writeFile(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return err
	}
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return syncDir(dir)
}

// syncDir makes a directory's entries (renames, removals) durable. Windows
// cannot sync a directory (nor needs to).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
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

// readIndex reads an index: each item's number and chunk lengths.
func readIndex(r io.Reader, streams int) ([]int, [][]int64, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(indexMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != indexMagic {
		return nil, nil, errors.New("not an index")
	}
	n, err := binary.ReadUvarint(br)
	if err != nil || int(n) != streams {
		return nil, nil, fmt.Errorf("an index of %d streams for %d", n, streams)
	}
	var items []int
	var sizes [][]int64
	for {
		j, err := binary.ReadUvarint(br)
		if errors.Is(err, io.EOF) {
			return items, sizes, nil
		}
		if err != nil {
			return nil, nil, err
		}
		row := make([]int64, streams)
		for i := range row {
			v, err := binary.ReadUvarint(br)
			if err != nil {
				return nil, nil, fmt.Errorf("item %d: %w", j, io.ErrUnexpectedEOF)
			}
			row[i] = int64(v)
		}
		items = append(items, int(j))
		sizes = append(sizes, row)
	}
}
