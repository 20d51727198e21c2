#!/usr/bin/env bash
# Installs what cuda-lint needs to build and test on Debian 12 (bookworm), idempotently:
# LLVM/Clang 22 (libraries, clang-tidy, clangd, lit, FileCheck) from Debian's archive
# (bookworm-security carries 22.1), CMake, Ninja, GoogleTest, gRPC/protobuf (clangd's
# libraries link them), libomp-22-dev (clang's omp.h: nvcc finds gcc's omp.h without -fopenmp,
# clang only its own), libclang-rt-22-dev (the sanitizer and libFuzzer runtimes of clang 22:
# scripts/sanitize.sh, scripts/fuzz.sh), Python with jsonschema and PyYAML, pre-commit.
# The CUDA Toolkit (13.0) is not in Debian's main archive: it must already be installed
# (default /usr/local/cuda); this script only checks for it.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3
  clang-22 clang-tools-22 clang-tidy-22 clangd-22 libclang-22-dev llvm-22-dev llvm-22-tools
  libomp-22-dev libclang-rt-22-dev
  libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc
  libgtest-dev googletest
  python3-jsonschema python3-yaml pre-commit
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 2; }
    SUDO=sudo
  fi
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cuda="${CUDA_PATH:-}"
if [ -z "$cuda" ] && command -v nvcc >/dev/null; then cuda=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")"); fi
cuda="${cuda:-/usr/local/cuda}"
if [ ! -f "$cuda/include/cuda_runtime.h" ]; then
  echo "install-deps: warning: no CUDA toolkit at $cuda (set CUDA_PATH); cuda-lint needs its headers," >&2
  echo "install-deps: and the tests that compare with nvcc are skipped without it" >&2
fi
