#!/usr/bin/env bash
# Runs every test of cuda-lint (what CI runs): installs what is missing, builds,
# then the unit tests and the lit suite (rules, driver, integrations, runtime-check
# compile tier). No GPU needed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
if [ -x build/bin/cuda-lint-unittests ]; then
  build/bin/cuda-lint-unittests --gtest_brief=1
fi
/usr/lib/llvm-22/bin/lit -sv build/test
# What `cmake --install` and the Debian package contain, run from a temporary
# prefix and from the unpacked package (docs/install.md; about 100 s).
scripts/test-install.sh --deb build
# A bounded libFuzzer run (docs/development.md, "Fuzzing"): builds cuda-lint-fuzzer with
# ASan+UBSan and coverage into build-asan/, then fuzzes the seed corpus of the test inputs
# for CUDA_LINT_FUZZ_SECONDS (default 300; 0 skips it). A crash, sanitizer report, hang or
# out-of-memory input fails the run and is left in build-asan/fuzz-artifacts/.
if [ "${CUDA_LINT_FUZZ_SECONDS:-300}" != 0 ]; then
  FUZZ_CORPUS=light FUZZ_SEEDS=30 scripts/fuzz.sh "${CUDA_LINT_FUZZ_SECONDS:-300}"
fi
