#!/usr/bin/env bash
# Regenerates docs/report.png, the README's picture of the HTML match report: a real match's page
# (regression against mobility with an SPRT) rendered by headless Chromium.
#   scripts/report-screenshot.sh   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build/bin/othello-match --engine policy:regression --engine policy:mobility --games 1000 \
  --openings random:6 --sprt elo0=400,elo1=500 --no-progress --html "$work/report.html" >/dev/null
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
  --force-device-scale-factor=0.6 --window-size=1280,2050 --screenshot="$work/report.png" \
  "file://$work/report.html#game=3&ply=24" 2>/dev/null
cp "$work/report.png" docs/report.png
echo "docs/report.png: $(stat -c %s docs/report.png) bytes"
