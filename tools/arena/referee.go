// This file holds the referee: it plays one game between two players with
// qi's own rules, keeps the clocks, and ends the game by the rules, by the
// move cap, or against the engine that misbehaved, saying why.

package arena

import (
	"context"
	"errors"
	"fmt"
	"time"

	"qi/engines"
	"qi/engines/record"
	"qi/tools/match/opening"
	"qi/tools/match/player"
	"qi/tools/shard"
)

// job is a game to play.
type job struct {
	// number counts the games of the match from 1; round from 1.
	number, round int
	// pairing indexes the match's pairings; engines are the engines'
	// indices by side (P1 first).
	pairing int
	engines [2]int
	opening opening.Opening
	// pair identifies the two games of an opening with colours swapped
	// (-1: the game has no twin).
	pair int
	// item is the job's item in batch work: the index of its opening.
	item int
}

// gameSeed is the seed the engine of side gets in game number of a match
// seeded with run: the same in every shard and every run of the match, never
// 0 (which leaves an engine to the clock), and at most Seed's 2^31-1.
func gameSeed(run uint64, number, side int) uint64 {
	return shard.Seed(run, 2*number+side)%(1<<31-1) + 1
}

// outcome is a finished (or abandoned) game.
type outcome struct {
	job     job
	rec     record.Game
	aborted bool
	// start is where the game started (before its opening), final where
	// it ended.
	start, final engines.Position
}

// Terminations, as records write them.
const (
	endNormal       = "normal"
	endAdjudication = "adjudication"
	endTime         = "time forfeit"
	endIllegal      = "illegal move"
	endGarbled      = "garbled reply"
	endDisconnect   = "disconnect"
	endStalled      = "stalled connection"
	endRefused      = "refused"
)

// seat is a player taking part in a game.
type seat struct {
	p   player.Player
	eng *Engine
}

// play plays one game. players holds the worker's running engines by index;
// play starts (or restarts) the ones this game needs.
func (m *match) play(ctx context.Context, j job, players map[int]player.Player, worker int) outcome {
	start, pos, err := j.opening.Position(m.game)
	if err != nil {
		// Openings were checked when read: this cannot happen.
		panic(fmt.Sprintf("arena: opening %v: %v", j.opening, err))
	}
	o := outcome{job: j, start: start.Clone()}
	rec := record.Game{
		Event: m.event, Site: m.site, Date: time.Now(), Round: fmt.Sprintf("%d.%d", j.round, j.number),
		Number: j.number, Game: m.gameName, Variant: m.variant, Rule: m.cfg.Rule, BoardSize: m.cfg.BoardSize,
		StartSide: start.SideToMove(),
	}
	if j.opening.Text != "" {
		rec.StartText = start.Text()
	}
	for side := range 2 {
		rec.Players[side] = m.engines[j.engines[side]].Name
	}
	rec.TimeControl = m.tcText(j)
	var texts []string
	replay := start.Clone()
	for _, s := range j.opening.Moves {
		mv, _ := engines.Legal(replay, s)
		t := replay.MoveText(mv)
		replay.Play(mv)
		texts = append(texts, t)
		rec.Moves = append(rec.Moves, record.Move{Text: t, Book: true})
	}
	finish := func(res engines.Result, term, reason string) outcome {
		rec.Result, rec.Termination, rec.Reason = res, term, reason
		o.rec, o.final = rec, pos
		return o
	}
	forfeit := func(side engines.Side, err error, doing string) outcome {
		if ctx.Err() != nil {
			o.aborted = true
			return o
		}
		term, reason := m.fault(side, j, err, doing)
		return finish(engines.WinFor(side.Other()), term, reason)
	}

	var seats [2]seat
	for side := range 2 {
		idx := j.engines[side]
		e := &m.engines[idx]
		p := players[idx]
		if p == nil || !p.Alive() {
			spec := e.Spec
			spec.Log = m.traffic(worker, e.Name)
			p = player.New(spec)
			players[idx] = p
			if err := p.Start(ctx); err != nil {
				return forfeit(engines.Side(side), err, "starting")
			}
		}
		seats[side] = seat{p: p, eng: e}
	}
	var tcs [2]player.TimeControl
	for side := range 2 {
		tcs[side] = seats[side].eng.TC
	}
	for side := range 2 {
		s := &player.Setup{
			Game: m.game, GameName: m.gameName, Variant: m.variant, Config: m.cfg, Placement: m.placement,
			Seed:  gameSeed(m.seed, j.number, side),
			Start: start, Geometry: m.geo, Side: engines.Side(side), TC: tcs,
			Players: rec.Players, MoveTimeout: seats[side].eng.MoveTimeout,
		}
		if j.opening.Text != "" {
			s.StartText = start.Text()
		}
		if err := seats[side].p.NewGame(ctx, s); err != nil {
			return forfeit(engines.Side(side), err, "setting up the game")
		}
	}

	var left [2]time.Duration
	var made [2]int
	for side := range 2 {
		left[side] = tcs[side].Time
	}
	for {
		if res := pos.Result(); res != engines.None {
			return finish(res, endNormal, m.resultText(res))
		}
		if m.maxPlies > 0 && len(texts) >= m.maxPlies {
			return finish(engines.Draw, endAdjudication, fmt.Sprintf("draw: the game reached %d moves", m.maxPlies))
		}
		side := pos.SideToMove()
		st := seats[side]
		tc := tcs[side]
		// limit is the time the engine may use; timed says it has one.
		var limit time.Duration
		timed := false
		if tc.HasClock() {
			limit, timed = max(left[side], 0), true
		}
		if tc.MoveTime > 0 && (!timed || tc.MoveTime < limit) {
			limit, timed = tc.MoveTime, true
		}
		wait := st.eng.MoveTimeout
		if timed {
			wait = limit + st.eng.Margin
		}
		turn := &player.Turn{Pos: pos.Clone(), Moves: append([]string(nil), texts...), Left: left}
		if tc.HasClock() && tc.Moves > 0 {
			turn.MovesToGo = tc.Moves - made[side]%tc.Moves
		}
		t0 := time.Now()
		turn.Deadline = t0.Add(wait)
		reply, err := st.p.Move(ctx, turn)
		took := time.Since(t0)
		if err != nil {
			var f *player.Fault
			if errors.As(err, &f) && f.Kind == player.Stalled && timed {
				return finish(engines.WinFor(side.Other()), endTime,
					fmt.Sprintf("%s loses on time: no move within %s (%s)", m.who(side, j), secs(limit), f.Msg))
			}
			return forfeit(side, err, "moving")
		}
		if timed && took > limit+st.eng.Margin {
			return finish(engines.WinFor(side.Other()), endTime,
				fmt.Sprintf("%s loses on time: took %s of %s", m.who(side, j), secs(took), secs(limit)))
		}
		mv, err := engines.Legal(pos, reply.Move)
		if err != nil {
			return finish(engines.WinFor(side.Other()), endIllegal,
				fmt.Sprintf("%s plays an illegal move: %s (%v)", m.who(side, j), reply.Move, err))
		}
		if tc.HasClock() {
			left[side] = max(left[side]-took, 0) + tc.Inc
			made[side]++
			if tc.Moves > 0 && made[side]%tc.Moves == 0 {
				left[side] += tc.Time
			}
		}
		text := pos.MoveText(mv)
		pos.Play(mv)
		texts = append(texts, text)
		rec.Moves = append(rec.Moves, record.Move{Text: text, Time: took, Score: reply.Score, Depth: reply.Depth})
	}
}

// fault turns an engine's failure into the termination and its reason.
func (m *match) fault(side engines.Side, j job, err error, doing string) (string, string) {
	who := m.who(side, j)
	var f *player.Fault
	if !errors.As(err, &f) {
		return endDisconnect, fmt.Sprintf("%s fails %s: %v", who, doing, err)
	}
	switch f.Kind {
	case player.Stalled:
		return endStalled, fmt.Sprintf("%s stops answering while %s: %s", who, doing, f.Msg)
	case player.Garbled:
		return endGarbled, fmt.Sprintf("%s sends a garbled reply while %s: %s", who, doing, f.Msg)
	case player.Refused:
		return endRefused, fmt.Sprintf("%s refuses the game: %s", who, f.Msg)
	}
	return endDisconnect, fmt.Sprintf("%s disconnects while %s: %s", who, doing, f.Msg)
}

// who names the engine playing side in a game: "qi-3 (X)".
func (m *match) who(side engines.Side, j job) string {
	return fmt.Sprintf("%s (%s)", m.engines[j.engines[side]].Name, engines.SideName(m.game, side))
}

// resultText says a result by the rules.
func (m *match) resultText(r engines.Result) string {
	switch r {
	case engines.P1Win:
		return engines.SideName(m.game, engines.P1) + " wins"
	case engines.P2Win:
		return engines.SideName(m.game, engines.P2) + " wins"
	}
	return "draw"
}

// tcText describes the time controls of a game for its record.
func (m *match) tcText(j job) string {
	a, b := m.engines[j.engines[0]].TC.String(), m.engines[j.engines[1]].TC.String()
	if a == b {
		return a
	}
	return a + " / " + b
}

func secs(d time.Duration) string { return fmt.Sprintf("%.3f s", d.Seconds()) }
