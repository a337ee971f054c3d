// This file holds the NBoard client, as the NBoard GUI drives Edax and
// NTest: nboard 2, set depth, set game with a GGF record, move for each move
// played (the engine's own too), go → === move, and ping/pong to sync.

package player

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"qi/engines/grid"
	"qi/engines/record"
)

// nboard talks to an NBoard engine.
type nboard struct {
	base
	setup *Setup
	board string // the GGF board of the game's start
	// known is how many of the game's moves the engine has, -1 before it
	// got the game.
	known int
	pings int
}

// Start implements Player: nboard 2, the user's options as set commands,
// and a ping to see it answer.
func (n *nboard) Start(ctx context.Context) error {
	if err := n.start(); err != nil {
		return err
	}
	n.id = ""
	if err := n.send("nboard 2"); err != nil {
		return n.fail(err)
	}
	for _, o := range n.spec.Options {
		if err := n.send("set " + o.Name + " " + o.Value); err != nil {
			return n.fail(err)
		}
	}
	return n.ping(ctx)
}

// ping sends ping n and waits for pong n, reading the engine's name on the
// way.
func (n *nboard) ping(ctx context.Context) error {
	n.pings++
	want := "pong " + strconv.Itoa(n.pings)
	if err := n.send("ping " + strconv.Itoa(n.pings)); err != nil {
		return n.fail(err)
	}
	err := n.expect(ctx, want, func(line string) (bool, error) {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "set" && f[1] == "myname" {
			n.id = strings.Join(f[2:], " ")
		}
		return strings.Join(f, " ") == want, nil
	})
	if err != nil {
		return n.fail(err)
	}
	return nil
}

// NewGame implements Player: the depth of the player's time control (NBoard
// has no clocks: the referee keeps them). The game itself goes with the
// first move asked.
func (n *nboard) NewGame(ctx context.Context, s *Setup) error {
	board, err := grid.GGFBoard(s.Start)
	if err != nil {
		return n.fail(&Fault{Kind: Refused, Msg: "NBoard needs a game with a GGF board, not " + s.GameName + ": " + err.Error()})
	}
	n.setup, n.board, n.known = s, board, -1
	if d := s.TC[s.Side].Depth; d > 0 {
		if err := n.send("set depth " + strconv.Itoa(d)); err != nil {
			return n.fail(err)
		}
	}
	return nil
}

// ggf writes the game so far as the GGF record of set game.
func (n *nboard) ggf(moves []string) string {
	s := n.setup
	gm := "Othello"
	if s.GameName != "othello" {
		gm = s.GameName
	}
	size, _, _ := strings.Cut(n.board, " ")
	var b strings.Builder
	fmt.Fprintf(&b, "(;GM[%s]PC[qi arena]PB[%s]PW[%s]RE[?]TI[0:00]TY[%s]BO[%s]",
		gm, clean(s.Players[0]), clean(s.Players[1]), size, n.board)
	side := s.Start.SideToMove()
	for _, m := range moves {
		fmt.Fprintf(&b, "%s[%s]", [2]string{"B", "W"}[side], record.GGFMove(m))
		side = side.Other()
	}
	b.WriteString(";)")
	return b.String()
}

func clean(s string) string { return strings.NewReplacer("[", "(", "]", ")").Replace(s) }

// Move implements Player: the game (set game and a ping the first time,
// then move for each move since), go, and the === reply.
func (n *nboard) Move(ctx context.Context, t *Turn) (Reply, error) {
	if n.known < 0 {
		if err := n.send("set game " + n.ggf(t.Moves)); err != nil {
			return Reply{}, n.fail(err)
		}
		if err := n.ping(ctx); err != nil {
			return Reply{}, err
		}
	} else {
		for _, m := range t.Moves[n.known:] {
			if err := n.send("move " + record.GGFMove(m)); err != nil {
				return Reply{}, n.fail(err)
			}
		}
	}
	n.known = len(t.Moves)
	if err := n.send("go"); err != nil {
		return Reply{}, n.fail(err)
	}
	r, err := n.awaitMove(ctx, t, "=== move", parseNBoardMove)
	if err != nil {
		return Reply{}, n.fail(err)
	}
	return r, nil
}

// parseNBoardMove reads an engine's reply to go: `=== F5/-1.00/0.3` as the
// NBoard protocol has it, or `=== f5 -1.00 0.3`, as Edax 4.6 writes it. Other
// lines (status, nodestats, search, book, set myname) are not the reply.
func parseNBoardMove(line string) (Reply, bool, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "===" {
		return Reply{}, false, nil
	}
	var parts []string
	switch {
	case len(f) < 2:
		return Reply{}, false, garbled("=== <move>", line)
	case len(f) == 2:
		parts = strings.Split(f[1], "/")
	case (len(f) == 3 || len(f) == 4) && !strings.Contains(f[1], "/"):
		parts = f[1:]
	default:
		return Reply{}, false, garbled("=== <move>", line)
	}
	if parts[0] == "" {
		return Reply{}, false, garbled("=== <move>", line)
	}
	r := Reply{Move: strings.ToLower(parts[0])}
	if strings.EqualFold(parts[0], "PA") {
		r.Move = "PA"
	}
	if len(parts) > 1 && parts[1] != "" {
		if e, err := strconv.ParseFloat(parts[1], 64); err == nil {
			r.Score = fmt.Sprintf("%+.2f", e)
		}
	}
	return r, true, nil
}

// Quit implements Player.
func (n *nboard) Quit() {
	if n.proc != nil {
		n.proc.quit("quit")
	}
}
