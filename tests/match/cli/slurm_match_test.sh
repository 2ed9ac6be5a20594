#!/usr/bin/env bash
# Brings up a throwaway single-node Slurm cluster (munged, slurmctld, slurmd under WORKDIR), runs
# scripts/slurm-match.sh --shards 4 on an in-process match and checks the merged games equal an
# unsharded run's game for game, that running it again resumes every shard (completing one cut
# short), and that a match whose engine cannot start fails the script. Stops
# every daemon it started. Exits 77 (ctest: skipped) when not root or Slurm/munge are missing.
#   tests/match/cli/slurm_match_test.sh OTHELLO-MATCH WORKDIR
set -euo pipefail
match=$(realpath "$1")
work=$(realpath -m "$2")
source_dir=$(cd "$(dirname "$0")/../../.." && pwd)

skip() {
  echo "SKIPPED: $* (the Slurm cluster test needs root and Debian's slurm-wlm and munge;" \
       "scripts/install-slurm.sh installs them)"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root"
for tool in munged mungekey slurmctld slurmd sbatch sinfo scancel python3; do
  command -v "$tool" >/dev/null || skip "$tool is missing"
done

rm -rf "$work"
mkdir -p "$work"/{munge,state,spool,log,match}
chmod 700 "$work/munge"
pids=()
cleanup() {
  local status=$?
  if [ -f "$work/slurm.conf" ]; then
    SLURM_CONF=$work/slurm.conf scancel --quiet --full --jobname othello-match 2>/dev/null || true
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -S "$work/munge/munge.socket" ]; then
    munged --stop --socket="$work/munge/munge.socket" >/dev/null 2>&1 || true
  fi
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    for f in "$work"/log/*.log; do echo "== $f"; tail -20 "$f"; done
  fi
  exit "$status"
}
trap cleanup EXIT

read -ra ports < <(python3 -c 'import socket
ss = [socket.socket() for _ in range(2)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in ss])')

# munge with a throwaway key and its own socket (-f: the build tree's permissions are not
# munge's business here).
mungekey --create --keyfile="$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" \
  --seed-file="$work/munge/munged.seed"

cat >"$work/slurm.conf" <<CONF
ClusterName=othello-test
SlurmctldHost=localhost
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmctldParameters=enable_configless
MinJobAge=30
NodeName=localhost CPUs=$(nproc) RealMemory=100 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -D -c -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  state=$(sinfo --noheader --format=%t 2>/dev/null || true)
  [ "$state" = "idle" ] && break
  sleep 0.5
done
[ "$state" = "idle" ] || { echo "FAIL: the node did not come up (state '$state')"; exit 1; }
echo "cluster up: $(sinfo --noheader)"

options=(--engine policy:mobility --engine policy:random --games 40 --openings random:3 --seed 3
         --concurrency 1)
started=$(date +%s)
"$source_dir/scripts/slurm-match.sh" --shards 4 --time=5 -- "$match" "${options[@]}" \
  --results "$work/match/merged.json"
echo "slurm-match.sh: $(($(date +%s) - started)) s"
# The shards are one run, whose id the script drew and kept; the unsharded match of that run id
# is the same configuration.
run_id=$(cat "$work/match/merged.shards/run-id")
"$match" "${options[@]}" --run-id "$run_id" --no-progress --results "$work/match/whole.json" \
  >/dev/null

python3 - "$work/match" <<'PY'
import json, sys
d = sys.argv[1]
whole = json.load(open(f"{d}/whole.json"))
merged = json.load(open(f"{d}/merged.json"))
assert len(whole["games"]) == 40, len(whole["games"])
assert merged["games"] == whole["games"], "merged games differ from the unsharded run"
assert merged["summary"] == whole["summary"]
assert merged["config"] == whole["config"]
assert merged["config"]["run"] == open(f"{d}/merged.shards/run-id").read().strip()
for k in range(4):
    shard = json.load(open(f"{d}/merged.shards/shard-{k}-of-4.json"))
    assert shard["config"]["shard"] == f"{k}/4"
    assert len(shard["games"]) == 10, (k, len(shard["games"]))
    assert all(g["pair"] % 4 == k for g in shard["games"])
print("merged == unsharded: 40 games, game for game")
PY

# A task killed mid-shard (its results file never written, its journal cut after 3 games) and
# the script run again: every task resumes, the cut shard is completed, the merge is the same.
shard1=$work/match/merged.shards/shard-1-of-4
rm "$shard1.json"
head -n 4 "$shard1.jsonl" >"$shard1.cut" && mv "$shard1.cut" "$shard1.jsonl"
"$source_dir/scripts/slurm-match.sh" --shards 4 --time=5 -- "$match" "${options[@]}" \
  --results "$work/match/merged.json" >"$work/rerun.out"
grep -q "Resuming: 3 games already played." "$shard1.log" ||
  { echo "FAIL: shard 1 did not resume"; cat "$shard1.log"; exit 1; }
grep -q "Resuming: 10 games already played." "$work/match/merged.shards/shard-0-of-4.log" ||
  { echo "FAIL: shard 0 did not resume"; exit 1; }
python3 - "$work/match" <<'PY'
import json, sys
d = sys.argv[1]
assert json.load(open(f"{d}/merged.json"))["games"] == json.load(open(f"{d}/whole.json"))["games"]
print("rerun after a cut shard: resumed, merged == unsharded")
PY

# Every shard fails (its engine cannot start): the script must say so and exit non-zero.
if "$source_dir/scripts/slurm-match.sh" --shards 2 -- "$match" --engine policy:random \
  --engine 'name=gone,cmd:/nonexistent/engine' --games 4 \
  --results "$work/match/failing.json" >"$work/failing.out" 2>&1; then
  cat "$work/failing.out"
  echo "FAIL: slurm-match.sh succeeded though every shard failed"
  exit 1
fi
grep -q "a shard failed" "$work/failing.out" || { cat "$work/failing.out"; exit 1; }
echo "a failing shard fails the script: ok"
