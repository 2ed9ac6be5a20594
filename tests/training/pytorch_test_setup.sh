# Sourced by the PyTorch trainers' end-to-end tests: `root` (the repository), `python`, fail(),
# the skip (exit 77) where PyTorch is not installed, and a fresh work folder WORK made the current
# directory: pytorch_test_setup WORK.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python=${PYTHON:-/usr/bin/python3}

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

pytorch_test_setup() {
  if ! "$python" -c "import torch" 2>/dev/null; then
    echo "SKIPPED: $python has no PyTorch (scripts/setup.sh --train installs python3-torch)"
    exit 77
  fi
  rm -rf "$1"
  mkdir -p "$1"
  cd "$1"
}
