// Package arena is the `qi arena` tool: a match runner that referees games
// between engines speaking UGI, UCI, Gomocup or NBoard, with qi's own rules
// for every game in its registry. It checks every move, keeps the clocks,
// forfeits an engine that plays an illegal move, answers garbage, dies or
// stops answering (a watchdog kills it), and reports wins, draws and losses,
// the Elo difference with its error margin, the likelihood of superiority
// and an SPRT that can end the match early; games go to PGN, SGF or GGF
// records. Two engines play a match; more play a round robin or a gauntlet
// with a result table.
package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"qi/book"
	"qi/engines"
	"qi/engines/grid"
	"qi/engines/record"
	"qi/tools/arena/stats"
	"qi/tools/cmdline"
	"qi/tools/match/opening"
	"qi/tools/match/player"
	"qi/tools/shard"
)

// Run runs `qi arena` with args, writing results to stdout and progress and
// diagnostics to stderr.
func Run(args []string, stdout, stderr io.Writer, reg *engines.Registry) error {
	if len(args) > 0 && args[0] == "rate" {
		return Rate(args[1:], stdout, stderr)
	}
	cfg, err := parseArgs(args)
	if errors.Is(err, errHelp) || len(args) > 0 && cmdline.IsHelp(args[0]) {
		fmt.Fprint(stdout, usage)
		return nil
	}
	if err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	plan, done, err := runBatch(cfg, args, reg, stdout, stderr)
	if done || err != nil {
		return err
	}
	m, err := newMatch(ctx, cfg, reg, stdout, stderr)
	if err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	defer m.close()
	if err := m.startBatch(plan); err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	return m.run(ctx)
}

// match is a match being played.
type match struct {
	conf     *Config
	reg      *engines.Registry
	game     engines.Game
	gameName string
	variant  string
	// placement is the game's engines.Spec Placement.
	placement bool
	cfg       engines.Config
	geo       *grid.Geometry
	engines   []Engine
	maxPlies  int
	openings  []opening.Opening
	openDesc  string
	seed      uint64
	event     string
	site      string

	stdout, stderr io.Writer
	pgn, sgf, ggf  *os.File
	gomocupRule    int
	logMu          sync.Mutex
	logFile        *os.File
	began          time.Time
	// plan is the match's part in batch work (nil: all of it), batch the
	// shard's output (nil: the record files).
	plan  *shard.Plan
	batch *batchOutput
	// bookLog is the book whose game log gets the games (-book-learn, a
	// match run here); nil otherwise.
	bookLog *book.Book
}

// newMatch checks a configuration and sets the match up: the game, the
// engines, the openings and the record files.
func newMatch(ctx context.Context, c *Config, reg *engines.Registry, stdout, stderr io.Writer) (*match, error) {
	m := &match{conf: c, reg: reg, stdout: stdout, stderr: stderr, event: c.Event, began: time.Now()}
	if m.event == "" {
		m.event = "qi arena"
	}
	m.site, _ = os.Hostname()
	name, gameName, cfg, g, err := c.lookUpGame(reg)
	if err != nil {
		return nil, err
	}
	m.game, m.gameName, m.cfg = g, gameName, cfg
	m.variant = variantName(reg, gameName, name, cfg)
	if spec, ok := reg.Lookup(gameName); ok {
		m.placement = spec.Placement
	}
	if geo, err := grid.Of(g); err == nil {
		m.geo = &geo
	}
	// A rule without a Gomocup number (no gomoku rule) records as 0.
	m.gomocupRule, _ = player.GomocupRule(cfg.Rule)
	m.maxPlies = c.MaxPlies
	if m.maxPlies < 0 {
		m.maxPlies = defaultMaxPlies(gameName, cfg)
	}

	if len(c.Engines) < 2 {
		return nil, errors.New("a match needs two engines or more (-engine ... -engine ...)")
	}
	m.engines = append([]Engine(nil), c.Engines...)
	names(m.engines)
	self, _ := os.Executable()
	for i := range m.engines {
		e := &m.engines[i]
		if e.Cmd == "" {
			e.Cmd = self
		}
		if !e.TC.Limited() {
			return nil, fmt.Errorf("engine %s has no time control: give it tc=, st=, depth= or nodes= (or -each)", e.Name)
		}
		switch {
		case e.Proto == player.Gomocup && m.geo == nil:
			return nil, fmt.Errorf("engine %s speaks Gomocup, which needs a game played on squares; %s is not", e.Name, gameName)
		case e.Proto == player.NBoard:
			if _, err := grid.GGFBoard(g.Start()); err != nil {
				return nil, fmt.Errorf("engine %s speaks NBoard, which needs a game with a GGF board; %s has none", e.Name, gameName)
			}
			if e.TC.Depth == 0 {
				fmt.Fprintf(m.stderr, "warning: engine %s speaks NBoard, which has no clock: without depth= it thinks as long as its own depth takes, and the referee forfeits it when it is late\n", e.Name)
			}
		}
	}
	if c.SPRT != nil && len(m.engines) != 2 {
		return nil, errors.New("-sprt needs exactly two engines")
	}
	if c.SGF != "" && m.geo == nil {
		return nil, fmt.Errorf("-sgfout needs a game played on squares; %s is not", gameName)
	}
	if c.GGF != "" {
		if _, err := grid.GGFBoard(g.Start()); err != nil {
			return nil, fmt.Errorf("-ggfout needs a game with a GGF board; %s has none", gameName)
		}
	}

	m.seed = c.Seed
	if !c.HasSeed {
		m.seed = uint64(time.Now().UnixNano()) % 1_000_000_000
	}
	if err := m.loadOpenings(ctx); err != nil {
		return nil, err
	}
	if c.BookLearn != "" {
		// Refused at once when it is no book of the game, shard or not.
		if m.bookLog, err = openBookLog(c.BookLearn, g); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		path string
		file **os.File
	}{{c.PGN, &m.pgn}, {c.SGF, &m.sgf}, {c.GGF, &m.ggf}, {c.Log, &m.logFile}} {
		if f.path == "" {
			continue
		}
		file, err := os.OpenFile(f.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			m.close()
			return nil, err
		}
		*f.file = file
	}
	return m, nil
}

// lookUpGame finds the configured game: the name asked for, the game's own
// name, its settings and the game.
func (c *Config) lookUpGame(reg *engines.Registry) (asked, name string, cfg engines.Config, g engines.Game, err error) {
	asked = c.Game
	if asked == "" {
		asked = "tictactoe"
	}
	name, cfg, ok := reg.Variant(asked, engines.Config{})
	if !ok {
		return "", "", cfg, nil, fmt.Errorf("unknown game %q (known: %s)", asked, strings.Join(reg.VariantNames(), ", "))
	}
	if c.Size != 0 {
		cfg.BoardSize = c.Size
	}
	if c.Rule != "" {
		cfg.Rule = c.Rule
	}
	g, err = reg.New(name, cfg)
	return asked, name, cfg, g, err
}

// close closes the record files and the book's game log.
func (m *match) close() {
	for _, f := range []*os.File{m.pgn, m.sgf, m.ggf, m.logFile} {
		if f != nil {
			f.Close()
		}
	}
	if m.bookLog != nil {
		m.bookLog.Close()
	}
}

// variantName is the game's name for UCI's UCI_Variant: the name asked for
// when it is a variant, else the variant whose settings match, else the
// game's name. A variant that fixes no setting is only another name
// ("reversi"), so it is named only when asked for.
func variantName(reg *engines.Registry, game, asked string, cfg engines.Config) string {
	spec, _ := reg.Lookup(game)
	for _, v := range spec.Variants {
		if strings.EqualFold(v.Name, asked) {
			return v.Name
		}
	}
	for _, v := range spec.Variants {
		if (v.Rule != "" || v.BoardSize != 0) && v.Rule == cfg.Rule && v.BoardSize == cfg.BoardSize {
			return v.Name
		}
	}
	return spec.Name
}

// defaultMaxPlies is a game's own move limit: Gomocup's renju games are a
// draw after 200 moves; other games end by their rules (a full gomoku board
// is a draw).
func defaultMaxPlies(game string, cfg engines.Config) int {
	if game == "gomoku" && strings.EqualFold(cfg.Rule, "renju") {
		return 200
	}
	return 0
}

// loadOpenings reads or generates the openings.
func (m *match) loadOpenings(ctx context.Context) error {
	o := m.conf.Openings
	need := m.conf.items()
	// Openings past the last item to play are not needed; the attempts of
	// the whole list keep the ones made the same as its first ones.
	items, err := shard.ParseRange(m.conf.Batch.Items, need)
	if err != nil {
		return err
	}
	switch {
	case o.Generate != nil:
		gen := *o.Generate
		gen.Seed = m.seed
		gen.Config = m.cfg
		if gen.Attempts == 0 {
			gen.Attempts = opening.DefaultAttempts(need)
		}
		ops, err := gen.Generate(ctx, m.game, items.To)
		if err != nil {
			return fmt.Errorf("-openings: %w", err)
		}
		m.openings = ops
		m.openDesc = fmt.Sprintf("%d generated (%d plies, depth %d, margin %d)", len(ops), gen.Plies, gen.Depth, gen.Margin)
	case o.File != "":
		ops, err := opening.ReadFile(o.File, m.game, o.Format)
		if err != nil {
			return fmt.Errorf("-openings: %w", err)
		}
		if o.Random {
			rng := rand.New(rand.NewPCG(m.seed, 0x73687566666c65))
			rng.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
		}
		start := (o.Start - 1) % len(ops)
		m.openings = append(ops[start:], ops[:start]...)
		order := "in order"
		if o.Random {
			order = "shuffled"
		}
		m.openDesc = fmt.Sprintf("%d from %s, %s", len(ops), o.File, order)
	default:
		m.openings = []opening.Opening{{}}
		m.openDesc = "the start position"
	}
	if len(m.openings) < items.To {
		fmt.Fprintf(m.stderr, "warning: %d distinct openings for %d games of each pairing: openings repeat, engines that always play the same move repeat their games, and the Elo margin then claims too much\n",
			len(m.openings), m.conf.Games*m.conf.Rounds)
	}
	return nil
}

// traffic returns the logger of an engine's conversation, nil without -log.
func (m *match) traffic(worker int, name string) func(byte, string) {
	if m.logFile == nil {
		return nil
	}
	return func(dir byte, line string) {
		m.logMu.Lock()
		defer m.logMu.Unlock()
		fmt.Fprintf(m.logFile, "%10.3f %d %s %c %s\n", time.Since(m.began).Seconds(), worker, name, dir, line)
	}
}

// pairings lists the pairs of engines that play: every pair, or the first
// engine against each other one.
func (m *match) pairings() [][2]int {
	var ps [][2]int
	for a := range m.engines {
		for b := a + 1; b < len(m.engines); b++ {
			if m.conf.Gauntlet && a != 0 {
				continue
			}
			ps = append(ps, [2]int{a, b})
		}
	}
	return ps
}

// schedule lists the games: round by round, pairing by pairing, each
// opening twice with colours swapped when repeating. Every pairing gets the
// same openings.
func (m *match) schedule() []job {
	var jobs []job
	pairs := 0
	perPairing := m.conf.Games
	if m.conf.Repeat {
		perPairing = (m.conf.Games + 1) / 2
	}
	for r := 0; r < m.conf.Rounds; r++ {
		for pi, p := range m.pairings() {
			for k := 0; k < m.conf.Games; k++ {
				oi := r*perPairing + k
				if m.conf.Repeat {
					oi = r*perPairing + k/2
				}
				j := job{number: len(jobs) + 1, round: r + 1, pairing: pi, engines: p,
					opening: m.openings[oi%len(m.openings)], pair: -1, item: oi}
				if k%2 == 1 {
					j.engines = [2]int{p[1], p[0]}
				}
				if m.conf.Repeat && (k%2 == 1 || k+1 < m.conf.Games) {
					j.pair = pairs + k/2
				}
				jobs = append(jobs, j)
			}
			pairs += perPairing
		}
	}
	return jobs
}

// run plays the match.
func (m *match) run(ctx context.Context) error {
	jobs := m.owned(m.schedule())
	// The first worker plays with the engines that startEngines checked;
	// a shard with no games of its own starts none.
	first := map[int]player.Player{}
	if len(jobs) > 0 {
		var err error
		if first, err = m.startEngines(ctx); err != nil {
			return err
		}
	}
	t := newTally(m, len(jobs))
	fmt.Fprintf(m.stdout, "%s: %s, %d games (%s), concurrency %d, openings: %s, seed %d\n",
		m.event, m.variant, len(jobs), m.format(), m.conf.Concurrency, m.openDesc, m.seed)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	queue := make(chan job)
	done := make(chan outcome)
	var wg sync.WaitGroup
	for w := 1; w <= min(m.conf.Concurrency, len(jobs)); w++ {
		players := map[int]player.Player{}
		if w == 1 {
			players = first
		}
		wg.Go(func() { m.worker(ctx, w, players, queue, done) })
	}
	go func() {
		defer close(queue)
		for _, j := range jobs {
			select {
			case queue <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	var writeErr error
	for o := range done {
		if o.aborted {
			continue
		}
		if err := m.write(o); err != nil && writeErr == nil {
			writeErr = err
			cancel()
		}
		if t.add(o) {
			cancel()
		}
	}
	t.finish(ctx.Err() != nil && !t.decided)
	if m.batch != nil {
		return m.batch.close(t, writeErr)
	}
	return writeErr
}

// startEngines starts every engine once before the first game, so that one
// that cannot start (a wrong path, a wrong protocol, a crash at start-up)
// stops the match at once with the reason, instead of losing every game by
// forfeit. The first worker plays with them.
func (m *match) startEngines(ctx context.Context) (map[int]player.Player, error) {
	players := make(map[int]player.Player, len(m.engines))
	errs := make([]error, len(m.engines))
	var wg sync.WaitGroup
	for i, e := range m.engines {
		spec := e.Spec
		spec.Log = m.traffic(1, e.Name)
		p := player.New(spec)
		players[i] = p
		wg.Go(func() { errs[i] = p.Start(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err == nil {
			continue
		}
		for _, p := range players {
			p.Kill()
		}
		if ctx.Err() != nil {
			return nil, errors.New("interrupted while starting the engines")
		}
		return nil, fmt.Errorf("engine %s failed to start: %w", m.engines[i].Name, err)
	}
	return players, nil
}

// format describes the tournament.
func (m *match) format() string {
	switch {
	case len(m.engines) == 2:
		return "2 engines"
	case m.conf.Gauntlet:
		return fmt.Sprintf("%d engines, gauntlet", len(m.engines))
	}
	return fmt.Sprintf("%d engines, round robin", len(m.engines))
}

// worker plays games from the queue with engines of its own (players, by
// index, holds those it starts with), kept between games unless they broke
// or restart is asked.
func (m *match) worker(ctx context.Context, id int, players map[int]player.Player, queue <-chan job, done chan<- outcome) {
	defer func() {
		for _, p := range players {
			p.Quit()
		}
	}()
	for j := range queue {
		// An engine this game does not need goes, so that a worker runs
		// two engines at most.
		for idx, p := range players {
			if idx != j.engines[0] && idx != j.engines[1] {
				p.Quit()
				delete(players, idx)
			}
		}
		o := m.play(ctx, j, players, id)
		for _, idx := range j.engines {
			if p := players[idx]; p != nil && (m.engines[idx].Restart || !p.Alive() || o.aborted) {
				p.Kill()
				delete(players, idx)
			}
		}
		select {
		case done <- o:
		case <-ctx.Done():
			return
		}
	}
}

// write adds a game to the record files (or to the shard's output).
func (m *match) write(o outcome) error {
	if m.batch != nil {
		return m.batch.add(m, o)
	}
	if m.bookLog != nil {
		if err := m.logGame(o); err != nil {
			return err
		}
	}
	var files [3]io.Writer
	for i, f := range []*os.File{m.pgn, m.sgf, m.ggf} {
		if f != nil {
			files[i] = f
		}
	}
	return m.records(o, files[0], files[1], files[2])
}

// records writes a game to the PGN, SGF and GGF writers that are not nil.
func (m *match) records(o outcome, pgn, sgf, ggf io.Writer) error {
	if pgn != nil {
		if err := record.WritePGN(pgn, o.rec); err != nil {
			return err
		}
	}
	if sgf != nil {
		if err := record.WriteSGF(sgf, o.rec, *m.geo, m.gomocupRule); err != nil {
			return err
		}
	}
	if ggf != nil {
		start, err := grid.GGFBoard(o.start)
		if err != nil {
			return err
		}
		final, err := grid.GGFBoard(o.final)
		if err != nil {
			return err
		}
		if err := record.WriteGGF(ggf, o.rec, start, final); err != nil {
			return err
		}
	}
	return nil
}

// sprtCounts returns the counts the SPRT reads.
func (m *match) sprtCounts(wdl stats.WDL, penta stats.Penta) []float64 {
	if m.conf.Penta {
		return penta.Counts()
	}
	return wdl.Trinomial()
}
