// This file holds the manifest, the small JSON file a shard writes last: what
// job and part of it the shard's files hold, the counts to sum, and the
// checksums that tell a whole file from a damaged one. A merge writes one of
// the same form, so that merges merge again.

package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Format names the manifests' form; a merge reads no other.
const Format = "qi-shard 1"

// MergedName is the stem of a merge's files: merged.json, merged.pgn ...
const MergedName = "merged"

// Manifest describes the output of a shard or of a merge of shards.
type Manifest struct {
	Format  string `json:"format"`
	Tool    string `json:"tool"`
	Run     string `json:"run"`
	Version string `json:"version"`
	// Hash is the hash of the tool and Params: shards merge only when
	// theirs are equal.
	Hash   string   `json:"hash"`
	Params []string `json:"params"`
	// Parts are the shards the output holds: one for a shard, all of a
	// run (or of several waves) for a merge.
	Parts []Part `json:"parts"`
	// Items is the number of items done.
	Items int `json:"items"`
	// Score is the result of a match: wins, draws and losses of the first
	// engine and its pairs of games.
	Score *Score `json:"score,omitempty"`
	// Counts holds the tool's other counters, any JSON whose numbers a
	// merge adds up (objects key by key, arrays element by element).
	Counts json.RawMessage `json:"counts,omitempty"`
	// Files are the output files: the streams in order, then the index.
	Files []File `json:"files,omitempty"`
	// Check is the SHA-256 of the manifest with Check empty, so that a
	// manifest changed since it was written (counts edited by hand) is
	// refused rather than summed.
	Check string `json:"check"`
}

// checksum returns what Check must be.
func (m *Manifest) checksum() string {
	c := *m
	c.Check = ""
	data, err := json.Marshal(c)
	if err != nil {
		// Counts that do not marshal cannot have been written.
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Part is shard Shard of Shards over the items From to To-1.
type Part struct {
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	From   int `json:"from"`
	To     int `json:"to"`
}

func (p Part) id() ID           { return ID{p.Shard, p.Shards} }
func (p Part) itemRange() Range { return Range{p.From, p.To} }

// String names the part as errors do: "shard 3/16 of items 0:300".
func (p Part) String() string { return fmt.Sprintf("shard %s of items %s", p.id(), p.itemRange()) }

// File is one output file.
type File struct {
	Name string `json:"name"`
	// Ext is the stream's extension ("idx" for the index).
	Ext   string `json:"ext"`
	Bytes int64  `json:"bytes"`
	// Header is the length of the stream's header, which comes before
	// the items' chunks.
	Header int64  `json:"header,omitempty"`
	SHA256 string `json:"sha256"`
}

// Score is a match's result from the first engine's view: wins, draws,
// losses, and the pairs of games of one opening by the points they made
// (0, 0.5, 1, 1.5, 2: the pentanomial counts).
type Score struct {
	W     int    `json:"w"`
	D     int    `json:"d"`
	L     int    `json:"l"`
	Penta [5]int `json:"penta"`
}

// Add returns the sum of two scores.
func (s Score) Add(o Score) Score {
	s.W, s.D, s.L = s.W+o.W, s.D+o.D, s.L+o.L
	for i := range s.Penta {
		s.Penta[i] += o.Penta[i]
	}
	return s
}

// SetCounts stores a tool's counters.
func (m *Manifest) SetCounts(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	m.Counts = data
	return nil
}

// ReadCounts reads the tool's counters into v.
func (m *Manifest) ReadCounts(v any) error {
	if len(m.Counts) == 0 {
		return nil
	}
	return json.Unmarshal(m.Counts, v)
}

// streams returns the manifest's stream files (all but the index).
func (m *Manifest) streams() []File {
	var out []File
	for _, f := range m.Files {
		if f.Ext != indexExt {
			out = append(out, f)
		}
	}
	return out
}

func (m *Manifest) index() (File, bool) {
	for _, f := range m.Files {
		if f.Ext == indexExt {
			return f, true
		}
	}
	return File{}, false
}

// readManifest reads a manifest file; ok is false for JSON of another kind.
func readManifest(path string) (m *Manifest, ok bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	m = &Manifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if m.Format != Format {
		return nil, false, nil
	}
	if len(m.Parts) == 0 {
		return nil, false, fmt.Errorf("%s: a manifest of no shard", path)
	}
	if m.Check == "" || m.Check != m.checksum() {
		return nil, false, fmt.Errorf("%s: the manifest is not as it was written (its counts or files were changed, or an older qi wrote it): rerun %s", path, describeParts(m.Parts))
	}
	return m, true, nil
}

// located is a manifest and the directory of its files.
type located struct {
	*Manifest
	dir, path string
}

// readDir reads the manifests of a directory, in name order.
func readDir(dir string) ([]located, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []located
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		m, ok, err := readManifest(path)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, located{m, dir, path})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no shard manifests (shard-*.json, %s.json)", dir, MergedName)
	}
	return out, nil
}

// sumJSON adds the numbers of two JSON values of one shape: objects key by
// key (a key of one only is kept), arrays element by element; other values
// must be equal.
func sumJSON(a, b json.RawMessage) (json.RawMessage, error) {
	switch {
	case len(a) == 0:
		return b, nil
	case len(b) == 0:
		return a, nil
	}
	decode := func(r json.RawMessage) (any, error) {
		d := json.NewDecoder(bytes.NewReader(r))
		d.UseNumber()
		var v any
		return v, d.Decode(&v)
	}
	x, err := decode(a)
	if err != nil {
		return nil, err
	}
	y, err := decode(b)
	if err != nil {
		return nil, err
	}
	s, err := sumValues(x, y, "counts")
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

func sumValues(x, y any, at string) (any, error) {
	switch x := x.(type) {
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return nil, fmt.Errorf("%s: a number and %v", at, y)
		}
		a, errA := x.Int64()
		b, errB := yn.Int64()
		if errA != nil || errB != nil {
			return nil, fmt.Errorf("%s: counts are whole numbers, not %s and %s", at, x, yn)
		}
		return json.Number(fmt.Sprint(a + b)), nil
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: an object and %v", at, y)
		}
		out := map[string]any{}
		for k, v := range x {
			out[k] = v
		}
		for k, v := range ym {
			if old, ok := out[k]; ok {
				s, err := sumValues(old, v, at+"."+k)
				if err != nil {
					return nil, err
				}
				out[k] = s
			} else {
				out[k] = v
			}
		}
		return out, nil
	case []any:
		ya, ok := y.([]any)
		if !ok || len(ya) != len(x) {
			return nil, fmt.Errorf("%s: arrays of different lengths", at)
		}
		out := make([]any, len(x))
		for i := range x {
			s, err := sumValues(x[i], ya[i], fmt.Sprintf("%s[%d]", at, i))
			if err != nil {
				return nil, err
			}
			out[i] = s
		}
		return out, nil
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	if !bytes.Equal(xs, ys) {
		return nil, fmt.Errorf("%s: %s and %s differ", at, xs, ys)
	}
	return x, nil
}

// sortParts orders parts by their items, then their count and index.
func sortParts(ps []Part) {
	slices.SortFunc(ps, func(a, b Part) int {
		if c := a.From - b.From; c != 0 {
			return c
		}
		if c := a.To - b.To; c != 0 {
			return c
		}
		if c := a.Shards - b.Shards; c != 0 {
			return c
		}
		return a.Shard - b.Shard
	})
}

// describeParts says which parts a manifest holds, for errors.
func describeParts(ps []Part) string {
	if len(ps) == 1 {
		return ps[0].String()
	}
	var s []string
	for _, p := range ps {
		s = append(s, p.id().String())
	}
	return fmt.Sprintf("shards %s", strings.Join(s, " "))
}
