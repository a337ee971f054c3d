// This file holds Entry, what the book keeps of one position, its fixed-size
// record in a snapshot, and the score arithmetic of the book's negamax.

package book

import (
	"encoding/binary"

	"qi/engines"
)

// Entry is what the book knows of one position, for the side to move and in
// the canonical frame (see Book.Probe for moves on the real board).
type Entry struct {
	// Key is the hash of Board, the position in the canonical frame packed
	// by engines.Symmetric.Pack.
	Key   uint64
	Board []byte
	// Value is the negamax of the leaf and the children in the book:
	// max(LeafValue, -value of each child). Exact says it is the
	// game-theoretic value; Level is the depth of the search behind it.
	Value engines.Score
	Exact bool
	Level int
	// Leaf is the best move whose position is not in the book
	// (engines.NoMove when every move's is), with its searched value,
	// exactness and depth.
	Leaf      engines.Move
	LeafValue engines.Score
	LeafExact bool
	LeafLevel int
	// Wins, Draws and Losses count the games through the position by the
	// result of its side to move.
	Wins, Draws, Losses uint32
}

// Games returns the number of games through the position.
func (e *Entry) Games() uint64 { return uint64(e.Wins) + uint64(e.Draws) + uint64(e.Losses) }

// count adds a game's result, as seen by side, the side to move.
func (e *Entry) count(r engines.Result, side engines.Side) {
	switch r {
	case engines.WinFor(side):
		e.Wins++
	case engines.WinFor(side.Other()):
		e.Losses++
	case engines.Draw:
		e.Draws++
	}
}

// clone returns a copy that shares nothing with e.
func (e *Entry) clone() *Entry {
	c := *e
	c.Board = append([]byte(nil), e.Board...)
	return &c
}

// The record of an entry in a snapshot: the key, the board, then the
// fixed fields below, all little-endian.
const (
	offValue     = 0
	offLeafValue = 4
	offWins      = 8
	offDraws     = 12
	offLosses    = 16
	offLeaf      = 20
	offLevel     = 22
	offLeafLevel = 23
	offFlags     = 24
	fixedLen     = 25

	flagExact     = 1
	flagLeafExact = 2
	flagsKnown    = flagExact | flagLeafExact
)

// recordLen returns the size of a record with boards of packed bytes.
func recordLen(packed int) int { return 8 + packed + fixedLen }

// putRecord writes e into rec, a record's bytes.
func putRecord(rec []byte, e *Entry) {
	le := binary.LittleEndian
	le.PutUint64(rec, e.Key)
	n := copy(rec[8:], e.Board)
	f := rec[8+n:]
	le.PutUint32(f[offValue:], uint32(int32(e.Value)))
	le.PutUint32(f[offLeafValue:], uint32(int32(e.LeafValue)))
	le.PutUint32(f[offWins:], e.Wins)
	le.PutUint32(f[offDraws:], e.Draws)
	le.PutUint32(f[offLosses:], e.Losses)
	le.PutUint16(f[offLeaf:], uint16(int16(e.Leaf)))
	f[offLevel] = clampLevel(e.Level)
	f[offLeafLevel] = clampLevel(e.LeafLevel)
	var flags byte
	if e.Exact {
		flags |= flagExact
	}
	if e.LeafExact {
		flags |= flagLeafExact
	}
	f[offFlags] = flags
}

func clampLevel(l int) byte { return byte(min(max(l, 0), 255)) }

// getRecord reads a record of boards of packed bytes; Board aliases rec.
func getRecord(rec []byte, packed int) Entry {
	le := binary.LittleEndian
	f := rec[8+packed:]
	return Entry{
		Key:       le.Uint64(rec),
		Board:     rec[8 : 8+packed : 8+packed],
		Value:     engines.Score(int32(le.Uint32(f[offValue:]))),
		LeafValue: engines.Score(int32(le.Uint32(f[offLeafValue:]))),
		Wins:      le.Uint32(f[offWins:]),
		Draws:     le.Uint32(f[offDraws:]),
		Losses:    le.Uint32(f[offLosses:]),
		Leaf:      engines.Move(int16(le.Uint16(f[offLeaf:]))),
		Level:     int(f[offLevel]),
		LeafLevel: int(f[offLeafLevel]),
		Exact:     f[offFlags]&flagExact != 0,
		LeafExact: f[offFlags]&flagLeafExact != 0,
	}
}

// noValue is below every value a position can have: the value of the leaf
// of a position whose moves are all in the book.
const noValue = -engines.Mate - 1

// negate turns the value of a child, for its side to move, into the value of
// the move for the parent's: a forced result one ply further away.
func negate(v engines.Score) engines.Score {
	switch {
	case v == noValue:
		return noValue
	case v.IsMate() && v > 0:
		return -v + 1
	case v.IsMate():
		return -v - 1
	}
	return -v
}
