//go:build unix

// This file reads the process's processor time, which a loaded machine
// disturbs far less than the wall clock.

package solve

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time (user and system) the process has
// used so far, and whether it is known.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
