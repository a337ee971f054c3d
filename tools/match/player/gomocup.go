// This file holds the Gomocup (piskvork) client, as c-gomoku-cli and
// Piskvork drive brains: ABOUT, START (or RECTSTART) → OK, INFO settings,
// then BEGIN, TURN x,y or BOARD ... DONE for each move, answered by x,y.

package player

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/grid"
)

// gomocup talks to a Gomocup brain.
type gomocup struct {
	base
	setup *Setup
	geo   grid.Geometry
	// known is how many of the game's moves the brain has on its board,
	// -1 before the first move of a game.
	known int
}

var aboutName = regexp.MustCompile(`name="([^"]*)"`)

// chatter reports whether a line is one a brain may send any time.
func chatter(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch strings.ToUpper(f[0]) {
	case "MESSAGE", "DEBUG", "UNKNOWN", "ERROR":
		return true
	}
	return false
}

// Start implements Player: the brain is started and asked ABOUT itself, as
// c-gomoku-cli does.
func (g *gomocup) Start(ctx context.Context) error {
	if err := g.start(); err != nil {
		return err
	}
	g.id = ""
	if err := g.send("ABOUT"); err != nil {
		return g.fail(err)
	}
	err := g.expect(ctx, "ABOUT reply", func(line string) (bool, error) {
		if f := strings.Fields(line); len(f) > 0 && (strings.EqualFold(f[0], "MESSAGE") || strings.EqualFold(f[0], "DEBUG")) {
			return false, nil
		}
		if m := aboutName.FindStringSubmatch(line); m != nil {
			g.id = m[1]
		}
		return true, nil
	})
	if err != nil {
		return g.fail(err)
	}
	return nil
}

// GomocupRule returns Gomocup's INFO rule bits of a rule name: 0
// freestyle, 1 exactly five, 4 renju, 8 caro (which is also exactly five).
func GomocupRule(rule string) (int, error) {
	switch strings.ToLower(rule) {
	case "", "freestyle":
		return 0, nil
	case "standard", "exact", "exactfive":
		return 1, nil
	case "renju":
		return 4, nil
	case "caro":
		return 8, nil
	}
	return 0, fmt.Errorf("the rule %q has no Gomocup number", rule)
}

// NewGame implements Player: START (RECTSTART for boards that are not
// square) → OK, then the INFO settings of the game and the player's time
// control, and the user's options as INFO lines.
func (g *gomocup) NewGame(ctx context.Context, s *Setup) error {
	if s.Geometry == nil {
		return g.fail(&Fault{Kind: Refused, Msg: "Gomocup needs a game whose moves are squares of a board, not " + s.GameName})
	}
	rule, err := GomocupRule(s.Config.Rule)
	if err != nil {
		return g.fail(&Fault{Kind: Refused, Msg: err.Error()})
	}
	g.setup, g.geo, g.known = s, *s.Geometry, -1
	start := fmt.Sprintf("START %d", g.geo.W)
	if g.geo.W != g.geo.H {
		start = fmt.Sprintf("RECTSTART %d,%d", g.geo.W, g.geo.H)
	}
	// A brain's ERROR to START is asked once more before it counts as a
	// refusal: Rapfi drops the first word of what comes while it still
	// counts itself thinking, just after its move, and START's size then
	// reads as an unknown command.
	for try := 0; ; try++ {
		if err := g.send(start); err != nil {
			return g.fail(err)
		}
		var refused *Fault
		err = g.expect(ctx, "OK to "+start, func(line string) (bool, error) {
			t := strings.TrimSpace(line)
			switch {
			case t == "OK":
				return true, nil
			case strings.HasPrefix(strings.ToUpper(t), "ERROR"):
				refused = &Fault{Kind: Refused, Msg: fmt.Sprintf("cannot play a %dx%d board: %s", g.geo.W, g.geo.H, t)}
				return false, refused
			case chatter(t):
				return false, nil
			}
			return false, garbled("OK", line)
		})
		if err == nil {
			break
		}
		if refused == nil || try == 1 {
			return g.fail(err)
		}
	}
	tc := s.TC[s.Side]
	turn := tc.MoveTime
	if turn == 0 {
		// c-gomoku-cli's default: a turn may take the whole game's time;
		// without a clock, the watchdog's.
		turn = tc.Time
		if !tc.HasClock() {
			turn = s.MoveTimeout
		}
	}
	info := []string{
		"INFO timeout_turn " + ms(turn),
		"INFO timeout_match " + ms(tc.Time),
		"INFO game_type 1",
		"INFO rule " + strconv.Itoa(rule),
	}
	if tc.Depth > 0 {
		info = append(info, "INFO max_depth "+strconv.Itoa(tc.Depth))
	}
	if tc.Nodes > 0 {
		info = append(info, "INFO max_node "+strconv.FormatInt(tc.Nodes, 10))
	}
	if s.Seed != 0 {
		info = append(info, "INFO seed "+strconv.FormatUint(s.Seed, 10))
	}
	for _, o := range g.spec.Options {
		info = append(info, "INFO "+o.Name+" "+o.Value)
	}
	if err := g.send(info...); err != nil {
		return g.fail(err)
	}
	return nil
}

// Move implements Player: time_left, then BEGIN on an empty board, TURN with
// the opponent's move when the brain knows the rest, or the whole board.
func (g *gomocup) Move(ctx context.Context, t *Turn) (Reply, error) {
	s := g.setup
	left := int64(math.MaxInt32)
	if s.TC[s.Side].HasClock() {
		left = t.Left[s.Side].Milliseconds()
	}
	cmds := []string{"INFO time_left " + strconv.FormatInt(left, 10)}
	n := len(t.Moves)
	switch {
	case n == 0 && s.StartText == "":
		cmds = append(cmds, "BEGIN")
	case g.known == n-1:
		x, y, err := g.geo.XY(t.Moves[n-1])
		if err != nil {
			return Reply{}, g.fail(fmt.Errorf("move %s: %w", t.Moves[n-1], err))
		}
		cmds = append(cmds, fmt.Sprintf("TURN %d,%d", x, y))
	default:
		board, err := g.board(t)
		if err != nil {
			return Reply{}, g.fail(err)
		}
		cmds = append(cmds, board...)
	}
	if err := g.send(cmds...); err != nil {
		return Reply{}, g.fail(err)
	}
	r, err := g.awaitMove(ctx, t, "move", func(line string) (Reply, bool, error) {
		t := strings.TrimSpace(line)
		if chatter(t) || strings.HasPrefix(strings.ToUpper(t), "SUGGEST") {
			return Reply{}, false, nil
		}
		a, b, ok := strings.Cut(t, ",")
		x, errx := strconv.Atoi(a)
		y, erry := strconv.Atoi(b)
		if !ok || errx != nil || erry != nil || strings.ContainsAny(t, " \t") {
			return Reply{}, false, garbled("x,y", line)
		}
		if !g.geo.On(x, y) {
			return Reply{Move: t}, true, nil
		}
		return Reply{Move: g.geo.Square(x, y)}, true, nil
	})
	if err != nil {
		return Reply{}, g.fail(err)
	}
	g.known = n + 1
	return r, nil
}

// board writes BOARD: the stones of the start position (blocked squares
// as 3), then the moves in the order they were played, the brain's own
// stones as 1 and the opponent's as 2, and DONE.
func (g *gomocup) board(t *Turn) ([]string, error) {
	s := g.setup
	lines := []string{"BOARD"}
	field := func(side engines.Side) int {
		if side == s.Side {
			return 1
		}
		return 2
	}
	if s.StartText != "" {
		b, err := grid.Parse(s.StartText)
		if err != nil {
			return nil, fmt.Errorf("the start position: %w", err)
		}
		for y := range b.H {
			for x := range b.W {
				switch c := b.At(x, y); c {
				case grid.First, grid.Second:
					lines = append(lines, fmt.Sprintf("%d,%d,%d", x, y, field(engines.Side(c-grid.First))))
				case grid.Blocked:
					lines = append(lines, fmt.Sprintf("%d,%d,3", x, y))
				}
			}
		}
	}
	side := s.Start.SideToMove()
	for _, m := range t.Moves {
		x, y, err := g.geo.XY(m)
		if err != nil {
			return nil, fmt.Errorf("move %s: %w", m, err)
		}
		lines = append(lines, fmt.Sprintf("%d,%d,%d", x, y, field(side)))
		side = side.Other()
	}
	return append(lines, "DONE"), nil
}

// Quit implements Player: END, and Piskvork's grace before the kill.
func (g *gomocup) Quit() {
	if g.proc != nil {
		g.proc.quit("END")
	}
}
