// Package terminal is `qi play`: a person plays any of qi's games against it
// in a terminal, with a board drawing, the choice of who moves first and of
// the level, take-backs (悔棋), hints and plain messages for bad input.
package terminal

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"qi/engines"
)

// pass is how games write a pass; a player whose only move is a pass is told
// so and passes without being asked.
const pass = "0000"

// session is one person's games against qi.
type session struct {
	ctx      context.Context
	in       *bufio.Scanner
	out      io.Writer
	game     engines.Game
	searcher engines.Searcher
	think    time.Duration
	level    int
	human    engines.Side
	pos      engines.Position
}

// errQuit ends the session when the person says so or input ends.
var errQuit = errors.New("quit")

// Run plays games on in and out; args are `[game] [flags]`.
func Run(ctx context.Context, args []string, in io.Reader, out io.Writer, reg *engines.Registry) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(out)
	level := fs.Int("level", 0, fmt.Sprintf("strength from 1 to %d (0: ask)", engines.MaxLevel))
	first := fs.String("first", "ask", "who moves first: you, qi or ask")
	size := fs.Int("size", 0, "board size (0: the game's usual size)")
	rule := fs.String("rule", "", "rule set, for games with several")
	think := fs.Duration("time", 3*time.Second, "qi's thinking time per move")
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: qi play [game] [flags]; games: %s\n", strings.Join(reg.Names(), ", "))
		fs.PrintDefaults()
	}
	name := "tictactoe"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	s := &session{ctx: ctx, in: bufio.NewScanner(in), out: out, think: *think, level: *level}
	if _, ok := reg.Lookup(name); !ok {
		// A variant's name (renju, reversi ...) picks its game and rule.
		if n, cfg, ok := reg.Variant(name, engines.Config{}); ok {
			name = n
			if *rule == "" {
				*rule = cfg.Rule
			}
			if *size == 0 {
				*size = cfg.BoardSize
			}
		}
	}
	if spec, ok := reg.Lookup(name); ok {
		s.printf("qi plays %s. Type help at your move for the commands.\n", name)
		if *rule == "" && len(spec.Rules) > 1 {
			r, err := s.askRule(spec)
			if err == errQuit {
				return nil
			}
			*rule = r
		}
	}
	g, err := reg.New(name, engines.Config{BoardSize: *size, Rule: *rule})
	if err != nil {
		return err
	}
	s.game = g
	if err := s.setup(*first); err != nil {
		if err == errQuit {
			return nil
		}
		return err
	}
	for {
		if err := s.playGame(); err != nil {
			if err == errQuit {
				fmt.Fprintln(out, "Bye.")
				return nil
			}
			return err
		}
		yes, err := s.askYes("Play again? [y/N] ", false)
		if err != nil || !yes {
			fmt.Fprintln(out, "Bye.")
			return nil
		}
	}
}

func (s *session) printf(format string, a ...any) { fmt.Fprintf(s.out, format, a...) }

// line reads a line of input, errQuit at its end.
func (s *session) line(prompt string) (string, error) {
	s.printf("%s", prompt)
	if !s.in.Scan() {
		s.printf("\n")
		return "", errQuit
	}
	return strings.TrimSpace(s.in.Text()), nil
}

func (s *session) askYes(prompt string, def bool) (bool, error) {
	for {
		l, err := s.line(prompt)
		if err != nil {
			return false, err
		}
		switch strings.ToLower(l) {
		case "":
			return def, nil
		case "y", "yes":
			return true, nil
		case "n", "no":
			return false, nil
		}
		s.printf("Please answer y or n.\n")
	}
}

// askRule asks which of the game's rule sets to play, the first by default.
func (s *session) askRule(spec engines.Spec) (string, error) {
	for {
		l, err := s.line(fmt.Sprintf("Rule, one of %s [%s]: ", strings.Join(spec.Rules, ", "), spec.Rules[0]))
		if err != nil {
			return "", err
		}
		if l == "" {
			return spec.Rules[0], nil
		}
		for _, r := range spec.Rules {
			if strings.EqualFold(l, r) {
				return r, nil
			}
		}
		s.printf("Please give one of %s.\n", strings.Join(spec.Rules, ", "))
	}
}

// setup asks for the level and who moves first, unless flags said.
func (s *session) setup(first string) error {
	for s.level < 1 || s.level > engines.MaxLevel {
		l, err := s.line(fmt.Sprintf("Level, 1 (weakest) to %d (full strength) [%d]: ", engines.MaxLevel, engines.MaxLevel))
		if err != nil {
			return err
		}
		if l == "" {
			s.level = engines.MaxLevel
			break
		}
		if n, err := strconv.Atoi(l); err == nil && n >= 1 && n <= engines.MaxLevel {
			s.level = n
			break
		}
		s.printf("Please give a number from 1 to %d.\n", engines.MaxLevel)
	}
	s.searcher = s.game.NewSearcher(engines.Config{Level: s.level})
	switch strings.ToLower(first) {
	case "you", "me", "human":
		s.human = engines.P1
	case "qi", "engine", "computer":
		s.human = engines.P2
	case "ask":
		yes, err := s.askYes(fmt.Sprintf("Do you want to move first (as %s)? [Y/n] ", engines.SideName(s.game, engines.P1)), true)
		if err != nil {
			return err
		}
		s.human = engines.P2
		if yes {
			s.human = engines.P1
		}
	default:
		return fmt.Errorf("-first must be you, qi or ask, not %q", first)
	}
	s.printf("You play %s, qi plays %s at level %d.\n", engines.SideName(s.game, s.human),
		engines.SideName(s.game, s.human.Other()), s.level)
	return nil
}

// playGame plays one game from the start to its end.
func (s *session) playGame() error {
	s.pos = s.game.Start()
	s.searcher.Clear()
	for {
		s.printf("\n%s", s.pos.String())
		if r := s.pos.Result(); r != engines.None {
			s.announce(r)
			return nil
		}
		side := s.pos.SideToMove()
		if moves := s.pos.LegalMoves(nil); len(moves) == 1 && s.pos.MoveText(moves[0]) == pass {
			s.printf("%s has no move and passes.\n", engines.SideName(s.game, side))
			s.pos.Play(moves[0])
			continue
		}
		if side != s.human {
			s.engineMove()
			continue
		}
		if err := s.humanTurn(); err != nil {
			return err
		}
	}
}

func (s *session) announce(r engines.Result) {
	switch r {
	case engines.Draw:
		s.printf("Game over: a draw.\n")
	case engines.WinFor(s.human):
		s.printf("Game over: %s wins. You win, well played!\n", engines.SideName(s.game, s.human))
	default:
		s.printf("Game over: %s wins. qi wins.\n", engines.SideName(s.game, s.human.Other()))
	}
}

func (s *session) search(level int) engines.Info {
	ctx, cancel := context.WithTimeout(s.ctx, s.think)
	defer cancel()
	searcher := s.searcher
	if level != s.level {
		searcher = s.game.NewSearcher(engines.Config{Level: level})
	}
	info := searcher.Search(ctx, s.pos.Clone(), engines.Limits{MoveTime: s.think}, nil)
	if len(info.PV) == 0 {
		info.PV = s.pos.LegalMoves(nil)[:1]
	}
	return info
}

func (s *session) engineMove() {
	s.printf("qi is thinking...\n")
	info := s.search(s.level)
	m := info.Best()
	s.printf("qi (%s) plays %s%s.\n", engines.SideName(s.game, s.pos.SideToMove()), s.pos.MoveText(m), judge(info))
	s.pos.Play(m)
}

// judge says what a search thinks of the game, for people.
func judge(i engines.Info) string {
	if !i.Score.IsMate() {
		return ""
	}
	n := (i.Score.MatePlies() + 1) / 2
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	if i.Score > 0 {
		return fmt.Sprintf(" and will win within %d %s", n, moves)
	}
	return fmt.Sprintf(" (it sees a forced loss within %d %s)", n, moves)
}

// humanTurn reads commands until the person has moved, undone or quit.
func (s *session) humanTurn() error {
	for {
		l, err := s.line(fmt.Sprintf("Your move (%s) > ", engines.SideName(s.game, s.human)))
		if err != nil {
			return err
		}
		switch strings.ToLower(l) {
		case "":
			continue
		case "quit", "exit", "q":
			return errQuit
		case "help", "?":
			s.printf("Type a move (for example %s), or: undo (take back your last move), hint, moves, board, quit.\n",
				s.pos.MoveText(s.pos.LegalMoves(nil)[0]))
			continue
		case "moves":
			var ms []string
			for _, m := range s.pos.LegalMoves(nil) {
				ms = append(ms, s.pos.MoveText(m))
			}
			s.printf("Legal moves: %s\n", strings.Join(ms, " "))
			continue
		case "board", "d":
			s.printf("%s", s.pos.String())
			continue
		case "hint":
			info := s.search(engines.MaxLevel)
			s.printf("Hint: %s%s.\n", s.pos.MoveText(info.Best()), judge(info))
			continue
		case "undo", "悔棋":
			if !s.undo() {
				s.printf("There is no move of yours to take back.\n")
				continue
			}
			return nil
		}
		m, err := engines.Legal(s.pos, l)
		if err != nil {
			s.printf("%v. Type help for the commands.\n", err)
			continue
		}
		s.pos.Play(m)
		return nil
	}
}

// undo takes back the person's last move and qi's replies to it.
func (s *session) undo() bool {
	p := s.pos.Clone()
	for p.Plies() > 0 {
		p.Undo()
		if p.SideToMove() == s.human {
			s.pos = p
			s.printf("Taken back.\n")
			return true
		}
	}
	return false
}
