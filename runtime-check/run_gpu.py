#!/usr/bin/env python3
"""Execution tier of runtime-check: builds and runs every pair on a GPU.

Each case (runtime-check/<rule-id>/case.json) is built with `nvcc -arch=sm_90 -O2` and run in its
own process group under a watchdog: a program that prints no result within --timeout seconds is
killed and recorded as `hang`; one that dies without its result line as `crash`. A file nvcc
rejects is recorded as `nvcc-rejects` (expected so for the rules nvcc itself reports). The
observed outcome is the token of the program's `RUNTIME-CHECK outcome=...` line; it is compared
with the case's expected outcome, never adjusted to it.

Writes --out (default runtime-check/results/latest.json) in the schema of issue 4:

    {"gpu": "...", "driver": "...", "cuda": "...", "date": "YYYY-MM-DD",
     "cases": [{"rule": "<id>", "variant": "bad"|"good", "expected": "...", "observed": "...",
                "agrees": true|false}, ...]}

and beside it <out>-details.json (the case names, files, the programs' detail text, times, the
nvcc messages) that latest.json's schema has no room for. Prints a table last.

Steps can be split: --build-only builds into --build-dir (on a machine without a GPU);
--no-build runs what --build-dir holds (on a machine without nvcc).

Exit status: 0 when every case agrees, 1 when one does not, 2 when nothing could run.
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases as cases_mod  # noqa: E402

REJECTED_SUFFIX = ".nvcc-rejected"
TOOLKIT_FILE = "toolkit.txt"


def nvcc_release(nvcc):
    """'13.0' from `nvcc --version` ('release 13.0, V13.0.88'), or None."""
    try:
        out = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    m = re.search(r"release (\d+\.\d+)", out)
    return m.group(1) if m else None


def build_one(nvcc, case, build_dir):
    """Builds `case` into build_dir/<rule>/<name>. A rejected file leaves <name>.nvcc-rejected
    holding nvcc's messages. Returns (binary path or None, nvcc's messages)."""
    exe = os.path.join(build_dir, case.rule, case.name)
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    for stale in (exe, exe + REJECTED_SUFFIX):
        if os.path.exists(stale):
            os.remove(stale)
    proc = subprocess.run([nvcc, cases_mod.NVCC_ARCH, "-O2", *case.nvcc_flags, "-o", exe, case.source],
                          capture_output=True, text=True)
    # Paths relative to the repository root, so results do not depend on the checkout's location.
    text = (proc.stdout + proc.stderr).strip().replace(os.path.dirname(cases_mod.ROOT) + os.sep, "")
    if proc.returncode != 0:
        with open(exe + REJECTED_SUFFIX, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        return None, text
    return exe, text


def built(case, build_dir):
    """What --build-dir holds for `case`: (binary or None, nvcc's messages if rejected)."""
    exe = os.path.join(build_dir, case.rule, case.name)
    if os.path.isfile(exe + REJECTED_SUFFIX):
        with open(exe + REJECTED_SUFFIX, encoding="utf-8") as f:
            return None, f.read().strip()
    if os.path.isfile(exe) and os.access(exe, os.X_OK):
        return exe, ""
    return None, "not built"


def run_one(exe, timeout):
    """Runs `exe` in its own process group; returns (observed token, detail, seconds, exit)."""
    start = time.monotonic()
    proc = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, cwd=os.path.dirname(exe))
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = proc.communicate()
        seconds = time.monotonic() - start
        tail = out.decode(errors="replace").strip().splitlines()[-1:] if out else []
        return "hang", f"no result after {timeout} s, killed" + \
            (f"; last output: {tail[0]}" if tail else ""), seconds, None
    seconds = time.monotonic() - start
    text = out.decode(errors="replace")
    found = cases_mod.RESULT_LINE.findall(text)
    if not found:
        why = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        last = text.strip().splitlines()[-1:] if text.strip() else []
        return "crash", f"no result line ({why})" + (f"; last output: {last[0]}" if last else ""), \
            seconds, proc.returncode
    token, detail = found[-1]
    extra = [l for l in text.splitlines() if l.strip() and not l.startswith("RUNTIME-CHECK ")]
    if extra:
        detail += " | program output: " + " / ".join(extra[:3])
    return token, detail.strip(), seconds, proc.returncode


def apply_timed(all_cases, rows):
    """Sets the observed outcome of the timed cases (cases.py): `slower` when the case and its
    baseline both succeeded and the case took at least min_ratio times the baseline's time_ms,
    `not-slower` when not; a case or baseline that failed keeps its own token."""
    by_key = {(r["rule"], r["name"]): r for r in rows}
    ok = ("correct-results", "cudaSuccess")
    for c in all_cases:
        if not c.timed:
            continue
        row = by_key[(c.rule, c.name)]
        base = by_key.get((c.rule, c.timed["baseline"]))
        if base is None or row["observed"] not in ok or base["observed"] not in ok:
            continue
        t = cases_mod.TIME_MS.search(row["detail"])
        tb = cases_mod.TIME_MS.search(base["detail"])
        if not t or not tb or float(tb.group(1)) <= 0:
            row["observed"] = "not-slower"
            row["detail"] += " | no time_ms to compare"
        else:
            ratio = float(t.group(1)) / float(tb.group(1))
            row["observed"] = "slower" if ratio >= c.timed["min_ratio"] else "not-slower"
            # First, so that the docs' shortened detail keeps it.
            row["detail"] = (f"{ratio:.2f}x the time of {c.timed['baseline']} "
                             f"({t.group(1)} ms vs {tb.group(1)} ms; min_ratio "
                             f"{c.timed['min_ratio']}) | " + row["detail"])
        row["agrees"] = row["observed"] == c.expected
        print(f"[{'ok' if row['agrees'] else 'DISAGREES'}] {c.key}: {row['observed']} "
              f"(timed against {c.timed['baseline']})", flush=True)


def gpu_info():
    """(gpu name, driver version) from nvidia-smi, or ('unknown', 'unknown')."""
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                              "--format=csv,noheader"], capture_output=True, text=True,
                             timeout=60).stdout.strip().splitlines()
        name, driver = [s.strip() for s in out[0].split(",", 1)]
        return name, driver
    except (OSError, IndexError, ValueError, subprocess.TimeoutExpired):
        return "unknown", "unknown"


def print_table(rows):
    headers = ("rule", "case", "variant", "expected", "observed", "agrees")
    data = [(r["rule"], r["name"], r["variant"], r["expected"], r["observed"],
             "yes" if r["agrees"] else "NO") for r in rows]
    widths = [max(len(h), *(len(d[i]) for d in data)) for i, h in enumerate(headers)]
    line = "  ".join(f"{{:{w}}}" for w in widths)
    print(line.format(*headers))
    print(line.format(*("-" * w for w in widths)))
    for d in data:
        print(line.format(*d))


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    parser.add_argument("--build-dir", default=os.path.join(here, "build"))
    parser.add_argument("--out", default=os.path.join(here, "results", "latest.json"))
    parser.add_argument("--copy-to", help="also copy the result files into this directory")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per program")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel builds")
    parser.add_argument("--rules", help="comma-separated rule ids (default: all)")
    steps = parser.add_mutually_exclusive_group()
    steps.add_argument("--build-only", action="store_true")
    steps.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)

    only = set(args.rules.split(",")) if args.rules else None
    all_cases = cases_mod.load(only=only)
    os.makedirs(args.build_dir, exist_ok=True)
    toolkit_path = os.path.join(args.build_dir, TOOLKIT_FILE)

    built_cases = {}
    if args.no_build:
        for c in all_cases:
            built_cases[c.key] = built(c, args.build_dir)
        cuda = open(toolkit_path).read().strip() if os.path.exists(toolkit_path) else "unknown"
    else:
        cuda = nvcc_release(args.nvcc)
        if cuda is None:
            print(f"run_gpu: no usable nvcc at {args.nvcc}", file=sys.stderr)
            return 2
        with open(toolkit_path, "w") as f:
            f.write(cuda + "\n")
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for c, res in zip(all_cases, pool.map(
                    lambda c: build_one(args.nvcc, c, args.build_dir), all_cases)):
                built_cases[c.key] = res
        if args.build_only:
            for c in all_cases:
                exe, text = built_cases[c.key]
                print(f"{c.key}: {'built' if exe else 'rejected by nvcc'}")
            return 0

    gpu, driver = gpu_info()
    rows = []
    for c in all_cases:
        exe, nvcc_text = built_cases[c.key]
        if exe is None:
            observed = "nvcc-rejects" if nvcc_text != "not built" else "not-built"
            errors = [l.strip() for l in nvcc_text.splitlines() if "error" in l.lower()]
            detail = "; ".join(errors[:2]) or nvcc_text[:300]
            seconds, status = 0.0, None
        else:
            observed, detail, seconds, status = run_one(exe, args.timeout)
        row = {"rule": c.rule, "name": c.name, "variant": c.variant, "source": c.relsource,
               "what": c.what, "expected": c.expected, "observed": observed,
               "agrees": observed == c.expected, "detail": detail,
               "seconds": round(seconds, 3), "exit": status}
        rows.append(row)
        print(f"[{'ok' if row['agrees'] else 'DISAGREES'}] {c.key}: {observed} ({detail})",
              flush=True)

    apply_timed(all_cases, rows)

    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    latest = {"gpu": gpu, "driver": driver, "cuda": cuda, "date": date,
              "cases": [{k: r[k] for k in ("rule", "variant", "expected", "observed", "agrees")}
                        for r in rows]}
    details = {"gpu": gpu, "driver": driver, "cuda": cuda, "date": date,
               "nvcc_flags": [cases_mod.NVCC_ARCH, "-O2"], "timeout_s": args.timeout,
               "cases": rows}
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    detail_path = re.sub(r"\.json$", "", args.out) + "-details.json"
    for path, obj in ((args.out, latest), (detail_path, details)):
        with open(path, "w", encoding="utf-8") as f:
            json.dump(obj, f, indent=2)
            f.write("\n")
        if args.copy_to:
            os.makedirs(args.copy_to, exist_ok=True)
            shutil.copy(path, args.copy_to)

    print()
    print(f"GPU: {gpu}, driver {driver}, CUDA {cuda}, {date}")
    print_table(rows)
    disagree = sum(not r["agrees"] for r in rows)
    print(f"{len(rows)} cases, {len(rows) - disagree} agree, {disagree} disagree")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
