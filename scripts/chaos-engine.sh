#!/usr/bin/env bash
# A GTP engine that misbehaves at random, for fault-injection matches. Each start picks
# a fault that strikes at a random genmove — crash, hang, slow start, garbage, an illegal move, a
# refused move, closing its output — and, in every mode, dies a little later (so the runner keeps
# restarting it and the faults keep coming). It runs the test fake engine that way. Served through
# `othello-engine --listen --exec`, a crash or close is a dropped TCP connection. A start slower
# than --start-timeout is not among the faults: othello-match treats an engine that cannot start as
# misconfigured and skips its games, by design.
#   scripts/chaos-engine.sh FAKE_GTP_ENGINE
set -u
fake=${1:?usage: chaos-engine.sh FAKE_GTP_ENGINE}
roll=$((RANDOM % 100))
at=$((RANDOM % 90 + 1))              # its n-th genmove since it started: a game or three in
die=$((at + RANDOM % 8 + 1))         # and soon after, the end of its life
seed=$RANDOM
run() { exec "$fake" --seed "$seed" --die-at "$die" "$@"; }
case $roll in
  [0-9] | 1[0-9]) run ;;                          # 20: plays properly until it dies
  2[0-9] | 3[0-4]) run --mode crash --at "$at" ;; # 15: dies at once
  3[5-9] | 4[0-4]) run --mode hang --at "$at" ;;  # 10: stops answering
  4[5-9] | 5[0-4]) sleep 0.5; run ;;              # 10: slow to start, in time
  5[5-9] | 6[0-9]) run --mode garbage --at "$at" ;;  # 15: answers nonsense
  7[0-9] | 8[0-4]) run --mode illegal --at "$at" ;;  # 15: plays an occupied square
  8[5-9]) run --mode refuse-play --at "$at" ;;    # 5: refuses the opponent's move
  *) run --mode disconnect --at "$at" ;;          # 10: closes its output
esac
