#!/usr/bin/env bash
# Runs the libFuzzer target cuda-lint-fuzzer (tool/cuda-lint-fuzzer, built into build-asan/
# by scripts/sanitize.sh's configuration) for a bounded time on the seed corpus of the test
# inputs (scripts/fuzz-corpus.sh). New coverage goes to build-asan/fuzz-work/, crashes to
# build-asan/fuzz-artifacts/ (crash-*, timeout-*, oom-*): each becomes a regression input under
# test/fuzz/Inputs/ (test/fuzz/README.md).
#
#   scripts/fuzz.sh [SECONDS]     # default 300; SECONDS=0: until stopped
#   FUZZ_FLAGS='-jobs=1' nice -n 19 scripts/fuzz.sh 3600
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-asan
secs="${1:-300}"
TARGETS=cuda-lint-fuzzer scripts/sanitize.sh --build-only
scripts/fuzz-corpus.sh $B/fuzz-corpus >/dev/null
mkdir -p $B/fuzz-work $B/fuzz-artifacts
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
# -timeout: one input analysed for longer is a hang; -rss_limit_mb: the clang front end of
# both sides of a unit under ASan. -max_len: the largest seeds (the tests' inputs) fit.
exec $B/bin/cuda-lint-fuzzer -max_total_time="$secs" -timeout=120 -rss_limit_mb=6144 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix=$B/fuzz-artifacts/ ${FUZZ_FLAGS:-} \
  $B/fuzz-work $B/fuzz-corpus
