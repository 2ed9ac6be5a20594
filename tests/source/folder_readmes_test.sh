#!/usr/bin/env bash
# Every source file (.h, .cpp, .py) is named in the README.md of the nearest folder above it that
# has one, under engine/, match/, protocol/ and training/: those READMEs are the folders' maps, and
# a file they do not name is one a reader cannot find from them. A file is named by its stem
# (`game_spool` for game_spool.{h,cpp}), as the READMEs write pairs.
#   tests/source/folder_readmes_test.sh SOURCE_DIR
set -euo pipefail
cd "$1"
missing=0
checked=0
while IFS= read -r file; do
  dir=$(dirname "$file")
  while [ ! -f "$dir/README.md" ] && [[ $dir == */* ]]; do dir=$(dirname "$dir"); done
  [ -f "$dir/README.md" ] || continue
  stem=$(basename "${file%.*}")
  checked=$((checked + 1))
  if ! grep -q -w -- "$stem" "$dir/README.md"; then
    echo "FAILED: $file is not named in $dir/README.md" >&2
    missing=$((missing + 1))
  fi
done < <(find engine match protocol training -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.py' \) | sort)
echo "$checked files checked, $missing not named in their folder's README"
[ "$checked" -gt 100 ] || { echo "FAILED: only $checked files found under $1" >&2; exit 1; }
[ "$missing" -eq 0 ]
