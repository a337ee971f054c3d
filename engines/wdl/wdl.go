// Package wdl turns a search's score into the side to move's chances of
// winning, drawing and losing, as Stockfish's model does: the chance of a
// win is 1/(1+exp(-(s-a)/b)), of a loss 1/(1+exp((s+a)/b)), and a draw is
// the rest, for a score s in the game's units. a, the half-width of the
// scores that draw, and b, the scale, move with the game's stage (stones
// or discs placed). Each game setting (game, board and rule) has its own
// model, fitted to qi's own games by `qi wdl fit` and kept in models.txt;
// the games look theirs up to implement engines.WDLModel.
package wdl

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"qi/engines"
)

// Model is the logistic model of one game setting.
type Model struct {
	// Span is the stage at which the model's second values apply; 0 for a
	// model with one a and one b for the whole game.
	Span int
	// A is a and B is b at stage 0 and at stage Span; after Span they
	// stay. Between, a moves in a straight line and b by a constant
	// factor a stage (its logarithm in a straight line), as a scale does.
	// A is never negative and B is always positive.
	A, B [2]float64
}

// Frac returns where stage falls between 0 and the model's Span, from 0 to
// 1: the weight of the second values.
func (m Model) Frac(stage int) float64 {
	if m.Span <= 0 || stage <= 0 {
		return 0
	}
	return min(float64(stage)/float64(m.Span), 1)
}

// At returns a and b at stage.
func (m Model) At(stage int) (a, b float64) {
	t := m.Frac(stage)
	return m.A[0] + t*(m.A[1]-m.A[0]), m.B[0] * math.Pow(m.B[1]/m.B[0], t)
}

// Probs returns the chances, from 0 to 1, that the side to move wins,
// draws and loses when it scores s at stage.
func (m Model) Probs(s float64, stage int) (w, d, l float64) {
	a, b := m.At(stage)
	return Logistic(s, a, b)
}

// Logistic returns the chances of win, draw and loss of a score s under a
// and b (a at least 0, b above 0). The draw is the difference of two
// logistics, exact even where both are tiny.
func Logistic(s, a, b float64) (w, d, l float64) {
	w = sigmoid((s - a) / b)
	l = sigmoid((-s - a) / b)
	d = max(sigmoid((a-s)/b)-l, 0)
	return w, d, l
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// WDL returns the chances per mille of the side to move when it scores s at
// stage: a forced result is certain. The chances are rounded, and when
// the rounded win and loss make more than 1000 the larger gives way, so
// that the three sum to 1000, a score's chances are its negation's
// flipped, and the win never falls nor the loss rises as s rises.
func (m Model) WDL(s engines.Score, stage int) engines.WDL {
	if s.IsMate() {
		return engines.CertainWDL(s)
	}
	pw, _, pl := m.Probs(float64(s), stage)
	w, l := int(math.Round(1000*pw)), int(math.Round(1000*pl))
	if over := w + l - 1000; over > 0 {
		if w > l {
			w -= over
		} else {
			l -= over
		}
	}
	return engines.WDL{Win: w, Draw: 1000 - w - l, Loss: l}
}

// Game is implemented by the games whose models move with the stage of the
// game: the fit replays their records and asks each position's stage. The
// positions of other games are all at stage 0.
type Game interface {
	engines.Game
	// Stage returns how far the game in pos has gone in the units of the
	// game's models: stones or discs placed, from 0 at the start.
	Stage(pos engines.Position) int
}

// Key names the models of g's setting: the game's name, then the board and
// rule that its positions depend on ("othello 8x8", "gomoku 15x15 renju",
// "tictactoe").
func Key(g engines.Game) string {
	if p, ok := g.(engines.Packer); ok && p.Setting() != "" {
		return g.Name() + " " + p.Setting()
	}
	return g.Name()
}

// modelsText is the models qi ships, one setting a line.
//
//go:embed models.txt
var modelsText string

var models = func() map[string]Model {
	ms, err := ReadModels(strings.NewReader(modelsText))
	if err != nil {
		panic("wdl: models.txt: " + err.Error())
	}
	return ms
}()

// Lookup returns the model shipped for the first of keys that has one.
func Lookup(keys ...string) (Model, bool) {
	for _, k := range keys {
		if m, ok := models[k]; ok {
			return m, true
		}
	}
	return Model{}, false
}

// Keys returns the settings that have a shipped model.
func Keys() []string {
	keys := make([]string, 0, len(models))
	for k := range models {
		keys = append(keys, k)
	}
	return keys
}

// ReadModels reads a models file: one model a line, the setting's key then
// Span, A[0], A[1], B[0], B[1]; blank lines and lines starting with # are
// skipped.
func ReadModels(r io.Reader) (map[string]Model, error) {
	ms := map[string]Model{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		key, m, ok, err := parseLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if !ok {
			continue
		}
		if _, dup := ms[key]; dup {
			return nil, fmt.Errorf("line %d: a second model of %q", n, key)
		}
		ms[key] = m
	}
	return ms, sc.Err()
}

// parseLine reads one line of a models file; ok is false for a comment or
// a blank line.
func parseLine(line string) (key string, m Model, ok bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return "", m, false, nil
	}
	if len(f) < 6 {
		return "", m, false, fmt.Errorf("%q: want a setting, a span and four numbers", line)
	}
	nums := f[len(f)-5:]
	if m.Span, err = strconv.Atoi(nums[0]); err != nil || m.Span < 0 {
		return "", m, false, fmt.Errorf("bad span %q", nums[0])
	}
	var v [4]float64
	for i, s := range nums[1:] {
		if v[i], err = strconv.ParseFloat(s, 64); err != nil || math.IsNaN(v[i]) || math.IsInf(v[i], 0) {
			return "", m, false, fmt.Errorf("bad number %q", s)
		}
	}
	m.A, m.B = [2]float64{v[0], v[1]}, [2]float64{v[2], v[3]}
	if err := m.Check(); err != nil {
		return "", m, false, err
	}
	return strings.Join(f[:len(f)-5], " "), m, true, nil
}

// Check says why m is no model: a negative a, a b that is not positive.
func (m Model) Check() error {
	if m.A[0] < 0 || m.A[1] < 0 {
		return fmt.Errorf("a must not be negative: %g, %g", m.A[0], m.A[1])
	}
	if m.B[0] <= 0 || m.B[1] <= 0 {
		return fmt.Errorf("b must be positive: %g, %g", m.B[0], m.B[1])
	}
	return nil
}

// Line writes m as a line of a models file under key.
func (m Model) Line(key string) string {
	return fmt.Sprintf("%s %d %.1f %.1f %.1f %.1f", key, m.Span, m.A[0], m.A[1], m.B[0], m.B[1])
}

// SetLine returns the text of a models file with key's line replaced by
// line, or line added at the end when key has none.
func SetLine(text, key, line string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		k, _, ok, err := parseLine(l)
		if err != nil {
			return "", fmt.Errorf("line %d: %w", i+1, err)
		}
		if ok && k == key {
			lines[i] = line + "\n"
			return strings.Join(lines, ""), nil
		}
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + line + "\n", nil
}
