#!/usr/bin/env python3
"""new-rule.py: starts a new cuda-lint rule, as clang-tidy's add_new_check.py starts a check.

Usage:
  scripts/new-rule.py <rule-id> [--severity S] [--summary "one line"] [--nvcc] [--runtime]
                      [--root DIR]

For rule id `cuda-foo-bar` it writes (paths relative to the repository root):

  docs/rules/cuda-foo-bar.md        the rule page: front matter (id, severity, summary, fix)
                                    and the sections every page has, with TODO text
  lib/checks/FooBarCheck.h, .cpp    the check class (CamelCase of the id without `cuda-`,
                                    plus `Check`), on cuda_lint::CudaCheck
  lib/checks/Checks.def             CUDA_LINT_CHECK("cuda-foo-bar", FooBarCheck), sorted by id
  test/rules/cuda-foo-bar.cu        the rule test (%check-cuda-lint: host and device sides),
                                    fail1 / correct1 skeletons that fail until written
with --nvcc:
  test/rules/cuda-foo-bar-nvcc.cu   the nvcc differential test (REQUIRES: nvcc) and its inputs
  test/rules/Inputs/cuda-foo-bar-bad.cu, -good.cu
with --runtime:
  runtime-check/cuda-foo-bar/       case.json, bad.cu, good.cu (runtime-check/README.md)

Nothing is written when the id is malformed or any of these files, or the registration,
already exists. lib/CMakeLists.txt picks up lib/checks/*.cpp and docs/rules/*.md by itself:
re-run the build (`ninja -C build`), then `lit build/test/rules/cuda-foo-bar.cu` fails until
the check and its test are written. CONTRIBUTING.md, "Adding a rule", has the workflow.

Exit status: 0 written, 1 refused (the reason on stderr), 2 usage error.
Python 3 standard library only.
"""

import argparse
import os
import re
import sys

ID_RE = re.compile(r"^cuda-[a-z0-9]+(?:-[a-z0-9]+)*$")
# Severity classes of the catalog (RULES.md, "Severity"), mixed ones as RULES.md writes them.
SEVERITIES = ("error", "warning", "performance", "portability",
              "error/portability", "error/warning", "warning/portability")
REGISTRATION = re.compile(r'^CUDA_LINT_CHECK\("([^"]+)",\s*([A-Za-z_][A-Za-z0-9_]*)\)\s*$')
DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TODO_SUMMARY = "TODO one line: what the rule finds, lowercase, no final period"


class Refused(Exception):
    """The rule cannot be created; the message says why."""


def class_name(rule_id):
    """`cuda-foo-bar` -> `FooBarCheck` (clang-tidy's naming: the id without its module prefix,
    in CamelCase)."""
    parts = rule_id[len("cuda-"):].split("-")
    name = "".join(p[:1].upper() + p[1:] for p in parts)
    if name[:1].isdigit():
        # A C++ name cannot start with a digit: `cuda-2d-copy` -> `Cuda2dCopyCheck`.
        name = "Cuda" + name
    return name + "Check"


def diag_level(severity):
    """The level a finding of the rule prints at: error for error rules, else warning."""
    return "error" if severity.startswith("error") else "warning"


def docs_page(rule_id, severity, summary):
    return f"""---
id: {rule_id}
severity: {severity}
summary: {summary}
fix: none
---
# {rule_id}

**Severity:** {severity} · **Group:** TODO (RULES.md group) · **Source:** RULES.md TODO; CUDA C++
Programming Guide, "TODO section".

## What it finds

TODO: exactly what is reported (spelled directly, through a macro, in a template), and the close
variants that are not.

## Why it matters

TODO: what goes wrong: nvcc's error, the CUDA error of the launch, the hang or the wrong result,
with its source.

## Example

```cuda
// TODO: the smallest code the rule reports   // finding
```

## Use instead

```cuda
// TODO: the same code, correct
```

## Fix

TODO: how to fix it by hand, and whether cuda-lint offers a fix-it (front matter `fix:` safe,
unsafe or none).

## Suppress

`// NOLINT({rule_id})` on the line of the finding.

## Compilers

TODO: what nvcc 13.0 and clang 22 do with the example (checked on this project's toolchain).
"""


def sentence(summary):
    """The summary as a sentence for the class comment."""
    if summary == TODO_SUMMARY:
        return "TODO: one sentence, what it finds."
    return summary[:1].upper() + summary[1:] + "."


def check_header(rule_id, cls, summary):
    guard = "CUDA_LINT_CHECKS_" + cls.upper() + "_H"
    return f"""#ifndef {guard}
#define {guard}

#include "CudaCheck.h"

namespace cuda_lint {{

/// {sentence(summary)} Source: CUDA C++ Programming Guide, "TODO section".
/// Docs: docs/rules/{rule_id}.md
class {cls} : public CudaCheck {{
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
}};

}} // namespace cuda_lint

#endif
"""


def check_source(rule_id, cls):
    return f"""#include "checks/{cls}.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {{

void {cls}::registerMatchers(MatchFinder *Finder) {{
  // TODO: match what docs/rules/{rule_id}.md, "What it finds", describes: named
  // sub-matchers composed into one addMatcher(... .bind(...), this). This placeholder
  // matches every kernel definition.
  Finder->addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"),
                     this);
}}

void {cls}::checkMatch(const MatchFinder::MatchResult &Result) {{
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (!Kernel)
    return;
  // TODO: return early where the rule does not apply, then report once, e.g.
  //   report(Kernel->getLocation(), "kernel %0 ...") << Kernel;
  // (lowercase, no final period; a note() at the related declaration). Until then
  // nothing is reported and test/rules/{rule_id}.cu fails.
}}

CUDA_LINT_DEFINE_CHECK_FACTORY({cls})

}} // namespace cuda_lint
"""


def rule_test(rule_id, severity):
    level = diag_level(severity)
    return f"""// RUN: %check-cuda-lint %s {rule_id} %t
// TODO: what this file tests. cuda-lint analyses the host side and the device side (sm_90
// unless the RUN line gives `-- -- --cuda-gpu-arch=sm_XX`) and merges them: say where the sides
// differ (code under #ifdef __CUDA_ARCH__; CHECK-SIDES lines check it), and add a RUN line with
// -check-suffixes=,SM80 and CHECK-MESSAGES-SM80 lines where an architecture changes the findings.
#include <cuda_runtime.h>

// TODO: the cases the rule reports, each with a CHECK-MESSAGES line under it
// (CHECK-NOTES lines instead where its notes matter; CHECK-FIXES for its fix-it).
__global__ void fail1(float *x) {{
  // TODO: code that {rule_id} reports
}}
// CHECK-MESSAGES: :[[@LINE-3]]:17: {level}: TODO the message of the finding [{rule_id}]

// Negatives: close variants the rule must not report. No CHECK line: any finding fails.
__global__ void correct1(float *x) {{
  // TODO: the correct version of fail1
}}
"""


def nvcc_test(rule_id, severity):
    level = diag_level(severity)
    return f"""// nvcc 13.0 and cuda-lint agree: the bad file is rejected and reported, the good one
// accepted and not reported. TODO: for a rule nvcc accepts with a warning (or silently
// miscompiles), check that warning on the bad file and drop the `not` of its nvcc line.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/{rule_id}-bad.cu 2>&1 \\
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/{rule_id}-good.cu
// RUN: not %cuda-lint --checks='-*,{rule_id}' %S/Inputs/{rule_id}-bad.cu 2>&1 \\
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{{{warning|error}}}}:'
// RUN: %cuda-lint --checks='-*,{rule_id}' %S/Inputs/{rule_id}-good.cu 2>&1 \\
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{{{warning|error}}}}:'

// NVCC: bad.cu({{{{[0-9]+}}}}): error: TODO nvcc's message
// LINT: bad.cu:{{{{[0-9]+}}}}:{{{{[0-9]+}}}}: {level}: TODO the message of the finding [{rule_id}]
// QUIET: cuda-lint: 1 file, 0 findings
"""


def nvcc_input(rule_id, kind):
    if kind == "bad":
        return f"""// Input of {rule_id}-nvcc.cu: code nvcc 13.0 rejects and {rule_id} reports.
// TODO: the bad code (until then nvcc accepts this file and the test fails).
__global__ void bad(float *x) {{}}
"""
    return f"""// Input of {rule_id}-nvcc.cu: code nvcc 13.0 accepts and {rule_id} does not report.
// TODO: the close variants of the bad file that are correct.
__global__ void good(float *x) {{}}
"""


def runtime_case(rule_id, summary, nvcc_rejects):
    s = "TODO one line" if summary == TODO_SUMMARY else summary
    # A rule nvcc reports (--nvcc): its bad program does not build.
    bad = ('"nvcc": "reject",\n     "expected": "nvcc-rejects"' if nvcc_rejects else
           '"nvcc": "accept",\n     "expected": "TODO"')
    return f"""{{
  "rule": "{rule_id}",
  "summary": "{s}",
  "variants": [
    {{"name": "bad", "variant": "bad", "source": "bad.cu", {bad},
     "what": "TODO: what the bad program does"}},
    {{"name": "good", "variant": "good", "source": "good.cu", "nvcc": "accept",
     "expected": "cudaSuccess", "what": "TODO: what the good program does"}}
  ]
}}
"""


def runtime_program(rule_id, kind):
    what = ("does what the rule warns about (TODO), so cuda-lint reports it"
            if kind == "bad" else "is the correct version of bad.cu (TODO)")
    return f"""// runtime-check {rule_id}, {kind}: {what}.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void kernel(float *x, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * x[i];   // TODO
}}

int main() {{
  const int n = 1024;
  std::vector<float> host(n, 1.0f);
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  kernel<<<n / 256, 256>>>(x, n);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 2.0f;
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d elements doubled", n);
}}
"""


def registered(checks_def):
    """[(id, class)] of the CUDA_LINT_CHECK lines of Checks.def, in file order."""
    out = []
    for line in checks_def.splitlines():
        m = REGISTRATION.match(line.strip())
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def with_registration(checks_def, rule_id, cls):
    """Checks.def with `CUDA_LINT_CHECK("<id>", <cls>)` inserted before the first registration
    whose id sorts after it (after the last one if none does)."""
    lines = checks_def.splitlines(keepends=True)
    new = f'CUDA_LINT_CHECK("{rule_id}", {cls})\n'
    last = None
    for i, line in enumerate(lines):
        m = REGISTRATION.match(line.strip())
        if not m:
            continue
        if m.group(1) > rule_id:
            lines.insert(i, new)
            return "".join(lines)
        last = i
    if last is None:
        raise Refused("lib/checks/Checks.def has no CUDA_LINT_CHECK line to put the new one "
                      "beside")
    if not lines[last].endswith("\n"):
        lines[last] += "\n"
    lines.insert(last + 1, new)
    return "".join(lines)


def plan(root, rule_id, severity, summary, nvcc, runtime):
    """{relative path: content} of everything to write; raises Refused."""
    if not ID_RE.match(rule_id):
        raise Refused(f"'{rule_id}' is not a rule id: expected 'cuda-' and lowercase words of "
                      "letters and digits joined by single '-' (e.g. cuda-foo-bar)")
    if severity not in SEVERITIES:
        raise Refused(f"--severity '{severity}' is not one of {', '.join(SEVERITIES)}")
    if "\n" in summary or not summary.strip():
        raise Refused("--summary must be one non-empty line")
    summary = summary.strip()
    if summary.endswith("."):
        raise Refused("--summary ends with a period; summaries have none (they are listed "
                      "like diagnostics)")
    def_path = os.path.join(root, "lib", "checks", "Checks.def")
    try:
        with open(def_path, encoding="utf-8") as f:
            checks_def = f.read()
    except OSError as e:
        raise Refused(f"{def_path}: cannot read ({e.strerror}); is --root the repository?")
    cls = class_name(rule_id)
    for rid, rcls in registered(checks_def):
        if rid == rule_id:
            raise Refused(f"lib/checks/Checks.def already registers '{rule_id}' ({rcls})")
        if rcls == cls:
            raise Refused(f"lib/checks/Checks.def already uses class {cls} (for '{rid}')")

    files = {
        f"docs/rules/{rule_id}.md": docs_page(rule_id, severity, summary),
        f"lib/checks/{cls}.h": check_header(rule_id, cls, summary),
        f"lib/checks/{cls}.cpp": check_source(rule_id, cls),
        f"test/rules/{rule_id}.cu": rule_test(rule_id, severity),
    }
    if nvcc:
        files[f"test/rules/{rule_id}-nvcc.cu"] = nvcc_test(rule_id, severity)
        files[f"test/rules/Inputs/{rule_id}-bad.cu"] = nvcc_input(rule_id, "bad")
        files[f"test/rules/Inputs/{rule_id}-good.cu"] = nvcc_input(rule_id, "good")
    if runtime:
        files[f"runtime-check/{rule_id}/case.json"] = runtime_case(rule_id, summary, nvcc)
        files[f"runtime-check/{rule_id}/bad.cu"] = runtime_program(rule_id, "bad")
        files[f"runtime-check/{rule_id}/good.cu"] = runtime_program(rule_id, "good")
    existing = [p for p in files if os.path.exists(os.path.join(root, p))]
    if runtime and os.path.exists(os.path.join(root, "runtime-check", rule_id)):
        existing.append(f"runtime-check/{rule_id}/")
    if existing:
        raise Refused(f"'{rule_id}' exists already: " + ", ".join(sorted(set(existing))))
    files["lib/checks/Checks.def"] = with_registration(checks_def, rule_id, cls)
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Starts a new cuda-lint rule: docs page, check pair, registration, tests.",
        epilog="See CONTRIBUTING.md, \"Adding a rule\".")
    ap.add_argument("rule_id", metavar="rule-id", help="e.g. cuda-foo-bar")
    ap.add_argument("--severity", default="warning",
                    help="the rule's severity class (default: warning): " + ", ".join(SEVERITIES))
    ap.add_argument("--summary", default=TODO_SUMMARY,
                    help="the one-line summary `--list-checks` prints (lowercase, no period)")
    ap.add_argument("--nvcc", action="store_true",
                    help="also the nvcc differential test test/rules/<id>-nvcc.cu and its inputs")
    ap.add_argument("--runtime", action="store_true",
                    help="also a runtime-check/<id>/ pair (runtime-check/README.md)")
    ap.add_argument("--root", default=DEFAULT_ROOT,
                    help="the repository to write into (default: the one holding this script)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    try:
        files = plan(root, args.rule_id, args.severity, args.summary, args.nvcc, args.runtime)
    except Refused as e:
        print(f"new-rule.py: {e}", file=sys.stderr)
        return 1
    for rel, content in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
        print(("updated " if rel.endswith("Checks.def") else "created ") + rel)
    cls = class_name(args.rule_id)
    print(f"""
Next:
  1. docs/rules/{args.rule_id}.md: replace every TODO (what it finds, why, example, fix).
  2. lib/checks/{cls}.cpp: the matcher and the finding.
  3. test/rules/{args.rule_id}.cu: the fail and correct cases with their CHECK-MESSAGES lines.
  4. ninja -C build && lit -sv build/test/rules/{args.rule_id}.cu build/test/catalog""")
    return 0


if __name__ == "__main__":
    sys.exit(main())
