// This file reads Gomocup's .psq game records and replays them.

package gomocup

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"qi/engines"
	"qi/engines/gomoku"
	"qi/protocol/cmdline"
	sgf "qi/tools/arena/record"
)

// record is one game: the board, the rule (from the league's name), the
// moves as 0-based x,y, and how many leading moves were the opening (0 ms).
type record struct {
	path    string
	league  string
	w, h    int
	rule    gomoku.Rule
	moves   [][2]int
	opening int
	names   []string // the engines, the first player's first
	why     string   // why the replay stopped at an illegal move
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

// plays reports whether the engine of side (0: the first player, black)
// is named name, the case and a program's .zip or .exe ending aside.
func (r record) plays(name string, side int) bool {
	if side >= len(r.names) {
		return false
	}
	n := strings.ToLower(r.names[side])
	n = strings.TrimSuffix(strings.TrimSuffix(n, ".zip"), ".exe")
	return n == strings.ToLower(name)
}

// parseRecord reads a .psq file. The league comes from the last line
// ("2,Renju") or, failing that, the file's folder.
func parseRecord(path string, data []byte) (record, error) {
	r := record{path: path}
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
	r.w, r.h = w, h
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
		r.moves = append(r.moves, [2]int{x - 1, y - 1})
		if ms == 0 && r.opening == len(r.moves)-1 {
			r.opening++
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
			r.league = league
		}
		for _, s := range tail {
			if strings.HasSuffix(strings.ToLower(s), ".zip") || strings.HasSuffix(strings.ToLower(s), ".exe") {
				r.names = append(r.names, s)
			}
		}
	}
	rule, ok := leagueRule(r.league)
	if !ok {
		r.league = filepath.Base(filepath.Dir(path))
		if rule, ok = leagueRule(r.league); !ok {
			return r, fmt.Errorf("%s: unknown league %q", path, r.league)
		}
	}
	r.rule = rule
	return r, nil
}

// walkRecords calls fn for every game of the records at paths, in path
// order: .psq files (one game each) and .sgf files (as qi arena -sgfout
// writes them, a game each of their trees), given as files or found in the
// folders given.
func walkRecords(paths []string, fn func(record) error) error {
	if len(paths) == 0 {
		return fmt.Errorf("no record folder given")
	}
	var files []string
	for _, dir := range paths {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (isRecord(path, ".psq") || isRecord(path, ".sgf")) {
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
		var rs []record
		if isRecord(path, ".sgf") {
			rs, err = parseSGFRecords(path, data)
		} else {
			var r record
			r, err = parseRecord(path, data)
			rs = []record{r}
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

// isRecord reports whether path's name ends in ext, in any case.
func isRecord(path, ext string) bool {
	return strings.HasSuffix(strings.ToLower(path), ext)
}

// parseSGFRecords reads the games of an SGF file. The rule comes from RU,
// Gomocup's rule number, which qi arena and c-gomoku-cli write; games
// without it or SZ, or from set-up stones (AB, AW: their moves are not the
// game's from the empty board), are skipped.
func parseSGFRecords(path string, data []byte) ([]record, error) {
	games, err := sgf.ReadSGFGames(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []record
	for i, g := range games {
		rule, _, err := gomoku.RuleFromGomocup(g.Rule)
		if err != nil || g.W == 0 || g.H == 0 || len(g.Root["AB"])+len(g.Root["AW"]) > 0 {
			continue
		}
		r := record{path: fmt.Sprintf("%s#%d", path, i+1), league: rule.String(), w: g.W, h: g.H, rule: rule, moves: g.Moves, opening: g.Opening}
		for _, k := range []string{"PB", "PW"} {
			name := ""
			if v := g.Root[k]; len(v) > 0 {
				name = v[0]
			}
			r.names = append(r.names, name)
		}
		out = append(out, r)
	}
	return out, nil
}

// replay plays r's moves and calls at (if not nil) before each move with the
// position and the move to come; it returns the final position and the index
// of the first illegal move (-1 when all were legal).
func (r *record) replay(at func(p *gomoku.Position, ply int, m engines.Move) error) (*gomoku.Position, int, error) {
	g, err := gomoku.NewGame(r.w, r.h, r.rule)
	if err != nil {
		return nil, 0, err
	}
	p := g.NewPosition()
	for i, xy := range r.moves {
		if p.Result() != engines.None {
			break
		}
		m, err := g.Move(xy[0], xy[1])
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			r.why = err.Error()
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

// decisive replays r and returns its final position and result when every
// move was legal and the game was won; ok is false otherwise.
func (r *record) decisive() (final *gomoku.Position, winner engines.Result, ok bool, err error) {
	final, bad, err := r.replay(nil)
	if err != nil || bad >= 0 {
		return nil, engines.None, false, err
	}
	winner = final.Result()
	return final, winner, winner == engines.P1Win || winner == engines.P2Win, nil
}

func runStats(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("gomocup stats", flag.ContinueOnError)
	if err := cmdline.Parse(fset, args, stdout, "usage: qi gomocup stats DIR...\nReplay Gomocup records: games, results, illegal endings."); err != nil {
		return err
	}
	type tally struct{ games, p1, p2, draw, open, illegal, moves int }
	byLeague := map[string]*tally{}
	var illegal bytes.Buffer
	err := walkRecords(fset.Args(), func(r record) error {
		t := byLeague[r.league]
		if t == nil {
			t = &tally{}
			byLeague[r.league] = t
		}
		t.games++
		t.moves += len(r.moves)
		p, bad, err := r.replay(nil)
		if err != nil {
			return err
		}
		switch {
		case bad >= 0:
			t.illegal++
			x, y := r.moves[bad][0], r.moves[bad][1]
			fmt.Fprintf(&illegal, "%s: move %d (%d,%d): %s\n", r.path, bad+1, x, y, r.why)
		case p.Result() == engines.P1Win:
			t.p1++
		case p.Result() == engines.P2Win:
			t.p2++
		case p.Result() == engines.Draw:
			t.draw++
		default:
			t.open++
		}
		return nil
	})
	if err != nil {
		return err
	}
	var leagues []string
	for l := range byLeague {
		leagues = append(leagues, l)
	}
	sort.Strings(leagues)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintf(w, "%-12s %7s %7s %7s %6s %6s %8s %9s\n", "league", "games", "black", "white", "draw", "open", "illegal", "moves/g")
	for _, l := range leagues {
		t := byLeague[l]
		fmt.Fprintf(w, "%-12s %7d %7d %7d %6d %6d %8d %9.1f\n", l, t.games, t.p1, t.p2, t.draw, t.open, t.illegal, float64(t.moves)/float64(t.games))
	}
	_, err = w.Write(illegal.Bytes())
	return err
}
