#!/usr/bin/env python3
"""Runs one command N times at once and waits for all of them.

    concurrent_runs.py N PREFIX -- COMMAND...

Run i writes its stderr to PREFIX.i.err and its exit status to PREFIX.i.status;
the argument "{i}" in COMMAND becomes i. Exits 0 once every run has ended (the
test checks the files).
"""
import subprocess
import sys

n, prefix = int(sys.argv[1]), sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
procs = []
for i in range(n):
    err = open("%s.%d.err" % (prefix, i), "w")
    argv = [a.replace("{i}", str(i)) for a in command]
    procs.append((subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err), err))
for i, (p, err) in enumerate(procs):
    status = p.wait()
    err.close()
    with open("%s.%d.status" % (prefix, i), "w") as f:
        f.write("%d\n" % status)
