#!/usr/bin/env bash
# Runs the project's own shards.sbatch and merge.sbatch on a one-node Slurm
# cluster that it starts here, and checks what a user would: the merged
# report and records equal an unsharded run of the same match, game by game;
# a task killed mid-run, requeued with scontrol, and the merge submitted again
# give the same. The two files are submitted unchanged but for qi's binary,
# the runs' directory, the array's size and the match (a 96-game tic-tac-toe
# match at a fixed depth, with a book at level 9, instead of 20,000 othello
# games on a clock). It needs root and apt (it installs Slurm and munge) and
# says why when it cannot run; it stops every daemon it started.
#
#   deploy/slurm/check.sh          from the repository's root or anywhere
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

skip() {
	echo "slurm check: not run: $*"
	exit 0
}
[ "$(id -u)" = 0 ] || skip "it installs Slurm and munge, which needs root"
command -v apt-get >/dev/null || skip "it installs Slurm and munge with apt-get, which this machine lacks"

start=$(date +%s)
say() { echo "slurm check ($(($(date +%s) - start)) s): $*"; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
	say "installing slurmctld, slurmd, slurm-client and munge"
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null 2>&1; then
		apt-get update -qq >/dev/null
		apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
	fi
fi

work=$(mktemp -d /tmp/qi-slurm-check.XXXXXX)
chmod 755 "$work"
export SLURM_CONF=$work/slurm.conf
stop() {
	scancel --quiet --user=root 2>/dev/null || true
	for pid in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munge/pid; do
		[ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
	done
	sleep 1
	rm -rf "$work"
}
trap stop EXIT

say "building qi"
mkdir -p "$work/bin" "$work/runs" "$work/submit"
(cd "$root" && go build -o "$work/bin/qi" .)

say "starting munge and a one-node cluster"
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log"
chmod 755 "$work/munge"
mungekey -c -k "$work/munge/munge.key" >/dev/null 2>&1
chmod 600 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/sock" \
	--pid-file="$work/munge/pid" --log-file="$work/munge/log" --seed-file="$work/munge/seed"
node=$(hostname -s)
cat >"$SLURM_CONF" <<EOF
ClusterName=qicheck
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldPort=6917
SlurmdPort=6918
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
MinJobAge=600
NodeName=$node CPUs=8 RealMemory=8000 State=UNKNOWN
PartitionName=check Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld
slurmd
for _ in $(seq 50); do
	sinfo -h -o %T 2>/dev/null | grep -q idle && break
	sleep 0.2
done
sinfo -h -o %T | grep -q idle || { cat "$work/log/"*; echo "slurm check: the node did not come up" >&2; exit 1; }

# The match of the check, for the shards and for the unsharded run.
match="-game tictactoe -engine name=qi-10 -engine name=qi-9 option.Level=9 -each depth=4 -games 96 -openings gen=2 depth=1 margin=1000 -seed 1"
# The project's files, but for the binary, the runs, the array's size and
# the match.
sed -e "s|^QI=.*|QI=$work/bin/qi|" -e "s|^RUNS=.*|RUNS=$work/runs|" -e 's|^#SBATCH --array=0-15$|#SBATCH --array=0-3|' \
	-e "s|^srun \"\$QI\" arena .*|srun \"\$QI\" arena $match \\\\|" -e '/^    -engine name=qi-10/d' -e '/^    -each tc=/d' -e '/^    -openings gen=8/d' \
	"$here/shards.sbatch" >"$work/submit/shards.sbatch"
sed -e "s|^QI=.*|QI=$work/bin/qi|" -e "s|^RUNS=.*|RUNS=$work/runs|" "$here/merge.sbatch" >"$work/submit/merge.sbatch"
grep -q -- '-outdir "$RUNS" -run othello-10-vs-9' "$work/submit/shards.sbatch" || { cat "$work/submit/shards.sbatch"; exit 1; }

# waitJob waits until job $1 (an array: all its tasks) has left the queue,
# at most a minute and a half.
waitJob() {
	for _ in $(seq 450); do
		[ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
		sleep 0.2
	done
	squeue
	echo "slurm check: job $1 did not end" >&2
	return 1
}
# state prints the states of job $1's tasks, or of the job.
state() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ' | tr '\n' ' '; }

say "the unsharded match"
(cd "$work" && "$work/bin/qi" arena $match -pgnout whole.pgn -quiet -progress off -ratinginterval 0 >whole.txt)
results() { grep -E '^(Score of|\.\.\.  |Elo difference|Pairs)' "$1"; }
moves() { sed -E -e 's/ [0-9]+\.[0-9]+s\}/}/g' -e '/^\[(Date|Time|UTCDate|UTCTime|Site|Event) /d' "$1"; }
same() {
	diff <(results "$work/whole.txt") <(results "$1") >/dev/null || { echo "slurm check: the merged report differs from the unsharded one:"; diff <(results "$work/whole.txt") <(results "$1"); exit 1; }
	diff <(moves "$work/whole.pgn") <(moves "$2") >/dev/null || { echo "slurm check: the merged games differ from the unsharded ones:"; diff <(moves "$work/whole.pgn") <(moves "$2") | head -20; exit 1; }
}

say "submitting shards.sbatch and merge.sbatch as submit.sh does"
cd "$work/submit"
shards=$(sbatch --parsable shards.sbatch)
shards=${shards%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$shards" merge.sbatch)
waitJob "$shards"
waitJob "$merge"
echo "  shards: $(state "$shards")"
echo "  merge:  $(state "$merge")"
same "qi-arena-merge-$merge.log" "$work/runs/othello-10-vs-9/merged/merged.pgn"
say "the merge of the 4 tasks equals the unsharded match: $(results "qi-arena-merge-$merge.log" | head -1)"

say "a task killed mid-run, requeued, and the merge submitted again"
rm -rf "$work/runs/othello-10-vs-9"
shards=$(sbatch --parsable --export=ALL,QI_SHARD_CRASH_AFTER=3/1 shards.sbatch)
shards=${shards%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$shards" merge.sbatch)
for _ in $(seq 450); do
	[ -z "$(squeue -h -j "$shards" 2>/dev/null)" ] && break
	sleep 0.2
done
echo "  shards: $(state "$shards")"
scontrol -o show job "${shards}_1" | grep -q 'JobState=FAILED' || { echo "slurm check: task 1 did not fail"; exit 1; }
# The scheduler marks the dependency as never satisfied on its next pass.
for _ in $(seq 150); do
	reason=$(squeue -h -j "$merge" -o %r)
	[ "$reason" = DependencyNeverSatisfied ] && break
	sleep 0.2
done
echo "  merge:  pending ($reason)"
[ "$reason" = DependencyNeverSatisfied ] || { echo "slurm check: the merge waits for $reason, not a failed dependency"; exit 1; }
# The recovery docs/batch.md gives.
scontrol requeue "${shards}_1"
# Slurm holds a requeued task for a while before it runs it again.
scontrol update jobid="${shards}_1" StartTime=now
scancel "$merge"
# The array keeps its failure (afterok on it is never satisfied again):
# the merge waits for the requeued task, the others being done.
merge=$(sbatch --parsable --dependency=afterok:"${shards}_1" merge.sbatch)
waitJob "$shards"
waitJob "$merge"
echo "  shards: $(state "$shards")"
echo "  merge:  $(state "$merge")"
same "qi-arena-merge-$merge.log" "$work/runs/othello-10-vs-9/merged/merged.pgn"
say "after the requeue and the new merge, the merge equals the unsharded match"

say "one task resubmitted alone is refused"
alone=$(sbatch --parsable --array=2 shards.sbatch)
waitJob "${alone%%;*}"
grep -q "holds shards of 4, but Slurm says 1" qi-arena-"${alone%%;*}"_2.log || { cat qi-arena-"${alone%%;*}"_2.log; echo "slurm check: the lone task was not refused"; exit 1; }
say "passed"
