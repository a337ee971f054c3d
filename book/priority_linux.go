//go:build linux

// This file lowers the learner's thread to the lowest CPU priority on
// Linux, where a thread's nice value is its own: learning then takes only
// the CPU that the process's searches leave, so a learning engine plays its
// timed games at full strength.

package book

import (
	"runtime"
	"syscall"
)

// lowestNice is the nice value of the learner's thread.
const lowestNice = 19

// lowerPriority locks the calling goroutine to its thread and gives that
// thread the lowest priority. The goroutine keeps the thread to its end,
// when Go retires it, so no other goroutine ever runs on it.
func lowerPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), lowestNice)
}

// threadNice returns the nice value of the calling goroutine's thread.
func threadNice() (int, error) {
	// The system call answers 20 - nice, so that its answers are positive.
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	return 20 - p, err
}
