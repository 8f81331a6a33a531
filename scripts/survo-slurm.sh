#!/usr/bin/env bash
# S(M,N) in work units as a Slurm job array, on a one-node Slurm started here (slurmctld,
# slurmd and munge from Debian's packages, installed if missing; configuration, state and logs
# in DIR/slurm). Not part of the test command: it needs root for munge and the daemons.
# On a real cluster, skip the start: write the manifest and submit the same array job
#   sbatch --array=0-$((U-1)) scripts/survo-slurm.sh --unit M N DIR
# then merge with `wellposed survo merge --manifest DIR/manifest.json DIR/unit-*.json`.
#
# Usage: scripts/survo-slurm.sh M N UNITS [DIR]   (DIR: results/survo/slurm-MxN)
# The last line printed is the merged result as JSON; the daemons are stopped at the end
# (KEEP=1 leaves them running).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${WELLPOSED:-$root/target/release/wellposed}

# One unit, as the array job runs it (SLURM_ARRAY_TASK_ID is the unit).
if [ "${1:-}" = "--unit" ]; then
  m=$2 n=$3 dir=$4 k=${SLURM_ARRAY_TASK_ID:?run as an array job}
  "$bin" survo enumerate "$m" "$n" --manifest "$dir/manifest.json" --unit "$k" --threads 1 \
    --json --checkpoint "$dir/unit-$k.checkpoint" > "$dir/unit-$k.part"
  mv "$dir/unit-$k.part" "$dir/unit-$k.json"
  exit 0
fi

m=$1 n=$2 units=$3
dir=${4:-results/survo/slurm-${m}x${n}}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
[ -x "$bin" ] || cargo build --release -q
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

# A one-node cluster: this host, its cores and most of its memory.
conf=$dir/slurm
mkdir -p "$conf/state" "$conf/spool"
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
cat > "$conf/slurm.conf" <<CONF
ClusterName=wellposed
SlurmctldHost=$host
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$conf/state
SlurmdSpoolDir=$conf/spool
SlurmctldPidFile=$conf/slurmctld.pid
SlurmdPidFile=$conf/slurmd.pid
SlurmctldLogFile=$conf/slurmctld.log
SlurmdLogFile=$conf/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf/slurm.conf
stop() {
  [ "${KEEP:-}" = 1 ] && return
  pkill -f "slurmd -f $SLURM_CONF" 2>/dev/null || true
  pkill -f "slurmctld -f $SLURM_CONF" 2>/dev/null || true
}
trap stop EXIT
if ! pgrep -x munged >/dev/null; then
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge 2>/dev/null || true
  if id munge >/dev/null 2>&1; then
    su -s /bin/sh munge -c "munged --force" || munged --force
  else
    munged --force
  fi
fi
pgrep -x slurmctld >/dev/null || slurmctld -f "$SLURM_CONF"
pgrep -x slurmd >/dev/null || slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed|alloc' && break
  sleep 1
done
sinfo >&2

[ -s "$dir/manifest.json" ] || "$bin" survo manifest "$m" "$n" --units "$units" ${METHOD:+--method "$METHOD"} -o "$dir/manifest.json" >&2
todo=()
for k in $(seq 0 $((units - 1))); do
  [ -s "$dir/unit-$k.json" ] || todo+=("$k")
done
if [ ${#todo[@]} -gt 0 ]; then
  list=$(IFS=,; echo "${todo[*]}")
  job=$(sbatch --parsable --array="$list" --cpus-per-task=1 --output="$dir/slurm-%A_%a.out" \
    --export=ALL,WELLPOSED="$bin" "$root/scripts/survo-slurm.sh" --unit "$m" "$n" "$dir")
  echo "submitted job array $job: units $list" >&2
  while squeue -h -j "$job" 2>/dev/null | grep -q .; do sleep 2; done
fi
"$bin" survo merge --json --manifest "$dir/manifest.json" "$dir"/unit-*.json
