"""Interrupts a `cuda-lint --fix` run and checks that it left nothing behind.

usage: interrupt_fix.py SIGNAL WORKDIR -- CUDA-LINT-COMMAND...

Runs the command in WORKDIR with TMPDIR=WORKDIR/tmp, waits until one of its side
worker processes runs (their command lines name TMPDIR: --side-worker-serve=TMPDIR/cuda-lint-worker-...), sends SIGNAL (INT or
TERM) to cuda-lint, and waits for it to end. Then prints, for FileCheck:
  `exit signal=<n>` or `exit status=<n>`
  `changed <file>` for every file of WORKDIR whose content changed (none expected)
  `temporary <file>` for every `*.cuda-lint-*.tmp` file left beside the sources
  `workers left <n>` the worker processes still alive a moment later
"""
import hashlib
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, "SIG" + sys.argv[1])
work = sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
tmp = os.path.join(work, "tmp")
os.makedirs(tmp, exist_ok=True)


def snapshot():
    out = {}
    for d, _, names in os.walk(work):
        if d.startswith(tmp):
            continue
        for n in names:
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


def workers():
    n = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if (tmp + "/cuda-lint-").encode() in f.read():
                    n += 1
        except OSError:
            pass
    return n


before = snapshot()
env = dict(os.environ, TMPDIR=tmp)


def default_signals():
    # lit runs tests with SIGINT ignored, and an ignored signal stays ignored
    # across exec: give cuda-lint the disposition a terminal would.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL, preexec_fn=default_signals)
deadline = time.monotonic() + 120
while workers() == 0 and proc.poll() is None and time.monotonic() < deadline:
    time.sleep(0.05)
time.sleep(0.5)  # the worker is under way
proc.send_signal(sig)
try:
    rc = proc.wait(timeout=120)
except subprocess.TimeoutExpired:
    proc.kill()
    proc.wait()
    print("cuda-lint did not end after the signal")
    sys.exit(1)
print("exit signal=%d" % -rc if rc < 0 else "exit status=%d" % rc)
after = snapshot()
for p in sorted(after):
    if ".cuda-lint-" in p and p.endswith(".tmp"):
        print("temporary " + os.path.relpath(p, work))
    elif before.get(p) != after[p]:
        print("changed " + os.path.relpath(p, work))
time.sleep(1.0)
print("workers left %d" % workers())
