#!/usr/bin/env bash
# Runs the libFuzzer target cuda-lint-fuzzer (tool/cuda-lint-fuzzer, built into build-asan/
# by scripts/sanitize.sh's configuration) for a bounded time on the seed corpus of the test
# inputs (scripts/fuzz-corpus.sh). New coverage goes to build-asan/fuzz-work/, crashes to
# build-asan/fuzz-artifacts/ (crash-*, timeout-*, oom-*): each becomes a regression input under
# test/fuzz/Inputs/ (test/fuzz/README.md).
#
#   scripts/fuzz.sh [SECONDS]     # default 300; SECONDS=0: until stopped
#   FUZZ_FLAGS='-jobs=1' nice -n 19 scripts/fuzz.sh 3600
#   FUZZ_CORPUS=light FUZZ_SEEDS=30 scripts/fuzz.sh 300
#       # the 30 smallest light seeds (scripts/fuzz-corpus.sh --light=30), as CI runs it:
#       # the library-header seeds take minutes each under ASan
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-asan
secs="${1:-300}"
TARGETS=cuda-lint-fuzzer scripts/sanitize.sh --build-only
corpus=$B/fuzz-corpus
if [ "${FUZZ_CORPUS:-}" = light ]; then
  corpus=$B/fuzz-corpus-light
  rm -rf $corpus
  scripts/fuzz-corpus.sh $corpus --light${FUZZ_SEEDS:+=$FUZZ_SEEDS} >/dev/null
else
  scripts/fuzz-corpus.sh $corpus >/dev/null
fi
mkdir -p $B/fuzz-work $B/fuzz-artifacts
# allow_user_poisoning=0: as in scripts/sanitize.sh (LLVM allocators in uninstrumented libraries).
export ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
# -timeout: one input analysed for longer is a hang (the CUB seeds take about 2 minutes under
# ASan on a loaded two-core machine); -rss_limit_mb: the clang front end of both sides of a
# unit under ASan. -max_len: the largest seeds (the tests' inputs) fit.
exec $B/bin/cuda-lint-fuzzer -max_total_time="$secs" -timeout=${FUZZ_TIMEOUT:-600} -rss_limit_mb=6144 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix=$B/fuzz-artifacts/ ${FUZZ_FLAGS:-} \
  $B/fuzz-work $corpus
