// Package protocol holds the ways qi talks to the programs that drive it: UGI
// and UCI (for cutegames, cutechess and people), and the dialects of the games
// that have their own, picked from the first command read.
package protocol

import (
	"context"
	"errors"
	"io"
	"strings"

	"qi/book"
	"qi/engines"
)

// Config says who qi is and what it plays.
type Config struct {
	Registry *engines.Registry
	// Name, Version, Author and Country identify the engine to clients.
	Name, Version, Author, Country string
	// DefaultGame is the game played until the client picks one.
	DefaultGame string
	// Dialect forces a dialect instead of detecting it from the first
	// command: Gomocup managers only ever speak Gomocup to pbrain-* files.
	Dialect Dialect
	// Log receives diagnostics (stderr); nil discards them.
	Log io.Writer
	// Books opens the opening books qi plays from and learns into; nil
	// plays without any (and offers no book options).
	Books *book.Shelf
}

// Dialect is a protocol qi speaks.
type Dialect int

// The dialects, Detect's answers.
const (
	Unknown Dialect = iota
	UGI
	UCI
	Gomocup
	NBoard
)

// String names the dialect.
func (d Dialect) String() string {
	return [...]string{"unknown", "ugi", "uci", "gomocup", "nboard"}[d]
}

// Detect names the dialect that a first command belongs to, Unknown for a
// blank line or a command that belongs to none (people typing "help").
func Detect(line string) Dialect {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Unknown
	}
	switch w := strings.ToUpper(f[0]); w {
	case "UGI":
		return UGI
	case "UCI":
		return UCI
	case "NBOARD":
		return NBoard
	case "START", "RECTSTART", "RESTART", "BEGIN", "BOARD", "INFO", "ABOUT", "TURN", "END",
		"TAKEBACK", "SWAP2BOARD", "YXBOARD", "YXSHOWFORBID", "YXHASHCLEAR":
		return Gomocup
	}
	return Unknown
}

// Run speaks to a client on in and out until it says quit, in closes, or ctx
// ends. The first command picks the dialect unless cfg forces one.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	_, err := session(ctx, in, out, cfg)
	return err
}

// session is Run, returning the dialect it spoke (nil if none) for tests to
// look at its state afterwards.
func session(ctx context.Context, in io.Reader, out io.Writer, cfg Config) (dialect, error) {
	if cfg.Registry == nil {
		return nil, errors.New("protocol: no registry of games")
	}
	s := newServer(ctx, in, out, cfg.Log)
	defer close(s.closed)
	var first input
	for d := cfg.Dialect; d == Unknown; {
		select {
		case in, ok := <-s.lines:
			if !ok {
				return nil, nil
			}
			if strings.TrimSpace(in.text) == "" && in.tooLong == 0 {
				continue
			}
			first, d = in, Detect(in.text)
			if d == Unknown {
				d = UGI
			}
			cfg.Dialect = d
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	d, err := newDialect(s, cfg)
	if err != nil {
		return nil, err
	}
	if (first.text != "" || first.tooLong > 0) && (!s.dispatch(d, first) || !s.drain(d)) {
		return d, s.end(d, false)
	}
	return d, s.loop(d)
}

func newDialect(s *server, cfg Config) (dialect, error) {
	switch cfg.Dialect {
	case UCI:
		return newUGI(s, cfg, true)
	case Gomocup:
		return newGomocup(s, cfg), nil
	case NBoard:
		return newNBoard(s, cfg)
	}
	return newUGI(s, cfg, false)
}
