// Package shard splits the batch tools' jobs (matches, self-play, labelling,
// book searches) into shards that a batch system runs as the tasks of an
// array job, or that one machine runs as child processes, and merges them:
// the batch flags and the plan they make, which shard holds which items,
// the output files each shard writes with their manifest, and the merge
// that checks the shards of a run and puts their items back in order. N
// shards merged give what one process gives, item by item.
package shard
