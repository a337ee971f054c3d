// This file holds a memory probe for tests of table memory: what a process
// has resident, so that a test can tell a table that costs nothing until
// used from one that is zeroed at once.

package enginetest

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// ResidentMemory returns the resident memory of the process in bytes, from
// /proc; it skips the test where the system has no /proc/self/statm.
func ResidentMemory(t testing.TB) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm here")
	}
	var size, resident int64
	_, err = fmt.Sscan(string(b), &size, &resident)
	require.NoError(t, err)
	return resident * int64(os.Getpagesize())
}
