// This file reads the games of any record file qi knows (PGN, SGF, GGF,
// WTHOR and Gomocup's psq) as positions and moves of qi's games, each
// replayed under qi's rules: for the tools that take games whatever their
// source, as qi analyze does.

package record

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/grid"
	"qi/engines/othello"
)

// Format is a kind of record file, named by its usual extension.
type Format string

// The formats ReadGames reads.
const (
	FormatPGN   Format = "pgn"
	FormatSGF   Format = "sgf"
	FormatGGF   Format = "ggf"
	FormatWTHOR Format = "wtb"
	FormatPSQ   Format = "psq"
)

// errFormat says which records are read.
const formatList = "PGN, SGF, GGF, WTHOR (.wtb) or Gomocup (.psq)"

// FormatOf returns the format of a record file by its name's extension or,
// for a name without a known one (standard input), by how its text begins.
func FormatOf(name string, data []byte) (Format, error) {
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".pgn", ".sgf", ".ggf", ".wtb", ".psq":
		return Format(ext[1:]), nil
	}
	head := data[:min(len(data), 4096)]
	s := strings.TrimLeft(string(head), " \t\r\n\ufeff")
	switch {
	case strings.HasPrefix(s, "Piskvorky "):
		return FormatPSQ, nil
	case strings.HasPrefix(s, "[") || strings.HasPrefix(s, "1."):
		return FormatPGN, nil
	case strings.HasPrefix(s, "(;") && strings.Contains(s, "BO["):
		return FormatGGF, nil
	case strings.HasPrefix(s, "(;"):
		return FormatSGF, nil
	}
	return "", fmt.Errorf("%s: not a game record qi reads (%s)", name, formatList)
}

// Setting is what a user says of a record's games (the tools' -game, -size
// and -rule): it fills in what a record leaves open, and must agree with
// what the record says.
type Setting struct {
	// Game is a game or variant name of the registry ("gomoku", "renju").
	Game      string
	BoardSize int
	Rule      string
}

// Replayed is a game of a record file, replayed under qi's rules.
type Replayed struct {
	// Source names the game: the file, with #n for the n-th game of a
	// file of several.
	Source string
	Format Format
	// Name and Config are the game as the registry made it: its name, its
	// board size and rule (zero when the game has no choice).
	Name   string
	Config engines.Config
	Game   engines.Game
	// Start is the position before the first move.
	Start engines.Position
	Moves []engines.Move
	// Record holds what the record says about the game: its players,
	// event, date, result and ending, and the moves' texts in the game's
	// notation, those of the record's opening marked Book. Its Game,
	// Rule, BoardSize, StartText and StartSide are the replayed game's.
	Record Game
	// Err says why the game could not be replayed: its game is unknown,
	// or a move is illegal (Moves then holds those before it). The other
	// games of the file are read all the same.
	Err error
}

// Final returns the position after the game's moves.
func (r *Replayed) Final() engines.Position {
	p := r.Start.Clone()
	for _, m := range r.Moves {
		p.Play(m)
	}
	return p
}

// ReadGameFile reads the games of the record file at path. A WTHOR file's
// players and tournaments are named from WTH.JOU and WTH.TRN in its folder,
// when they are there.
func ReadGameFile(reg *engines.Registry, path string, set Setting) ([]Replayed, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	format, err := FormatOf(path, data)
	if err != nil {
		return nil, err
	}
	if format == FormatWTHOR {
		names, _, err := ReadWTHORNames(filepath.Dir(path))
		if err != nil {
			return nil, err
		}
		return readWTHOR(reg, path, data, set, names)
	}
	return ReadGames(reg, path, data, set)
}

// ReadGames reads the games of a record's text (or a WTHOR file's bytes);
// name names it in sources and errors, and gives its format by its
// extension (FormatOf). An error is about the file as a whole: a game that
// cannot be replayed has its own Err.
func ReadGames(reg *engines.Registry, name string, data []byte, set Setting) ([]Replayed, error) {
	format, err := FormatOf(name, data)
	if err != nil {
		return nil, err
	}
	var games []Replayed
	switch format {
	case FormatPGN:
		games, err = readPGNGames(reg, name, data, set)
	case FormatSGF:
		games, err = readSGFGames(reg, name, data, set)
	case FormatGGF:
		games, err = readGGFGames(reg, name, data, set)
	case FormatWTHOR:
		games, err = readWTHOR(reg, name, data, set, nil)
	case FormatPSQ:
		games, err = readPSQGame(reg, name, data, set)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return games, nil
}

// source names game i of n in the file name.
func source(name string, i, n int) string {
	if n == 1 {
		return name
	}
	return fmt.Sprintf("%s#%d", name, i+1)
}

// resolve makes the game that a record says (said) and the user's setting
// agree on: the record's word where it has one, the setting's where it has
// none, and an error where both speak and differ. The record names a game
// by the registry's name (a Variant tag by cutechess's, which byVariant
// says); the user by a game's or a variant's name, as the other tools take
// -game.
func resolve(reg *engines.Registry, said Setting, byVariant bool, set Setting) (string, engines.Config, engines.Game, error) {
	name, cfg, err := settle(reg, said, byVariant)
	if err != nil {
		return "", cfg, nil, fmt.Errorf("the record's game: %w", err)
	}
	uname, ucfg, err := settle(reg, set, true)
	if err != nil {
		return "", cfg, nil, err
	}
	switch {
	case name == "":
		name = uname
	case uname != "" && uname != name:
		return "", cfg, nil, fmt.Errorf("the record holds %s, not %s", name, uname)
	}
	if name == "" {
		return "", cfg, nil, errors.New("the record does not say which game it is: give -game")
	}
	switch {
	case cfg.BoardSize == 0:
		cfg.BoardSize = ucfg.BoardSize
	case ucfg.BoardSize != 0 && ucfg.BoardSize != cfg.BoardSize:
		return "", cfg, nil, fmt.Errorf("the record's board has side %d, not %d", cfg.BoardSize, ucfg.BoardSize)
	}
	switch {
	case cfg.Rule == "":
		cfg.Rule = ucfg.Rule
	case ucfg.Rule != "" && !strings.EqualFold(ucfg.Rule, cfg.Rule):
		return "", cfg, nil, fmt.Errorf("the record's rule is %s, not %s", cfg.Rule, ucfg.Rule)
	}
	g, err := reg.New(name, cfg)
	if err != nil {
		return "", cfg, nil, err
	}
	// The game's usual board and rule, named: a record written of the
	// game says them.
	spec, _ := reg.Lookup(name)
	if cfg.BoardSize == 0 && len(spec.Sizes) > 0 {
		cfg.BoardSize = spec.Sizes[0]
	}
	if cfg.Rule == "" && len(spec.Rules) > 0 {
		cfg.Rule = spec.Rules[0]
	}
	return name, cfg, g, nil
}

// settle turns a setting into the game's registry name and configuration.
// With byVariant a variant's name comes first and sets the rule and board
// it stands for, which a rule or size given with it overrides (as qi
// arena's -game, -rule and -size do); otherwise the name is the game's. An
// empty game gives an empty name.
func settle(reg *engines.Registry, s Setting, byVariant bool) (string, engines.Config, error) {
	cfg := engines.Config{BoardSize: s.BoardSize, Rule: s.Rule}
	if s.Game == "" {
		return "", cfg, nil
	}
	if spec, ok := reg.Lookup(s.Game); ok && !byVariant {
		return spec.Name, cfg, nil
	}
	name, vcfg, ok := reg.Variant(s.Game, cfg)
	if !ok {
		return "", cfg, fmt.Errorf("unknown game %q (known: %s)", s.Game, strings.Join(reg.VariantNames(), ", "))
	}
	if s.Rule != "" {
		vcfg.Rule = s.Rule
	}
	if s.BoardSize != 0 {
		vcfg.BoardSize = s.BoardSize
	}
	return name, vcfg, nil
}

// replayer plays a record's moves on a game's start position.
type replayer struct {
	r   *Replayed
	pos engines.Position
}

// begin starts the replay of r from start (nil: the game's start).
func begin(r *Replayed, start engines.Position) *replayer {
	if start == nil {
		start = r.Game.Start()
	}
	r.Start = start.Clone()
	r.Record.Game = r.Name
	r.Record.Rule, r.Record.BoardSize = r.Config.Rule, r.Config.BoardSize
	r.Record.StartSide = start.SideToMove()
	if start.Text() != r.Game.Start().Text() {
		r.Record.StartText = start.Text()
	}
	return &replayer{r: r, pos: start.Clone()}
}

// play plays the record's move text, noting the first error: a pass that
// the record leaves out (othello's WTHOR and some GGF) is played first.
// It reports whether the replay goes on.
func (p *replayer) play(text string, book bool) bool {
	if p.r.Err != nil {
		return false
	}
	m, err := engines.Legal(p.pos, text)
	if err != nil && p.forcedPass() {
		p.add(othello.Pass, false)
		m, err = engines.Legal(p.pos, text)
	}
	if err != nil {
		p.r.Err = fmt.Errorf("move %d (%s): %w", len(p.r.Moves)+1, text, err)
		return false
	}
	p.add(m, book)
	return true
}

// forcedPass reports whether the position's only move is othello's pass.
func (p *replayer) forcedPass() bool {
	if _, ok := p.pos.(*othello.Position); !ok {
		return false
	}
	ms := p.pos.LegalMoves(nil)
	return len(ms) == 1 && ms[0] == othello.Pass
}

func (p *replayer) add(m engines.Move, book bool) {
	p.r.Record.Moves = append(p.r.Record.Moves, Move{Text: p.pos.MoveText(m), Book: book})
	p.r.Moves = append(p.r.Moves, m)
	p.pos.Play(m)
}

// finish takes the result the moves reached when the record gives none.
func (p *replayer) finish() {
	if p.r.Record.Result == engines.None && p.r.Err == nil {
		p.r.Record.Result = p.pos.Result()
	}
}

// readPGNGames reads the games of a PGN text: the game from the Game tag
// (qi's) or the Variant tag (cutechess's), with Rule and BoardSize; the
// start from FEN; the opening's moves by their {book} comments.
func readPGNGames(reg *engines.Registry, name string, data []byte, set Setting) ([]Replayed, error) {
	pgs, err := ReadPGN(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	games := make([]Replayed, len(pgs))
	for i, pg := range pgs {
		r := &games[i]
		r.Source, r.Format = source(name, i, len(pgs)), FormatPGN
		said, byVariant := Setting{Game: pg.Tags["Game"], Rule: pg.Tags["Rule"]}, false
		if said.Game == "" {
			said.Game, byVariant = pg.Tags["Variant"], true
		}
		if s := pg.Tags["BoardSize"]; s != "" {
			if said.BoardSize, err = strconv.Atoi(s); err != nil {
				r.Err = fmt.Errorf("bad BoardSize tag %q", s)
				continue
			}
		}
		r.Record = pgnRecord(pg)
		if r.Name, r.Config, r.Game, r.Err = resolve(reg, said, byVariant, set); r.Err != nil {
			continue
		}
		var start engines.Position
		if fen := pg.Tags["FEN"]; fen != "" {
			if start, r.Err = r.Game.Parse(fen); r.Err != nil {
				r.Err = fmt.Errorf("the start position (FEN): %w", r.Err)
				continue
			}
		}
		p := begin(r, start)
		for j, text := range pg.Moves {
			if !p.play(text, pg.Comments[j] == "book") {
				break
			}
		}
		p.finish()
	}
	return games, nil
}

// pgnRecord is what a PGN game's tags and comments say about it.
func pgnRecord(pg PGNGame) Game {
	g := Game{
		Event: orNone(pg.Tags["Event"]), Site: orNone(pg.Tags["Site"]), Round: orNone(pg.Tags["Round"]),
		Players:     [2]string{orNone(pg.Tags["White"]), orNone(pg.Tags["Black"])},
		Variant:     pg.Tags["Variant"],
		TimeControl: pg.Tags["TimeControl"], Termination: pg.Tags["Termination"], Reason: pg.Final,
	}
	if d, err := time.Parse("2006.01.02", pg.Tags["Date"]); err == nil {
		g.Date = d
	}
	g.Result, _ = ParseResult(pg.Result)
	return g
}

// orNone reads PGN's "?" (unknown) as "".
func orNone(s string) string {
	if s == "?" {
		return ""
	}
	return s
}

// sgfGameNumber is SGF's GM of gomoku and renju, which qi arena also
// writes for tic-tac-toe (on SZ[3]).
const sgfGameNumber = "4"

// readSGFGames reads the games of an SGF text: gomoku (GM[4], the rule
// from RU, Gomocup's number) or tic-tac-toe (GM[4] on SZ[3], as qi arena
// writes it), from AB/AW set-up stones with PL to move, the opening's moves
// by their "opening move" comments.
func readSGFGames(reg *engines.Registry, name string, data []byte, set Setting) ([]Replayed, error) {
	sgs, err := ReadSGFGames(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	games := make([]Replayed, len(sgs))
	for i, sg := range sgs {
		r := &games[i]
		r.Source, r.Format = source(name, i, len(sgs)), FormatSGF
		r.Record = sgfRecord(sg.Root)
		said, err := sgfSetting(sg)
		if err != nil {
			r.Err = err
			continue
		}
		if r.Name, r.Config, r.Game, r.Err = resolve(reg, said, false, set); r.Err != nil {
			continue
		}
		geo, err := grid.Of(r.Game)
		if err != nil {
			r.Err = err
			continue
		}
		start, err := sgfStart(r.Game, geo, sg.Root)
		if err != nil {
			r.Err = err
			continue
		}
		p := begin(r, start)
		for j, xy := range sg.Moves {
			if !geo.On(xy[0], xy[1]) {
				r.Err = fmt.Errorf("move %d: point %s is off the %dx%d board", j+1, string([]byte{byte('a' + xy[0]), byte('a' + xy[1])}), geo.W, geo.H)
				break
			}
			if !p.play(geo.Square(xy[0], xy[1]), j < sg.Opening) {
				break
			}
		}
		p.finish()
	}
	return games, nil
}

// sgfSetting is the game an SGF game's root says: GM, SZ and RU.
func sgfSetting(sg SGFGame) (Setting, error) {
	if gm := sg.Root["GM"]; len(gm) > 0 && gm[0] != sgfGameNumber {
		return Setting{}, fmt.Errorf("an SGF game of GM[%s]: qi reads gomoku's (GM[4]); othello's records are GGF", gm[0])
	}
	if sg.W != sg.H {
		return Setting{}, fmt.Errorf("a %dx%d board: qi reads square boards", sg.W, sg.H)
	}
	s := Setting{Game: "gomoku", BoardSize: sg.W}
	if sg.W == 3 {
		return Setting{Game: "tictactoe"}, nil
	}
	if sg.Rule >= 0 {
		rule, _, err := gomoku.RuleFromGomocup(sg.Rule)
		if err != nil {
			return Setting{}, err
		}
		s.Rule = rule.String()
	}
	return s, nil
}

// sgfRecord is what an SGF game's root says about it.
func sgfRecord(root SGFNode) Game {
	first := func(id string) string {
		if v := root[id]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	g := Game{Event: first("EV"), Round: first("RO"), Players: [2]string{first("PB"), first("PW")}, Reason: first("TE")}
	if d, err := time.Parse("2006.01.02 15:04:05", first("DT")); err == nil {
		g.Date = d
	} else if d, err := time.Parse("2006-01-02", first("DT")); err == nil {
		g.Date = d
	}
	switch re := first("RE"); {
	case strings.HasPrefix(re, "B+"):
		g.Result = engines.P1Win
	case strings.HasPrefix(re, "W+"):
		g.Result = engines.P2Win
	case re == "0" || strings.EqualFold(re, "draw"):
		g.Result = engines.Draw
	}
	return g
}

// sgfStart is the position of an SGF game's set-up stones (AB, AW) with PL
// to move, nil when it has none.
func sgfStart(g engines.Game, geo grid.Geometry, root SGFNode) (engines.Position, error) {
	if len(root["AB"]) == 0 && len(root["AW"]) == 0 {
		return nil, nil
	}
	rows := make([][]byte, geo.H)
	for y := range rows {
		rows[y] = bytes.Repeat([]byte{'.'}, geo.W)
	}
	for id, c := range map[string]byte{"AB": 'x', "AW": 'o'} {
		for _, pt := range root[id] {
			x, y, err := SGFPoint(pt)
			if err != nil || !geo.On(x, y) {
				return nil, fmt.Errorf("bad set-up point %s[%s]", id, pt)
			}
			rows[y][x] = c
		}
	}
	side := "x"
	if pl := root["PL"]; len(pl) > 0 && pl[0] == "W" {
		side = "o"
	}
	p, err := g.Parse(string(bytes.Join(rows, []byte("/"))) + " " + side)
	if err != nil {
		return nil, fmt.Errorf("the set-up stones: %w", err)
	}
	return p, nil
}

// readGGFGames reads the othello games of a GGF text: the board and side
// to move of BO, the moves (a B or W move must be that side's), the opening
// as the moves before the first with an evaluation, when some have one.
func readGGFGames(reg *engines.Registry, name string, data []byte, set Setting) ([]Replayed, error) {
	ggs, err := ReadGGF(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	games := make([]Replayed, len(ggs))
	for i, gg := range ggs {
		r := &games[i]
		r.Source, r.Format = source(name, i, len(ggs)), FormatGGF
		r.Record = Game{
			Site: gg.Tags["PC"], Players: [2]string{gg.Tags["PB"], gg.Tags["PW"]}, TimeControl: gg.Tags["TI"],
			Reason: gg.Tags["C"], Result: GGFResult(gg.Tags["RE"]),
		}
		if dt, _, _ := strings.Cut(gg.Tags["DT"], "_"); dt != "" {
			if d, err := time.Parse("2006.01.02", dt); err == nil {
				r.Record.Date = d
			}
		}
		bo, err := othello.ParseGGFBoard(gg.Tags["BO"])
		if err != nil {
			r.Err = err
			continue
		}
		if gm := gg.Tags["GM"]; gm != "" && !strings.HasPrefix(strings.ToLower(gm), "othello") {
			r.Err = fmt.Errorf("a GGF game of GM[%s]: qi reads othello's", gm)
			continue
		}
		if r.Name, r.Config, r.Game, r.Err = resolve(reg, Setting{Game: "othello", BoardSize: bo.Size()}, false, set); r.Err != nil {
			continue
		}
		texts := make([]string, len(gg.Moves))
		opening, annotated := 0, false
		for j, m := range gg.Moves {
			_, v, _ := strings.Cut(m, ":")
			mv, _, evaluated := strings.Cut(v, "/")
			texts[j] = mv
			if !evaluated && !annotated {
				opening = j + 1
			}
			annotated = annotated || evaluated
		}
		if !annotated {
			// A record without evaluations tells no opening apart.
			opening = 0
		}
		p := begin(r, bo)
		for j, m := range gg.Moves {
			tag, _, _ := strings.Cut(m, ":")
			want := engines.P1
			if tag == "W" {
				want = engines.P2
			}
			if p.pos.SideToMove() != want && p.forcedPass() {
				p.add(othello.Pass, j < opening)
			}
			if p.pos.SideToMove() != want {
				r.Err = fmt.Errorf("move %d %s[%s]: not that side's turn", len(r.Moves)+1, tag, texts[j])
				break
			}
			if !p.play(texts[j], j < opening) {
				break
			}
		}
		p.finish()
	}
	return games, nil
}

// readWTHOR reads the games of a WTHOR file, named by names (nil: none).
func readWTHOR(reg *engines.Registry, name string, data []byte, set Setting, names *WTHORNames) ([]Replayed, error) {
	wgs, err := ParseWTHOR(name, data)
	if err != nil {
		return nil, err
	}
	games := make([]Replayed, len(wgs))
	for i, wg := range wgs {
		r := &games[i]
		r.Source, r.Format = source(name, i, len(wgs)), FormatWTHOR
		r.Record = Game{
			Event: strings.TrimSpace(fmt.Sprintf("%s %d", names.Tournament(wg.Tournament), wg.Year)),
			Players: [2]string{
				orNumber(names.Player(wg.Black), wg.Black), orNumber(names.Player(wg.White), wg.White),
			},
			Result: wg.Result(),
		}
		if r.Name, r.Config, r.Game, r.Err = resolve(reg, Setting{Game: "othello", BoardSize: 8}, false, set); r.Err != nil {
			continue
		}
		p := begin(r, nil)
		for _, sq := range wg.Moves {
			if !p.play(othello.SquareName(sq, 8), false) {
				break
			}
		}
	}
	return games, nil
}

// orNumber names a WTHOR player by number when the names do not know it.
func orNumber(name string, n int) string {
	if name != "" {
		return name
	}
	return fmt.Sprintf("player %d", n)
}

// readPSQGame reads a Gomocup .psq record: gomoku under the league's rule,
// the opening as the moves of 0 ms.
func readPSQGame(reg *engines.Registry, name string, data []byte, set Setting) ([]Replayed, error) {
	rec, err := ReadPSQ(name, data)
	if err != nil {
		return nil, err
	}
	r := Replayed{Source: name, Format: FormatPSQ, Record: Game{Event: rec.League}}
	for i, n := range rec.Names {
		if i < 2 {
			r.Record.Players[i] = n
		}
	}
	games := []Replayed{r}
	g := &games[0]
	if rec.W != rec.H {
		g.Err = fmt.Errorf("a %dx%d board: qi reads square boards", rec.W, rec.H)
		return games, nil
	}
	if g.Name, g.Config, g.Game, g.Err = resolve(reg, Setting{Game: "gomoku", BoardSize: rec.W, Rule: rec.Rule.String()}, false, set); g.Err != nil {
		return games, nil
	}
	geo, err := grid.Of(g.Game)
	if err != nil {
		g.Err = err
		return games, nil
	}
	p := begin(g, nil)
	for j, xy := range rec.Moves {
		if p.pos.Result() != engines.None {
			break
		}
		if !geo.On(xy[0], xy[1]) {
			g.Err = fmt.Errorf("move %d: %d,%d is off the %dx%d board", j+1, xy[0]+1, xy[1]+1, geo.W, geo.H)
			break
		}
		if !p.play(geo.Square(xy[0], xy[1]), j < rec.Opening) {
			break
		}
	}
	p.finish()
	return games, nil
}
