#!/usr/bin/env python3
"""Times cuda-lint against clang++-22 -fsyntax-only on the same compile commands.

The baseline runs exactly the side commands cuda-lint runs (host plus each device
side, as `cuda-lint --verbose` prints them), with `-fsyntax-only`, so the ratio
measures what cuda-lint adds to a parse: the checks, the analyses, the merge.

  bench/bench.py [--runs N] [-j N] [--warm] [--cuda-lint PATH] FILE... [-- FLAGS]
  bench/bench.py [--runs N] [-j N] -p BUILD_DIR          # a compile database
  (--device-archs=sm_90 limits both tools to those device sides)

Prints one row per measurement (median wall seconds and peak resident memory of
the largest process) and the ratios cuda-lint / clang. Standard library only;
times come from the operating system's accounting of each finished process
(os.wait4), wall time from a monotonic clock. This is a benchmark, not a test.
"""
import argparse
import atexit
import concurrent.futures
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_measured(argv, cwd=None, cpu=None):
    """Runs argv, returns (wall seconds, peak RSS in KiB, exit status).

    With a list `cpu`, appends the process's user + system CPU seconds to it
    (its worker processes included: each is waited for by cuda-lint)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    return time.monotonic() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


COMPAT_HEADER = "/__cuda_lint__/cuda_lint_compat.h"
NVCC_COMPAT_HEADER = "/__cuda_lint__/cuda_lint_nvcc.h"


def side_commands(cuda_lint, lint_args, scratch):
    """The (directory, argv) of every side cuda-lint analyses, from --dry-run,
    and the files of the units it leaves out as C or C++ (not CUDA).

    cuda-lint's compatibility headers live only in its memory; they are written
    to `scratch` and the commands include those copies, so clang parses exactly what
    cuda-lint parses (without it clang stops at a fatal error early on).
    """
    # Both headers, the second (nvcc commands only) after a "// ---- PATH" line.
    text = subprocess.run([cuda_lint, "--print-compat-header"], check=True,
                          capture_output=True, text=True).stdout
    first, sep, second = text.partition("\n// ---- ")
    header = os.path.join(scratch, "cuda_lint_compat.h")
    nvcc_header = os.path.join(scratch, "cuda_lint_nvcc.h")
    with open(header, "w") as f:
        f.write(first + "\n")
    with open(nvcc_header, "w") as f:
        f.write(second.split("\n", 1)[1] if sep else "")
    out = subprocess.run([cuda_lint, "--dry-run"] + lint_args,
                         capture_output=True, text=True)
    sides = []
    skipped = set()
    for line in out.stderr.splitlines():
        # "cuda-lint: note: skipping 'FILE': compiled as C or C++, not CUDA ..."
        if line.startswith("cuda-lint: note: skipping '") and "': compiled as C or C++" in line:
            skipped.add(line.split("'", 2)[1])
        # "cuda-lint: FILE [SIDE]: DIR: clang++ ARGS..."
        if not line.startswith("cuda-lint: ") or "]: " not in line:
            continue
        rest = line.split("]: ", 1)[1]
        if ": " not in rest:
            continue
        directory, command = rest.split(": ", 1)
        copies = {COMPAT_HEADER: header, NVCC_COMPAT_HEADER: nvcc_header}
        argv = [copies.get(a, a) for a in shlex.split(command)]
        argv[0] = "clang++-22"
        sides.append((directory, argv + ["-fsyntax-only"]))
    if not sides:
        sys.exit("bench: cuda-lint --verbose printed no side commands:\n" + out.stderr[-2000:])
    return sides, skipped


def skipped_unit_commands(skipped, build):
    """The (directory, argv) of `clang -fsyntax-only` on each database unit that
    cuda-lint leaves out as C or C++ (not CUDA: no rule applies; `skipped`,
    from side_commands), from the database's own command: the rest of what a
    syntax check of the whole database costs."""
    if not skipped or not build:
        return []
    commands = []
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    for e in entries:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if path not in skipped:
            continue
        argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        rest, drop = [], False
        for a in argv[1:]:
            if drop:
                drop = False
            elif a == "-o":
                drop = True
            elif a != "-c" and not a.startswith("-o"):
                rest.append(a)
        compiler = "clang-22" if path.endswith(".c") else "clang++-22"
        commands.append((e["directory"], [compiler] + rest + ["-fsyntax-only"]))
    return commands


def run_parallel(jobs, commands, cpu=None):
    """Runs [(dir, argv)] with `jobs` at a time; returns (wall, peak KiB, failed argvs).

    With a list `cpu`, appends the CPU seconds of all the commands together."""
    start = time.monotonic()
    peak = 0
    failed = []
    cpus = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(lambda c: (c[1], run_measured(c[1], cwd=c[0], cpu=cpus)), commands)
        for argv, (wall, rss, status) in results:
            peak = max(peak, rss)
            if status != 0:
                failed.append(argv)
    if cpu is not None:
        cpu.append(sum(cpus))
    return time.monotonic() - start, peak, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("-j", type=int, default=1, help="parallel units, same for both tools")
    ap.add_argument("-p", dest="build", help="build directory with compile_commands.json")
    ap.add_argument("--cuda-lint", default=os.path.join(ROOT, "build", "bin", "cuda-lint"))
    ap.add_argument("--device-archs", help="passed to cuda-lint (so the baseline gets the same sides)")
    ap.add_argument("--warm", action="store_true",
                    help="also time a re-run with nothing changed (the result cache, in a "
                         "scratch directory), against the cold run")
    ap.add_argument("--preamble", action="store_true",
                    help="instead: user + system CPU seconds (not wall: for a shared machine) of "
                         "cuda-lint --no-preamble, --preamble cold (a fresh cache directory per "
                         "run: the run builds it) and --preamble with it already built, against "
                         "clang on the same sides")
    ap.add_argument("--configs", default="off,cold,warm",
                    help="with --preamble: the cuda-lint runs to time, comma-separated, of "
                         "off (--no-preamble), cold and warm (built); clang is always timed. "
                         "Fewer runs make each round shorter, so that clang and cuda-lint are "
                         "timed closer together on a machine whose speed drifts")
    ap.add_argument("--tolerance", action="store_true",
                    help="instead: the parse time that the nvcc tolerance adds (user + system "
                         "CPU seconds of clang on the sides of nvcc commands, with the nvcc "
                         "compatibility header against without it)")
    ap.add_argument("files", nargs="*")
    args, flags = ap.parse_known_args()
    if "--" in sys.argv:
        flags = sys.argv[sys.argv.index("--") + 1:]
        args.files = [f for f in args.files if f not in flags]

    lint_args = (["-p", args.build] if args.build else []) + args.files
    if args.device_archs:
        lint_args += ["--device-archs=" + args.device_archs]
    if flags:
        lint_args += ["--"] + flags
    scratch = tempfile.mkdtemp(prefix="cuda-lint-bench-")
    # Its preambles take a gigabyte on cuda-samples: removed at exit.
    atexit.register(shutil.rmtree, scratch, True)
    sides, skipped = side_commands(args.cuda_lint, lint_args, scratch)
    # Cold runs: the result cache would turn every run after the first into a
    # re-run of unchanged files.
    lint_cmd = [args.cuda_lint, "--quiet", "--no-cache", "-j", str(args.j)] + lint_args

    if args.preamble:
        return preamble_bench(args, lint_cmd, skipped, sides, scratch)
    if args.tolerance:
        return tolerance_bench(args, sides)
    lint_runs, clang_runs = [], []
    for _ in range(args.runs):  # interleaved, so drift hits both alike
        wall, rss, _ = run_measured(lint_cmd)
        lint_runs.append((wall, rss))
        wall, peak, failed = run_parallel(args.j, sides)
        clang_runs.append((wall, peak))

    lw = statistics.median(w for w, _ in lint_runs)
    lm = max(m for _, m in lint_runs)
    cw = statistics.median(w for w, _ in clang_runs)
    # cuda-lint is one process holding up to -j translation units at once; the
    # baseline's -j processes each hold one: compare with j x the largest.
    cm = max(m for _, m in clang_runs) * min(args.j, len(sides))
    units = len({tuple(a[-2:]) for _, a in sides})
    print("machine: %s, %d cores, %s" % (platform.node(), os.cpu_count(), time.strftime("%Y-%m-%d")))
    print("input: %s (%d side commands), -j %d, %d runs (median wall, max peak RSS)"
          % (" ".join(lint_args), len(sides), args.j, args.runs))
    print("%-34s %10s %14s" % ("", "wall s", "peak RSS MiB"))
    print("%-34s %10.2f %14.1f" % ("cuda-lint", lw, lm / 1024))
    print("%-34s %10.2f %14.1f" % ("clang++-22 -fsyntax-only (sides)", cw, cm / 1024))
    if failed:
        # A side with errors stops clang early (cuda-lint sees the same errors).
        print("note: clang++ reports errors on %d of %d side commands, e.g.:\n  %s"
              % (len(failed), len(sides), shlex.join(failed[0])))
    if args.j > 1:
        print("(baseline peak memory: the largest clang process x %d concurrent)" % min(args.j, len(sides)))
    print("%-34s %10.2f %14.2f" % ("ratio cuda-lint / clang", lw / cw, lm / cm))
    if args.warm:
        cache = os.path.join(scratch, "result-cache")
        cached = [args.cuda_lint, "--quiet", "--cache-dir=" + cache, "-j", str(args.j)] + lint_args
        fill, _, _ = run_measured(cached)  # a cold run that fills the cache
        warm = statistics.median(run_measured(cached)[0] for _ in range(args.runs))
        print("%-34s %10.2f" % ("cuda-lint, cold, filling the cache", fill))
        print("%-34s %10.2f" % ("cuda-lint, re-run, nothing changed", warm))
        print("%-34s %10.3f" % ("ratio re-run / cold", warm / fill))


def tolerance_bench(args, sides):
    """CPU seconds of clang on the sides that include the nvcc compatibility
    header (nvcc commands), with it and without it, interleaved."""
    nvcc = [(d, a) for d, a in sides if any(x.endswith("cuda_lint_nvcc.h") for x in a)]
    if not nvcc:
        sys.exit("bench: no side of an nvcc command among the %d sides" % len(sides))
    without = []
    for d, a in nvcc:
        i = next(i for i, x in enumerate(a) if x.endswith("cuda_lint_nvcc.h"))
        if a[i - 1] != "-include":
            sys.exit("bench: the nvcc compatibility header is not an -include: %s" % shlex.join(a))
        without.append((d, a[:i - 1] + a[i + 1:]))  # drop "-include PATH"
    with_cpu, without_cpu = [], []
    for _ in range(args.runs):
        _, _, failed_with = run_parallel(args.j, nvcc, cpu=with_cpu)
        _, _, failed_without = run_parallel(args.j, without, cpu=without_cpu)
    w, wo = statistics.median(with_cpu), statistics.median(without_cpu)
    print("machine: %s, %d cores, %s" % (platform.node(), os.cpu_count(), time.strftime("%Y-%m-%d")))
    print("%d sides of nvcc commands, -j %d, %d runs (median user + system CPU s)"
          % (len(nvcc), args.j, args.runs))
    print("%-44s %8.2f  (errors on %d sides)" % ("clang with the nvcc compatibility header", w,
                                                len(failed_with)))
    print("%-44s %8.2f  (errors on %d sides)" % ("clang without it", wo, len(failed_without)))
    print("%-44s %8.3f" % ("ratio", w / wo))


def preamble_bench(args, lint_cmd, skipped_files, sides, scratch):
    """CPU seconds and peak memory: cuda-lint without, cold and warm with the
    shared preamble, and clang on the same sides; runs interleaved, medians."""
    configs = [c for c in args.configs.split(",") if c]
    unknown = [c for c in configs if c not in ("off", "cold", "warm")]
    if unknown or not configs:
        sys.exit("bench: --configs takes off, cold and warm, not %s" % ",".join(unknown or [""]))
    warm_dir = os.path.join(scratch, "warm")
    if "warm" in configs:
        # The first run builds the shared preambles and records each unit's
        # leading includes; the second builds the preambles of those that are
        # worth one (lib/driver/Preamble.h, LeadingIncludes).
        for _ in range(2):
            subprocess.run(lint_cmd[:1] + ["--preamble", "--cache-dir=" + warm_dir] + lint_cmd[1:],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cpu = {k: [] for k in configs + ["clang"]}
    rss = {k: [] for k in configs + ["clang"]}
    for r in range(args.runs):
        cold_dir = os.path.join(scratch, "cold%d" % r)
        for name, argv in (("off", lint_cmd[:1] + ["--no-preamble"] + lint_cmd[1:]),
                           ("cold", lint_cmd[:1] + ["--preamble", "--cache-dir=" + cold_dir] + lint_cmd[1:]),
                           ("warm", lint_cmd[:1] + ["--preamble", "--cache-dir=" + warm_dir] + lint_cmd[1:])):
            if name in configs:
                rss[name].append(run_measured(argv, cpu=cpu[name])[1])
        rss["clang"].append(run_parallel(args.j, sides, cpu=cpu["clang"])[1])
    med = {k: statistics.median(v) for k, v in cpu.items()}
    peak = {k: max(v) / 1024 for k, v in rss.items()}
    print("machine: %s, %d cores, %s, load average %.1f (user + system CPU, not wall)"
          % (platform.node(), os.cpu_count(), time.strftime("%Y-%m-%d %H:%M"), os.getloadavg()[0]))
    print("input: %d side commands, -j %d, %d runs (median CPU s, max peak RSS of one process)"
          % (len(sides), args.j, args.runs))
    print("%-36s %8s %8s %10s %8s" % ("", "CPU s", "ratio", "peak MiB", "ratio"))
    for k, label in (("clang", "clang++-22 -fsyntax-only (sides)"), ("off", "cuda-lint --no-preamble"),
                     ("cold", "cuda-lint --preamble, cold"), ("warm", "cuda-lint --preamble, built")):
        if k not in med:
            continue
        print("%-36s %8.2f %8.2f %10.1f %8.2f" % (label, med[k], med[k] / med["clang"], peak[k],
                                                  peak[k] / peak["clang"]))
    skipped = skipped_unit_commands(skipped_files, args.build)
    if skipped:
        # Not the measure (the same sides): what the user sees, a
        # syntax check of every unit of the database against cuda-lint's run.
        rest = []
        for _ in range(args.runs):
            run_parallel(args.j, skipped, cpu=rest)
        whole = med["clang"] + statistics.median(rest)
        print("clang on the %d C/C++ units cuda-lint leaves out: %.2f CPU s; against clang on "
              "every unit (%.2f s): %s"
              % (len(skipped), statistics.median(rest), whole,
                 ", ".join("%s %.2f" % (label, med[k] / whole)
                           for k, label in (("off", "no preamble"), ("cold", "cold"),
                                            ("warm", "built")) if k in med)))


if __name__ == "__main__":
    main()
