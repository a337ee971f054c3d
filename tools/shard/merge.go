// This file holds the merge: it checks that a set of shard outputs belongs to
// one job, that each shard of each run is there exactly once and whole, then
// sums their counts and puts their files' items back in item order, into an
// output of the same form as a shard's (so that merges merge again).

package shard

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// MergeOptions say how to merge.
type MergeOptions struct {
	// Out is the directory the merged files go to ("": check and sum only).
	Out string
	// Partial accepts runs with shards missing: a merge of some shards,
	// to be merged with the others later.
	Partial bool
}

// Merge reads the manifests in dirs, checks that they come from one job
// (the same tool, parameters and qi version), that each shard of each run is
// there once, that runs of different items (SPRT waves) do not overlap and
// that every file is whole, and returns their merged manifest, its files
// written to opt.Out when it is set. Errors name the shards and files at
// fault.
func Merge(dirs []string, opt MergeOptions) (*Manifest, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: which directories?")
	}
	var all []located
	for _, dir := range dirs {
		ms, err := readDir(dir)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		all = append(all, ms...)
	}
	if err := sameJob(all); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	if err := coverage(all, opt.Partial); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	for _, m := range all {
		if err := m.verify(); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
	}
	if err := sameStreams(all); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	first := all[0]
	out := Manifest{Format: Format, Tool: first.Tool, Run: first.Run, Version: first.Version, Hash: first.Hash, Params: first.Params}
	for _, m := range all {
		out.Parts = append(out.Parts, m.Parts...)
		out.Items += m.Items
		if m.Score != nil {
			s := *m.Score
			if out.Score != nil {
				s = out.Score.Add(s)
			}
			out.Score = &s
		}
		var err error
		if out.Counts, err = sumJSON(out.Counts, m.Counts); err != nil {
			return nil, fmt.Errorf("merge: %s: %w", m.path, err)
		}
		if m.Run != out.Run {
			out.Run = "merged-" + out.Hash[:8]
		}
	}
	sortParts(out.Parts)
	if opt.Out == "" {
		return &out, nil
	}
	for _, dir := range dirs {
		if sameDir(dir, opt.Out) {
			return nil, fmt.Errorf("merge: write the merge to a directory other than its inputs (%s)", dir)
		}
	}
	return writeMerged(all, opt.Out, out)
}

// sameJob checks that all manifests come from one job.
func sameJob(all []located) error {
	first := all[0]
	for _, m := range all[1:] {
		switch {
		case m.Tool != first.Tool:
			return fmt.Errorf("%s holds %s output, %s %s output", m.path, m.Tool, first.path, first.Tool)
		case m.Hash != first.Hash:
			return fmt.Errorf("%s (%s) has other parameters than %s: %s", m.path, describeParts(m.Parts), first.path, paramDiff(first.Params, m.Params))
		case m.Version != first.Version:
			return fmt.Errorf("%s was made by qi %s, %s by qi %s", m.path, m.Version, first.path, first.Version)
		}
	}
	return nil
}

// paramDiff names the first parameter in which two jobs differ: a value
// with the flag before it ("-seed 2 against -seed 1").
func paramDiff(a, b []string) string {
	word := func(ws []string, i int) string {
		if i < len(ws) {
			return ws[i]
		}
		return "(none)"
	}
	for i := range max(len(a), len(b)) {
		x, y := word(a, i), word(b, i)
		if x == y {
			continue
		}
		if i > 0 && a[i-1] == b[i-1] && strings.HasPrefix(a[i-1], "-") && !strings.Contains(a[i-1], "=") {
			x, y = a[i-1]+" "+x, b[i-1]+" "+y
		}
		return fmt.Sprintf("%s against %s", y, x)
	}
	return "a different hash"
}

// run is the items of a run and its shard count: the parts of one run.
type run struct {
	items  Range
	shards int
}

// String names a run as errors do: "items 0:300 in 8 shards".
func (r run) String() string {
	if r.shards == 1 {
		return fmt.Sprintf("items %s in 1 shard", r.items)
	}
	return fmt.Sprintf("items %s in %d shards", r.items, r.shards)
}

// coverage checks that every shard of each run is there once, and that runs
// over different items do not overlap.
func coverage(all []located, partial bool) error {
	seen := map[run]map[int]string{}
	for _, m := range all {
		for _, p := range m.Parts {
			r := run{p.itemRange(), p.Shards}
			if p.id().check() != nil || r.items.Len() == 0 {
				return fmt.Errorf("%s: a part of no items or a bad index: %s", m.path, p)
			}
			if seen[r] == nil {
				seen[r] = map[int]string{}
			}
			if prev, dup := seen[r][p.Shard]; dup {
				return fmt.Errorf("%s is there twice: in %s and in %s", p, prev, m.path)
			}
			seen[r][p.Shard] = m.path
		}
	}
	runs := make([]run, 0, len(seen))
	for r := range seen {
		runs = append(runs, r)
	}
	slices.SortFunc(runs, func(a, b run) int {
		if a.items.From != b.items.From {
			return a.items.From - b.items.From
		}
		return a.shards - b.shards
	})
	for i, a := range runs {
		for _, b := range runs[i+1:] {
			if a.items.overlaps(b.items) {
				return fmt.Errorf("%s and %s overlap: their items would count twice", a, b)
			}
		}
	}
	if partial {
		return nil
	}
	var missing []string
	for _, r := range runs {
		var lost []string
		firstLost := -1
		for i := range r.shards {
			if _, ok := seen[r][i]; !ok {
				lost = append(lost, fmt.Sprint(i))
				if firstLost < 0 {
					firstLost = i
				}
			}
		}
		if len(lost) > 0 {
			if len(lost) > 12 {
				lost = append(lost[:12], "...")
			}
			missing = append(missing, fmt.Sprintf("%s: shard %s missing (no %s.json)",
				r, strings.Join(lost, ", "), ID{Index: firstLost, Count: r.shards}.Name()))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s; run them (again), or merge with -partial", strings.Join(missing, "; "))
	}
	return nil
}

// verify checks that the manifest's files are whole: their size, their
// checksum, and an index that lists exactly the parts' items.
func (m located) verify() error {
	for _, f := range m.Files {
		path := filepath.Join(m.dir, f.Name)
		file, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("%s lists %s: %w", m.path, f.Name, err)
		}
		h := sha256.New()
		n, err := io.Copy(h, file)
		file.Close()
		if err != nil {
			return err
		}
		if n != f.Bytes || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
			return fmt.Errorf("%s is damaged: its size or checksum is not the one %s gives (rerun %s)", path, filepath.Base(m.path), describeParts(m.Parts))
		}
	}
	if len(m.streams()) == 0 {
		return nil
	}
	items, sizes, err := m.readIndex()
	if err != nil {
		return err
	}
	if !slices.Equal(items, m.expected()) {
		return fmt.Errorf("%s: its index does not list the items of %s", m.path, describeParts(m.Parts))
	}
	for i, f := range m.streams() {
		total := f.Header
		for _, row := range sizes {
			total += row[i]
		}
		if total != f.Bytes {
			return fmt.Errorf("%s: its index does not fit %s", m.path, f.Name)
		}
	}
	return nil
}

// expected lists the items of the manifest's parts in order.
func (m located) expected() []int {
	var out []int
	for _, p := range m.Parts {
		out = append(out, p.id().Items(p.itemRange())...)
	}
	sort.Ints(out)
	return out
}

func (m located) readIndex() ([]int, [][]int64, error) {
	f, ok := m.index()
	if !ok {
		return nil, nil, fmt.Errorf("%s lists streams but no index", m.path)
	}
	file, err := os.Open(filepath.Join(m.dir, f.Name))
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	items, sizes, err := readIndex(file, len(m.streams()))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.Name, err)
	}
	return items, sizes, nil
}

// header reads the header of stream i.
func (m located) header(i int) ([]byte, error) {
	f := m.streams()[i]
	file, err := os.Open(filepath.Join(m.dir, f.Name))
	if err != nil {
		return nil, err
	}
	defer file.Close()
	head := make([]byte, f.Header)
	_, err = io.ReadFull(file, head)
	return head, err
}

// sameStreams checks that all outputs have the same streams with the same
// headers.
func sameStreams(all []located) error {
	exts := func(m located) []string {
		var out []string
		for _, f := range m.streams() {
			out = append(out, f.Ext)
		}
		return out
	}
	first := all[0]
	for _, m := range all[1:] {
		if !slices.Equal(exts(m), exts(first)) {
			return fmt.Errorf("%s has files %v, %s files %v", m.path, exts(m), first.path, exts(first))
		}
		for i := range m.streams() {
			a, err := first.header(i)
			if err != nil {
				return err
			}
			b, err := m.header(i)
			if err != nil {
				return err
			}
			if !bytes.Equal(a, b) {
				return fmt.Errorf("%s and %s have different headers", m.streams()[i].Name, first.streams()[i].Name)
			}
		}
	}
	return nil
}

// writeMerged writes the items of all outputs in item order.
func writeMerged(all []located, dir string, man Manifest) (*Manifest, error) {
	first := all[0]
	var streams []Stream
	for i, f := range first.streams() {
		head, err := first.header(i)
		if err != nil {
			return nil, err
		}
		streams = append(streams, Stream{Ext: f.Ext, Header: head})
	}
	// where says which output holds an item.
	type where struct{ item, output int }
	var order []where
	var sizes [][][]int64
	for k, m := range all {
		var rows [][]int64
		if len(streams) > 0 {
			items, s, err := m.readIndex()
			if err != nil {
				return nil, err
			}
			for _, j := range items {
				order = append(order, where{j, k})
			}
			rows = s
		}
		sizes = append(sizes, rows)
	}
	slices.SortFunc(order, func(a, b where) int { return a.item - b.item })
	items := make([]int, len(order))
	for i, w := range order {
		items[i] = w.item
	}
	o, err := create(dir, MergedName, items, streams, man)
	if err != nil {
		return nil, err
	}
	// readers[k][i] reads stream i of output k from its first chunk on.
	readers := make([][]*bufio.Reader, len(all))
	for k, m := range all {
		for _, f := range m.streams() {
			file, err := os.Open(filepath.Join(m.dir, f.Name))
			if err != nil {
				o.Abort()
				return nil, err
			}
			defer file.Close()
			if _, err := file.Seek(f.Header, io.SeekStart); err != nil {
				o.Abort()
				return nil, err
			}
			readers[k] = append(readers[k], bufio.NewReaderSize(file, 1<<16))
		}
	}
	row := make([]int, len(all))
	for _, w := range order {
		chunks := make([][]byte, len(streams))
		for i := range streams {
			chunks[i] = make([]byte, sizes[w.output][row[w.output]][i])
			if _, err := io.ReadFull(readers[w.output][i], chunks[i]); err != nil {
				o.Abort()
				return nil, fmt.Errorf("merge: %s: %w", all[w.output].streams()[i].Name, err)
			}
		}
		row[w.output]++
		if err := o.Put(w.item, chunks...); err != nil {
			o.Abort()
			return nil, err
		}
	}
	if err := o.Close(man.Score, man.Counts); err != nil {
		return nil, err
	}
	return o.Manifest(), nil
}

// sameDir reports whether two paths name one directory.
func sameDir(a, b string) bool {
	x, errA := filepath.Abs(a)
	y, errB := filepath.Abs(b)
	return errA == nil && errB == nil && filepath.Clean(x) == filepath.Clean(y)
}
