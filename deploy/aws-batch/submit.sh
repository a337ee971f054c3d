#!/bin/bash
# Registers the job definitions and submits qi arena as an AWS Batch array job
# of 16 children (each one shard: AWS_BATCH_JOB_ARRAY_INDEX, with QI_SHARDS=16
# from the definition), then the merge, which waits for all of them. The
# definitions name the image by its digest (deploy/Dockerfile: put yours)
# and run qi as user 65532 on a read-only root filesystem: the EFS file
# system (an access point whose POSIX user is 65532, say) must let that user
# write /runs.
set -euo pipefail
queue=${1:?usage: submit.sh <job queue>}
aws batch register-job-definition --cli-input-json file://job-definition.json
aws batch register-job-definition --cli-input-json file://merge-job-definition.json
shards=$(aws batch submit-job --job-name qi-arena --job-queue "$queue" --job-definition qi-arena \
    --array-properties size=16 --query jobId --output text)
aws batch submit-job --job-name qi-arena-merge --job-queue "$queue" --job-definition qi-arena-merge \
    --depends-on jobId="$shards"
