// This file holds trained weights: their layout in memory, the compact file
// format (the representative entries of each table as zig-zag varints,
// deflated) and the weight files embedded in the binary.

package pattern

import (
	"bytes"
	"compress/flate"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// Scale is the number of weight units in a disc.
const Scale = 32

// Weights are the weights of one feature set, stage by stage.
type Weights struct {
	Set *Set
	// StageOf maps the number of empty squares to the stage.
	StageOf []int
	// Stage[s] is the flat table of stage s: each pattern's full table in
	// the set's order, then the Scalars tables of ScalarMax+1 entries, then
	// the set's MobRows tables of MobRowSize entries, then a bias.
	Stage [][]int16
	// Offsets[i] is where pattern i's table starts in a stage's table.
	Offsets []int
	// ScalarAt is where the scalar tables start, MobAt the mobility rows';
	// Bias is the bias's place.
	ScalarAt, MobAt, Bias int
}

// NewWeights returns zero weights for the set in stages of per empties.
func NewWeights(s *Set, per int) *Weights { return newWeights(s, s.StageMap(per)) }

// NewWeightsMap returns zero weights for the set whose stage of e empties is
// stageOf[e] (stages numbered from 0, each used).
func NewWeightsMap(s *Set, stageOf []int) *Weights { return newWeights(s, stageOf) }

// newWeights returns zero weights for the set with the stages of stageOf.
func newWeights(s *Set, stageOf []int) *Weights {
	w := &Weights{Set: s, StageOf: stageOf}
	at := 0
	for i := range s.Patterns {
		w.Offsets = append(w.Offsets, at)
		at += s.Patterns[i].Size()
	}
	w.ScalarAt = at
	at += Scalars * (ScalarMax + 1)
	w.MobAt = at
	at += s.MobRows * MobRowSize
	w.Bias = at
	at++
	stages := 0
	for _, st := range stageOf {
		stages = max(stages, st+1)
	}
	w.Stage = make([][]int16, stages)
	for i := range w.Stage {
		w.Stage[i] = make([]int16, at)
	}
	return w
}

// Len returns the length of a stage's table.
func (w *Weights) Len() int { return w.Bias + 1 }

// Tie makes every entry of a stage's table equal to its representative, the
// form in which weights are used (Decode does it; a trainer that sets only
// representatives calls it before Encode's check or before use).
func (w *Weights) Tie() {
	for _, st := range w.Stage {
		for i := range w.Set.Patterns {
			p := &w.Set.Patterns[i]
			if p.tie == nil {
				continue
			}
			t := st[w.Offsets[i] : w.Offsets[i]+p.Size()]
			for j := range t {
				t[j] = t[p.tie[j]]
			}
		}
		for r := range w.Set.MobRows {
			t := st[w.MobAt+r*MobRowSize : w.MobAt+(r+1)*MobRowSize]
			for j := range t {
				t[j] = t[MobRep(j)]
			}
		}
	}
}

// The format's magic: version 3 adds the mobility rows' tables and says how
// many there are; version 2 files (no mobility rows) still load, with those
// tables at zero.
const (
	magic   = "QIOW3\n"
	magicV2 = "QIOW2\n"
)

// Encode writes the weights in the compact format.
func (w *Weights) Encode(out io.Writer) error {
	var raw bytes.Buffer
	raw.WriteString(magic)
	var tmp [binary.MaxVarintLen64]byte
	put := func(v int) { raw.Write(tmp[:binary.PutVarint(tmp[:], int64(v))]) }
	s := w.Set
	put(s.N)
	put(len(w.Stage))
	for _, st := range w.StageOf {
		put(st)
	}
	put(len(s.Patterns))
	for i := range s.Patterns {
		put(s.Patterns[i].Len)
	}
	put(Scalars)
	put(ScalarMax)
	put(s.MobRows)
	for _, st := range w.Stage {
		for i := range s.Patterns {
			p := &s.Patterns[i]
			t := st[w.Offsets[i] : w.Offsets[i]+p.Size()]
			for j, v := range t {
				if p.Rep(j) == j {
					put(int(v))
				}
			}
		}
		for _, v := range st[w.ScalarAt:w.MobAt] {
			put(int(v))
		}
		for j, v := range st[w.MobAt:w.Bias] {
			if MobRep(j%MobRowSize) == j%MobRowSize {
				put(int(v))
			}
		}
		put(int(st[w.Bias]))
	}
	zw, err := flate.NewWriter(out, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return err
	}
	return zw.Close()
}

// Decode reads weights in the compact format for the set.
func Decode(s *Set, in io.Reader) (*Weights, error) {
	raw, err := io.ReadAll(flate.NewReader(in))
	if err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	v2 := bytes.HasPrefix(raw, []byte(magicV2))
	if !v2 && !bytes.HasPrefix(raw, []byte(magic)) {
		return nil, errors.New("weights: not a qi othello weight file")
	}
	// The varints are read from the slice, not through an io.ByteReader:
	// decoding is most of what a process's first othello search waits for.
	rest := raw[len(magic):]
	get := func() int {
		v, k := binary.Varint(rest)
		if k <= 0 {
			if err == nil {
				err = errors.New("weights: truncated file")
			}
			rest = nil
			return 0
		}
		rest = rest[k:]
		return int(v)
	}
	n, stages := get(), get()
	if n != s.N || stages < 1 || stages > s.N*s.N+1 {
		return nil, fmt.Errorf("weights: file for %dx%d with %d stages; the engine has %dx%d", n, n, stages, s.N, s.N)
	}
	stageOf := make([]int, s.N*s.N+1)
	for e := range stageOf {
		if stageOf[e] = get(); stageOf[e] < 0 || stageOf[e] >= stages {
			return nil, fmt.Errorf("weights: bad stage %d of %d empties", stageOf[e], e)
		}
	}
	if np := get(); np != len(s.Patterns) {
		return nil, fmt.Errorf("weights: %d patterns in the file, %d in the engine", np, len(s.Patterns))
	}
	for i := range s.Patterns {
		if l := get(); l != s.Patterns[i].Len {
			return nil, fmt.Errorf("weights: pattern %s has %d squares in the file, %d in the engine", s.Patterns[i].Name, l, s.Patterns[i].Len)
		}
	}
	mobRows := 0
	if a, b := get(), get(); a != Scalars || b != ScalarMax {
		return nil, fmt.Errorf("weights: scalar tables differ")
	}
	if !v2 {
		if mobRows = get(); mobRows != 0 && mobRows != s.MobRows {
			return nil, fmt.Errorf("weights: %d mobility rows in the file, %d in the engine", mobRows, s.MobRows)
		}
	}
	w := newWeights(s, stageOf)
	if len(w.Stage) != stages {
		return nil, fmt.Errorf("weights: %d stages announced, %d used", stages, len(w.Stage))
	}
	for _, st := range w.Stage {
		for i := range s.Patterns {
			p := &s.Patterns[i]
			t := st[w.Offsets[i] : w.Offsets[i]+p.Size()]
			for j := range t {
				if p.Rep(j) == j {
					t[j] = int16(get())
				}
			}
		}
		for j := range Scalars * (ScalarMax + 1) {
			st[w.ScalarAt+j] = int16(get())
		}
		for j := range mobRows * MobRowSize {
			if MobRep(j%MobRowSize) == j%MobRowSize {
				st[w.MobAt+j] = int16(get())
			}
		}
		st[w.Bias] = int16(get())
	}
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, errors.New("weights: trailing data")
	}
	w.Tie()
	return w, nil
}

//go:embed weights
var files embed.FS

// FileName returns the name of the embedded weight file of an n x n board.
func FileName(n int) string { return fmt.Sprintf("weights/%dx%d.bin", n, n) }

// embedded holds the embedded weights of a board size, decoded once, and
// whether they are.
type embedded struct {
	get     func() *Weights
	decoded atomic.Bool
}

func newEmbedded(n int) *embedded {
	e := &embedded{}
	e.get = sync.OnceValue(func() *Weights {
		defer e.decoded.Store(true)
		return load(n)
	})
	return e
}

var loaded = map[int]*embedded{8: newEmbedded(8), 10: newEmbedded(10)}

// Load returns the embedded weights of an n x n board, decoded on first use,
// or nil when there are none.
func Load(n int) *Weights {
	if e, ok := loaded[n]; ok {
		return e.get()
	}
	return nil
}

// Decoded reports whether the embedded weights of an n x n board are
// decoded, so that Load returns at once.
func Decoded(n int) bool {
	e, ok := loaded[n]
	return ok && e.decoded.Load()
}

func load(n int) *Weights {
	s := For(n)
	data, err := files.ReadFile(FileName(n))
	if s == nil || err != nil {
		return nil
	}
	w, err := Decode(s, bytes.NewReader(data))
	if err != nil {
		// The embedded files are checked by the tests; a bad one falls
		// back to the generic evaluation rather than stopping the engine.
		return nil
	}
	return w
}
