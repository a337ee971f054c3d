// This file holds a shard's identity: which of how many shards a process is,
// from the -shard flag or from the environment a batch system gives its array
// tasks.

package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// ID says which shard of how many a process is: Index from 0 to Count-1.
type ID struct {
	Index, Count int
}

// String writes the identity as the -shard flag takes it: "3/16".
func (id ID) String() string { return fmt.Sprintf("%d/%d", id.Index, id.Count) }

// Name is the stem of the shard's files: "shard-0003-of-0016". Four digits
// keep the files in order for up to 10,000 shards.
func (id ID) Name() string { return fmt.Sprintf("shard-%04d-of-%04d", id.Index, id.Count) }

// Owns reports whether item j (from 0) is the shard's: j mod Count = Index.
func (id ID) Owns(j int) bool { return j%id.Count == id.Index }

// Items lists the shard's items of r in increasing order.
func (id ID) Items(r Range) []int {
	var out []int
	first := r.From + (id.Index-r.From%id.Count+id.Count)%id.Count
	for j := first; j < r.To; j += id.Count {
		out = append(out, j)
	}
	return out
}

func (id ID) check() error {
	if id.Count < 1 || id.Index < 0 || id.Index >= id.Count {
		return fmt.Errorf("shard %d of %d: the index runs from 0 to the count less one", id.Index, id.Count)
	}
	return nil
}

// ParseID reads "i/N", or a bare "i" when count (above 0) gives N.
func ParseID(s string, count int) (ID, error) {
	is, ns, hasCount := strings.Cut(strings.TrimSpace(s), "/")
	i, err := strconv.Atoi(is)
	if err != nil {
		return ID{}, fmt.Errorf("shard %q: want i/N, as 3/16", s)
	}
	n := count
	if hasCount {
		if n, err = strconv.Atoi(ns); err != nil {
			return ID{}, fmt.Errorf("shard %q: want i/N, as 3/16", s)
		}
		if count > 0 && n != count {
			return ID{}, fmt.Errorf("shard %q: the count differs from -shards %d", s, count)
		}
	}
	if n == 0 {
		return ID{}, fmt.Errorf("shard %q: how many shards? Give i/N or -shards N", s)
	}
	id := ID{Index: i, Count: n}
	return id, id.check()
}

// The environment variables that say which shard a process is, in the order
// FromEnv reads them, and QI_SHARDS, the count for the systems that give an
// index only.
const (
	EnvShard      = "QI_SHARD"                  // "i/N", or "i" with QI_SHARDS or -shards
	EnvShards     = "QI_SHARDS"                 // the count
	EnvKubernetes = "JOB_COMPLETION_INDEX"      // Kubernetes Indexed Jobs: the index
	EnvSlurm      = "SLURM_ARRAY_TASK_ID"       // Slurm arrays: the task's id
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"    // Slurm: the number of tasks
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"      // Slurm: the first id (--array=1-16 starts at 1)
	EnvSlurmMax   = "SLURM_ARRAY_TASK_MAX"      // Slurm: the last id
	EnvAWSBatch   = "AWS_BATCH_JOB_ARRAY_INDEX" // AWS Batch array jobs: the index
	EnvCrashAfter = "QI_SHARD_CRASH_AFTER"      // tests: a shard exits after N items (N/I: shard I alone), once
)

// FromEnv returns the shard identity the environment gives and the variable
// it came from; ok is false when no variable names one. count is the shard
// count the command line gives (0 none): Kubernetes and AWS Batch give an
// index only, so their count comes from it or from QI_SHARDS. HTCondor gives
// nothing: its submit file passes $(Process) to -shard.
func FromEnv(getenv func(string) string, count int) (id ID, source string, ok bool, err error) {
	if count == 0 {
		if s := getenv(EnvShards); s != "" {
			if count, err = strconv.Atoi(s); err != nil || count < 1 {
				return ID{}, EnvShards, false, fmt.Errorf("%s=%q is not a shard count", EnvShards, s)
			}
		}
	}
	switch {
	case getenv(EnvShard) != "":
		id, err = ParseID(getenv(EnvShard), count)
		source = EnvShard
	case getenv(EnvKubernetes) != "":
		id, source, err = indexOnly(getenv, EnvKubernetes, count)
	case getenv(EnvSlurm) != "":
		id, source, err = slurm(getenv, count)
	case getenv(EnvAWSBatch) != "":
		id, source, err = indexOnly(getenv, EnvAWSBatch, count)
	default:
		return ID{}, "", false, nil
	}
	if err == nil {
		err = id.check()
	}
	if err != nil {
		return ID{}, source, false, err
	}
	return id, source, true, nil
}

// envInt reads a whole number from the environment.
func envInt(getenv func(string) string, name string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
	if err != nil {
		return 0, fmt.Errorf("%s=%q is not a whole number", name, getenv(name))
	}
	return n, nil
}

// indexOnly reads the index of a system that does not give the count.
func indexOnly(getenv func(string) string, name string, count int) (ID, string, error) {
	i, err := envInt(getenv, name)
	if err == nil && count == 0 {
		err = noCount(name)
	}
	return ID{Index: i, Count: count}, name, err
}

func noCount(name string) error {
	return fmt.Errorf("%s is set but not the shard count: pass -shards N or set %s", name, EnvShards)
}

// slurm reads a Slurm array task's index (from the array's first id) and
// count; a count given as well must agree.
func slurm(getenv func(string) string, count int) (ID, string, error) {
	i, err := envInt(getenv, EnvSlurm)
	if err != nil {
		return ID{}, EnvSlurm, err
	}
	if getenv(EnvSlurmMin) != "" {
		lo, err := envInt(getenv, EnvSlurmMin)
		if err != nil {
			return ID{}, EnvSlurm, err
		}
		i -= lo
	}
	if getenv(EnvSlurmCount) == "" {
		if count == 0 {
			return ID{}, EnvSlurm, noCount(EnvSlurm)
		}
		return ID{Index: i, Count: count}, EnvSlurm, nil
	}
	n, err := envInt(getenv, EnvSlurmCount)
	if err != nil {
		return ID{}, EnvSlurm, err
	}
	if getenv(EnvSlurmMin) != "" && getenv(EnvSlurmMax) != "" {
		// A stepped or listed array (--array=0-15:2, --array=1,5) numbers
		// its tasks with gaps: their ids are no shard indices.
		lo, err1 := envInt(getenv, EnvSlurmMin)
		hi, err2 := envInt(getenv, EnvSlurmMax)
		if err1 == nil && err2 == nil && hi-lo+1 != n {
			return ID{}, EnvSlurm, fmt.Errorf("Slurm's array %d-%d has %d tasks, not %d: qi's shards need a contiguous array (no :step, no list)", lo, hi, n, hi-lo+1)
		}
	}
	if count != 0 && n != count {
		return ID{}, EnvSlurm, fmt.Errorf("%s says %d shards, the command line %d", EnvSlurmCount, n, count)
	}
	return ID{Index: i, Count: n}, EnvSlurm, nil
}
