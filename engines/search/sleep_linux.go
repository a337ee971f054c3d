//go:build linux

// This file sleeps the probe of Margin in the kernel on Linux, so that what it
// measures is the machine's scheduling, not Go's timers.

package search

import (
	"context"
	"syscall"
	"time"
)

// sleepFor sleeps d in a system call: the thread is woken by the kernel, and
// a goroutine computing on another processor cannot delay it.
func sleepFor(_ context.Context, d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	for syscall.Nanosleep(&ts, &ts) == syscall.EINTR {
	}
}
