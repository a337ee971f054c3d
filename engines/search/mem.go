// This file holds the memory of the big search tables: mapped from the OS
// outside the Go heap, so that a table of gigabytes costs nothing until its
// pages are touched, never has to be zeroed by the process (fresh pages are
// zero), and gives its pages back the moment it is freed instead of waiting,
// next to its successor, for a garbage collection.

package search

import (
	"runtime"
	"unsafe"
)

// Slab is an array of values of T, a type without pointers, in memory of its
// own. Free gives the memory back; a Slab that is dropped without Free gives it
// back when the garbage collector finds it unreachable.
type Slab[T any] struct {
	items   []T
	mapping *mapping
	cleanup runtime.Cleanup
}

// mapping is the memory under a slab, nil bytes once it has been unmapped.
type mapping struct{ bytes []byte }

// mapFrom is the size from which a slab is mapped: smaller ones are cheap
// enough on the Go heap, where the collector reclaims them as it runs.
const mapFrom = 32 << 20

// NewSlab returns n zero values of T.
func NewSlab[T any](n int) *Slab[T] {
	var zero T
	size := int(unsafe.Sizeof(zero)) * n
	s := &Slab[T]{}
	if size < mapFrom {
		s.items = make([]T, n)
		return s
	}
	if b := mapMemory(size); b != nil {
		s.items = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
		s.mapping = &mapping{bytes: b}
		s.cleanup = runtime.AddCleanup(s, (*mapping).free, s.mapping)
		return s
	}
	s.items = make([]T, n)
	return s
}

// Items returns the values; they must not be used after Free.
func (s *Slab[T]) Items() []T { return s.items }

// Free gives the memory back at once. Nothing may use the slab afterwards.
func (s *Slab[T]) Free() {
	if s.mapping != nil {
		s.cleanup.Stop()
		s.mapping.free()
		s.mapping = nil
	}
	s.items = nil
}

func (m *mapping) free() {
	if m.bytes != nil {
		unmapMemory(m.bytes)
		m.bytes = nil
	}
}
