#!/usr/bin/env bash
# Runs one othello-match as a Slurm job array of N shards and merges them:
#   scripts/slurm-match.sh --shards N [sbatch options] -- [OTHELLO-MATCH] MATCH OPTIONS...
# Task K plays `--shard K/N --resume` into RESULTS.shards/shard-K-of-N.json (next to the --results
# path, so that directory must be on a filesystem every node sees); a requeued task continues where
# it stopped. The script waits for the array (sbatch --wait), merges the shards into the --results
# path with `othello-match merge`, and exits non-zero if a shard failed or the merge did.
# The othello-match executable is the first word after -- when it is not an option, else
# $OTHELLO_MATCH, else build/bin/othello-match in this checkout, else othello-match on the PATH.
# Giving --array among the sbatch options runs only those shards (a wave; the merge says what is
# missing). The shards are one run (`--run-id`, recorded and signed with every game): the match
# options' --run-id, else one drawn at the first call and kept in RESULTS.shards/run-id, so that
# every wave and rerun adds to the same run.
set -euo pipefail

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

shards=""
sbatch_options=()
own_array=0
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) [ $# -ge 2 ] || usage; shards=$2; shift 2 ;;
    --shards=*) shards=${1#--shards=}; shift ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *)
      case "$1" in --array|--array=*|-a) own_array=1 ;; esac
      sbatch_options+=("$1"); shift ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "slurm-match: give --shards N (N >= 1)" >&2; usage; }
[ $# -gt 0 ] || { echo "slurm-match: give the match options after --" >&2; usage; }

command -v sbatch >/dev/null || { echo "slurm-match: sbatch not found (is Slurm installed?)" >&2; exit 2; }

here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1#-}" = "$1" ]; then
  match=$1; shift
elif [ -n "${OTHELLO_MATCH:-}" ]; then
  match=$OTHELLO_MATCH
elif [ -x "$here/build/bin/othello-match" ]; then
  match=$here/build/bin/othello-match
else
  match=othello-match
fi
match=$(command -v "$match") || { echo "slurm-match: othello-match not found" >&2; exit 2; }
match=$(realpath "$match")

# The match options, without those the script sets per shard.
results=""
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --results) [ $# -ge 2 ] || usage; results=$2; shift 2 ;;
    --results=*) results=${1#--results=}; shift ;;
    --shard|--shard=*) echo "slurm-match: --shard is set per task; leave it out" >&2; exit 2 ;;
    --resume|--overwrite|--no-progress) shift ;;  # every task resumes its own shard
    *) options+=("$1"); shift ;;
  esac
done
[ -n "$results" ] || { echo "slurm-match: the match options need --results FILE.json" >&2; exit 2; }
case "$results" in *.json) ;; *) echo "slurm-match: --results must end in .json" >&2; exit 2 ;; esac
results=$(realpath -m "$results")
work=${results%.json}.shards
mkdir -p "$work"

if [ -e "$results" ] && ! ls "$work"/shard-*-of-"$shards".json* >/dev/null 2>&1; then
  echo "slurm-match: '$results' already exists (and no shards of it are in '$work'); " \
       "give another --results" >&2
  exit 2
fi

# The run: given, kept from an earlier call, or new (not for shards written before runs had ids,
# which resume without one).
given_run=""
for ((i = 0; i < ${#options[@]}; i++)); do
  case "${options[$i]}" in
    --run-id) given_run=${options[$((i + 1))]:-} ;;
    --run-id=*) given_run=${options[$i]#--run-id=} ;;
  esac
done
if [ -n "$given_run" ]; then
  if [ -f "$work/run-id" ] && [ "$(cat "$work/run-id")" != "$given_run" ]; then
    echo "slurm-match: --run-id $given_run, but the shards in '$work' are run $(cat "$work/run-id")" >&2
    exit 2
  fi
  echo "$given_run" >"$work/run-id"
else
  if [ -f "$work/run-id" ]; then
    options+=(--run-id "$(cat "$work/run-id")")
  elif ! ls "$work"/shard-*-of-"$shards".json* >/dev/null 2>&1; then
    run_id=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
    echo "$run_id" >"$work/run-id"
    options+=(--run-id "$run_id")
  fi
fi

# The task script: every path absolute, every argument quoted, so it runs the same on any node.
# ($k and ${SLURM_ARRAY_TASK_ID} are the task's, expanded when it runs.)
job=$work/task.sh
# shellcheck disable=SC2016
{
  echo '#!/usr/bin/env bash'
  echo '# Written by scripts/slurm-match.sh: one shard of the match, resumable.'
  echo 'set -eu'
  echo 'k=${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task}'
  printf 'exec %q' "$match"
  printf ' %q' "${options[@]}"
  printf ' --no-progress --resume --shard "$k/%d" --results %q"/shard-$k-of-%d.json"\n' \
    "$shards" "$work" "$shards"
} >"$job"
chmod +x "$job"

array=()
[ "$own_array" -eq 1 ] || array=(--array="0-$((shards - 1))")
echo "slurm-match: $shards shards of '$results' in '$work'"
status=0
sbatch --wait --requeue --open-mode=append --job-name=othello-match \
  --output="$work/shard-%a-of-$shards.log" "${array[@]}" "${sbatch_options[@]}" "$job" ||
  status=$?
if [ "$status" -ne 0 ]; then
  echo "slurm-match: a shard failed (sbatch exit $status); logs: $work/shard-*-of-$shards.log" >&2
fi

inputs=()
for ((k = 0; k < shards; k++)); do
  base=$work/shard-$k-of-$shards
  if [ -f "$base.json" ]; then inputs+=("$base.json")
  elif [ -f "$base.jsonl" ]; then inputs+=("$base.jsonl")
  fi
done
if [ ${#inputs[@]} -eq 0 ]; then
  echo "slurm-match: no shard wrote anything; nothing to merge" >&2
  exit 1
fi
merged=0
"$match" merge --results "$results" "${inputs[@]}" || merged=$?
[ "$merged" -eq 0 ] || exit "$merged"
[ "$status" -eq 0 ] || exit 1
echo "slurm-match: merged results in '$results'"
