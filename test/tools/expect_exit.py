#!/usr/bin/env python3
"""expect_exit.py STATUS COMMAND...: runs COMMAND, passes its output through,
and exits 0 only if COMMAND exited with STATUS (lit's shell has no `$?`)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    sys.stderr.write("expect_exit: %r exited with %d, expected %d\n"
                     % (sys.argv[2:], proc.returncode, want))
    sys.exit(1)
