#!/bin/bash
# The H200 run of 2026-12-01: every runtime-check pair (run_gpu.py), then
# compute-sanitizer on the bad programs of the synchronization rules. Run from
# the repository root on the device machine; $OUT receives the results.
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
for t in "synccheck cuda-syncthreads-divergent/bad" "synccheck cuda-syncthreads-divergent/good" \
         "synccheck cuda-warp-sync-divergent/bad" "synccheck cuda-warp-sync-divergent/good" \
         "racecheck cuda-shared-race/bad" "racecheck cuda-shared-race/good" \
         "racecheck cuda-shared-race/bad_matmul" "racecheck cuda-shared-race/good_matmul" \
         "racecheck cuda-wmma-fragment-element-mapping/bad" "memcheck cuda-brkpt/bad"; do
  set -- $t
  echo "=== compute-sanitizer --tool $1 $2" >> "$S"
  timeout 120 compute-sanitizer --tool "$1" "$B/$2" 2>&1 | grep -v "^$" | head -40 >> "$S"
  echo "exit ${PIPESTATUS[0]}" >> "$S"
done
