#!/usr/bin/env bash
# Installs Debian's Slurm (slurm-wlm) and munge, which the Slurm cluster test
# (tests/match/cli/slurm_match_test.sh) needs; CI runs this. Starts no daemon: the test starts its own.
set -euo pipefail
packages=(slurm-wlm munge)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0
echo "install-slurm: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
  >/dev/null
