//go:build !linux

// This file sleeps the probe of Margin on a Go timer where qi has no system
// sleep of its own.

package search

import (
	"context"
	"time"
)

// sleepFor sleeps d, or less when ctx ends.
func sleepFor(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
