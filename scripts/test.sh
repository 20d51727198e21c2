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
