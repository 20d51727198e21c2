#!/usr/bin/env bash
# Gathers the seed corpus of cuda-lint-fuzzer: every .cu/.cuh/.h under test/ and examples/
# (the rule tests, their inputs, the driver's hostile inputs), one file each, named by
# content hash so that reruns add nothing twice. Usage: scripts/fuzz-corpus.sh [DIR]
# (default build-asan/fuzz-corpus). Files over 64 KiB are left out (libFuzzer's -max_len).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build-asan/fuzz-corpus}"
mkdir -p "$out"
n=0
while IFS= read -r -d '' f; do
  [ "$(stat -c %s "$f")" -le 65536 ] || continue
  h=$(sha1sum "$f" | cut -c1-16)
  [ -e "$out/$h" ] || { cp "$f" "$out/$h"; n=$((n + 1)); }
done < <(find test examples \( -name Output -prune \) -o -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) -print0 | sort -z)
echo "fuzz-corpus: $n new seeds in $out ($(ls "$out" | wc -l) in all)"
