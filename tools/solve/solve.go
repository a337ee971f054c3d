// Package solve is the `qi solve` tool: it solves files of othello positions
// in the FFO/obf format (one position a line: the cells from a1, the side to
// move, then optionally `;`-separated `MOVE:score` answers) exactly, printing
// per position the score, the best move, the nodes and the time, then the
// totals, in the manner of Edax's solver; or, with -depth, searches them to
// a depth. Boards of any even size are read, the size following from the
// length of the board string.
package solve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"qi/engines"
	"qi/engines/othello"
	"qi/tools/cmdline"
	"qi/tools/progress"
)

const usage = `usage: qi solve [flags] file.obf... (- or none for standard input)
Solve othello positions exactly, one a line (FFO/obf), and check the answers
the lines give; or, with -depth, search them to that depth (as the engine's
"go depth" does), checking no answers. With -json each position is a line with a
JSON object with the fields
  number, empties     the position's number and its empty squares
  score               the exact final disc difference (left out when the
                      search gave up at -timeout or was not exact)
  estimate            a search to a depth's score that is not exact, in
                      discs
  move, pv            the best move and the principal variation
  nodes, nps, seconds the search's nodes, their rate and the time taken
  cpu_seconds         the processor time taken (left out where the system
                      cannot say); a loaded machine disturbs it far less
  answer              ok, or the wrong answer's "want +N" (left out when
                      the line gives no answers)
and the last line holds the totals: positions, nodes, nps, seconds, cpu_seconds,
right and wrong.`

// row is one solved position.
type row struct {
	Number  int  `json:"number"`
	Empties int  `json:"empties"`
	Score   *int `json:"score,omitempty"`
	// Estimate is the score of a search to a depth that did not prove it.
	Estimate *float64 `json:"estimate,omitempty"`
	Move     string   `json:"move"`
	Nodes    int64    `json:"nodes"`
	NPS      int64    `json:"nps"`
	Seconds  float64  `json:"seconds"`
	// CPU is the processor time, which a loaded machine disturbs far
	// less than the wall clock; absent where the system cannot say.
	CPU    *float64 `json:"cpu_seconds,omitempty"`
	Answer string   `json:"answer,omitempty"`
	PV     string   `json:"pv"`
}

// totals are what every position solved adds up to.
type totals struct {
	Positions int     `json:"positions"`
	Nodes     int64   `json:"nodes"`
	NPS       int64   `json:"nps"`
	Seconds   float64 `json:"seconds"`
	CPU       float64 `json:"cpu_seconds,omitempty"`
	Right     int     `json:"right"`
	Wrong     int     `json:"wrong"`
}

// Run runs `qi solve` with args: flags, then the position files ("-" or none
// for standard input); progress goes to stderr.
func Run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	from := fs.Int("from", 1, "first line to solve (1-based, blank lines and # comments not counted)")
	to := fs.Int("to", 0, "last line to solve (0: to the end)")
	hash := fs.Int("hash", 256, "hash table size in MiB")
	threads := fs.Int("threads", 1, "threads a search uses, at most one a core (GOMAXPROCS)")
	number := fs.Int("number", 0, "number the output gives the first position solved, -from's (FFO #40 is line 1 of ffo-40-59.obf: -number 40; with -from 3, -number 42)")
	timeout := fs.Duration("timeout", 0, "give up a position after this long (0: never)")
	asJSON := fs.Bool("json", false, "one JSON object a line instead of the table")
	show := fs.String("progress", progress.Auto, "show positions that take more than a second on stderr: auto (on a terminal), on or off")
	depth := fs.Int("depth", 0, "search to this depth instead of solving (0: solve); answers are not checked")
	selective := fs.Bool("selective", false, "with -depth, prune as the Selective option does (ProbCut, proofs later)")
	if err := cmdline.Parse(fs, args, stdout, usage); err != nil {
		return err
	}
	if *from < 1 || *to != 0 && *to < *from {
		return errors.New("solve: want 1 <= -from <= -to")
	}
	if *depth < 0 || *selective && *depth == 0 {
		return errors.New("solve: want -depth >= 0, and -selective only with -depth")
	}
	meter, err := progress.New(stderr, *show)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	var lines []string
	for _, name := range files {
		ls, err := readLines(name)
		if err != nil {
			return err
		}
		lines = append(lines, ls...)
	}
	first := *number
	if first == 0 {
		first = *from
	}
	// Every position is read before any is solved: a bad line is said
	// at once, before the table starts.
	type task struct {
		num     int
		pos     *othello.Position
		answers map[string]int
	}
	var tasks []task
	for i, line := range lines {
		num := i + 1
		if num < *from || *to != 0 && num > *to {
			continue
		}
		pos, answers, err := parseLine(line)
		if err != nil {
			return fmt.Errorf("solve: position %d: %w", num, err)
		}
		tasks = append(tasks, task{num, pos, answers})
	}
	if !*asJSON {
		fmt.Fprintln(stdout, "    # | empties | score | move |          nodes |     time |      cpu | nodes/s | answer | line")
		fmt.Fprintln(stdout, "------+---------+-------+------+----------------+----------+----------+---------+--------+-----")
	}
	var total totals
	var took time.Duration
	searchers := map[int]engines.Searcher{}
	for _, tk := range tasks {
		num, pos, answers := tk.num, tk.pos, tk.answers
		s, ok := searchers[pos.Size()]
		if !ok {
			g, err := othello.New(pos.Size())
			if err != nil {
				return err
			}
			s = g.NewSearcher(engines.Config{HashMB: *hash, Threads: *threads, Selective: *selective})
			searchers[pos.Size()] = s
		}
		s.Clear()
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if *timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, *timeout)
		}
		r := row{Number: first + num - *from, Empties: pos.Empties(), Move: "--"}
		end := meter.Step(fmt.Sprintf("solve: #%d, %d empties", r.Number, r.Empties))
		cpu0, cpuOK := cpuTime()
		start := time.Now()
		lim := engines.Limits{Depth: pos.Size() * pos.Size()}
		if *depth > 0 {
			lim.Depth = *depth
		}
		info := s.Search(ctx, pos, lim, nil)
		elapsed := time.Since(start)
		cpu1, _ := cpuTime()
		if cpuOK {
			c := (cpu1 - cpu0).Seconds()
			r.CPU = &c
			total.CPU += c
		}
		end()
		cancel()
		r.Nodes, r.Seconds, r.PV = info.Nodes, elapsed.Seconds(), engines.PVText(pos, info.PV, " ")
		if elapsed > 0 {
			r.NPS = int64(float64(info.Nodes) / elapsed.Seconds())
		}
		total.Positions++
		total.Nodes += info.Nodes
		took += elapsed
		if info.Exact {
			score := int(info.Score) / 100
			r.Score = &score
		} else if *depth > 0 && len(info.PV) > 0 {
			estimate := float64(info.Score) / 100
			r.Estimate = &estimate
		}
		if len(info.PV) > 0 {
			r.Move = pos.MoveText(info.Best())
		}
		if len(answers) > 0 && *depth == 0 {
			want, ok := answers[strings.ToLower(r.Move)]
			top := answers[""]
			if ok && r.Score != nil && *r.Score == top && want == top {
				r.Answer = "ok"
				total.Right++
			} else {
				r.Answer = fmt.Sprintf("want %+d", top)
				total.Wrong++
			}
		}
		if *asJSON {
			_ = json.NewEncoder(stdout).Encode(r)
		} else {
			score := "    ?"
			if r.Score != nil {
				score = fmt.Sprintf("%+5d", *r.Score)
			} else if r.Estimate != nil {
				score = fmt.Sprintf("%+5.1f", *r.Estimate)
			}
			cpu := "       -"
			if r.CPU != nil {
				cpu = fmt.Sprintf("%8.3f", *r.CPU)
			}
			fmt.Fprintf(stdout, "%5d | %7d | %s | %4s | %14d | %8.3f | %s | %6.1fM | %6s | %s\n",
				r.Number, r.Empties, score, r.Move, r.Nodes, r.Seconds, cpu, float64(r.NPS)/1e6, r.Answer, r.PV)
		}
	}
	total.Seconds = took.Seconds()
	if took > 0 {
		total.NPS = int64(float64(total.Nodes) / took.Seconds())
	}
	if *asJSON {
		_ = json.NewEncoder(stdout).Encode(total)
	} else {
		fmt.Fprintf(stdout, "%d positions, %d nodes in %.3f s (%.1fM nodes/s)", total.Positions, total.Nodes, total.Seconds, float64(total.NPS)/1e6)
		if total.CPU > 0 {
			fmt.Fprintf(stdout, ", cpu %.3f s (%.1fM nodes/s)", total.CPU, float64(total.Nodes)/total.CPU/1e6)
		}
		if total.Right+total.Wrong > 0 {
			fmt.Fprintf(stdout, "; %d of %d answers right", total.Right, total.Right+total.Wrong)
		}
		fmt.Fprintln(stdout)
	}
	if total.Wrong > 0 {
		return fmt.Errorf("solve: %d wrong answers", total.Wrong)
	}
	return nil
}

// readLines reads the position lines of a file, skipping blank lines and
// comments.
func readLines(name string) ([]string, error) {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var lines []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "%") {
			continue
		}
		lines = append(lines, line)
	}
	return lines, sc.Err()
}

// parseLine reads an obf line: the board, the side to move and the answers,
// by move in lower case, the best score also under "".
func parseLine(line string) (*othello.Position, map[string]int, error) {
	parts := strings.Split(line, ";")
	pos, err := othello.ParseText(strings.TrimSpace(parts[0]))
	if err != nil {
		return nil, nil, err
	}
	answers := map[string]int{}
	for _, a := range parts[1:] {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		mv, sc, ok := strings.Cut(a, ":")
		if !ok {
			return nil, nil, fmt.Errorf("bad answer %q: want MOVE:score", a)
		}
		v, err := strconv.Atoi(strings.TrimSpace(sc))
		if err != nil {
			return nil, nil, fmt.Errorf("bad answer %q: %w", a, err)
		}
		mv = strings.ToLower(strings.TrimSpace(mv))
		if _, err := pos.ParseMove(mv); err != nil {
			return nil, nil, fmt.Errorf("bad answer %q: %w", a, err)
		}
		if mv == "pa" || mv == "pass" {
			mv = "0000"
		}
		answers[mv] = v
		if top, ok := answers[""]; !ok || v > top {
			answers[""] = v
		}
	}
	return pos, answers, nil
}
