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
	// A shape read across its own symmetry gives one weight: a line read
	// backwards, the corner triangle across the diagonal (a disc on b1 or
	// on a2), the edge block read from h1 (a disc on c1 or on f1).
	for _, c := range []struct {
		name string
		a, b map[int]int8 // the discs of two readings of the first place
	}{
		{"line2", map[int]int8{8: 1, 9: -1}, map[int]int8{15: 1, 14: -1}},
		{"triangle", map[int]int8{1: 1}, map[int]int8{8: 1}},
		{"edgeblock", map[int]int8{2: 1}, map[int]int8{5: 1}},
	} {
		p := byName(t, s8, c.name)
		index := func(discs map[int]int8) int {
			cells := make([]int8, 64)
			for q, v := range discs {
				cells[q] = v
			}
			return Index(p.Instances[0], cells)
		}
		a, b := index(c.a), index(c.b)
		assert.NotEqual(t, a, b, c.name)
		assert.Equal(t, p.Rep(a), p.Rep(b), c.name)
	}
	assert.Len(t, byName(t, s8, "triangle").Instances, 4)
	assert.Len(t, byName(t, s8, "edgeblock").Instances, 4)
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
		w, buf := randomWeights(t, For(n), rng)
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

// randomWeights returns tied random weights of s in stages of 4 empties, and
// their file.
func randomWeights(t *testing.T, s *Set, rng *rand.Rand) (*Weights, *bytes.Buffer) {
	t.Helper()
	w := NewWeights(s, 4)
	for _, st := range w.Stage {
		for i := range st {
			st[i] = int16(rng.IntN(2001) - 1000)
		}
	}
	w.Tie()
	var buf bytes.Buffer
	require.NoError(t, w.Encode(&buf))
	return w, &buf
}

// TestWeightsWithoutMobRows checks that weights fitted without the mobility
// rows (as older files are) load into the 8x8 set with those tables at zero,
// and that a file with other rows than the set's is refused.
func TestWeightsWithoutMobRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rows := range []int{0, 2} {
		old := *For(8)
		old.MobRows = rows
		w, buf := randomWeights(t, &old, rng)
		back, err := Decode(For(8), bytes.NewReader(buf.Bytes()))
		if rows != 0 {
			assert.Error(t, err)
			continue
		}
		require.NoError(t, err)
		for s, st := range back.Stage {
			assert.Equal(t, w.Stage[s][:w.MobAt], st[:back.MobAt])
			assert.Equal(t, w.Stage[s][w.Bias], st[back.Bias])
			assert.Zero(t, slices.Max(st[back.MobAt:back.Bias]))
			assert.Zero(t, slices.Min(st[back.MobAt:back.Bias]))
		}
	}
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
