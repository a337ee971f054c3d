// This file gives other tools the WTHOR reader (the opening book builds from
// the same expert games the weights are trained on).

package othellotrain

// WTHORGame is a game of the WTHOR database: its moves as squares (row*8 +
// column, a1 = 0), passes left out, and black's disc count at its end.
type WTHORGame struct {
	Moves      []int
	FinalBlack int
}

// ReadWTHORFile reads the games of one WTHOR (.wtb) file.
func ReadWTHORFile(path string) ([]WTHORGame, error) {
	games, err := readWthorFile(path)
	if err != nil {
		return nil, err
	}
	out := make([]WTHORGame, len(games))
	for i, g := range games {
		out[i] = WTHORGame{Moves: g.moves, FinalBlack: g.finalBlack}
	}
	return out, nil
}
