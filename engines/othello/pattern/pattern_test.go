package pattern

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSets(t *testing.T) {
	s8 := For(8)
	require.NotNil(t, s8)
	assert.Equal(t, 54, s8.Instances())
	s10 := For(10)
	require.NotNil(t, s10)
	assert.Nil(t, For(6))
	for _, s := range []*Set{s8, s10} {
		for _, p := range s.Patterns {
			for _, inst := range p.Instances {
				require.Len(t, inst, p.Len, p.Name)
				seen := map[int]bool{}
				for _, q := range inst {
					require.True(t, q >= 0 && q < s.N*s.N)
					require.False(t, seen[q], "%s repeats a square", p.Name)
					seen[q] = true
				}
			}
			// A representative stands for itself, and ties keep
			// the empty pattern alone.
			for i := range p.Size() {
				require.Equal(t, p.Rep(i), p.Rep(p.Rep(i)))
			}
			assert.Equal(t, p.Mid(), p.Rep(p.Mid()))
		}
	}
	// Reading a line backwards gives the same weight.
	line := byName(t, s8, "line2")
	cells := make([]int8, 64)
	cells[8], cells[9] = 1, -1
	a := Index(line.Instances[0], cells)
	cells[8], cells[9], cells[15], cells[14] = 0, 0, 1, -1
	b := Index(line.Instances[0], cells)
	assert.NotEqual(t, a, b)
	assert.Equal(t, line.Rep(a), line.Rep(b))
	// The corner triangle seen across the diagonal, a disc on b1 or on
	// a2, is one weight; the edge block read from h1, one on c1 or on f1.
	tri := byName(t, s8, "triangle")
	require.Len(t, tri.Instances, 4)
	clear(cells)
	cells[1] = 1
	a = Index(tri.Instances[0], cells)
	cells[1], cells[8] = 0, 1
	b = Index(tri.Instances[0], cells)
	assert.NotEqual(t, a, b)
	assert.Equal(t, tri.Rep(a), tri.Rep(b))
	eb := byName(t, s8, "edgeblock")
	require.Len(t, eb.Instances, 4)
	clear(cells)
	cells[2] = 1
	a = Index(eb.Instances[0], cells)
	cells[2], cells[5] = 0, 1
	b = Index(eb.Instances[0], cells)
	assert.NotEqual(t, a, b)
	assert.Equal(t, eb.Rep(a), eb.Rep(b))
}

// byName returns the pattern of s called name.
func byName(t *testing.T, s *Set, name string) *Pattern {
	t.Helper()
	for i := range s.Patterns {
		if s.Patterns[i].Name == name {
			return &s.Patterns[i]
		}
	}
	t.Fatalf("no pattern %s", name)
	return nil
}

func TestWeightsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 10} {
		w := NewWeights(For(n), 4)
		for _, st := range w.Stage {
			for i := range st {
				st[i] = int16(rng.IntN(2001) - 1000)
			}
		}
		w.Tie()
		var buf bytes.Buffer
		require.NoError(t, w.Encode(&buf))
		back, err := Decode(For(n), bytes.NewReader(buf.Bytes()))
		require.NoError(t, err)
		assert.Equal(t, w.Stage, back.Stage)
		assert.Equal(t, w.StageOf, back.StageOf)
		// A file of the other size is refused, and so is garbage.
		_, err = Decode(For(18-n), bytes.NewReader(buf.Bytes()))
		assert.Error(t, err)
		_, err = Decode(For(n), bytes.NewReader(buf.Bytes()[:buf.Len()/2]))
		assert.Error(t, err)
	}
	_, err := Decode(For(8), bytes.NewReader([]byte("not deflate")))
	assert.Error(t, err)
}

func TestEmbedded(t *testing.T) {
	for _, n := range []int{8, 10} {
		if _, err := files.ReadFile(FileName(n)); err != nil {
			continue
		}
		w := Load(n)
		require.NotNil(t, w, "the embedded %dx%d weights decode", n)
		assert.Len(t, w.StageOf, n*n+1)
	}
	assert.NotNil(t, Load(8), "8x8 has weights")
	assert.Nil(t, Load(6))
}

func TestStageMaps(t *testing.T) {
	s8 := For(8)
	tests := []struct {
		name    string
		m       []int
		empties []int
		want    []int
	}{
		{"by 4 empties", s8.StageMap(4), []int{64, 60, 57, 56, 5, 4, 0}, []int{0, 0, 0, 1, 13, 14, 14}},
		{"split by parity", s8.StageMapParity(4), []int{64, 60, 57, 56, 5, 4, 0}, []int{0, 0, 1, 2, 27, 28, 28}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Len(t, tt.m, 65)
			for i, e := range tt.empties {
				assert.Equal(t, tt.want[i], tt.m[e], "%d empties", e)
			}
			w := NewWeightsMap(s8, tt.m)
			assert.Equal(t, slices.Max(tt.m)+1, len(w.Stage), "one table per stage used")
		})
	}
}

// BenchmarkDecode measures decoding the embedded weights, which a process
// does once, when it first makes an othello game of the size.
func BenchmarkDecode(b *testing.B) {
	for _, n := range []int{8, 10} {
		data, err := files.ReadFile(FileName(n))
		require.NoError(b, err)
		s := For(n)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Decode(s, bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
