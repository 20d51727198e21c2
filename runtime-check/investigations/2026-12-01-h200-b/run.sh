#!/bin/bash
# The second H200 run of 2026-12-01 (issues 11, 12, 13): every runtime-check
# pair (run_gpu.py, timed cases included), then compute-sanitizer's memcheck on
# the bad programs of the new alignment and memory-space rules. Run from the
# repository root on the device machine; $OUT receives the results.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
B=$PWD/runtime-check/build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/run.log" 2>&1
python3 runtime-check/run_gpu.py --build-dir "$B" --timeout 30 --jobs 16 \
  --out "$OUT/latest.json" >> "$OUT/run.log" 2>&1
echo "run_gpu.py exit $?" >> "$OUT/run.log"
[ "${SANITIZER:-1}" = 0 ] && exit 0
S="$OUT/sanitizer.txt"
: > "$S"
for t in "memcheck cuda-vector-type-alignment/bad" "memcheck cuda-vector-type-alignment/good" \
         "memcheck cuda-wmma-pointer-alignment/bad" "memcheck cuda-wmma-pointer-alignment/bad-8-bytes" "memcheck cuda-wmma-ldm/bad" \
         "memcheck cuda-dynamic-shared-declaration/bad" "memcheck cuda-dynamic-shared-declaration/good" \
         "memcheck cuda-constant-write/bad" "racecheck cuda-restrict-alias/bad"; do
  set -- $t
  echo "=== compute-sanitizer --tool $1 $2" >> "$S"
  timeout 120 compute-sanitizer --tool "$1" "$B/$2" 2>&1 | grep -v "^$" | head -40 >> "$S"
  echo "exit ${PIPESTATUS[0]}" >> "$S"
done
