#!/usr/bin/env bash
# Installs what is missing from Debian's packages, configures and builds.
#   scripts/setup.sh              Release build in build/ (executables in build/bin/)
#   scripts/setup.sh --sanitize   AddressSanitizer + UBSan build in build-sanitize/
#   scripts/setup.sh --tsan       ThreadSanitizer build in build-tsan/
#   scripts/setup.sh --train      also installs what training the network policy needs (PyTorch
#                                 and an optimised BLAS from Debian: python3-torch,
#                                 libopenblas0-pthread), then makes the Release build
# Targets named after the mode (scripts/setup.sh --tsan match_cli_tests ...) are built alone,
# with what they depend on; without any, the Release build makes the five programs (ctest builds
# the rest before it tests) and the sanitizer builds make everything.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config libboost-dev libboost-program-options-dev
          libboost-filesystem-dev libboost-system-dev doctest-dev libsqlite3-dev sqlite3 zlib1g-dev
          nlohmann-json3-dev libssl-dev grhino chromium help2man lintian man-db qemu-user)
# --train may come with the other options, in any place.
args=()
for a in "$@"; do
  if [ "$a" = "--train" ]; then
    # Debian's PyTorch calls the reference BLAS unless an optimised one is installed (30x slower).
    packages+=(python3-torch python3-numpy libopenblas0-pthread)
  else
    args+=("$a")
  fi
done
set -- ${args[@]+"${args[@]}"}
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=build
flags=(-DCMAKE_BUILD_TYPE=Release)
# The sanitizer builds are compiled at -O1 with line tables only (-g1): what the sanitizers report
# needs no more, and -O2 with full debug information took three times as long to compile (CI
# builds them from scratch on two cores).
checked=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
case "${1:-}" in
  --sanitize)
    build=build-sanitize
    flags=("${checked[@]}" -DOTHELLO_SANITIZE=ON -DOTHELLO_BENCHMARKS=OFF)
    shift
    ;;
  --tsan)
    build=build-tsan
    flags=("${checked[@]}" -DOTHELLO_TSAN=ON -DOTHELLO_BENCHMARKS=OFF)
    shift
    ;;
esac
# The sanitizer builds run the Release build's driver tests (tests that only start the programs)
# against their own sanitized programs rather than compiling them again (tests/CMakeLists.txt):
# those are built in build/ first, which must be a Release build of this tree.
if [ "$build" != build ]; then
  [ -f build/CMakeCache.txt ] || { echo "setup: $build needs the Release build first: run scripts/setup.sh" >&2; exit 1; }
  cmake --build build -j "$(nproc)" --target othello_driver_tests
  flags+=("-DOTHELLO_DRIVER_TESTS_FROM=$PWD/build")
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
# The Release build makes the five programs (what the main job needs); `ctest` builds the tests,
# benchmarks and the rest first (its fixture build_tests).
if [ "$build" = build ] && [ ${#targets[@]} -eq 0 ]; then
  targets=(--target othello-engine --target othello-match --target othello-book --target othello-train
           --target othello-token)
fi
# ccache, where installed, makes rebuilds in several checkouts of the tree cheap.
# The tests' precompiled header is cached only with these sloppiness settings (ccache's manual).
command -v ccache >/dev/null &&
  flags+=("-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime;ccache")
# A fresh build compiles the libraries in batches (half the time on two cores); a build folder
# that exists keeps its setting, so `cmake -DOTHELLO_UNITY_BUILD=OFF build` (a tree you edit:
# only the source you changed is recompiled) stays off.
[[ -f "$build/CMakeCache.txt" ]] || flags+=(-DOTHELLO_UNITY_BUILD=ON)
cmake -S . -B "$build" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
