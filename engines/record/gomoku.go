// This file reads gomoku games from Gomocup's .psq records and from SGF
// files (qi arena's and c-gomoku-cli's), and replays them under qi's rules.

package record

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
)

// GomokuGame is a gomoku game of a record: the board, the rule (from the
// league's name or SGF's RU), the moves as 0-based x,y from the top-left,
// and how many leading moves were the opening.
type GomokuGame struct {
	// Path names the file, with #n for the n-th game of an SGF file.
	Path    string
	League  string
	W, H    int
	Rule    gomoku.Rule
	Moves   [][2]int
	Opening int
	// Names are the engines, the first player's first.
	Names []string
	// Why says why Replay stopped at an illegal move.
	Why string
}

// leagueRule maps a Gomocup league to its rule.
func leagueRule(league string) (gomoku.Rule, bool) {
	l := strings.ToLower(league)
	switch {
	case strings.HasPrefix(l, "renju"):
		return gomoku.Renju, true
	case strings.HasPrefix(l, "standard"):
		return gomoku.Standard, true
	case strings.HasPrefix(l, "freestyle"), strings.HasPrefix(l, "fastgame"):
		return gomoku.Freestyle, true
	case strings.HasPrefix(l, "caro"):
		return gomoku.Caro, true
	}
	return 0, false
}

// Plays reports whether the engine of side (0: the first player, black)
// is named name, the case and a program's .zip or .exe ending aside.
func (r GomokuGame) Plays(name string, side int) bool {
	if side >= len(r.Names) {
		return false
	}
	n := strings.ToLower(r.Names[side])
	n = strings.TrimSuffix(strings.TrimSuffix(n, ".zip"), ".exe")
	return n == strings.ToLower(name)
}

// ReadPSQ reads a .psq record from its bytes; path names it in errors. The
// league comes from the last line ("2,Renju") or, failing that, the file's
// folder.
func ReadPSQ(path string, data []byte) (GomokuGame, error) {
	r := GomokuGame{Path: path}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "Piskvorky ") {
		return r, fmt.Errorf("%s: not a Piskvorky record", path)
	}
	size, _, _ := strings.Cut(strings.TrimPrefix(lines[0], "Piskvorky "), ",")
	ws, hs, ok := strings.Cut(size, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return r, fmt.Errorf("%s: bad board size %q", path, size)
	}
	r.W, r.H = w, h
	i := 1
	for ; i < len(lines); i++ {
		f := strings.Split(strings.TrimSpace(lines[i]), ",")
		if len(f) != 3 {
			break
		}
		x, err1 := strconv.Atoi(f[0])
		y, err2 := strconv.Atoi(f[1])
		ms, err3 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil {
			break
		}
		r.Moves = append(r.Moves, [2]int{x - 1, y - 1})
		if ms == 0 && r.Opening == len(r.Moves)-1 {
			r.Opening++
		}
	}
	var tail []string
	for ; i < len(lines); i++ {
		if s := strings.TrimSpace(lines[i]); s != "" {
			tail = append(tail, s)
		}
	}
	if len(tail) > 0 {
		if _, league, ok := strings.Cut(tail[len(tail)-1], ","); ok {
			r.League = league
		}
		for _, s := range tail {
			if strings.HasSuffix(strings.ToLower(s), ".zip") || strings.HasSuffix(strings.ToLower(s), ".exe") {
				r.Names = append(r.Names, s)
			}
		}
	}
	rule, ok := leagueRule(r.League)
	if !ok {
		r.League = filepath.Base(filepath.Dir(path))
		if rule, ok = leagueRule(r.League); !ok {
			return r, fmt.Errorf("%s: unknown league %q", path, r.League)
		}
	}
	r.Rule = rule
	return r, nil
}

// ReadGomokuSGF reads the gomoku games of an SGF file. The rule comes from
// RU, Gomocup's rule number, which qi arena and c-gomoku-cli write; games
// without it or SZ, or from set-up stones (AB, AW: their moves are not the
// game's from the empty board), are skipped.
func ReadGomokuSGF(path string, data []byte) ([]GomokuGame, error) {
	games, err := ReadSGFGames(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []GomokuGame
	for i, g := range games {
		rule, _, err := gomoku.RuleFromGomocup(g.Rule)
		if err != nil || g.W == 0 || g.H == 0 || len(g.Root["AB"])+len(g.Root["AW"]) > 0 {
			continue
		}
		r := GomokuGame{Path: fmt.Sprintf("%s#%d", path, i+1), League: rule.String(), W: g.W, H: g.H, Rule: rule, Moves: g.Moves, Opening: g.Opening}
		for _, k := range []string{"PB", "PW"} {
			name := ""
			if v := g.Root[k]; len(v) > 0 {
				name = v[0]
			}
			r.Names = append(r.Names, name)
		}
		out = append(out, r)
	}
	return out, nil
}

// WalkGomoku calls fn for every game of the records at paths, in path
// order: .psq files (one game each) and .sgf files (a game each of their
// trees), given as files or found in the folders given.
func WalkGomoku(paths []string, fn func(GomokuGame) error) error {
	if len(paths) == 0 {
		return fmt.Errorf("no record folder given")
	}
	var files []string
	for _, dir := range paths {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (hasExt(path, ".psq") || hasExt(path, ".sgf")) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	sort.Strings(files)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var rs []GomokuGame
		if hasExt(path, ".sgf") {
			rs, err = ReadGomokuSGF(path, data)
		} else {
			var r GomokuGame
			r, err = ReadPSQ(path, data)
			rs = []GomokuGame{r}
		}
		if err != nil {
			return err
		}
		for _, r := range rs {
			if err := fn(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasExt reports whether path's name ends in ext, in any case.
func hasExt(path, ext string) bool {
	return strings.HasSuffix(strings.ToLower(path), ext)
}

// Replay plays r's moves and calls at (if not nil) before each move with the
// position and the move to come; it returns the final position and the index
// of the first illegal move (-1 when all were legal), whose reason it keeps
// in Why.
func (r *GomokuGame) Replay(at func(p *gomoku.Position, ply int, m engines.Move) error) (*gomoku.Position, int, error) {
	g, err := gomoku.NewGame(r.W, r.H, r.Rule)
	if err != nil {
		return nil, 0, err
	}
	p := g.NewPosition()
	for i, xy := range r.Moves {
		if p.Result() != engines.None {
			break
		}
		m, err := g.Move(xy[0], xy[1])
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			r.Why = err.Error()
			return p, i, nil
		}
		if at != nil {
			if err := at(p, i, m); err != nil {
				return p, i, err
			}
		}
		p.Play(m)
	}
	return p, -1, nil
}

// Decisive replays r and returns its final position and result when every
// move was legal and the game was won; ok is false otherwise.
func (r *GomokuGame) Decisive() (final *gomoku.Position, winner engines.Result, ok bool, err error) {
	final, bad, err := r.Replay(nil)
	if err != nil || bad >= 0 {
		return nil, engines.None, false, err
	}
	winner = final.Result()
	return final, winner, winner == engines.P1Win || winner == engines.P2Win, nil
}
