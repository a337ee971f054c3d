// This file holds Piskvork's opening list (openings.txt, copied from the
// team's shared data: Piskvork's 40 balanced openings that fit 15x15, each
// line the stone offsets dx,dy from the centre, black first, alternating),
// for varied games in self-play and for SWAP2 proposals.

package gomoku

import (
	_ "embed" // for go:embed
	"fmt"
	"strconv"
	"strings"

	"qi/engines"
)

//go:embed openings.txt
var openingsText string

// Opening is a balanced opening: squares as offsets from the centre (x to the
// right, y down), black first and alternating.
type Opening [][2]int

var openingList = func() []Opening {
	list, err := ParseOpenings(openingsText)
	if err != nil {
		panic("gomoku: " + err.Error())
	}
	return list
}()

// ParseOpenings reads openings in Piskvork's offset form, one a line
// ("dx,dy, dx,dy, ...": offsets from the centre, y down, black first);
// blank lines and lines starting with # are skipped.
func ParseOpenings(text string) ([]Opening, error) {
	var list []Opening
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if len(f) == 0 || len(f)%2 != 0 {
			return nil, fmt.Errorf("opening line %d: %q is not pairs of offsets", n+1, line)
		}
		var o Opening
		for i := 0; i < len(f); i += 2 {
			dx, err1 := strconv.Atoi(f[i])
			dy, err2 := strconv.Atoi(f[i+1])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("opening line %d: %q is not pairs of offsets", n+1, line)
			}
			o = append(o, [2]int{dx, dy})
		}
		list = append(list, o)
	}
	return list, nil
}

// Openings returns Piskvork's balanced openings.
func Openings() []Opening { return append([]Opening(nil), openingList...) }

// Moves returns the opening's moves on g's board, around its centre.
func (o Opening) Moves(g *Game) ([]engines.Move, error) {
	cx, cy := (g.w-1)/2, (g.h-1)/2
	var ms []engines.Move
	for _, d := range o {
		m, err := g.Move(cx+d[0], cy+d[1])
		if err != nil {
			return nil, fmt.Errorf("opening does not fit: %w", err)
		}
		ms = append(ms, m)
	}
	return ms, nil
}

// Play plays the opening on p (which should be empty), checking each move.
func (o Opening) Play(p *Position) error {
	ms, err := o.Moves(p.game)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if err := p.Legal(m); err != nil {
			return err
		}
		p.Play(m)
	}
	return nil
}
