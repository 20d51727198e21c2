#!/usr/bin/env bash
# Builds cuda-lint with AddressSanitizer and UndefinedBehaviorSanitizer (clang-22,
# -DCUDA_LINT_SANITIZE=ON; also the libFuzzer target, -DCUDA_LINT_FUZZER=ON, which shares the
# instrumented objects) into build-asan/ and runs lit there. A sanitizer report ends the
# program (halt_on_error), so the test that reached it fails and shows the report.
#
#   scripts/sanitize.sh                      # build, then the whole lit suite
#   scripts/sanitize.sh test/driver test/rules/cuda-shared-bank-conflict.cu
#                                            # build, then these (source-tree paths)
#   JOBS=1 scripts/sanitize.sh ...           # cap the parallel compile jobs
#   TARGETS='cuda-lint cuda-lint-fuzzer' scripts/sanitize.sh --build-only
#                                            # build these only, run nothing
#
# The instrumented build of everything (the checker, the plugin, cuda-lint-clangd, the unit
# tests) takes far longer than the normal one (docs/development.md); run it before a release.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-asan
if [ ! -f $B/build.ninja ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCUDA_LINT_SANITIZE=ON -DCUDA_LINT_FUZZER=ON "${launcher[@]}"
fi
targets=()
[ -n "${TARGETS:-}" ] && read -r -a targets <<<"$TARGETS"
ninja -C $B ${JOBS:+-j "$JOBS"} "${targets[@]}"
[ "${1:-}" = --build-only ] && exit 0
# detect_leaks=0: LLVM frees some of its front end's state at exit only on request
# (-disable-free is clang's default), which LeakSanitizer would report in every run.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs in instrumented code
# and unpoisons each allocation, but Debian's clang and clangd libraries are not
# instrumented, and an inline allocator function linked from our objects poisons slabs
# that their code then writes without unpoisoning: "use-after-poison" in clangd's
# TUScheduler (HeaderIncluderCache), a report about the mix, not about a bug. ASan's own
# checks of the heap, the stack and globals are unaffected.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allow_user_poisoning=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
paths=()
for p in "$@"; do paths+=("$B/${p#./}"); done
[ ${#paths[@]} -gt 0 ] || paths=("$B/test")
[ -x $B/bin/cuda-lint-unittests ] && [ $# -eq 0 ] && $B/bin/cuda-lint-unittests --gtest_brief=1
/usr/lib/llvm-22/bin/lit -sv "${paths[@]}"
