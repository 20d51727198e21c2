#!/usr/bin/env python3
"""Reruns with clang++ every side command that `cuda-lint --dry-run` printed.

  rerun_sides.py CLANGXX COMPAT_HEADER DRY_RUN_OUTPUT

The compatibility headers' in-memory paths are replaced by COMPAT_HEADER (the
output of --print-compat-header) and, for the nvcc one that follows its
"// ---- " line, a file beside it. Prints "side NAME: exit N" per side and exits
1 unless every side parsed without error: the printed commands must be enough
to reproduce cuda-lint's parse outside it.
"""
import shlex
import subprocess
import sys

clangxx, header, listing = sys.argv[1:4]
text = open(header).read()
general, sep, nvcc = text.partition("\n// ---- ")
nvcc_header = header + ".nvcc.h"
open(header, "w").write(general + "\n")
open(nvcc_header, "w").write(nvcc.split("\n", 1)[1] if sep else "")
paths = {"/__cuda_lint__/cuda_lint_compat.h": header,
         "/__cuda_lint__/cuda_lint_nvcc.h": nvcc_header}
status = 0
sides = 0
for line in open(listing):
    if not line.startswith("cuda-lint: ") or "]: " not in line:
        continue
    name = line.split(" [", 1)[1].split("]", 1)[0]
    directory, command = line.split("]: ", 1)[1].rstrip("\n").split(": ", 1)
    argv = [paths.get(a, a) for a in shlex.split(command)]
    argv[0] = clangxx
    rc = subprocess.run(argv + ["-fsyntax-only", "-w"], cwd=directory).returncode
    print("side %s: exit %d" % (name, rc))
    sides += 1
    status |= rc != 0
sys.exit(1 if status or not sides else 0)
