// Package book is qi's opening book, for any game whose positions are
// engines.Symmetric: one book per game and setting (othello 8x8, gomoku
// 15x15 renju ...). It keeps, for each position met in expert games, in
// qi's own games or in its own analysis, the value for the side to move,
// the best move outside the book with its searched value (the leaf), the
// depth behind them and the games played through it. The moves between
// book positions are not stored: probing the children finds them, so a
// link and a leaf can never disagree.
//
// A book is a snapshot file (see file.go), read-only once written, plus the
// entries changed since in memory; learning appends finished games to a log
// of the process beside the snapshot, and `qi book build` folds the logs
// into a new snapshot, so that many processes can learn at once.
package book

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"qi/engines"
)

// Book is the opening book of one game and setting. Its methods are safe
// for concurrent use: a protocol probes it while a finished game is
// learned.
type Book struct {
	game   engines.Game
	packer engines.Packer
	hdr    header
	path   string

	mu      sync.RWMutex
	base    *snapshot
	release func() error
	over    map[uint64]*Entry // entries added or changed since base
	logs    map[string]int64  // bytes of each game log folded in

	keyers sync.Pool

	// learnMu lets one Learn or Fold change entries at a time, so that a
	// read-modify-write of an entry is not lost to another.
	learnMu sync.Mutex
	logMu   sync.Mutex
	logDir  string
	log     *os.File
	logName string // the name of log in logDir
	logEnd  int64  // its length
}

// ErrNoBook is returned by OpenDefault when no book of the game is found.
var ErrNoBook = errors.New("no book for this game")

// MaxLevel and MaxPlies bound a book's level (the depth of its searches:
// othello 8x8 solves from 60 empties at most) and its plies (how much of a
// game it holds: gomoku's largest board has 484 squares).
const (
	MaxLevel = 64
	MaxPlies = 512
)

// checkDepths says what is wrong with a book's level and plies, 0 taken
// as "the default".
func checkDepths(level, plies int) error {
	if level < 0 || level > MaxLevel {
		return fmt.Errorf("a book's level is 1 to %d plies (0: the default), not %d", MaxLevel, level)
	}
	if plies < 0 || plies > MaxPlies {
		return fmt.Errorf("a book's plies are 1 to %d (0: the default), not %d", MaxPlies, plies)
	}
	return nil
}

// New returns an empty book of g whose new positions get searched level
// plies deep and whose learning adds the first plies of a game; 0 picks the
// game's defaults (DefaultLevel, DefaultPlies). Either beyond its bound
// (checkDepths) is refused.
func New(g engines.Game, level, plies int) (*Book, error) {
	p, ok := g.(engines.Packer)
	if !ok {
		return nil, fmt.Errorf("%s has no packed positions: no book for it", g.Name())
	}
	if err := checkDepths(level, plies); err != nil {
		return nil, err
	}
	if level <= 0 {
		level = DefaultLevel(g)
	}
	if plies <= 0 {
		plies = DefaultPlies(g, level)
	}
	b := &Book{game: g, packer: p, over: map[uint64]*Entry{}, logs: map[string]int64{}}
	b.hdr = header{game: g.Name(), setting: p.Setting(), packedLen: p.PackedLen(), level: level, plies: plies}
	return b, nil
}

// DefaultLevel returns the depth a new book of g searches its positions to:
// the game's own (engines.BookDepths), else 20, which small games search in
// a moment.
func DefaultLevel(g engines.Game) int {
	if d, ok := g.(engines.BookDepths); ok {
		return d.BookLevel()
	}
	return 20
}

// DefaultPlies returns how many plies of a game a book of the given level
// holds and learning adds by default: the game's own (engines.BookDepths),
// else 40.
func DefaultPlies(g engines.Game, level int) int {
	if d, ok := g.(engines.BookDepths); ok {
		return d.BookPlies(level)
	}
	return 40
}

// Open reads the book file at path for g, memory-mapped where it can be.
// The file must be a book of g's name and setting; a missing file gives an
// error wrapping fs.ErrNotExist, any other unusable one ErrFormat. Learned
// games go to path.logs/.
func Open(path string, g engines.Game) (*Book, error) {
	data, release, err := readFile(path)
	if err != nil {
		return nil, err
	}
	b, err := fromBytes(data, g)
	if err != nil {
		release()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b.path, b.release, b.logDir = path, release, LogDir(path)
	return b, nil
}

// Read returns the book held in data (an embedded book), which it keeps.
func Read(data []byte, g engines.Game) (*Book, error) {
	return fromBytes(data, g)
}

func fromBytes(data []byte, g engines.Game) (*Book, error) {
	s, err := parseSnapshot(data, true)
	if err != nil {
		return nil, err
	}
	b, err := New(g, s.level, s.plies)
	if err != nil {
		return nil, err
	}
	if s.game != b.hdr.game || s.setting != b.hdr.setting || s.packedLen != b.hdr.packedLen {
		return nil, formatErr("a book of %s, not of %s", describe(s.game, s.setting), b.Describe())
	}
	b.base, b.logs = s, s.logs
	return b, nil
}

func describe(game, setting string) string {
	return strings.TrimSpace(game + " " + setting)
}

// FileName returns the name of g's book file: "othello-8x8.book",
// "gomoku-15x15-renju.book", "tictactoe.book".
func FileName(g engines.Game) string {
	name := g.Name()
	if p, ok := g.(engines.Packer); ok && p.Setting() != "" {
		name += "-" + strings.ReplaceAll(p.Setting(), " ", "-")
	}
	return name + ".book"
}

// OpenDefault opens g's book where qi keeps it without being told: the
// file FileName(g) beside the running binary, or else in embedded (the
// books built into qi; may be nil), whose learned games are logged beside
// the binary too (LogDir of the file that is not there). It returns
// ErrNoBook when neither has one.
func OpenDefault(g engines.Game, embedded fs.FS) (*Book, error) {
	return openDefault(g, "", embedded)
}

// openDefault is OpenDefault with the books of dir beside the binary's
// ("": the binary's folder).
func openDefault(g engines.Game, dir string, embedded fs.FS) (*Book, error) {
	name := FileName(g)
	beside := defaultPath(g, dir)
	if beside != "" {
		if _, err := os.Stat(beside); err == nil {
			return Open(beside, g)
		}
	}
	if embedded != nil {
		data, err := fs.ReadFile(embedded, name)
		if err == nil {
			b, err := Read(data, g)
			if err == nil && beside != "" {
				b.logDir = LogDir(beside)
			}
			return b, err
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%w (%s)", ErrNoBook, name)
}

// defaultPath is where g's book is looked for in dir ("": the binary's
// folder), "" when the binary's folder is unknown.
func defaultPath(g engines.Game, dir string) string {
	if dir == "" {
		exe, err := os.Executable()
		if err != nil {
			return ""
		}
		dir = filepath.Dir(exe)
	}
	return filepath.Join(dir, FileName(g))
}

// Close gives back the memory of the book file; the book must not be used
// after. Its game log, if any, is closed.
func (b *Book) Close() error {
	b.logMu.Lock()
	if b.log != nil {
		b.log.Close()
		b.log = nil
	}
	b.logMu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.base = nil
	if b.release != nil {
		err := b.release()
		b.release = nil
		return err
	}
	return nil
}

// Game returns the game of the book.
func (b *Book) Game() engines.Game { return b.game }

// Describe names the book's game and setting, "othello 8x8".
func (b *Book) Describe() string { return describe(b.hdr.game, b.hdr.setting) }

// Level returns the depth new positions are searched to.
func (b *Book) Level() int { return b.hdr.level }

// SetLevel changes the depth new positions are searched to, 1 to MaxLevel.
func (b *Book) SetLevel(level int) error {
	if level < 1 || level > MaxLevel {
		return fmt.Errorf("a book's level is 1 to %d plies, not %d", MaxLevel, level)
	}
	b.hdr.level = level
	return nil
}

// Plies returns how many plies of a game learning adds.
func (b *Book) Plies() int { return b.hdr.plies }

// SetPlies changes how many plies of a game learning adds, 1 to MaxPlies.
func (b *Book) SetPlies(plies int) error {
	if plies < 1 || plies > MaxPlies {
		return fmt.Errorf("a book's plies are 1 to %d, not %d", MaxPlies, plies)
	}
	b.hdr.plies = plies
	return nil
}

// Path returns the file the book was opened from, "" for others.
func (b *Book) Path() string { return b.path }

// Len returns the number of positions in the book.
func (b *Book) Len() int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	n := len(b.over)
	if b.base != nil {
		n += b.base.count
		for k := range b.over {
			if b.base.find(k) >= 0 {
				n--
			}
		}
	}
	return n
}

// get returns the entry of key; b.mu must be held. The entry's Board may
// alias the snapshot.
func (b *Book) get(key uint64) (Entry, bool) {
	if e, ok := b.over[key]; ok {
		return *e, true
	}
	if b.base != nil {
		if i := b.base.find(key); i >= 0 {
			return b.base.entry(i), true
		}
	}
	return Entry{}, false
}

// Lookup returns the entry of key, its board and leaf in the canonical
// frame.
func (b *Book) Lookup(key uint64) (Entry, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	e, ok := b.get(key)
	if ok {
		e.Board = append([]byte(nil), e.Board...)
	}
	return e, ok
}

// has reports whether key is in the book.
func (b *Book) has(key uint64) bool {
	b.mu.RLock()
	defer b.mu.RUnlock()
	_, ok := b.get(key)
	return ok
}

// put stores a copy of e, replacing the entry of its key.
func (b *Book) put(e *Entry) {
	b.mu.Lock()
	b.over[e.Key] = e.clone()
	b.mu.Unlock()
}

// entries returns every entry in key order, boards copied out of the
// snapshot.
func (b *Book) entries() []*Entry {
	b.mu.RLock()
	defer b.mu.RUnlock()
	var all []*Entry
	if b.base != nil {
		all = make([]*Entry, 0, b.base.count+len(b.over))
		for i := range b.base.count {
			if _, ok := b.over[b.base.key(i)]; ok {
				continue
			}
			e := b.base.entry(i)
			all = append(all, e.clone())
		}
	}
	for _, e := range b.over {
		all = append(all, e.clone())
	}
	slices.SortFunc(all, func(x, y *Entry) int { return cmp.Compare(x.Key, y.Key) })
	return all
}

// Save writes the book to path, crash-safe: a process killed while saving
// leaves the old file as it was.
func (b *Book) Save(path string) error {
	return b.save(path, nil)
}

func (b *Book) save(path string, hook func(int64)) error {
	all := b.entries()
	b.mu.RLock()
	logs := make(map[string]int64, len(b.logs))
	for k, v := range b.logs {
		logs[k] = v
	}
	b.mu.RUnlock()
	return writeSnapshot(path, b.hdr, all, logs, hook)
}

func (b *Book) keyer() *keyer {
	if k, ok := b.keyers.Get().(*keyer); ok {
		return k
	}
	return &keyer{}
}

// Key returns the book's key of pos.
func (b *Book) Key(pos engines.Position) (uint64, error) {
	k := b.keyer()
	defer b.keyers.Put(k)
	return k.key(pos)
}

// Candidate is a move the book knows in a position, on the position's own
// board.
type Candidate struct {
	Move engines.Move
	// Value is the move's value for the side to move, Exact whether it is
	// the game-theoretic one, Level the depth of the search behind it.
	Value engines.Score
	Exact bool
	Level int
	// Wins, Draws and Losses count the games that went on with the move,
	// by the result of the side to move.
	Wins, Draws, Losses uint32
	// Leaf marks the best move whose position is not in the book.
	Leaf bool
}

// Games returns the number of games that went on with the move.
func (c Candidate) Games() uint64 { return uint64(c.Wins) + uint64(c.Draws) + uint64(c.Losses) }

// Probe returns the book's moves in pos, best first (by value, then by
// games), or nil when pos is not in the book. pos is left as it was.
func (b *Book) Probe(pos engines.Position) []Candidate {
	k := b.keyer()
	defer b.keyers.Put(k)
	key, sym, _, err := k.canon(pos)
	if err != nil {
		return nil
	}
	b.mu.RLock()
	defer b.mu.RUnlock()
	e, ok := b.get(key)
	if !ok {
		return nil
	}
	cands, _ := b.children(k, pos, sym, &e)
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		if c := cmp.Compare(y.Value, x.Value); c != 0 {
			return c
		}
		return cmp.Compare(y.Games(), x.Games())
	})
	return cands
}

// children lists the moves of pos (whose entry is e, in the frame of
// symmetry sym) whose positions are in the book, then the leaf when it is
// none of them; nonLinks counts the legal moves outside the book. b.mu
// must be held.
func (b *Book) children(k *keyer, pos engines.Position, sym int, e *Entry) (cands []Candidate, nonLinks int) {
	p := pos.Clone()
	var buf [256]engines.Move
	leaf := engines.NoMove
	if e.Leaf != engines.NoMove {
		leaf = p.(engines.Symmetric).UnmapMove(e.Leaf, sym)
	}
	leafLegal := false
	for _, m := range p.LegalMoves(buf[:0]) {
		p.Play(m)
		ck, err := k.key(p)
		same := p.SideToMove() == pos.SideToMove()
		p.Undo()
		if err != nil {
			continue
		}
		c, ok := b.get(ck)
		if !ok {
			nonLinks++
			leafLegal = leafLegal || m == leaf
			continue
		}
		cand := Candidate{Move: m, Value: negate(c.Value), Exact: c.Exact, Level: c.Level, Wins: c.Losses, Draws: c.Draws, Losses: c.Wins}
		if same {
			cand.Value, cand.Wins, cand.Losses = c.Value, c.Wins, c.Losses
		}
		cands = append(cands, cand)
	}
	if leafLegal {
		cands = append(cands, Candidate{Move: leaf, Value: e.LeafValue, Exact: e.LeafExact, Level: e.LeafLevel, Leaf: true})
	}
	return cands, nonLinks
}

// Choose picks the book's move in pos as Pick does; ok is false when pos
// is not in the book.
func (b *Book) Choose(pos engines.Position, randomness engines.Score, rng *rand.Rand) (c Candidate, ok bool) {
	cands := b.Probe(pos)
	if len(cands) == 0 {
		return Candidate{}, false
	}
	return Pick(cands, randomness, rng), true
}

// Leave reports whether to play a search's move rather than the book's
// best: when a quick search of the position finds a different move and
// scores the position more than margin above the book's value (a book
// value that is exact gives way only to an exact search that beats it).
func Leave(best Candidate, quick engines.Info, margin engines.Score) bool {
	if len(quick.PV) == 0 || quick.Best() == best.Move {
		return false
	}
	if best.Exact {
		return quick.Exact && quick.Score > best.Value
	}
	return quick.Score > best.Value+margin
}
