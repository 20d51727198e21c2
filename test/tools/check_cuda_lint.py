#!/usr/bin/env python3
"""check_cuda_lint.py: runs cuda-lint on one rule test and checks its output, as clang-tidy's
check_clang_tidy.py does for clang-tidy checks. lit runs it as `%check-cuda-lint`.

Usage:
  check_cuda_lint.py [-check-suffix=S | -check-suffixes=S1,S2] [-expect-exit=N]
                     [-cuda-lint=PROGRAM] INPUT CHECKS TEMP [-- CUDA-LINT-ARGS [-- COMPILE-FLAGS]]

  // RUN: %check-cuda-lint %s cuda-foo-bar %t
  // RUN: %check-cuda-lint -check-suffixes=,SM80 %s cuda-foo-bar %t -- -- --cuda-gpu-arch=sm_80

INPUT is the test file, CHECKS the checks to run (a clang-tidy glob list such as
`cuda-foo-bar` or `cuda-foo-*,cuda-bar`; `-*,` is put in front), TEMP a scratch path (lit's %t).
Everything after the first `--` goes to cuda-lint as it is, before the file name; a second `--`
starts the compile flags (cuda-lint's own `--`). cuda-lint analyses the host side and every
device side and merges them, so one run covers both sides.

The file is copied to TEMP/<its name> with every `// CHECK-...:` comment blanked (line numbers
are kept, and CHECK-FIXES lines cannot match themselves), and cuda-lint runs on that copy from
TEMP (findings name the file `<its name>:LINE:COL`). Then:

- `CHECK-MESSAGES:` lines check the findings (warnings and errors) with FileCheck and
  `-implicit-check-not={{warning|error}}:`: every finding must be expected. Notes are not
  checked.
- `CHECK-NOTES:` lines check findings and notes, strictly (`{{note|warning|error}}:`): every
  note must be expected too. The prefixes of one run are all CHECK-MESSAGES or all CHECK-NOTES.
- `CHECK-FIXES:` lines: cuda-lint runs with `--fix`, and the fixed copy is checked with
  FileCheck `-strict-whitespace`. The fixed copy is linted again: no finding of it may still
  carry a fix-it (a fix must remove the finding it fixes), and the output of that run is
  checked against `CHECK-RELINT:` lines where the file has some.
- A file with none of these is a pure negative: cuda-lint must report nothing.
- `CHECK-SIDES:` lines check on which sides each finding was found: cuda-lint runs once more
  with `--format=json`, and each finding becomes one line
  `FILE:LINE:COL: SEVERITY: MESSAGE [RULE] sides=host,sm_90` (the sides cuda-lint merged it
  from, in its order), e.g. `// CHECK-SIDES: :[[@LINE-1]]:17: {{.*}} sides=sm_90{{$}}` for a
  finding of the device side alone. Findings without a CHECK-SIDES line are not checked here.

-check-suffix / -check-suffixes select other prefixes for runs that differ (an architecture,
an option): suffix SM80 checks `CHECK-MESSAGES-SM80:`, `CHECK-NOTES-SM80:`, `CHECK-FIXES-SM80:`,
`CHECK-RELINT-SM80:` and `CHECK-SIDES-SM80:` lines; the empty suffix stands for the plain prefixes, so
`-check-suffixes=,SM80` checks both the common lines and the SM80 ones.

The exit status of cuda-lint must be 1 when it reported a finding and 0 when it did not;
-expect-exit=N requires N instead (2: a usage or tool error).

Exits 0 when every check holds; otherwise prints what differed (the command, its output) and
exits 1. Python 3 standard library only.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

# Lines of cuda-lint's text output that are findings: clang's "file:line:col: error: ..." (or a
# finding without location: "error: ...").
FINDING_LINE = re.compile(r"^(?:\S.*?:\d+:\d+: |\S+: )?(?:error|warning): .*\[[A-Za-z0-9.,_-]+\]\s*$",
                          re.M)
CHECK_COMMENT = re.compile(r"//\s*CHECK-[A-Z0-9-]*:[^\r\n]*")
SUFFIX = re.compile(r"^[A-Z0-9-]*$")


class Failure(Exception):
    """A check of the test that does not hold."""


def run(cmd, cwd=None):
    """Runs cmd, stdout and stderr in one stream (as the test's `2>&1`); returns (status, text)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        raise Failure(f"cannot run '{cmd[0]}': {e.strerror}")
    return proc.returncode, proc.stdout.decode("utf-8", "replace")


def filecheck(filecheck_prog, input_file, check_file, prefixes, extra):
    cmd = [filecheck_prog, "--input-file=" + input_file, check_file,
           "--check-prefixes=" + ",".join(prefixes), "--dump-input=never"] + extra
    status, out = run(cmd)
    if status != 0:
        raise Failure("FileCheck failed:\n$ " + shlex.join(cmd) + "\n" + out)


def used_prefixes(text, base, suffixes):
    """The prefixes `base[-suffix]` that the test file has directives of."""
    out = []
    for s in suffixes:
        p = base + ("-" + s if s else "")
        if re.search(r"\b" + re.escape(p) + r"(?:-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+))?:",
                     text):
            out.append(p)
    return out


def lint_json(cmd, cwd):
    """Runs cuda-lint with --format=json; returns its findings (a list of objects)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise Failure(f"cannot run '{cmd[0]}': {e.strerror}")
    out = proc.stdout.decode("utf-8", "replace")
    if proc.returncode not in (0, 1):
        raise Failure("cuda-lint exited %d:\n$ %s\n%s%s" % (
            proc.returncode, shlex.join(cmd), out, proc.stderr.decode("utf-8", "replace")))
    try:
        doc = json.loads(out)
        return doc["findings"] if isinstance(doc, dict) else doc
    except ValueError:
        raise Failure("cannot read cuda-lint's JSON output:\n$ " + shlex.join(cmd) + "\n" + out)


def check_sides(args, cmd, name, prefixes):
    """CHECK-SIDES: one line per finding with the sides it was found on."""
    lines = [f"{r.get('file')}:{r.get('line')}:{r.get('column')}: {r.get('severity')}: "
             f"{r.get('message')} [{r.get('rule')}] sides={','.join(r.get('sides', []))}"
             for r in lint_json(cmd, args.temp)]
    sides_file = os.path.join(args.temp, name + ".sides")
    with open(sides_file, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    try:
        filecheck(args.filecheck, sides_file, args.input, prefixes, [])
    except Failure as e:
        raise Failure(str(e) + "\nthe findings and their sides:\n" + "\n".join(lines))


def main(argv):
    if "--" in argv:
        i = argv.index("--")
        own, tool_args = argv[:i], argv[i + 1:]
    else:
        own, tool_args = argv, []
    # Compile flags: after cuda-lint's own "--" (the second "--" of the command line).
    compile_flags = None
    if "--" in tool_args:
        i = tool_args.index("--")
        tool_args, compile_flags = tool_args[:i], tool_args[i + 1:]

    ap = argparse.ArgumentParser(prog="check_cuda_lint.py", prefix_chars="-",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("-check-suffix", "-check-suffixes", dest="suffixes", default="",
                    help="comma-separated FileCheck prefix suffixes (empty: the plain prefixes)")
    ap.add_argument("-expect-exit", type=int, default=None,
                    help="the exit status cuda-lint must have (default: 1 with findings, else 0)")
    ap.add_argument("-cuda-lint", dest="cuda_lint", default=os.environ.get("CUDA_LINT", "cuda-lint"),
                    help="the cuda-lint program (default: $CUDA_LINT, else cuda-lint on PATH)")
    ap.add_argument("-filecheck", default=os.environ.get("FILECHECK", "FileCheck"))
    ap.add_argument("input")
    ap.add_argument("checks")
    ap.add_argument("temp")
    args = ap.parse_args(own)

    suffixes = args.suffixes.split(",")
    for s in suffixes:
        if not SUFFIX.match(s):
            raise Failure(f"-check-suffixes: '{s}' is not a suffix (upper-case letters, digits, '-')")
    if len(set(suffixes)) != len(suffixes):
        raise Failure(f"-check-suffixes: '{args.suffixes}' names a suffix twice")

    try:
        with open(args.input, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise Failure(f"{args.input}: cannot read: {e.strerror}")

    messages = used_prefixes(text, "CHECK-MESSAGES", suffixes)
    notes = used_prefixes(text, "CHECK-NOTES", suffixes)
    fixes = used_prefixes(text, "CHECK-FIXES", suffixes)
    relint = used_prefixes(text, "CHECK-RELINT", suffixes)
    sides = used_prefixes(text, "CHECK-SIDES", suffixes)
    # Strict notes check every finding too: one run cannot have both kinds of lines.
    if messages and notes:
        raise Failure(f"{args.input}: use either {', '.join(messages)} or {', '.join(notes)} "
                      "lines in one run, not both")
    if relint and not fixes:
        raise Failure(f"{args.input}: {', '.join(relint)} lines without CHECK-FIXES lines "
                      "(the re-lint runs only after --fix)")

    # The copy, with the CHECK comments blanked.
    if os.path.isdir(args.temp):
        shutil.rmtree(args.temp)
    elif os.path.exists(args.temp):
        os.remove(args.temp)
    os.makedirs(args.temp)
    name = os.path.basename(args.input)
    copy = os.path.join(args.temp, name)
    with open(copy, "w", encoding="utf-8") as f:
        f.write(CHECK_COMMENT.sub("//", text))

    base_cmd = shlex.split(args.cuda_lint) + ["--color=false", "--checks=-*," + args.checks]
    tail = tool_args + [name] + (["--"] + compile_flags if compile_flags is not None else [])
    if sides:
        # Before the run that may fix the copy.
        check_sides(args, base_cmd + ["--format=json", "--quiet"] + tail, name, sides)
    cmd = base_cmd + (["--fix"] if fixes else []) + tail
    status, out = run(cmd, cwd=args.temp)
    msg_file = os.path.join(args.temp, name + ".msg")
    with open(msg_file, "w", encoding="utf-8") as f:
        f.write(out)
    shown = "$ (cd " + shlex.quote(args.temp) + " && " + shlex.join(cmd) + ")\n" + out

    findings = FINDING_LINE.findall(out)
    want = args.expect_exit
    if want is None:
        want = 1 if findings else 0
    if status != want:
        raise Failure(f"cuda-lint exited {status}, expected {want}"
                      + ("" if args.expect_exit is not None else
                         f" ({len(findings)} finding lines)") + ":\n" + shown)

    try:
        if messages:
            filecheck(args.filecheck, msg_file, args.input, messages,
                      ["--implicit-check-not={{warning|error}}:"])
        if notes:
            filecheck(args.filecheck, msg_file, args.input, notes,
                      ["--implicit-check-not={{note|warning|error}}:"])
        if not messages and not notes and findings:
            raise Failure("no CHECK-MESSAGES or CHECK-NOTES line expects a finding, but "
                          f"cuda-lint reported {len(findings)}:\n" + "\n".join(findings))
    except Failure as e:
        raise Failure(str(e) + "\ncuda-lint run:\n" + shown)

    if fixes:
        filecheck(args.filecheck, copy, args.input, fixes, ["--strict-whitespace"])
        # Linted again: a fix-it that leaves its finding behind would be applied forever.
        try:
            records = lint_json(base_cmd + ["--format=json", "--quiet"] + tail, args.temp)
        except Failure as e:
            raise Failure("re-lint of the fixed copy: " + str(e))
        left = [r for r in records if r.get("fixes")]
        if left:
            raise Failure("the fixed copy still has findings with a fix-it:\n" + "\n".join(
                f"{r.get('file')}:{r.get('line')}:{r.get('column')}: {r.get('message')} "
                f"[{r.get('rule')}]" for r in left))
        if relint:
            relint_file = os.path.join(args.temp, name + ".relint")
            _, out3 = run(base_cmd + tail, cwd=args.temp)
            with open(relint_file, "w", encoding="utf-8") as f:
                f.write(out3)
            filecheck(args.filecheck, relint_file, args.input, relint,
                      ["--implicit-check-not={{warning|error}}:"])
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        sys.stderr.write("check_cuda_lint: " + str(e).rstrip() + "\n")
        sys.exit(1)
