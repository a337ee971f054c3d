//go:build !linux

// This file leaves the learner's priority alone where threads have no nice
// value of their own: lowering it there would lower the whole process's.

package book

import "errors"

// lowestNice is the nice value of the learner's thread where it is set.
const lowestNice = 19

// lowerPriority does nothing here.
func lowerPriority() {}

// threadNice is not known here.
func threadNice() (int, error) { return 0, errors.New("book: no thread priority here") }
