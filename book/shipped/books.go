// Package shipped holds the opening books built into qi: one file per game
// and setting, named as book.FileName names them ("othello-8x8.book"),
// which book.OpenDefault finds in FS when no book lies beside the binary.
// Embedded data costs nothing at start-up: a book is read when a game
// first asks for it. The README says how each was built.
package shipped

import "embed"

// FS holds the built-in books.
//
//go:embed *.book
var FS embed.FS
