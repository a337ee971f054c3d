// Package drawing writes the parts that the games' board drawings share, so
// that people read every board the same way: cells one space apart, the
// last move between brackets, and a legend that says so.
package drawing

import "strings"

// Row writes cells each after a space, but the cell at index last (none when
// last is out of range) between brackets, which take the places of the
// spaces around it: " . X[O]. ." A bracket after the final cell is written
// too.
func Row(cells []byte, last int) string {
	var b strings.Builder
	for i, c := range cells {
		switch {
		case i == last:
			b.WriteByte('[')
		case last >= 0 && i == last+1:
			b.WriteByte(']')
		default:
			b.WriteByte(' ')
		}
		b.WriteByte(c)
	}
	if last >= 0 && last == len(cells)-1 {
		b.WriteByte(']')
	}
	return b.String()
}

// LastMove is the legend of the brackets that Row writes.
func LastMove(move string) string {
	return "Last move " + move + " in brackets."
}
