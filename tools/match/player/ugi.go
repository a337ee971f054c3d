// This file holds the UGI and UCI client: cutegames' and cutechess's side of
// the conversation, as PROTOCOL.md records it and as qi answers it.

package player

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"qi/engines/grid"
)

// ugi talks UGI, or UCI when uci is set.
type ugi struct {
	base
	uci bool
	// options are the engine's options by lower-case name, with the values
	// of its combos.
	options map[string][]string
	// sent is the game configuration the engine was last set up for.
	sent  string
	setup *Setup
}

func (u *ugi) hello() (string, string) {
	if u.uci {
		return "uci", "uciok"
	}
	return "ugi", "ugiok"
}

// Start implements Player: ugi → id/option lines → ugiok.
func (u *ugi) Start(ctx context.Context) error {
	if err := u.start(); err != nil {
		return err
	}
	u.options, u.sent, u.id = map[string][]string{}, "", ""
	hello, ok := u.hello()
	if err := u.send(hello); err != nil {
		return u.fail(err)
	}
	err := u.expect(ctx, ok, func(line string) (bool, error) {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == ok:
			return true, nil
		case f[0] == "id" && len(f) > 2 && f[1] == "name":
			u.id = strings.Join(f[2:], " ")
		case f[0] == "option":
			name, vars := parseOption(f)
			if name != "" {
				u.options[strings.ToLower(name)] = vars
			}
		}
		return false, nil
	})
	if err != nil {
		return u.fail(err)
	}
	return nil
}

// parseOption reads "option name <name> type <t> [default ..] [var v]...".
func parseOption(f []string) (name string, vars []string) {
	i := 1
	if i < len(f) && f[i] == "name" {
		i++
	}
	start := i
	for i < len(f) && f[i] != "type" {
		i++
	}
	name = strings.Join(f[start:i], " ")
	for ; i < len(f); i++ {
		if f[i] == "var" && i+1 < len(f) {
			vars = append(vars, f[i+1])
		}
	}
	return name, vars
}

// NewGame implements Player: the game's options when they changed (Game,
// BoardSize and Rule in UGI, UCI_Variant in UCI, each only if the engine
// offers it), the user's options, then newgame and isready.
func (u *ugi) NewGame(ctx context.Context, s *Setup) error {
	u.setup = s
	key := s.GameName + "/" + s.Variant + "/" + strconv.Itoa(s.Config.BoardSize) + "/" + s.Config.Rule
	if key != u.sent {
		var set []Option
		if u.uci {
			if vars, ok := u.options["uci_variant"]; ok {
				if len(vars) > 0 && !containsFold(vars, s.Variant) {
					return u.fail(&Fault{Kind: Refused, Msg: "does not offer the variant " + s.Variant + " (UCI_Variant: " + strings.Join(vars, ", ") + ")"})
				}
				set = append(set, Option{"UCI_Variant", s.Variant})
			}
		} else {
			if vars, ok := u.options["game"]; ok {
				if len(vars) > 0 && !containsFold(vars, s.GameName) {
					return u.fail(&Fault{Kind: Refused, Msg: "does not play " + s.GameName + " (Game: " + strings.Join(vars, ", ") + ")"})
				}
				set = append(set, Option{"Game", s.GameName})
			}
			if _, ok := u.options["boardsize"]; ok && s.Config.BoardSize != 0 {
				set = append(set, Option{"BoardSize", strconv.Itoa(s.Config.BoardSize)})
			}
			if _, ok := u.options["rule"]; ok && s.Config.Rule != "" {
				set = append(set, Option{"Rule", s.Config.Rule})
			}
		}
		set = append(set, u.spec.Options...)
		for _, o := range set {
			if err := u.send("setoption name " + o.Name + " value " + o.Value); err != nil {
				return u.fail(err)
			}
		}
		u.sent = key
	}
	if _, ok := u.options["seed"]; ok && s.Seed != 0 {
		if err := u.send("setoption name Seed value " + strconv.FormatUint(s.Seed, 10)); err != nil {
			return u.fail(err)
		}
	}
	newgame := "uginewgame"
	if u.uci {
		newgame = "ucinewgame"
	}
	if err := u.send(newgame); err != nil {
		return u.fail(err)
	}
	return u.sync(ctx)
}

// sync sends isready and waits for readyok.
func (u *ugi) sync(ctx context.Context) error {
	if err := u.send("isready"); err != nil {
		return u.fail(err)
	}
	if err := u.expect(ctx, "readyok", func(line string) (bool, error) {
		return strings.TrimSpace(line) == "readyok", nil
	}); err != nil {
		return u.fail(err)
	}
	return nil
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// drops reports whether moves go out as cutechess's drops, P@b2.
func (u *ugi) drops() bool { return u.uci && u.setup.Placement }

// Move implements Player: position, go, then the info lines up to bestmove.
func (u *ugi) Move(ctx context.Context, t *Turn) (Reply, error) {
	s := u.setup
	var b strings.Builder
	b.WriteString("position ")
	switch {
	case s.StartText == "":
		b.WriteString("startpos")
	case u.uci:
		// cutechess engines read FENs; qi reads its own texts as well.
		f, ok := grid.FEN(s.Start)
		if !ok || !s.Placement {
			f = s.StartText
		}
		b.WriteString("fen " + f)
	default:
		b.WriteString("fen " + s.StartText)
	}
	if len(t.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range t.Moves {
			b.WriteByte(' ')
			// A pass is UCI's null move, 0000, not a drop.
			if u.drops() && m != "0000" {
				b.WriteString("P@")
			}
			b.WriteString(m)
		}
	}
	if err := u.send(b.String(), u.goCommand(t)); err != nil {
		return Reply{}, u.fail(err)
	}
	var last Reply
	r, err := u.awaitMove(ctx, t, "bestmove", func(line string) (Reply, bool, error) {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "info":
			readInfo(f[1:], &last)
		case f[0] == "bestmove":
			if len(f) != 2 && !(len(f) == 4 && f[2] == "ponder") {
				return Reply{}, false, garbled("bestmove <move>", line)
			}
			last.Move = f[1]
			if u.drops() {
				last.Move = strings.TrimPrefix(last.Move, "P@")
			}
			return last, true, nil
		}
		return Reply{}, false, nil
	})
	if err != nil {
		return Reply{}, u.fail(err)
	}
	return r, nil
}

// goCommand writes go with the player's limits; clocks go as p1/p2 in UGI
// and white/black (white the first player) in UCI.
func (u *ugi) goCommand(t *Turn) string {
	s := u.setup
	tc := s.TC[s.Side]
	parts := []string{"go"}
	if tc.HasClock() {
		names := [4]string{"p1time", "p2time", "p1inc", "p2inc"}
		if u.uci {
			names = [4]string{"wtime", "btime", "winc", "binc"}
		}
		left := t.Left
		inc := [2]time.Duration{s.TC[0].Inc, s.TC[1].Inc}
		for side := range 2 {
			// An opponent without a clock is shown as if it had ours.
			if !s.TC[side].HasClock() {
				left[side], inc[side] = t.Left[s.Side], tc.Inc
			}
		}
		parts = append(parts,
			names[0], ms(left[0]), names[1], ms(left[1]),
			names[2], ms(inc[0]), names[3], ms(inc[1]))
		if t.MovesToGo > 0 {
			parts = append(parts, "movestogo", strconv.Itoa(t.MovesToGo))
		}
	}
	if tc.MoveTime > 0 {
		parts = append(parts, "movetime", ms(tc.MoveTime))
	}
	if tc.Depth > 0 {
		parts = append(parts, "depth", strconv.Itoa(tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes", strconv.FormatInt(tc.Nodes, 10))
	}
	return strings.Join(parts, " ")
}

func ms(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 0), 10) }

// readInfo takes the depth and score of an info line.
func readInfo(f []string, r *Reply) {
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "string":
			return
		case "depth":
			if d, err := strconv.Atoi(f[i+1]); err == nil {
				r.Depth = d
			}
		case "score":
			if i+2 >= len(f) {
				return
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "cp":
				r.Score = scoreCP(n)
			case "mate":
				if n >= 0 {
					r.Score = "+M" + strconv.Itoa(n)
				} else {
					r.Score = "-M" + strconv.Itoa(-n)
				}
			}
		}
	}
}

// scoreCP writes a centipawn-like score as records do.
func scoreCP(n int) string {
	return fmt.Sprintf("%+.2f", float64(n)/100)
}

// Quit implements Player.
func (u *ugi) Quit() {
	if u.proc != nil {
		u.proc.quit("quit")
	}
}
