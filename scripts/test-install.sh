#!/usr/bin/env bash
# Tests what `cmake --install` and `cpack -G DEB` produce (docs/install.md):
#
#  1. installs the build tree into a temporary prefix and runs every installed
#     program from there: `cuda-lint --version`, a lint of examples/ (their
#     findings are expected), `cuda-lint --explain`, `cuda-lint-clangd
#     --check` on an example, and `clang-tidy-22 --load=<the installed
#     plugin>`; checks that the docs are there;
#  2. with --deb: builds the Debian package (`cpack -G DEB`), checks its
#     Depends (LLVM 22's runtime libraries, the resource headers), unpacks it
#     into a temporary root (`dpkg-deb -x`) and runs `cuda-lint --version` and
#     a lint of examples/ from the unpacked tree.
#
# Usage: scripts/test-install.sh [--deb] [BUILD_DIR]   (default: build)
# Exit status 0 when everything passed; the first failure stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
DEB=0
if [ "${1:-}" = "--deb" ]; then DEB=1; shift; fi
BUILD=$(cd "${1:-build}" && pwd)
CLANG_TIDY=${CLANG_TIDY:-/usr/lib/llvm-22/bin/clang-tidy}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cuda-lint-install.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export CUDA_LINT_CACHE_DIR="$WORK/cache" NO_COLOR=1

fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
step() { echo "test-install: $*"; }

# The examples, copied outside the source tree (no configuration or compile
# database of this repository applies to them).
cp -r "$SRC/examples" "$WORK/examples"

# Runs the installed cuda-lint of prefix $1 on the examples: exit 1 (findings)
# and at least the finding of reduce.cu.
lint_examples() {
  local out rc=0
  out=$("$1/bin/cuda-lint" "$WORK"/examples/*.cu 2>&1) || rc=$?
  [ "$rc" = 1 ] || fail "$1/bin/cuda-lint on examples/: exit $rc, expected 1 (findings):
$out"
  grep -q 'reduce.cu:.*\[cuda-launch-bounds-with-maxnreg\]' <<<"$out" ||
    fail "$1/bin/cuda-lint on examples/: no cuda-launch-bounds-with-maxnreg finding:
$out"
  grep -q '0 tool failures' <<<"$out" || fail "tool failures: $out"
}

# 1. cmake --install into a temporary prefix.
P="$WORK/prefix"
step "cmake --install $BUILD --prefix $P"
cmake --install "$BUILD" --prefix "$P" >/dev/null
for f in bin/cuda-lint bin/cuda-lint-clangd lib/cuda-lint/CudaLintTidyPlugin.so \
         share/doc/cuda-lint/README.md share/doc/cuda-lint/CHANGELOG.md \
         share/doc/cuda-lint/editors.md share/doc/cuda-lint/install.md \
         share/doc/cuda-lint/rules/cuda-launch-bounds-with-maxnreg.md; do
  [ -e "$P/$f" ] || fail "not installed: $f"
done
step "installed cuda-lint --version"
"$P/bin/cuda-lint" --version | grep -q '^cuda-lint ' || fail "cuda-lint --version"
step "installed cuda-lint on examples/"
lint_examples "$P"
step "installed cuda-lint --explain"
"$P/bin/cuda-lint" --explain=cuda-launch-bounds-with-maxnreg | grep -q 'maxnreg' ||
  fail "cuda-lint --explain"
step "installed cuda-lint-clangd --check"
rc=0
out=$("$P/bin/cuda-lint-clangd" --check="$WORK/examples/reduce.cu" 2>"$WORK/clangd.log") || rc=$?
[ "$rc" = 1 ] || fail "cuda-lint-clangd --check: exit $rc, expected 1:
$out
$(tail -20 "$WORK/clangd.log")"
grep -q 'reduce.cu:.*error: .*\[cuda-launch-bounds-with-maxnreg\] (clang-tidy)' <<<"$out" ||
  fail "cuda-lint-clangd --check: no finding: $out"
grep -q -- '--resource-dir=' "$WORK/clangd.log" || true
step "clang-tidy --load=$P/lib/cuda-lint/CudaLintTidyPlugin.so"
"$CLANG_TIDY" --load="$P/lib/cuda-lint/CudaLintTidyPlugin.so" --checks='-*,cuda-*' --list-checks |
  grep -q 'cuda-launch-bounds-with-maxnreg' || fail "the installed plugin lists no cuda-* check"
rc=0
out=$("$CLANG_TIDY" --load="$P/lib/cuda-lint/CudaLintTidyPlugin.so" --checks='-*,cuda-*' \
  "$WORK/examples/reduce.cu" -- -x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version 2>&1) || rc=$?
grep -q '\[cuda-launch-bounds-with-maxnreg' <<<"$out" || fail "clang-tidy with the plugin: $out"

# 2. The Debian package.
if [ "$DEB" = 1 ]; then
  step "cpack -G DEB"
  (cd "$BUILD" && cpack -G DEB -B "$WORK/pkg" >/dev/null) || fail "cpack -G DEB"
  deb=$(ls "$WORK"/pkg/cuda-lint_*.deb)
  step "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
  for dep in libllvm22 libclang-cpp22 libclang-common-22-dev; do
    dpkg-deb -f "$deb" Depends | grep -q "$dep" || fail "Depends lacks $dep"
  done
  dpkg-deb -x "$deb" "$WORK/root"
  R="$WORK/root/usr"
  step "unpacked cuda-lint --version"
  "$R/bin/cuda-lint" --version | grep -q '^cuda-lint ' || fail "unpacked cuda-lint --version"
  step "unpacked cuda-lint on examples/"
  lint_examples "$R"
  [ -e "$R/lib/cuda-lint/CudaLintTidyPlugin.so" ] || fail "the package lacks the plugin"
  [ -e "$R/share/doc/cuda-lint/rules/cuda-launch-bounds-with-maxnreg.md" ] ||
    fail "the package lacks the docs"
fi
step "passed"
