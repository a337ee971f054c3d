//go:build !unix

// This file stands in for memory mapping where qi does not map files: the
// caller reads the book whole instead.

package book

import (
	"errors"
	"os"
)

// openFlags open a file for reading.
const openFlags = os.O_RDONLY

func mapFile(*os.File, int64) ([]byte, func() error, error) {
	return nil, nil, errors.New("no memory mapping here")
}
