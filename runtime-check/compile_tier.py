#!/usr/bin/env python3
"""Compile tier of runtime-check: no GPU needed, runs in CI (test/runtime-check/compile-tier.test).

For every case of every pair (runtime-check/<rule-id>/case.json):

1. `nvcc -arch=sm_90 -c` builds the file, and the case says whether nvcc must accept it or
   reject it (the rules nvcc itself reports: cuda-launch-bounds-with-maxnreg,
   cuda-grid-constant-mismatch, cuda-shared-initializer, cuda-cluster-size);
2. `cuda-lint --checks=-*,<rule-id> FILE` reports the pair's rule on every bad file and never on a
   good one. A rule that `cuda-lint --list-checks` does not list is reported as
   "rule not implemented yet": its nvcc half is still checked, its cuda-lint half is not, and it
   fails the run only with --require-all.

Exit status: 0 when every checked expectation holds, 1 when one does not, 2 on a usage error
(no nvcc, a cuda-lint that cannot list its checks, a malformed case.json).

Usage: compile_tier.py --cuda-lint 'build/bin/cuda-lint --color=never' [--nvcc nvcc]
                       [--build-dir DIR] [--jobs N] [--rules ID,ID] [--require-all]
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases as cases_mod  # noqa: E402

RULE_TOKEN = re.compile(r"\bcuda-[a-z0-9]+(?:-[a-z0-9]+)*\b")


def finding_re(rule):
    """A finding line of `rule`: `path:line:col: error|warning: message [rule]`."""
    return re.compile(r"^.+:\d+:\d+: (?:error|warning): .*\[" + re.escape(rule) + r"\]\s*$", re.M)


def registered_rules(cuda_lint):
    """The rule ids `cuda-lint --list-checks` prints (any `cuda-...` token but the program's
    own name). Raises RuntimeError when the program fails."""
    proc = subprocess.run(cuda_lint + ["--list-checks"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"'{' '.join(cuda_lint)} --list-checks' exited {proc.returncode}: "
                           f"{proc.stderr.strip()}")
    return set(RULE_TOKEN.findall(proc.stdout)) - {"cuda-lint"}


def run_nvcc(nvcc, case, build_dir):
    """Compiles `case` to an object file; returns (accepted, first error lines)."""
    obj = os.path.join(build_dir, case.rule, case.name + ".o")
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    proc = subprocess.run([nvcc, cases_mod.NVCC_ARCH, *case.nvcc_flags, "-c", case.source, "-o", obj],
                          capture_output=True, text=True)
    text = (proc.stderr + proc.stdout).strip()
    errors = [l.strip() for l in text.splitlines() if "error" in l.lower()]
    return proc.returncode == 0, "; ".join(errors[:2]) if errors else text[:200]


def run_lint(cuda_lint, case):
    """Runs the pair's rule alone on `case`; returns (number of findings of that rule, exit
    status, the finding lines)."""
    command = []
    if case.lint_with_nvcc_flags:
        command = ["--", cases_mod.NVCC_ARCH, *case.nvcc_flags]
    proc = subprocess.run(cuda_lint + [f"--checks=-*,{case.rule}", case.source, *command],
                          capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    found = finding_re(case.rule).findall(out)
    return len(found), proc.returncode, found


def check_case(case, args, registered):
    """Returns (status, notes): status PASS, FAIL or NOT-IMPLEMENTED."""
    notes = []
    failed = False
    accepted, nvcc_text = run_nvcc(args.nvcc, case, args.build_dir)
    want_accept = case.nvcc == "accept"
    if accepted == want_accept:
        notes.append("nvcc " + ("accepts" if accepted else "rejects"))
    else:
        failed = True
        notes.append(f"nvcc {'accepts' if accepted else 'rejects'} it, expected it to "
                     f"{case.nvcc}" + ("" if accepted else f" ({nvcc_text})"))
    if case.rule not in registered:
        notes.append("cuda-lint: rule not implemented yet")
        return ("FAIL" if failed else "NOT-IMPLEMENTED"), notes
    count, status, lines = run_lint(args.cuda_lint, case)
    if status not in (0, 1):
        failed = True
        notes.append(f"cuda-lint exited {status}")
    if case.variant == "bad" and count == 0:
        failed = True
        notes.append(f"cuda-lint does not report {case.rule}")
    elif case.variant == "good" and count:
        failed = True
        notes.append(f"cuda-lint reports {case.rule} on a good file: {lines[0].strip()}")
    else:
        notes.append(f"cuda-lint: {count} finding(s) of the rule")
    return ("FAIL" if failed else "PASS"), notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuda-lint", required=True,
                        help="the cuda-lint command (split like a shell would split it)")
    parser.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    parser.add_argument("--build-dir", help="where objects go (default: a temporary directory)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", help="comma-separated rule ids to check (default: all)")
    parser.add_argument("--require-all", action="store_true",
                        help="a rule cuda-lint does not list fails the run")
    args = parser.parse_args(argv)
    args.cuda_lint = shlex.split(args.cuda_lint)

    if not (os.path.isfile(args.nvcc) or shutil.which(args.nvcc)):
        print(f"compile_tier: no nvcc at {args.nvcc}", file=sys.stderr)
        return 2
    try:
        only = set(args.rules.split(",")) if args.rules else None
        all_cases = cases_mod.load(only=only)
        registered = registered_rules(args.cuda_lint)
    except (ValueError, RuntimeError, OSError) as e:
        print(f"compile_tier: {e}", file=sys.stderr)
        return 2
    if not all_cases:
        print("compile_tier: no cases", file=sys.stderr)
        return 2

    tmp = None
    if not args.build_dir:
        tmp = tempfile.TemporaryDirectory(prefix="runtime-check-")
        args.build_dir = tmp.name
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda c: check_case(c, args, registered), all_cases))

    width = max(len(c.key) for c in all_cases)
    counts = {"PASS": 0, "FAIL": 0, "NOT-IMPLEMENTED": 0}
    for case, (status, notes) in zip(all_cases, results):
        counts[status] += 1
        print(f"{status:15} {case.key:{width}}  {case.variant:4}  " + "; ".join(notes))
    missing = sorted({c.rule for c, (s, _) in zip(all_cases, results) if s == "NOT-IMPLEMENTED"})
    print(f"compile tier: {len(all_cases)} cases, {counts['PASS']} passed, {counts['FAIL']} failed, "
          f"{counts['NOT-IMPLEMENTED']} with the rule not implemented yet"
          + (f" ({', '.join(missing)})" if missing else ""))
    if tmp:
        tmp.cleanup()
    if counts["FAIL"] or (args.require_all and counts["NOT-IMPLEMENTED"]):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
