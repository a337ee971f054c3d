// Package solve is the `qi solve` tool: it solves files of othello positions
// in the FFO/obf format (one position a line: the cells from a1, the side to
// move, then optionally `;`-separated `MOVE:score` answers) exactly, printing
// per position the score, the best move, the nodes, the time and the
// processor time, then the totals, in the manner of Edax's solver. Boards of any even size are read,
// the size following from the length of the board string.
package solve

import (
	"bufio"
	"context"
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
)

// Run runs `qi solve` with args: flags, then the position files ("-" or none
// for standard input).
func Run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.Int("from", 1, "first line to solve (1-based, blank lines and # comments not counted)")
	to := fs.Int("to", 0, "last line to solve (0: to the end)")
	hash := fs.Int("hash", 256, "hash table size in MiB")
	number := fs.Int("number", 0, "number of the first position of the file in the output (FFO #40 is line 1 of ffo-40-59.obf: -number 40)")
	timeout := fs.Duration("timeout", 0, "give up a position after this long (0: never)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: qi solve [flags] file.obf... (- for standard input)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from < 1 || *to != 0 && *to < *from {
		return errors.New("solve: want 1 <= -from <= -to")
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
	fmt.Fprintln(stdout, "    # | empties | score | move |          nodes |     time |      cpu | nodes/s | answer | line")
	fmt.Fprintln(stdout, "------+---------+-------+------+----------------+----------+----------+---------+--------+-----")
	var total struct {
		n, right, wrong int
		nodes           int64
		time, cpu       time.Duration
	}
	searchers := map[int]engines.Searcher{}
	for i, line := range lines {
		num := i + 1
		if num < *from || *to != 0 && num > *to {
			continue
		}
		pos, answers, err := parseLine(line)
		if err != nil {
			return fmt.Errorf("line %d: %w", num, err)
		}
		s, ok := searchers[pos.Size()]
		if !ok {
			g, err := othello.New(pos.Size())
			if err != nil {
				return err
			}
			s = g.NewSearcher(engines.Config{HashMB: *hash})
			searchers[pos.Size()] = s
		}
		s.Clear()
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if *timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, *timeout)
		}
		cpu0, cpuOK := cpuTime()
		start := time.Now()
		info := s.Search(ctx, pos, engines.Limits{Depth: pos.Size() * pos.Size()}, nil)
		elapsed := time.Since(start)
		cpu1, _ := cpuTime()
		cancel()
		cpu := "       -"
		if cpuOK {
			cpu = fmt.Sprintf("%8.3f", (cpu1 - cpu0).Seconds())
			total.cpu += cpu1 - cpu0
		}
		total.n++
		total.nodes += info.Nodes
		total.time += elapsed
		score := "    ?"
		if info.Exact {
			score = fmt.Sprintf("%+5d", int(info.Score)/100)
		}
		best := "--"
		if len(info.PV) > 0 {
			best = pos.MoveText(info.Best())
		}
		verdict := ""
		if want, ok := answers[strings.ToLower(best)]; ok && len(answers) > 0 {
			top := answers[""]
			if info.Exact && int(info.Score)/100 == top && want == top {
				verdict = "ok"
				total.right++
			} else {
				verdict = fmt.Sprintf("want %+d", top)
				total.wrong++
			}
		} else if len(answers) > 0 {
			verdict = fmt.Sprintf("want %+d", answers[""])
			total.wrong++
		}
		fmt.Fprintf(stdout, "%5d | %7d | %s | %4s | %14d | %8.3f | %s | %6.1fM | %6s | %s\n",
			first+num-*from, pos.Empties(), score, best, info.Nodes, elapsed.Seconds(), cpu,
			float64(info.NPS())/1e6, verdict, engines.PVText(pos, info.PV, " "))
	}
	nps := 0.0
	if total.time > 0 {
		nps = float64(total.nodes) / total.time.Seconds()
	}
	fmt.Fprintf(stdout, "%d positions, %d nodes in %.3f s (%.1fM nodes/s)", total.n, total.nodes, total.time.Seconds(), nps/1e6)
	if total.cpu > 0 {
		fmt.Fprintf(stdout, ", cpu %.3f s (%.1fM nodes/s)", total.cpu.Seconds(), float64(total.nodes)/total.cpu.Seconds()/1e6)
	}
	if total.right+total.wrong > 0 {
		fmt.Fprintf(stdout, "; %d of %d answers right", total.right, total.right+total.wrong)
	}
	fmt.Fprintln(stdout)
	if total.wrong > 0 {
		return fmt.Errorf("solve: %d wrong answers", total.wrong)
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
