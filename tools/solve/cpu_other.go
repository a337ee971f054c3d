//go:build !unix

// This file stands in for the processor time where qi does not read it.

package solve

import "time"

// cpuTime reports that the processor time is unknown here.
func cpuTime() (time.Duration, bool) { return 0, false }
