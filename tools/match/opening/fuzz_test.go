// Fuzz test of the opening reader: no line makes it panic, and an opening it
// accepts sets up a game that goes on.

package opening

import (
	"strings"
	"testing"

	"qi/engines"
	"qi/engines/niujiao"
	"qi/engines/tictactoe"
)

func FuzzRead(f *testing.F) {
	for _, s := range []string{"b2 a1", "b2a1c3", "x.o/.x./... o moves c1", "0,0, 1,0", "-1,-1", "0197",
		"R.......BB r moves 02", "3/3/3[PPPPPpppp] w - - 0 1", "startpos moves", "# note"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, g := range []engines.Game{tictactoe.Game{}, niujiao.Game{}} {
			for _, format := range []Format{Auto, Moves, Packed, Text, Offset} {
				ops, err := Read(strings.NewReader(line), g, format)
				if err != nil {
					continue
				}
				for _, o := range ops {
					_, pos, err := o.Position(g)
					if err != nil || pos.Result() != engines.None {
						t.Fatalf("%q (%v) was accepted as %+v: %v", line, format, o, err)
					}
				}
			}
		}
	})
}
