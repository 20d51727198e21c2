#!/bin/bash
# The third H200 run of 2026-12-01 (issue 10's library collectives): every
# runtime-check pair (run_gpu.py, timed cases included), then compute-sanitizer
# synccheck and racecheck on the CUB pair of cuda-syncthreads-divergent. Run
# from the repository root on the device machine; $OUT receives the results.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
B=$PWD/runtime-check/build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/run.log" 2>&1
python3 runtime-check/run_gpu.py --build-dir "$B" --timeout 30 --jobs 16 \
  --out "$OUT/latest.json" >> "$OUT/run.log" 2>&1
echo "run_gpu.py exit $?" >> "$OUT/run.log"
S="$OUT/sanitizer.txt"
: > "$S"
for t in "synccheck cuda-syncthreads-divergent/bad-cub" "synccheck cuda-syncthreads-divergent/good-cub" \
         "racecheck cuda-syncthreads-divergent/bad-cub" "racecheck cuda-syncthreads-divergent/good-cub"; do
  set -- $t
  echo "=== compute-sanitizer --tool $1 $2" >> "$S"
  timeout 120 compute-sanitizer --tool "$1" "$B/$2" 2>&1 | grep -v "^$" | head -40 >> "$S"
  echo "exit ${PIPESTATUS[0]}" >> "$S"
done
