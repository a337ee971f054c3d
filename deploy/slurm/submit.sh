#!/bin/bash
# Submits qi arena as a Slurm job array (shards.sbatch: one shard a task) and
# its merge (merge.sbatch), which runs only once every task has succeeded.
# Run it from this directory on the cluster's login node.
set -euo pipefail
shards=$(sbatch --parsable shards.sbatch)
sbatch --dependency=afterok:"${shards%%;*}" merge.sbatch
