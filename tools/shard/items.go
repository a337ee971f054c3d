// This file holds a job's items: the range a run covers and the seed each
// item derives from the run's, so that an item's result does not depend on
// which shard plays it, in what order, or how often.

package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Range is the items From to To-1 of a job.
type Range struct {
	From, To int
}

// String writes the range as -items takes it: "0:2000".
func (r Range) String() string { return fmt.Sprintf("%d:%d", r.From, r.To) }

// Len returns the number of items.
func (r Range) Len() int { return max(r.To-r.From, 0) }

// overlaps reports whether two ranges share an item.
func (r Range) overlaps(o Range) bool { return r.From < o.To && o.From < r.To }

// ParseRange reads "from:to" (items from to to-1), where a missing end means
// the job's first or last item; total is the job's number of items.
func ParseRange(s string, total int) (Range, error) {
	r := Range{0, total}
	if s == "" {
		return r, nil
	}
	from, to, ok := strings.Cut(s, ":")
	if !ok {
		return r, fmt.Errorf("-items %q: want from:to, as 0:2000", s)
	}
	var err error
	if from != "" {
		if r.From, err = strconv.Atoi(from); err != nil {
			return r, fmt.Errorf("-items %q: want from:to, as 0:2000", s)
		}
	}
	if to != "" {
		if r.To, err = strconv.Atoi(to); err != nil {
			return r, fmt.Errorf("-items %q: want from:to, as 0:2000", s)
		}
	}
	switch {
	case r.From < 0 || r.From >= r.To:
		return r, fmt.Errorf("-items %s: from must be at least 0 and below to", s)
	case r.To > total:
		return r, fmt.Errorf("-items %s: the job has %d items", s, total)
	}
	return r, nil
}

// Seed returns the seed of item j of a run seeded with run. Two rounds of
// splitmix64 give every item a stream unrelated to its neighbours'.
func Seed(run uint64, j int) uint64 {
	return mix(mix(run) + uint64(j))
}

func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
