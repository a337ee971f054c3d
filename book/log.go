// This file holds the game logs: each process that learns appends its
// finished games to a log file of its own beside the book, one game a line,
// synced after each; `qi book build` folds the lines it has not seen into
// the next snapshot and keeps, in the snapshot, how far it read each log.
// No two processes write one file, and no line is ever rewritten, so games
// learned by many processes at once are all kept.

package book

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"qi/engines"
)

// logHeader starts every game log: the format, the game and its setting.
const logHeader = "# qi book log 1"

// LogHeader returns the first line of a game log of g, with its newline:
// a file that starts with it and goes on with LogLine's lines is a game
// log (a tool that writes games elsewhere first, as a shard of a batch
// run, makes one).
func LogHeader(g engines.Game) string {
	return fmt.Sprintf("%s\t%s\t%s\n", logHeader, g.Name(), setting(g))
}

// LogDir returns the folder of the game logs of the book file at path.
func LogDir(path string) string { return path + ".logs" }

// SetLogDir sets the folder Record writes the game log to (LogDir of the
// book's file when it was opened from one).
func (b *Book) SetLogDir(dir string) {
	b.logMu.Lock()
	defer b.logMu.Unlock()
	if b.log != nil {
		b.log.Close()
		b.log = nil
	}
	b.logDir = dir
}

// Record appends gm to this process's game log, a file of its own in the
// log folder, and syncs it: the game is kept even if the process is killed
// just after.
func (b *Book) Record(gm Game) error {
	_, _, err := b.record(gm)
	return err
}

// record is Record, returning the log's name and its length after gm's
// line.
func (b *Book) record(gm Game) (name string, end int64, err error) {
	line, err := gm.logLine(b.game)
	if err != nil {
		return "", 0, fmt.Errorf("book: recording a game: %w", err)
	}
	b.logMu.Lock()
	defer b.logMu.Unlock()
	if b.log == nil {
		if b.logDir == "" {
			return "", 0, errors.New("book: no folder for the game log (the book was not opened from a file)")
		}
		// The log folder is made beside its book, whose folder must be
		// there: no folder above it is ever made.
		if err := os.Mkdir(b.logDir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", 0, err
		}
		name := fmt.Sprintf("%s-%d-%08x.log", time.Now().UTC().Format("20060102T150405"), os.Getpid(), rand.Uint32())
		path := filepath.Join(b.logDir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
		if err != nil {
			return "", 0, err
		}
		// The header goes with the first game, in one write: a log that
		// could not take it (a full disk) is removed, not left empty.
		head := LogHeader(b.game)
		if _, err := f.WriteString(head + line); err != nil {
			f.Close()
			os.Remove(path)
			return "", 0, err
		}
		if err := f.Sync(); err != nil {
			f.Close()
			os.Remove(path)
			return "", 0, err
		}
		b.log, b.logName, b.logEnd = f, name, int64(len(head)+len(line))
		return b.logName, b.logEnd, nil
	}
	if _, err := b.log.WriteString(line); err != nil {
		// What part of the line was written is cut off again, so that
		// the next game's line does not run on from it.
		b.log.Truncate(b.logEnd)
		return "", 0, err
	}
	b.logEnd += int64(len(line))
	return b.logName, b.logEnd, b.log.Sync()
}

// folded notes that the book holds the games of the log name up to byte
// end, as Fold does: the process learned them itself.
func (b *Book) folded(name string, end int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if end > b.logs[name] {
		b.logs[name] = end
	}
}

// loggedGame is a game read from a log, with the offset after its line;
// bad says the line did not read.
type loggedGame struct {
	game Game
	end  int64
	bad  bool
}

// readLog reads the complete lines of the game log at path from offset
// from (0: the start, whose header must name the book's game). A line cut
// short (its writer killed) is left for later; a line that does not read
// is reported in bad and skipped.
func (b *Book) readLog(path string, from int64) (games []loggedGame, bad []string, err error) {
	return readLog(b.game, path, from)
}

func readLog(g engines.Game, path string, from int64) (games []loggedGame, bad []string, err error) {
	f, _, err := openRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if _, err := f.Seek(from, io.SeekStart); err != nil {
		return nil, nil, err
	}
	r := bufio.NewReaderSize(f, 64<<10)
	off := from
	want := logHeader + "\t" + g.Name() + "\t" + setting(g)
	foreign := fmt.Errorf("%s: %w: not a game log of %s", path, ErrFormat, describe(g.Name(), setting(g)))
	for {
		line, err := r.ReadBytes('\n')
		if err == io.EOF {
			// A first line cut short is left for later only if it
			// begins as the header does: a file of other text is no
			// log, whatever its length.
			if off == 0 && len(line) > 0 && !strings.HasPrefix(want, string(line)) {
				return nil, nil, foreign
			}
			return games, bad, nil
		}
		if err != nil {
			return games, bad, err
		}
		off += int64(len(line))
		text := string(bytes.TrimRight(line, "\r\n"))
		if off == int64(len(line)) {
			if text != want {
				return nil, nil, foreign
			}
			continue
		}
		gm, err := parseLogLine(g, text)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s at byte %d: %v", filepath.Base(path), off-int64(len(line)), err))
		}
		games = append(games, loggedGame{game: gm, end: off, bad: err != nil})
	}
}

// setting returns g's engines.Packer setting, "" when it has none.
func setting(g engines.Game) string {
	if p, ok := g.(engines.Packer); ok {
		return p.Setting()
	}
	return ""
}

// ReadLogFile reads the games of a game log of g (as records to build
// from); bad lists the lines that did not read.
func ReadLogFile(path string, g engines.Game) (games []Game, bad []string, err error) {
	lg, bad, err := readLog(g, path, 0)
	for _, l := range lg {
		if !l.bad {
			games = append(games, l.game)
		}
	}
	return games, bad, err
}

// FoldStats says what folding game logs did.
type FoldStats struct {
	LearnStats
	// Logs were read; Bad lines in them did not read.
	Logs int
	Bad  []string
}

// PendingLogs returns the log files in dir with lines not yet folded in,
// and how many bytes they hold.
func (b *Book) PendingLogs(dir string) (files []string, bytes int64, err error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.log"))
	if err != nil {
		return nil, 0, err
	}
	slices.Sort(names)
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, path := range names {
		st, err := os.Stat(path)
		if err != nil {
			return nil, 0, err
		}
		if done := b.logs[filepath.Base(path)]; st.Size() > done {
			files = append(files, path)
			bytes += st.Size() - done
		}
	}
	return files, bytes, nil
}

// Fold learns the games of the logs in dir that the book has not folded
// in yet, with s and deviation as Learn does, and notes how far it read
// each log, so that the next Fold goes on from there. progress, when not
// nil, is called after each game with the bytes read and to read.
func (b *Book) Fold(ctx context.Context, s *Scorer, dir string, deviation engines.Score, progress func(done, total int64)) (FoldStats, error) {
	var st FoldStats
	files, total, err := b.PendingLogs(dir)
	if err != nil {
		return st, err
	}
	var done int64
	for _, path := range files {
		name := filepath.Base(path)
		b.mu.RLock()
		from := b.logs[name]
		b.mu.RUnlock()
		games, bad, err := b.readLog(path, from)
		if err != nil {
			// A log of another book, or one that cannot be read, is
			// left out and said; the others are folded in.
			st.Bad = append(st.Bad, err.Error())
			continue
		}
		st.Logs++
		st.Bad = append(st.Bad, bad...)
		for _, lg := range games {
			if !lg.bad {
				ls, err := b.Learn(ctx, s, lg.game, deviation)
				if err != nil {
					return st, err
				}
				st.LearnStats = st.LearnStats.Add(ls)
			}
			b.mu.Lock()
			b.logs[name] = lg.end
			b.mu.Unlock()
			done += lg.end - from
			from = lg.end
			if progress != nil {
				progress(done, total)
			}
		}
	}
	return st, nil
}
