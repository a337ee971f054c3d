// This file holds the book's keys: a position is stored once for all its
// images under the board's symmetries, in the frame whose packed image
// hashes lowest, and its moves are kept in that frame.

package book

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"qi/engines"
)

// hashPacked hashes a packed position. Books store the hashes, so the
// function must never change: it is written out here rather than borrowed
// from a library that might.
func hashPacked(b []byte) uint64 {
	const k1, k2 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
	h := uint64(len(b)) * k1
	for ; len(b) >= 8; b = b[8:] {
		h = bits.RotateLeft64(h^binary.LittleEndian.Uint64(b)*k2, 31) * k1
	}
	var tail uint64
	for i, c := range b {
		tail |= uint64(c) << (8 * i)
	}
	h = bits.RotateLeft64(h^tail*k2, 31) * k1
	// SplitMix64's finaliser spreads every input bit over the key.
	h = (h ^ h>>30) * 0xBF58476D1CE4E5B9
	h = (h ^ h>>27) * 0x94D049BB133111EB
	return h ^ h>>31
}

// keyer finds canonical forms, reusing its buffers; one goroutine uses it.
type keyer struct {
	img, best []byte
}

// canon returns the key of pos, the symmetry that takes pos to the
// canonical frame, and the packed position in that frame (valid until the
// next call).
func (k *keyer) canon(pos engines.Position) (key uint64, sym int, board []byte, err error) {
	s, ok := pos.(engines.Symmetric)
	if !ok {
		return 0, 0, nil, fmt.Errorf("%T has no symmetries: no book for it", pos)
	}
	n := s.Symmetries()
	for i := range n {
		k.img = s.Pack(k.img[:0], i)
		h := hashPacked(k.img)
		if i == 0 || h < key {
			key, sym = h, i
			k.best, k.img = k.img, k.best
		}
	}
	return key, sym, k.best, nil
}

// key returns the key of pos alone.
func (k *keyer) key(pos engines.Position) (uint64, error) {
	key, _, _, err := k.canon(pos)
	return key, err
}
