#!/usr/bin/env bash
# lintian on the two Debian packages, pedantic: every tag is printed, and any error or warning
# fails the test (info and pedantic tags are shown for the next change to look at).
#   tests/package/package_lintian_test.sh OTHELLO.deb OTHELLO-DATA.deb
set -euo pipefail
if ! command -v lintian >/dev/null; then
  echo "FAILED: lintian is not installed (scripts/setup.sh installs it)" >&2
  exit 1
fi
lintian --version
output=$(mktemp)
trap 'rm -f "$output"' EXIT
status=0
lintian --pedantic --info --display-experimental --fail-on error,warning "$@" >"$output" 2>&1 ||
  status=$?
# As root lintian says it would rather not be; that line is not about the packages.
grep -v 'running with root privileges is not recommended' "$output" || true
if [ "$status" -ne 0 ]; then
  echo "FAILED: lintian found errors or warnings in $* (exit status $status)" >&2
  exit 1
fi
echo "lintian: no error and no warning in $*"
