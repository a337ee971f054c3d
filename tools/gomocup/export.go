// This file gives other tools the .psq reader (the opening book builds from
// the same tournament games).

package gomocup

import "qi/engines/gomoku"

// PSQ is a Gomocup game record: the board, the rule of its league, the
// moves as x,y from the top-left (from 0), and how many of the first moves
// were the tournament's opening.
type PSQ struct {
	Width, Height int
	Rule          gomoku.Rule
	Moves         [][2]int
	Opening       int
}

// ReadPSQ reads a .psq record from its bytes; path names it in errors and,
// when the record does not name its league, gives the league by its folder.
func ReadPSQ(path string, data []byte) (PSQ, error) {
	r, err := parseRecord(path, data)
	if err != nil {
		return PSQ{}, err
	}
	return PSQ{Width: r.w, Height: r.h, Rule: r.rule, Moves: r.moves, Opening: r.opening}, nil
}
