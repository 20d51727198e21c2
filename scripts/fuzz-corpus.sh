#!/usr/bin/env bash
# Gathers the seed corpus of cuda-lint-fuzzer: every .cu/.cuh/.h under test/ and examples/
# (the rule tests, their inputs, the driver's hostile inputs), one file each, named by
# content hash so that reruns add nothing twice. Usage: scripts/fuzz-corpus.sh [DIR] [--light]
# (default build-asan/fuzz-corpus). Files over 64 KiB are left out (libFuzzer's -max_len).
# --light also leaves out files over 8 KiB and those that include the library headers
# (CUB, Thrust, libcu++, cooperative groups, WMMA, CUTLASS/CuTe): under ASan each of those
# takes minutes to parse, and libFuzzer runs every seed before it mutates any, with no time
# limit on that pass. --light=N keeps the N smallest of those (the CI run: 30, about half of
# its five minutes at a few seconds an input).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build-asan/fuzz-corpus}"
light=0 keep=0
case "${2:-}" in
  --light) light=1 ;;
  --light=*) light=1 keep="${2#--light=}" ;;
esac
mkdir -p "$out"
n=0
while IFS= read -r -d '' f; do
  [ "$(stat -c %s "$f")" -le 65536 ] || continue
  if [ $light = 1 ]; then
    [ "$(stat -c %s "$f")" -le 8192 ] || continue
    ! grep -Eq '#[[:space:]]*include[[:space:]]*[<"](cub/|thrust/|cuda/|cooperative_groups|mma\.h|cutlass/|cute/|cuda_pipeline|cuda_awbarrier)' "$f" || continue
  fi
  h=$(sha1sum "$f" | cut -c1-16)
  [ -e "$out/$h" ] || { cp "$f" "$out/$h"; n=$((n + 1)); }
done < <(find test examples \( -name Output -prune \) -o -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) -print0 | sort -z)
if [ "$keep" -gt 0 ]; then
  # The smallest first (ties by name, so that the choice is the same every run).
  find "$out" -type f -printf '%s %f\n' | sort -k1,1n -k2 | tail -n +$((keep + 1)) |
    while read -r _ f; do rm -f "$out/$f"; done
fi
echo "fuzz-corpus: $n new seeds in $out ($(ls "$out" | wc -l) in all)"
