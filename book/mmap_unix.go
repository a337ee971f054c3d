//go:build unix

// This file maps book files into memory on unix systems, so that a book is
// looked up in place and its pages shared between the processes reading it,
// and opens them without blocking on what is no regular file.

package book

import (
	"os"
	"syscall"
)

// openFlags open a file without waiting for a writer: a FIFO named as a book
// must not hang the search that opens it.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK

func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
