#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: installs the dependencies, builds cuda-lint,
# and lints the bundled example project (examples/), printing its findings.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
echo
echo "== cuda-lint on examples/ (planted mistakes: findings expected) =="
status=0
build/bin/cuda-lint examples/*.cu || status=$?
# 1 means "findings reported", which is what the example is for.
[ "$status" -le 1 ] || exit "$status"
