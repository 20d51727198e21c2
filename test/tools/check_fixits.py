#!/usr/bin/env python3
"""check_fixits.py: applies every fix-it of every rule to the rule's test inputs and checks
that the fixed file is still good C++/CUDA. lit runs it as `%check-fixits` (test/fixits/).

Usage:
  check_fixits.py --root TREE --cuda-lint PROGRAM --clang CLANG++ [--nvcc NVCC]
                  [--cuda-path DIR] [--rules ID,...] [-j N] TEMP

Which rules: every id of lib/checks/Checks.def whose page docs/rules/<id>.md declares
`fix: safe`, `fix: unsafe` or `fix: mixed`, or whose check source lib/checks/<Class>.cpp
builds a FixItHint (a rule that emits fix-its without declaring them is covered, and reported
as a page to correct). A new rule with a fix-it needs no change here.

Which inputs: for rule R, every test/rules/R.cu, test/rules/R-*.cu and
test/rules/Inputs/R-*.cu, and every file under test/ with CHECK-FIXES lines whose
`%check-cuda-lint` RUN line names R. Each input is copied into TEMP with its `// CHECK-...:`
comments blanked (as the rule-test harness does), with the files it includes by a quoted
relative path; nothing in the tree is written. cuda-lint runs with its default command for a
file outside a compile database (an nvcc command, sm_90), whatever flags the test's own RUN
lines give.

For each input on which R reports a finding with a fix-it, in each mode that applies
(`safe`: `cuda-lint --fix`; `all`: `--fix --unsafe-fixes`, when some fix-it is unsafe), on a
fresh copy:

 (a) re-lint: `cuda-lint --checks=-*,R` on the fixed copy reports no finding of R that still
     carries a fix-it of that mode, and no more findings of R than were left unfixed;
 (b) nvcc: `nvcc -arch=sm_90 -c` (host and device compilation) of the fixed copy reports no
     error that the unfixed copy did not have, and accepts it where it accepted the unfixed copy
     (skipped, with an UNSUPPORTED line, where nvcc is absent);
 (c) clang: `clang++ -x cuda -fsyntax-only --cuda-gpu-arch=sm_90`, `--cuda-host-only` and
     `--cuda-device-only`, reports no error that the unfixed copy did not have.

Test inputs may contain errors on purpose (a finding that is also a compiler error): (b) and (c)
compare with the unfixed copy, so a fix must not ADD an error. Errors are compared by message,
with numbers and the file name normalized (a fix moves lines).

Prints one line per input and mode (PASS, FAIL with the reason and the commands, SKIP) and a
summary; exits 0 when nothing failed, 1 otherwise, 2 on a usage error. Python 3 standard
library only.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

REGISTRATION = re.compile(r'^CUDA_LINT_CHECK\("([^"]+)",\s*([A-Za-z_][A-Za-z0-9_]*)\)\s*$', re.M)
FIX_KINDS = ("safe", "unsafe", "mixed")
CHECK_COMMENT = re.compile(r"//\s*CHECK-[A-Z0-9-]*:[^\r\n]*")
QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
HARNESS_RUN = re.compile(r"RUN:.*%check-cuda-lint\s+(?:-\S+\s+)*%s\s+(\S+)")
# clang: "file:1:2: error: msg"; nvcc (cudafe/EDG): "file(12): error: msg",
# "file(12): error #20091-D: msg", "catastrophic error: msg", ptxas "ptxas error : msg".
ERROR_LINE = re.compile(r"^(?:.*?(?::\d+:\d+|\(\d+\)):\s*|ptxas\s+|nvlink\s+)?(?:fatal |catastrophic )?error"
                        r"(?:\s*#[0-9A-Za-z-]+)?\s*:\s*(.*)$", re.M)
NUMBER = re.compile(r"\d+")


def front_matter(path):
    """The `key: value` lines between the first two `---` lines of a page."""
    out = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError:
        return out
    if not lines or lines[0].strip() != "---":
        return out
    for line in lines[1:]:
        if line.strip() == "---":
            break
        if ":" in line:
            k, v = line.split(":", 1)
            out.setdefault(k.strip(), v.strip())
    return out


def rules_with_fixits(root):
    """[(rule id, why, problem or None)] for the registered rules that have fix-its."""
    with open(os.path.join(root, "lib", "checks", "Checks.def"), encoding="utf-8") as f:
        regs = REGISTRATION.findall(f.read())
    out = []
    for rid, cls in regs:
        fix = front_matter(os.path.join(root, "docs", "rules", rid + ".md")).get("fix", "none")
        src = os.path.join(root, "lib", "checks", cls + ".cpp")
        try:
            with open(src, encoding="utf-8") as f:
                builds = "FixItHint" in f.read()
        except OSError:
            builds = False
        if fix in FIX_KINDS:
            out.append((rid, f"fix: {fix}", None))
        elif builds:
            out.append((rid, f"lib/checks/{cls}.cpp builds a FixItHint",
                        f"docs/rules/{rid}.md says 'fix: {fix}' but {cls}.cpp builds fix-its"))
    return out


def inputs_of(root, rid):
    """The test inputs of rule rid (paths relative to root), sorted."""
    found = set()
    for d in (os.path.join("test", "rules"), os.path.join("test", "rules", "Inputs")):
        try:
            names = os.listdir(os.path.join(root, d))
        except OSError:
            continue
        for n in names:
            if n.endswith(".cu") and (n == rid + ".cu" or n.startswith(rid + "-")):
                found.add(os.path.join(d, n))
    for dirpath, _, names in os.walk(os.path.join(root, "test")):
        if os.sep + "Output" in dirpath:
            continue
        for n in names:
            if not n.endswith((".cu", ".cuh")):
                continue
            p = os.path.join(dirpath, n)
            try:
                with open(p, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError):
                continue
            if "CHECK-FIXES" not in text:
                continue
            for checks in HARNESS_RUN.findall(text):
                if rid in checks.strip("'\"").split(","):
                    found.add(os.path.relpath(p, root))
    return sorted(found)


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        return 127, f"cannot run {cmd[0]}: {e.strerror}\n"
    return p.returncode, p.stdout.decode("utf-8", "replace")


def copy_input(root, rel, dest):
    """Copies root/rel to dest/<its name>, CHECK comments blanked, with its quoted includes
    (recursively, at the same relative paths). Returns the copy's file name."""
    src_dir = os.path.dirname(os.path.join(root, rel))
    os.makedirs(dest, exist_ok=True)
    todo = [os.path.basename(rel)]
    seen = set()
    while todo:
        name = os.path.normpath(todo.pop())
        if name in seen or name.startswith(".."):
            continue
        seen.add(name)
        src = os.path.join(src_dir, name)
        try:
            with open(src, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError):
            continue
        out = os.path.join(dest, name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            f.write(CHECK_COMMENT.sub("//", text))
        base = os.path.dirname(name)
        todo.extend(os.path.join(base, inc) for inc in QUOTED_INCLUDE.findall(text))
    return os.path.basename(rel)


def errors(text, name):
    """The compiler errors of an output, as a multiset of normalized messages."""
    msgs = []
    for m in ERROR_LINE.finditer(text):
        msg = m.group(1).replace(name, "FILE")
        msgs.append(NUMBER.sub("N", msg).strip())
    return collections.Counter(msgs)


class Harness:
    def __init__(self, args):
        self.args = args
        self.lint = shlex.split(args.cuda_lint) + ["--color=false", "--no-cache"]
        self.nvcc = args.nvcc if args.nvcc and shutil.which(args.nvcc) else None

    def findings(self, rid, name, cwd):
        """R's findings on cwd/name (JSON records), or raises RuntimeError."""
        cmd = self.lint + ["--checks=-*," + rid, "--format=json", "--quiet", name]
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as e:
            raise RuntimeError(f"cannot run {cmd[0]}: {e.strerror}")
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode not in (0, 1):
            raise RuntimeError(f"cuda-lint exited {p.returncode}:\n$ (cd {cwd} && "
                               f"{shlex.join(cmd)})\n{out}{p.stderr.decode('utf-8', 'replace')}")
        try:
            doc = json.loads(out)
        except ValueError:
            raise RuntimeError(f"cannot read cuda-lint's JSON:\n$ {shlex.join(cmd)}\n{out}")
        recs = doc["findings"] if isinstance(doc, dict) else doc
        return [r for r in recs if r.get("rule") == rid]

    def compilers(self, name, cwd):
        """{compiler: (status, errors, command)} for the copy cwd/name."""
        a = self.args
        clang = [a.clang, "-x", "cuda", "-fsyntax-only", "--cuda-gpu-arch=sm_90",
                 "-Wno-unknown-cuda-version"] + (["--cuda-path=" + a.cuda_path] if a.cuda_path else [])
        cmds = {"clang host": clang + ["--cuda-host-only", name],
                "clang sm_90": clang + ["--cuda-device-only", name]}
        if self.nvcc:
            cmds["nvcc -arch=sm_90 -c"] = [self.nvcc, "-arch=sm_90", "-c", name, "-o", os.devnull]
        out = {}
        for k, cmd in cmds.items():
            status, text = run(cmd, cwd)
            out[k] = (status, errors(text, name), cmd, text)
        return out

    def check(self, rid, rel):
        """[(verdict, line, details)] for one input of rule rid."""
        a = self.args
        stem = rel.replace(os.sep, "_")
        base = os.path.join(a.temp, rid, stem)
        shutil.rmtree(base, ignore_errors=True)
        orig = os.path.join(base, "unfixed")
        name = copy_input(a.root, rel, orig)
        try:
            before = self.findings(rid, name, orig)
        except RuntimeError as e:
            return [("FAIL", f"{rid} {rel}: the unfixed copy", str(e))]
        fixable = [r for r in before if r.get("fixes")]
        if not fixable:
            return [("SKIP", f"{rid} {rel}: no finding with a fix-it", "")]
        unsafe = [r for r in fixable if r.get("fixSafety") == "unsafe"]
        modes = []
        if len(unsafe) < len(fixable):
            modes.append("safe")
        if unsafe:
            modes.append("all")
        compiled = self.compilers(name, orig)
        results = []
        for mode in modes:
            results.append(self.check_mode(rid, rel, name, mode, before, compiled,
                                           os.path.join(base, mode)))
        return results

    def check_mode(self, rid, rel, name, mode, before, compiled, work):
        a = self.args
        copy_input(a.root, rel, work)
        applied = [r for r in before if r.get("fixes") and
                   (mode == "all" or r.get("fixSafety") != "unsafe")]
        cmd = self.lint + ["--checks=-*," + rid, "--fix"] + (
            ["--unsafe-fixes"] if mode == "all" else []) + [name]
        status, out = run(cmd, work)
        what = f"{rid} {rel} [{mode}]"
        shown = f"$ (cd {work} && {shlex.join(cmd)})\n{out}"
        if status not in (0, 1):
            return ("FAIL", f"{what}: cuda-lint --fix exited {status}", shown)
        with open(os.path.join(work, name), encoding="utf-8") as f:
            fixed_text = f.read()
        problems = []
        # (a) the re-lint.
        try:
            after = self.findings(rid, name, work)
        except RuntimeError as e:
            return ("FAIL", f"{what}: the fixed copy", str(e) + "\n" + shown)
        still = [r for r in after if r.get("fixes") and
                 (mode == "all" or r.get("fixSafety") != "unsafe")]
        for r in still:
            problems.append(f"re-lint: {name}:{r.get('line')}:{r.get('column')}: still a finding "
                            f"with a fix-it: {r.get('message')}")
        if len(after) > len(before) - len(applied):
            problems.append(f"re-lint: {len(after)} findings of {rid} after fixing {len(applied)} "
                            f"of {len(before)} (at most {len(before) - len(applied)} expected)")
        # (b), (c) the compilers.
        now = self.compilers(name, work)
        verdicts = []
        for k, (st1, err1, cmd1, text1) in now.items():
            st0, err0, _, _ = compiled[k]
            added = err1 - err0
            if added:
                problems.append(f"{k}: the fix added errors:\n  " + "\n  ".join(
                    sorted(added.elements())) + f"\n$ (cd {work} && {shlex.join(cmd1)})\n{text1}")
            elif st0 == 0 and st1 != 0:
                problems.append(f"{k}: accepted the unfixed copy, exits {st1} on the fixed one\n"
                                f"$ (cd {work} && {shlex.join(cmd1)})\n{text1}")
            verdicts.append(f"{k} {'ok' if st0 == 0 else 'rejects'}->{'ok' if st1 == 0 else 'rejects'}")
        if problems:
            return ("FAIL", f"{what}: " + "; ".join(p.split("\n")[0] for p in problems),
                    "\n".join(problems) + "\n" + shown + "\nthe fixed copy:\n" + fixed_text)
        return ("PASS", f"{what}: {len(applied)} fixed, {len(after)} left; " + ", ".join(verdicts), "")


def main(argv):
    ap = argparse.ArgumentParser(prog="check_fixits.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", required=True, help="the source tree (lib/, docs/, test/)")
    ap.add_argument("--cuda-lint", required=True, help="the cuda-lint program")
    ap.add_argument("--clang", required=True, help="clang++ (22)")
    ap.add_argument("--nvcc", default="", help="nvcc; absent or empty: the nvcc part is skipped")
    ap.add_argument("--cuda-path", default="", help="the CUDA toolkit for clang")
    ap.add_argument("--rules", default="", help="only these rule ids (comma-separated)")
    ap.add_argument("-j", type=int, default=2, help="inputs checked in parallel (default 2)")
    ap.add_argument("temp", help="a scratch directory (lit's %%t), emptied first")
    a = ap.parse_args(argv)
    a.root = os.path.abspath(a.root)
    a.temp = os.path.abspath(a.temp)
    shutil.rmtree(a.temp, ignore_errors=True)
    os.makedirs(a.temp)
    h = Harness(a)
    if not h.nvcc:
        print(f"UNSUPPORTED: nvcc: no nvcc at '{a.nvcc}': part (b), nvcc -arch=sm_90 -c of the "
              "fixed copies, is skipped")
    rules = rules_with_fixits(a.root)
    if a.rules:
        wanted = set(a.rules.split(","))
        rules = [r for r in rules if r[0] in wanted]
    if not rules:
        print("FAIL: no rule with fix-its found (lib/checks/Checks.def, docs/rules/*.md)")
        return 1
    failed = 0
    jobs = []
    for rid, why, problem in rules:
        if problem:
            print(f"FAIL {rid}: {problem}")
            failed += 1
        ins = inputs_of(a.root, rid)
        if not ins:
            print(f"FAIL {rid}: {why}, but no test input (test/rules/{rid}.cu)")
            failed += 1
        jobs.extend((rid, rel) for rel in ins)
    counts = collections.Counter()
    exercised = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as pool:
        for (rid, _), res in zip(jobs, pool.map(lambda j: h.check(*j), jobs)):
            for verdict, line, details in res:
                counts[verdict] += 1
                if verdict != "SKIP":
                    exercised[rid] += 1
                print(f"{verdict} {line}")
                if verdict == "FAIL":
                    failed += 1
                    print("  " + details.rstrip().replace("\n", "\n  "))
    for rid, why, _ in rules:
        if not exercised[rid]:
            print(f"FAIL {rid}: {why}, but none of its test inputs has a finding with a fix-it")
            failed += 1
    print(f"check_fixits: {len(rules)} rules with fix-its, {len(jobs)} inputs: "
          f"{counts['PASS']} fixed runs passed, {failed} failed, {counts['SKIP']} inputs without a fix-it")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
