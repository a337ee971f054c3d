//go:build !linux

// This file stands in for the mapping of table memory where qi does not map
// it itself: the tables then live on the Go heap.

package search

func mapMemory(int) []byte { return nil }

func unmapMemory([]byte) {}
