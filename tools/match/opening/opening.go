// Package opening holds the openings a match starts its games from: reading
// opening files in the forms each game's community keeps them (moves, moves
// without separators as in the XOT lists, position texts, Piskvork's stone
// offsets from the centre), each checked with qi's own rules, and generating
// balanced openings from random moves filtered by a shallow search.
package opening

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/grid"
)

// Opening is where a game starts: a position and moves played from it.
type Opening struct {
	// Text is the position text to start from, "" for the game's start.
	Text string
	// Moves are played from there, in the game's notation.
	Moves []string
	// Line is the line of the file it came from (0 when generated).
	Line int
}

// Position sets the opening up in g: the position it starts from and the
// position after its moves.
func (o Opening) Position(g engines.Game) (start, pos engines.Position, err error) {
	start = g.Start()
	if o.Text != "" {
		if start, err = g.Parse(o.Text); err != nil {
			return nil, nil, err
		}
	}
	pos, err = engines.PlayAll(start, o.Moves)
	if err != nil {
		return nil, nil, err
	}
	return start, pos, nil
}

// String writes the opening as a line that Read reads back.
func (o Opening) String() string {
	switch {
	case o.Text == "":
		return strings.Join(o.Moves, " ")
	case len(o.Moves) == 0:
		return o.Text
	}
	return o.Text + " moves " + strings.Join(o.Moves, " ")
}

// Format is how an opening file writes its openings, one a line.
type Format int

// The formats.
const (
	// Auto tells the form of each line from its look: Offset, Text ...
	// moves, Moves, Packed, then Text.
	Auto Format = iota
	// Moves are moves from the start, separated by spaces: "b2 a1".
	Moves
	// Packed are moves without separators, as in the XOT lists:
	// "f5d6c4d3c2b3b4b5".
	Packed
	// Text is a position text, optionally followed by "moves" and moves
	// from it: "x.o/.x./... o moves c1".
	Text
	// Offset is Piskvork's list: stones as "dx,dy" offsets from the centre
	// (Gomocup coordinates, y growing downward), black first, alternating:
	// "0,0, 1,0, 1,3".
	Offset
)

var formatNames = [...]string{"auto", "moves", "packed", "text", "offset"}

// String names the format as the command line does.
func (f Format) String() string { return formatNames[f] }

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(s, n) {
			return Format(i), nil
		}
	}
	switch strings.ToLower(s) {
	case "xot", "pos":
		return Packed, nil
	case "fen", "position", "epd":
		return Text, nil
	case "piskvork":
		return Offset, nil
	}
	return 0, fmt.Errorf("unknown opening format %q (known: %s)", s, strings.Join(formatNames[:], ", "))
}

// ReadFile reads an opening file.
func ReadFile(path string, g engines.Game, f Format) ([]Opening, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	ops, err := Read(file, g, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ops, nil
}

// Read reads openings of g, one a line; blank lines and lines starting with
// "# " are skipped. Every opening is played through with the game's rules
// and must leave the game going on.
func Read(r io.Reader, g engines.Game, f Format) ([]Opening, error) {
	var geo *grid.Geometry
	if gg, err := grid.Of(g); err == nil {
		geo = &gg
	}
	var ops []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line == "#" || strings.HasPrefix(line, "# ") {
			continue
		}
		o, err := parseLine(line, g, geo, f)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		o.Line = n
		ops = append(ops, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(ops) == 0 {
		return nil, errors.New("no openings")
	}
	return ops, nil
}

var offsetLine = regexp.MustCompile(`^-?\d+\s*,\s*-?\d+(\s*,\s*-?\d+\s*,\s*-?\d+)*\s*,?$`)

func parseLine(line string, g engines.Game, geo *grid.Geometry, f Format) (Opening, error) {
	if f == Auto {
		f = detect(line, g)
	}
	var o Opening
	var err error
	switch f {
	case Offset:
		o, err = parseOffsets(line, geo)
	case Moves:
		o.Moves = strings.Fields(line)
	case Packed:
		if strings.ContainsAny(line, " \t") {
			return Opening{}, fmt.Errorf("%q: packed moves are written without spaces", line)
		}
		o.Moves, err = unpack(g.Start(), line)
	case Text:
		o = parseText(line)
	}
	if err != nil {
		return Opening{}, err
	}
	if _, pos, err := o.Position(g); err != nil {
		return Opening{}, fmt.Errorf("%q: %w", line, err)
	} else if pos.Result() != engines.None {
		return Opening{}, fmt.Errorf("%q: the game is over after the opening (%s)", line, pos.Result())
	}
	return o, nil
}

// detect tells a line's format by its look.
func detect(line string, g engines.Game) Format {
	f := strings.Fields(line)
	switch {
	case offsetLine.MatchString(line):
		return Offset
	case containsWord(f, "moves"):
		return Text
	}
	start := g.Start()
	if _, err := engines.Legal(start, f[0]); err == nil {
		if len(f) > 1 {
			return Moves
		}
		if _, err := engines.PlayAll(start, f); err == nil {
			return Moves
		}
	}
	if len(f) == 1 {
		if _, err := unpack(start, line); err == nil {
			return Packed
		}
	}
	return Text
}

func containsWord(f []string, w string) bool {
	for _, s := range f {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// parseText reads "<position text> [moves m1 m2 ...]", where "startpos" or
// nothing before "moves" is the game's start.
func parseText(line string) Opening {
	f := strings.Fields(line)
	var o Opening
	at := len(f)
	for i, w := range f {
		if strings.EqualFold(w, "moves") {
			at = i
			break
		}
	}
	text := strings.Join(f[:at], " ")
	if !strings.EqualFold(text, "startpos") {
		o.Text = text
	}
	if at < len(f) {
		o.Moves = f[at+1:]
	}
	return o
}

// maxMoveLen bounds the length of one move of a packed line.
const maxMoveLen = 5

// unpack splits a line of moves written without separators into moves that
// are legal one after the other, trying longer moves first ("j10" before
// "j1") and backing up when a split leads nowhere.
func unpack(start engines.Position, s string) ([]string, error) {
	var moves []string
	var try func(p engines.Position, rest string) bool
	try = func(p engines.Position, rest string) bool {
		if rest == "" {
			return true
		}
		for n := min(maxMoveLen, len(rest)); n >= 1; n-- {
			m, err := engines.Legal(p, rest[:n])
			if err != nil {
				continue
			}
			moves = append(moves, p.MoveText(m))
			p.Play(m)
			if try(p, rest[n:]) {
				return true
			}
			moves = moves[:len(moves)-1]
			p.Undo()
		}
		return false
	}
	if !try(start.Clone(), s) {
		return nil, fmt.Errorf("%q does not split into legal moves", s)
	}
	return moves, nil
}

// parseOffsets reads Piskvork's offsets from the centre: x = dx + w/2,
// y = dy + h/2 in Gomocup coordinates (0,0 the top-left corner, y growing
// downward), as Piskvork and c-gomoku-cli place them.
func parseOffsets(line string, geo *grid.Geometry) (Opening, error) {
	if geo == nil {
		return Opening{}, fmt.Errorf("%q: stone offsets need a game played on a grid", line)
	}
	parts := strings.Split(line, ",")
	var nums []int
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return Opening{}, fmt.Errorf("%q: %q is not a number", line, p)
		}
		nums = append(nums, n)
	}
	if len(nums)%2 != 0 || len(nums) == 0 {
		return Opening{}, fmt.Errorf("%q: offsets come in dx,dy pairs", line)
	}
	var o Opening
	for i := 0; i < len(nums); i += 2 {
		x, y := nums[i]+geo.W/2, nums[i+1]+geo.H/2
		if !geo.On(x, y) {
			return Opening{}, fmt.Errorf("%q: offset %d,%d is off the %dx%d board", line, nums[i], nums[i+1], geo.W, geo.H)
		}
		o.Moves = append(o.Moves, geo.Square(x, y))
	}
	return o, nil
}
