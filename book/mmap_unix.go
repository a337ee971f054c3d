//go:build unix

// This file maps book files into memory on unix systems, so that a book is
// looked up in place and its pages shared between the processes reading it.

package book

import (
	"os"
	"syscall"
)

func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
