// This file holds training samples and their file format: a header naming the
// board size, then per sample the discs of the side to move and of its
// opponent as bit sets of the cells, and the label, the disc difference the
// position is worth to the side to move in centi-discs.

package othellotrain

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"qi/engines"
	"qi/engines/othello"
)

// maxCells bounds the boards the samples hold (10x10).
const maxCells = 128

// sample is one labelled position, from the side to move's view.
type sample struct {
	p, o  [2]uint64
	label int16 // centi-discs for the side to move
	game  int32 // the game it comes from, for splitting off validation data
}

func (s *sample) empties(n int) int {
	occ := 0
	for i := range 2 {
		occ += popcount(s.p[i] | s.o[i])
	}
	return n*n - occ
}

// position rebuilds the sample's position, the side to move as black.
func (s *sample) position(n int) *othello.Position {
	cells := make([]uint8, n*n)
	for sq := range cells {
		w, b := sq/64, uint(sq%64)
		switch {
		case s.p[w]>>b&1 != 0:
			cells[sq] = 1
		case s.o[w]>>b&1 != 0:
			cells[sq] = 2
		}
	}
	p, err := othello.NewPosition(n, cells, engines.P1)
	if err != nil {
		panic(err) // the cells come from a board of size n
	}
	return p
}

// sampleOf takes the position of p for the side to move.
func sampleOf(p *othello.Position, label int, game int) sample {
	var s sample
	me := p.SideToMove()
	for sq := range p.Size() * p.Size() {
		c := p.At(sq)
		if c == 0 {
			continue
		}
		w, b := sq/64, uint(sq%64)
		if engines.Side(c-1) == me {
			s.p[w] |= 1 << b
		} else {
			s.o[w] |= 1 << b
		}
	}
	s.label = int16(max(min(label, 6400), -6400))
	s.game = int32(game)
	return s
}

const samplesMagic = "QIOS1\n"

// writeSamples writes samples of an n x n board to path.
func writeSamples(path string, n int, samples []sample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.Write(sampleHeader(n))
	var buf []byte
	for _, s := range samples {
		buf = appendSample(buf[:0], n, s)
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sampleHeader is the start of a sample file of n x n boards.
func sampleHeader(n int) []byte { return append([]byte(samplesMagic), byte(n)) }

// appendSample appends a sample of an n x n board as the file holds it.
func appendSample(buf []byte, n int, s sample) []byte {
	nb := (n*n + 7) / 8
	for i := range nb {
		buf = append(buf, byte(s.p[i/8]>>(8*(i%8))))
	}
	for i := range nb {
		buf = append(buf, byte(s.o[i/8]>>(8*(i%8))))
	}
	buf = binary.LittleEndian.AppendUint16(buf, uint16(s.label))
	return binary.LittleEndian.AppendUint32(buf, uint32(s.game))
}

// readSamples reads a sample file and returns its board size and samples.
func readSamples(path string) (int, []sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	head := make([]byte, len(samplesMagic)+1)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:len(samplesMagic)]) != samplesMagic {
		return 0, nil, fmt.Errorf("%s: not a sample file", path)
	}
	n := int(head[len(samplesMagic)])
	if n*n > maxCells {
		return 0, nil, fmt.Errorf("%s: board size %d is too big for samples", path, n)
	}
	nb := (n*n + 7) / 8
	buf := make([]byte, 2*nb+6)
	var out []sample
	for {
		if _, err := io.ReadFull(r, buf); err != nil {
			if errors.Is(err, io.EOF) {
				return n, out, nil
			}
			return 0, nil, fmt.Errorf("%s: %w", path, err)
		}
		var s sample
		for i := range nb {
			s.p[i/8] |= uint64(buf[i]) << (8 * (i % 8))
			s.o[i/8] |= uint64(buf[nb+i]) << (8 * (i % 8))
		}
		s.label = int16(binary.LittleEndian.Uint16(buf[2*nb:]))
		s.game = int32(binary.LittleEndian.Uint32(buf[2*nb+2:]))
		out = append(out, s)
	}
}
