// This file holds Plan, the searching work of a build or a round of
// deviations: a fixed list of items, each a position searched alone at the
// book's level against a set of book positions known in advance, so that
// the items can be searched in any order, by any number of goroutines or
// processes, and their results merged. A journal beside the book keeps the
// results as they come, so that a killed build resumes where it stopped.

package book

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"qi/engines"
)

// Item is one position to search.
type Item struct {
	// Key and Board are the position's, in the canonical frame.
	Key   uint64
	Board []byte
	// New says the position joins the book; otherwise it is a book
	// position whose leaf is searched again.
	New bool
}

// Result is what searching an item gives: its leaf.
type Result struct {
	Key       uint64
	Leaf      engines.Move
	LeafValue engines.Score
	LeafExact bool
	LeafLevel int
}

// Plan is the work of a build or of a round of deviations.
type Plan struct {
	// Items are the positions to search, in key order.
	Items []Item
	// counts holds the games to add to positions (new or not), by key.
	counts map[uint64]*Entry
	// added are the keys of the new positions.
	added map[uint64]bool
	// Selective searches prune as searches on the clock do
	// (engines.Config.Selective): othello's depth 10 takes a third of the
	// time, and its results are not those of a full-width search, so a
	// journal of one is not taken for the other's.
	Selective bool
}

// Len returns the number of items.
func (p *Plan) Len() int { return len(p.Items) }

// NewPositions returns how many items are new positions.
func (p *Plan) NewPositions() int { return len(p.added) }

// sortItems puts the items in key order.
func (p *Plan) sortItems() {
	slices.SortFunc(p.Items, func(a, b Item) int { return cmp.Compare(a.Key, b.Key) })
}

// addStale completes a plan of new positions: the book positions whose
// leaf is one of them get their leaf searched again. The items end in key
// order.
func (p *Plan) addStale(b *Book) error {
	if len(p.added) > 0 {
		stale, err := b.staleLeaves(p.added)
		if err != nil {
			return err
		}
		p.Items = append(p.Items, stale...)
	}
	p.sortItems()
	return nil
}

// inBook returns the membership test of the book after the plan: its
// positions and the new ones.
func (p *Plan) inBook(b *Book) func(uint64) bool {
	return func(k uint64) bool { return p.added[k] || b.has(k) }
}

// hash identifies the plan and the level it is searched at, so that a
// journal of another plan is not taken for this one's.
func (p *Plan) hash(b *Book, level int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%d|%d|", b.Describe(), level, len(p.Items))
	if p.Selective {
		h.Write([]byte("selective|"))
	}
	var buf [9]byte
	for _, it := range p.Items {
		binary.LittleEndian.PutUint64(buf[:], it.Key)
		buf[8] = 0
		if it.New {
			buf[8] = 1
		}
		h.Write(buf[:])
	}
	return h.Sum64()
}

// RunOptions say how to search a plan.
type RunOptions struct {
	// Level is the depth of the searches (0: the book's).
	Level int
	// Threads search items at once, each with its own searcher (0: 1).
	Threads int
	// Journal is the file that keeps results as they come and gives
	// them back when a killed run starts again; "" keeps none.
	Journal string
	// Only, when not nil, picks the items to search by their index:
	// another process (a shard) searches the others.
	Only func(i int) bool
	// Progress, when not nil, is called after each item with the items
	// done (those in the journal included) and the items to do.
	Progress func(done, total int)
	// Known are results found before (a merge of shards' results): their
	// items are not searched again.
	Known map[uint64]Result
	// Found, when not nil, is given each item searched, by its index, as
	// its result comes (a shard writes them to its output). An error stops
	// the run.
	Found func(i int, r Result) error
}

// Run searches the plan's items (those Only picks) and returns their
// results by key, the results found in the journal included. It stops
// when ctx is done, with the results so far kept in the journal.
func (p *Plan) Run(ctx context.Context, b *Book, opt RunOptions) (map[uint64]Result, error) {
	level := cmp.Or(opt.Level, b.Level())
	results := maps.Clone(opt.Known)
	if results == nil {
		results = map[uint64]Result{}
	}
	var todo []int
	for i := range p.Items {
		if opt.Only == nil || opt.Only(i) {
			todo = append(todo, i)
		}
	}
	var journal *journalWriter
	if opt.Journal != "" {
		var err error
		journal, err = openJournal(opt.Journal, p.hash(b, level), results)
		if err != nil {
			return nil, err
		}
		defer journal.close()
	}
	total := len(todo)
	todo = slices.DeleteFunc(todo, func(i int) bool {
		_, ok := results[p.Items[i].Key]
		return ok
	})
	done := total - len(todo)
	if opt.Progress != nil {
		opt.Progress(done, total)
	}
	inBook := p.inBook(b)
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	type found struct {
		i int
		r Result
	}
	out := make(chan found)
	errs := make(chan error, max(opt.Threads, 1))
	var wg sync.WaitGroup
	for range max(opt.Threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewScorer(b.game, level, p.Selective)
			for i := range jobs {
				r, err := p.search(ctx, b, s, p.Items[i], inBook)
				if err != nil {
					errs <- err
					cancel()
					return
				}
				out <- found{i, r}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	var firstErr error
	for f := range out {
		r := f.r
		results[r.Key] = r
		if journal != nil && firstErr == nil {
			if firstErr = journal.add(r); firstErr != nil {
				cancel()
			}
		}
		if opt.Found != nil && firstErr == nil {
			if firstErr = opt.Found(f.i, r); firstErr != nil {
				cancel()
			}
		}
		done++
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	close(errs)
	for err := range errs {
		if firstErr == nil && !errors.Is(err, context.Canceled) {
			firstErr = err
		}
	}
	if firstErr == nil {
		firstErr = outer.Err()
	}
	return results, firstErr
}

// search searches one item.
func (p *Plan) search(ctx context.Context, b *Book, s *Scorer, it Item, inBook func(uint64) bool) (Result, error) {
	pos, err := b.packer.Unpack(it.Board)
	if err != nil {
		return Result{}, fmt.Errorf("book: item %x: %w", it.Key, err)
	}
	var e Entry
	if err := s.Leaf(ctx, pos, 0, &e, inBook); err != nil {
		return Result{}, err
	}
	return Result{Key: it.Key, Leaf: e.Leaf, LeafValue: e.LeafValue, LeafExact: e.LeafExact, LeafLevel: e.LeafLevel}, nil
}

// Apply puts the plan into the book: the new positions and the games
// counted, with the results of the items' searches; an item without a
// result (another shard's, not merged) is left out, and so is a new
// position then. The values are the leaves' until Negamax.
func (p *Plan) Apply(b *Book, results map[uint64]Result) (applied int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, it := range p.Items {
		r, ok := results[it.Key]
		if !ok {
			continue
		}
		e, found := b.get(it.Key)
		if !found {
			e = Entry{Key: it.Key, Board: it.Board}
		}
		e.Leaf, e.LeafValue, e.LeafExact, e.LeafLevel = r.Leaf, r.LeafValue, r.LeafExact, r.LeafLevel
		if !found {
			e.Value, e.Exact, e.Level = r.LeafValue, r.LeafExact, r.LeafLevel
		}
		b.over[it.Key] = e.clone()
		applied++
	}
	for key, c := range p.counts {
		e, ok := b.get(key)
		if !ok {
			continue
		}
		e.Wins += c.Wins
		e.Draws += c.Draws
		e.Losses += c.Losses
		b.over[key] = e.clone()
	}
	return applied
}

// journalWriter appends results to a journal, syncing now and then.
type journalWriter struct {
	f      *os.File
	w      *bufio.Writer
	synced time.Time
}

// journalHeader starts a journal, with the plan's hash.
const journalHeader = "# qi book journal 1 "

// openJournal opens the journal at path, reading into results what it
// holds when it belongs to the plan of hash, else starting it afresh.
func openJournal(path string, hash uint64, results map[uint64]Result) (*journalWriter, error) {
	head := journalHead(hash)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(f)
	first, err := r.ReadString('\n')
	var good int64
	if err == nil && first == head {
		good = int64(len(first))
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				break // a line cut short by a kill is searched again
			}
			res, perr := parseJournalLine(strings.TrimSuffix(line, "\n"))
			if perr != nil {
				break
			}
			results[res.Key] = res
			good += int64(len(line))
		}
	}
	if good == 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
		if _, err := f.WriteAt([]byte(head), 0); err != nil {
			f.Close()
			return nil, err
		}
		good = int64(len(head))
	} else if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &journalWriter{f: f, w: bufio.NewWriter(f), synced: time.Now()}, nil
}

func (j *journalWriter) add(r Result) error {
	if _, err := j.w.Write(AppendResult(nil, r)); err != nil {
		return err
	}
	if time.Since(j.synced) < time.Second {
		return nil
	}
	j.synced = time.Now()
	if err := j.w.Flush(); err != nil {
		return err
	}
	return j.f.Sync()
}

func (j *journalWriter) close() error {
	err := j.w.Flush()
	if serr := j.f.Sync(); err == nil {
		err = serr
	}
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// journalHead is the first line of a journal of the plan of hash.
func journalHead(hash uint64) string {
	return journalHeader + strconv.FormatUint(hash, 16) + "\n"
}

// JournalHeader returns the first line of the plan's journal when searched
// at level (0: the book's): the header of a shard's results, so that the
// results of shards merge into a journal that ReadResults takes for this
// plan only.
func (p *Plan) JournalHeader(b *Book, level int) []byte {
	return []byte(journalHead(p.hash(b, cmp.Or(level, b.Level()))))
}

// AppendResult appends r to dst as a line of a journal.
func AppendResult(dst []byte, r Result) []byte {
	exact := 0
	if r.LeafExact {
		exact = 1
	}
	return fmt.Appendf(dst, "%016x %d %d %d %d\n", r.Key, r.Leaf, r.LeafValue, r.LeafLevel, exact)
}

// ReadResults reads a journal of the plan searched at level (0: the
// book's), such as the merged results of its shards, by key. A journal of
// another plan — other records, another book or level — is an error.
func (p *Plan) ReadResults(r io.Reader, b *Book, level int) (map[uint64]Result, error) {
	br := bufio.NewReader(r)
	first, err := br.ReadString('\n')
	if err != nil && (err != io.EOF || first == "") {
		return nil, fmt.Errorf("book: results: %w", err)
	}
	if !strings.HasPrefix(first, journalHeader) {
		return nil, errors.New("book: results: not a journal of qi book searches")
	}
	if first != journalHead(p.hash(b, cmp.Or(level, b.Level()))) {
		return nil, errors.New("book: results: they belong to another search (other records, book, level or plies)")
	}
	results := map[uint64]Result{}
	for n := 2; ; n++ {
		line, err := br.ReadString('\n')
		if line != "" {
			res, perr := parseJournalLine(strings.TrimSuffix(line, "\n"))
			if perr != nil {
				return nil, fmt.Errorf("book: results: line %d: %w", n, perr)
			}
			results[res.Key] = res
		}
		if err == io.EOF {
			return results, nil
		}
		if err != nil {
			return nil, fmt.Errorf("book: results: %w", err)
		}
	}
}

func parseJournalLine(line string) (Result, error) {
	f := strings.Fields(line)
	if len(f) != 5 {
		return Result{}, errors.New("bad journal line")
	}
	key, err1 := strconv.ParseUint(f[0], 16, 64)
	leaf, err2 := strconv.Atoi(f[1])
	value, err3 := strconv.Atoi(f[2])
	level, err4 := strconv.Atoi(f[3])
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return Result{}, err
	}
	return Result{Key: key, Leaf: engines.Move(leaf), LeafValue: engines.Score(value), LeafLevel: level, LeafExact: f[4] == "1"}, nil
}
