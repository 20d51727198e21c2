#!/usr/bin/env bash
# Configures and builds cuda-lint into build/ (programs in build/bin).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
# JOBS=N caps the parallel compile jobs (default: ninja's, cores + 2).
ninja -C build ${JOBS:+-j "$JOBS"}
