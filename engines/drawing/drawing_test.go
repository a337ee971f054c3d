// Tests of the shared parts of board drawings.

package drawing

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRow(t *testing.T) {
	tests := []struct {
		cells string
		last  int
		want  string
	}{
		{"...", -1, " . . ."},
		{"X.O", 0, "[X]. O"},
		{"X.O", 1, " X[.]O"},
		{"X.O", 2, " X .[O]"},
		{"X.O", 3, " X . O"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, Row([]byte(tt.cells), tt.last))
		})
	}
	assert.Equal(t, "Last move c1 in brackets.", LastMove("c1"))
}
