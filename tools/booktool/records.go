// This file reads the game records a book is built or learned from, each
// turned into the book's games: WTHOR (.wtb), Gomocup (.psq), qi's own PGN,
// GGF and SGF records (those of `qi arena`) and the books' game logs
// (.log). Games of another game, board or rule are skipped and counted.

package booktool

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"qi/book"
	"qi/engines"
	"qi/engines/gomoku"
	"qi/engines/othello"
	"qi/engines/record"
)

// records reads the games of one book's game from record files.
type records struct {
	reg  *engines.Registry
	game engines.Game
	// read counts the games read by kind of file; skipped the games and
	// files left out, by why; bad keeps the first few reasons in full.
	read, skipped map[string]int
	bad           []string
	// anyRule takes gomoku games of any rule on the book's board,
	// replayed under the book's rule.
	anyRule bool
}

func newRecords(reg *engines.Registry, g engines.Game) *records {
	return &records{reg: reg, game: g, read: map[string]int{}, skipped: map[string]int{}}
}

// recordKinds are the extensions read, and what they hold.
var recordKinds = map[string]string{
	".wtb": "WTHOR", ".psq": "Gomocup psq", ".pgn": "PGN", ".ggf": "GGF", ".sgf": "SGF", ".log": "game log",
}

// files lists the record files among paths, the folders walked, in name
// order.
func (r *records) files(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if strings.HasSuffix(path, ".journal") {
					return filepath.SkipDir
				}
				return nil
			}
			if _, ok := recordKinds[strings.ToLower(filepath.Ext(path))]; ok {
				files = append(files, path)
			} else if path == p {
				return fmt.Errorf("%s: not a record qi reads (%s)", path, kindList())
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	return files, nil
}

func kindList() string {
	var ks []string
	for ext, k := range recordKinds {
		ks = append(ks, ext+" "+k)
	}
	slices.Sort(ks)
	return strings.Join(ks, ", ")
}

// skip counts a game or file left out for why, keeping the first few
// details.
func (r *records) skip(why, detail string) {
	r.skipped[why]++
	if len(r.bad) < 5 && detail != "" {
		r.bad = append(r.bad, detail)
	}
}

// readFile calls fn with each game of the book's game in the file at path.
func (r *records) readFile(path string, fn func(book.Game) error) error {
	kind := recordKinds[strings.ToLower(filepath.Ext(path))]
	var games []book.Game
	var err error
	switch kind {
	case "WTHOR":
		games, err = r.wthor(path)
	case "Gomocup psq":
		games, err = r.psq(path)
	case "PGN":
		games, err = r.pgn(path)
	case "GGF":
		games, err = r.ggf(path)
	case "SGF":
		games, err = r.sgf(path)
	case "game log":
		var bad []string
		games, bad, err = book.ReadLogFile(path, r.game)
		for _, b := range bad {
			r.skip("bad log line", b)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, g := range games {
		r.read[kind]++
		if err := fn(g); err != nil {
			return err
		}
	}
	return nil
}

// othello reports whether the book's game is othello on size.
func (r *records) othello(size int) bool {
	g, ok := r.game.(*othello.Game)
	return ok && g.Size() == size
}

// gomoku returns the book's game when it is gomoku on a w x h board under
// rule (or any rule, with anyRule); ok is false otherwise.
func (r *records) gomoku(w, h int, rule gomoku.Rule) (g *gomoku.Game, ok bool) {
	g, ok = r.game.(*gomoku.Game)
	return g, ok && g.Width() == w && g.Height() == h && (g.Rule() == rule || r.anyRule)
}

// play reads the moves texts played in turn from a copy of pos.
func play(pos engines.Position, texts []string) ([]engines.Move, error) {
	p := pos.Clone()
	moves := make([]engines.Move, len(texts))
	for i, t := range texts {
		m, err := engines.Legal(p, t)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		p.Play(m)
		moves[i] = m
	}
	return moves, nil
}

func (r *records) wthor(path string) ([]book.Game, error) {
	if !r.othello(8) {
		r.skip("WTHOR file for another game", "")
		return nil, nil
	}
	wg, err := record.ReadWTHORFile(path)
	if err != nil {
		return nil, err
	}
	var games []book.Game
	for i, w := range wg {
		moves, err := w.Replay(nil)
		if err != nil {
			r.skip("illegal move", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
			continue
		}
		games = append(games, book.Game{Moves: moves, Result: w.Result()})
	}
	return games, nil
}

func (r *records) psq(path string) ([]book.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := record.ReadPSQ(path, data)
	if err != nil {
		r.skip("unreadable psq", err.Error())
		return nil, nil
	}
	g, ok := r.gomoku(rec.W, rec.H, rec.Rule)
	if !ok {
		r.skip("game of another board or rule", "")
		return nil, nil
	}
	// Replayed under the book's rule (-anyrule reads others).
	rec.Rule = g.Rule()
	var moves []engines.Move
	final, bad, err := rec.Replay(func(_ *gomoku.Position, _ int, m engines.Move) error {
		moves = append(moves, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if bad >= 0 {
		r.skip("illegal move", fmt.Sprintf("%s: move %d: %s", path, bad+1, rec.Why))
		return nil, nil
	}
	return []book.Game{{Moves: moves, Result: final.Result(), Opening: rec.Opening}}, nil
}

func (r *records) pgn(path string) ([]book.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pgs, err := record.ReadPGN(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var games []book.Game
	for i, pg := range pgs {
		// qi's Game tag names the game, the Variant tag cutechess's
		// variant (whose "gomoku" is the standard rule).
		size, _ := strconv.Atoi(pg.Tags["BoardSize"])
		name, cfg := pg.Tags["Game"], engines.Config{BoardSize: size, Rule: pg.Tags["Rule"]}
		ok := name != ""
		if !ok {
			name, cfg, ok = r.reg.Variant(pg.Tags["Variant"], cfg)
		}
		if !ok || !r.same(name, cfg) {
			r.skip("game of another game, board or rule", "")
			continue
		}
		start := r.game.Start()
		var setup engines.Position
		if fen := pg.Tags["FEN"]; fen != "" {
			if setup, err = r.game.Parse(fen); err != nil {
				r.skip("bad start position", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
				continue
			}
			start = setup
		}
		moves, err := play(start, pg.Moves)
		if err != nil {
			r.skip("illegal move", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
			continue
		}
		result, err := record.ParseResult(pg.Result)
		if err != nil {
			r.skip("bad result", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
			continue
		}
		opening := 0
		for opening < len(pg.Comments) && pg.Comments[opening] == "book" {
			opening++
		}
		games = append(games, book.Game{Start: setup, Moves: moves, Result: result, Opening: opening})
	}
	return games, nil
}

// same reports whether the game name under cfg is the book's game.
func (r *records) same(name string, cfg engines.Config) bool {
	g, err := r.reg.New(name, cfg)
	if err != nil || g.Name() != r.game.Name() {
		return false
	}
	p, ok1 := g.(engines.Packer)
	q, ok2 := r.game.(engines.Packer)
	return ok1 && ok2 && p.Setting() == q.Setting()
}

func (r *records) ggf(path string) ([]book.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ggs, err := record.ReadGGF(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var games []book.Game
	for i, gg := range ggs {
		bo, err := othello.ParseGGFBoard(gg.Tags["BO"])
		if err != nil || !r.othello(bo.Size()) {
			r.skip("game of another game or board", "")
			continue
		}
		var start engines.Position
		if bo.Text() != othello.StartPosition(bo.Size()).Text() {
			start = bo
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
		moves, err := play(bo, texts)
		if err != nil {
			r.skip("illegal move", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
			continue
		}
		games = append(games, book.Game{Start: start, Moves: moves, Result: record.GGFResult(gg.Tags["RE"]), Opening: opening})
	}
	return games, nil
}

func (r *records) sgf(path string) ([]book.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sgs, err := record.ReadSGFGames(f)
	if err != nil {
		return nil, err
	}
	var games []book.Game
	for i, sg := range sgs {
		if sg.W == 0 || sg.Rule < 0 {
			r.skip("SGF without SZ or RU", "")
			continue
		}
		rule, _, err := gomoku.RuleFromGomocup(sg.Rule)
		g, ok := r.gomoku(sg.W, sg.H, rule)
		if err != nil || !ok {
			r.skip("game of another board or rule", "")
			continue
		}
		pos, setup, err := sgfSetup(g, sg.Root)
		if err != nil {
			r.skip("bad start position", fmt.Sprintf("%s: game %d: %v", path, i+1, err))
			continue
		}
		moves := make([]engines.Move, 0, len(sg.Moves))
		for _, xy := range sg.Moves {
			m, err := g.Move(xy[0], xy[1])
			if err == nil {
				err = pos.Legal(m)
			}
			if err != nil {
				return nil, fmt.Errorf("game %d: move %d: %w", i+1, len(moves)+1, err)
			}
			pos.Play(m)
			moves = append(moves, m)
		}
		result := engines.None
		if re := sg.Root["RE"]; len(re) > 0 {
			switch re[0] {
			case "B+1":
				result = engines.P1Win
			case "W+1":
				result = engines.P2Win
			case "0":
				result = engines.Draw
			}
		}
		games = append(games, book.Game{Start: setup, Moves: moves, Result: result, Opening: sg.Opening})
	}
	return games, nil
}

// sgfSetup returns the position an SGF game starts from: its AB and AW
// stones with PL to move, or the empty board (setup nil then).
func sgfSetup(g *gomoku.Game, root record.SGFNode) (pos *gomoku.Position, setup engines.Position, err error) {
	if len(root["AB"]) == 0 && len(root["AW"]) == 0 {
		return g.NewPosition(), nil, nil
	}
	rows := make([][]byte, g.Height())
	for y := range rows {
		rows[y] = bytes.Repeat([]byte{'.'}, g.Width())
	}
	for id, c := range map[string]byte{"AB": 'x', "AW": 'o'} {
		for _, pt := range root[id] {
			x, y, err := record.SGFPoint(pt)
			if err != nil || x >= g.Width() || y >= g.Height() {
				return nil, nil, fmt.Errorf("bad setup point %q", pt)
			}
			rows[y][x] = c
		}
	}
	side := "x"
	if len(root["PL"]) > 0 && root["PL"][0] == "W" {
		side = "o"
	}
	text := string(bytes.Join(rows, []byte("/"))) + " " + side
	p, err := g.ParsePosition(text)
	if err != nil {
		return nil, nil, err
	}
	return p, p.Clone(), nil
}
