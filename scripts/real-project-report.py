#!/usr/bin/env python3
"""Lints every translation unit of a real project's compile database, one cuda-lint run per
unit, and reports which units have compiler errors and which rules fired.

This is how the nvcc-compatibility table of docs/projects.md is made: a correct nvcc-built
project must show no `clang-diagnostic-error` on a unit that nvcc compiles. Each unit is its
own run (so a compiler error in a shared header is counted for every unit it breaks, and one
unit's failure cannot hide another's); the runs go N at a time.

    scripts/real-project-report.py -p ~/src/cuda-samples/build -j 2 -o report.jsonl [--resume]
    scripts/real-project-report.py -p build --cuda-lint build/bin/cuda-lint --only 'fattn' \\
        -- --device-archs=first

Prints a summary: units, units with compiler errors (with their distinct messages), tool
failures, and the rule findings per rule with their locations, for a reviewer to judge.
Arguments after `--` go to every cuda-lint run. Uses only the standard library.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def lint_unit(cuda_lint, build_dir, path, extra, timeout):
    """Runs cuda-lint on one unit; returns (path, seconds, parsed JSON or None, stderr tail)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        out_path = out.name
    cmd = [cuda_lint, "-p", build_dir, path, "--format=json", "-o", out_path,
           "--no-cache", "--fail-on=never", "--quiet", "-j", "1"] + extra
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        err = proc.stderr[-2000:]
    except subprocess.TimeoutExpired:
        err = "report: cuda-lint ran past %d s" % timeout
    seconds = time.monotonic() - start
    result = None
    try:
        with open(out_path) as f:
            result = json.load(f)
    except (OSError, ValueError):
        pass
    finally:
        if os.path.exists(out_path):
            os.unlink(out_path)
    return path, seconds, result, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-p", dest="build_dir", required=True, help="directory of compile_commands.json")
    ap.add_argument("--cuda-lint", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                        "bin", "cuda-lint"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="units linted at once")
    ap.add_argument("--only", help="regex: lint only the units whose path matches")
    ap.add_argument("--cuda-only", action="store_true",
                    help="only units whose file ends in .cu (skip C and C++ host files)")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per unit")
    ap.add_argument("-o", dest="output", help="write every unit's result here (JSON Lines)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the units the -o file already holds and lint only the others")
    ap.add_argument("extra", nargs="*", help="arguments for cuda-lint (after --)")
    args = ap.parse_args()

    with open(os.path.join(args.build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    files = []
    for e in entries:
        path = e["file"] if os.path.isabs(e["file"]) else os.path.join(e["directory"], e["file"])
        path = os.path.normpath(path)
        if path in files:
            continue
        if args.only and not re.search(args.only, path):
            continue
        if args.cuda_only and not path.endswith(".cu"):
            continue
        files.append(path)

    # -o FILE is JSON Lines, one unit a line, written as each unit ends; with --resume the
    # units FILE already holds are not linted again (a long run can be stopped and resumed).
    results = {}
    if args.output and args.resume and os.path.exists(args.output):
        with open(args.output) as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    results[rec["file"]] = rec
    todo = [p for p in files if p not in results]
    log = open(args.output, "a" if args.resume else "w") if args.output else None
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        futures = [pool.submit(lint_unit, args.cuda_lint, args.build_dir, p, args.extra,
                               args.timeout) for p in todo]
        for n, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            path, seconds, result, err = fut.result()
            rec = {"file": path, "seconds": round(seconds, 2), "result": result, "stderr": err}
            results[path] = rec
            if log:
                log.write(json.dumps(rec, sort_keys=True) + "\n")
                log.flush()
            print("[%d/%d] %.1fs %s" % (n, len(todo), seconds, os.path.relpath(path)),
                  file=sys.stderr, flush=True)
    if log:
        log.close()
    results = {p: results[p] for p in files if p in results}

    error_units = collections.OrderedDict()
    failures = collections.OrderedDict()
    by_rule = collections.defaultdict(list)
    for path in sorted(results):
        r = results[path]["result"]
        if r is None:
            failures[path] = [results[path]["stderr"].strip().splitlines()[-1:] or ["no output"]]
            continue
        if r.get("failures"):
            failures[path] = [x.get("message", "") for x in r["failures"]]
        errs = [x for x in r.get("findings", []) if x.get("rule") == "clang-diagnostic-error"]
        if errs:
            error_units[path] = sorted({"%s:%d: %s" % (os.path.relpath(x["file"]), x["line"],
                                                       x["message"]) for x in errs})
        for x in r.get("findings", []):
            if x.get("rule", "").startswith("cuda-"):
                by_rule[x["rule"]].append("%s:%d: %s" % (os.path.relpath(x["file"]), x["line"],
                                                         x["message"][:160]))

    total = sum(v["seconds"] for v in results.values())
    print("units: %d (%.0f s of cuda-lint runs)" % (len(results), total))
    print("units with compiler errors: %d" % len(error_units))
    for path, msgs in error_units.items():
        print("  %s" % os.path.relpath(path))
        for m in msgs[:5]:
            print("    %s" % m)
        if len(msgs) > 5:
            print("    ... %d more" % (len(msgs) - 5))
    print("units with tool failures: %d" % len(failures))
    for path, msgs in failures.items():
        print("  %s: %s" % (os.path.relpath(path), "; ".join(m for m in msgs if m)[:300]))
    print("rule findings: %d" % sum(len(v) for v in by_rule.values()))
    for rule in sorted(by_rule):
        locations = sorted(set(by_rule[rule]))
        print("  %s: %d" % (rule, len(locations)))
        for loc in locations[:20]:
            print("    %s" % loc)
        if len(locations) > 20:
            print("    ... %d more" % (len(locations) - 20))
    return 0


if __name__ == "__main__":
    sys.exit(main())
