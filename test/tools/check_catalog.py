#!/usr/bin/env python3
"""check_catalog.py: checks that the rule registry, the rule pages and the rule tests agree.

Usage: check_catalog.py [--root DIR] [--cuda-lint PROGRAM] [--shared-classes]

One rule id is in four places: its registration in lib/checks/Checks.def, its check pair
lib/checks/<Name>Check.{h,cpp}, its page docs/rules/<id>.md and its tests test/rules/<id>*.cu.
This reports, one line each (`path:line: problem`):

- Checks.def: a line that is not a registration; ids out of order or twice; a malformed id; a
  class without lib/checks/<Class>.h and a .cpp defining its factory
  (CUDA_LINT_DEFINE_CHECK_FACTORY); a class not named after its id (`cuda-foo-bar` ->
  `FooBarCheck`; --shared-classes allows one class for several ids, as before issue 9);
- a registered id without a page, or without a test (a test/rules/<id>.cu or <id>-*.cu file
  whose RUN lines name the id);
- a page without a registered check; a page whose file name and `id:` disagree;
- front matter: no block, a missing id/severity/summary, an unknown key, a key given twice, an
  unknown severity or fix value, a clang-diagnostics regex that does not compile, options named
  in front matter that the page body never mentions, a summary with a final period;
- a page without one of the sections every page has (What it finds, Why it matters, Example,
  Use instead, Fix, Suppress, Compilers) or whose title is not `# <id>`;
- a test/rules/*.cu file named after no registered id;
- with --cuda-lint: the checks the program registers (`--list-checks`) differ from Checks.def
  (a stale build), a listed check without a page, or a listed severity or summary that differs
  from the page.

Exit status: 0 all agree, 1 problems found (printed on stdout), 2 usage error.
Python 3 standard library only.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

ID_RE = re.compile(r"^cuda-[a-z0-9]+(?:-[a-z0-9]+)*$")
REGISTRATION = re.compile(r'^CUDA_LINT_CHECK\("([^"]*)",\s*([A-Za-z_][A-Za-z0-9_]*)\)\s*$')
SEVERITIES = ("error", "warning", "performance", "portability",
              "error/portability", "error/warning", "warning/portability")
FIXES = ("safe", "unsafe", "mixed", "none")
KEYS = ("id", "severity", "summary", "clang-diagnostics", "clang-diagnostics-at-finding",
        "clang-diagnostics-where-claimed", "nvcc-rejects",
        "fix", "options")
REPEATABLE = ("clang-diagnostics", "clang-diagnostics-at-finding", "clang-diagnostics-where-claimed",
              "nvcc-rejects")
SECTIONS = ("What it finds", "Why it matters", "Example", "Use instead", "Fix", "Suppress",
            "Compilers")
OPTION_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")
LISTED = re.compile(r"^(\S+)\s+\((no docs page|[a-z]+)\)(?:\s+(.*))?$")


def class_name(rule_id):
    """`cuda-foo-bar` -> `FooBarCheck`, as scripts/new-rule.py names it."""
    name = "".join(p[:1].upper() + p[1:] for p in rule_id[len("cuda-"):].split("-"))
    return ("Cuda" + name if name[:1].isdigit() else name) + "Check"


def listed_severity(severity):
    """The severity class --list-checks prints for a front-matter severity (lib/RuleCatalog.cpp:
    a mixed one such as error/portability is listed by its first class)."""
    return severity.split("/")[0]


class Catalog:
    def __init__(self, root):
        self.root = root
        self.problems = []

    def problem(self, path, line, text):
        rel = os.path.relpath(path, self.root) if os.path.isabs(path) else path
        self.problems.append(f"{rel}:{line}: {text}" if line else f"{rel}: {text}")

    def read(self, *parts):
        with open(os.path.join(self.root, *parts), encoding="utf-8") as f:
            return f.read()

    # lib/checks/Checks.def
    def registrations(self, shared_classes):
        path = os.path.join(self.root, "lib", "checks", "Checks.def")
        try:
            text = self.read("lib", "checks", "Checks.def")
        except OSError as e:
            self.problem(path, 0, f"cannot read: {e.strerror}")
            return {}
        regs = {}
        prev = None
        classes = {}
        for n, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("//") or line.startswith("#"):
                continue
            m = REGISTRATION.match(line)
            if not m:
                self.problem(path, n, f"not a registration: '{line}' (expected "
                             'CUDA_LINT_CHECK("cuda-...", ClassName))')
                continue
            rid, cls = m.groups()
            if not ID_RE.match(rid):
                self.problem(path, n, f"'{rid}' is not a rule id (cuda-, then lowercase words "
                             "joined by '-')")
            if rid in regs:
                self.problem(path, n, f"'{rid}' is registered twice (first on line {regs[rid][1]})")
                continue
            if prev is not None and rid < prev:
                self.problem(path, n, f"'{rid}' is out of order: it sorts before '{prev}' "
                             "(keep the list sorted by id)")
            prev = rid
            regs[rid] = (cls, n)
            if not shared_classes and cls != class_name(rid):
                self.problem(path, n, f"'{rid}' is served by {cls}; its class is named after "
                             f"the id: {class_name(rid)}")
            classes.setdefault(cls, n)
        for cls, n in classes.items():
            header = os.path.join(self.root, "lib", "checks", cls + ".h")
            source = os.path.join(self.root, "lib", "checks", cls + ".cpp")
            if not os.path.isfile(header):
                self.problem(path, n, f"class {cls} has no header lib/checks/{cls}.h")
            try:
                with open(source, encoding="utf-8") as f:
                    body = f.read()
                if not re.search(r"\bCUDA_LINT_DEFINE_CHECK_FACTORY\(\s*" + cls + r"\s*\)", body):
                    self.problem(source, 0, f"does not define the factory of {cls} "
                                 f"(CUDA_LINT_DEFINE_CHECK_FACTORY({cls}))")
            except OSError:
                self.problem(path, n, f"class {cls} has no source lib/checks/{cls}.cpp")
        return regs

    # docs/rules/<id>.md
    def page(self, path):
        """Checks one page; returns its front matter {key: value} (None when it has none)."""
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except (OSError, UnicodeDecodeError) as e:
            self.problem(path, 0, f"cannot read: {e}")
            return None
        if not lines or lines[0].strip() != "---":
            self.problem(path, 1, "no front matter (the page must start with a '---' line)")
            return None
        try:
            end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
        except StopIteration:
            self.problem(path, 1, "front matter is not closed by a '---' line")
            return None
        front = {}
        where = {}
        for n in range(1, end):
            line = lines[n]
            if not line.strip():
                continue
            if ":" not in line:
                self.problem(path, n + 1, f"front matter line is not 'key: value': '{line}'")
                continue
            key, value = line.split(":", 1)
            key, value = key.strip(), value.strip()
            if key not in KEYS:
                self.problem(path, n + 1, f"unknown front-matter key '{key}' (known: "
                             f"{', '.join(KEYS)})")
                continue
            if key in front and key not in REPEATABLE:
                self.problem(path, n + 1, f"front-matter key '{key}' given twice")
                continue
            if key in REPEATABLE:
                front.setdefault(key, []).append(value)
            else:
                front[key] = value
            where.setdefault(key, n + 1)
        stem = os.path.splitext(os.path.basename(path))[0]
        for key in ("id", "severity", "summary"):
            if not front.get(key):
                self.problem(path, 1, f"front matter has no '{key}:' line")
        rid = front.get("id")
        if rid and rid != stem:
            self.problem(path, where["id"], f"id '{rid}' differs from the file name "
                         f"({stem}.md)")
        sev = front.get("severity")
        if sev and sev not in SEVERITIES:
            self.problem(path, where["severity"], f"unknown severity '{sev}' (known: "
                         f"{', '.join(SEVERITIES)})")
        fix = front.get("fix")
        if fix is not None and fix not in FIXES:
            self.problem(path, where["fix"], f"unknown fix '{fix}' (known: {', '.join(FIXES)})")
        summary = front.get("summary")
        if summary and summary.endswith("."):
            self.problem(path, where["summary"], "summary ends with a period")
        for key in ("clang-diagnostics", "clang-diagnostics-at-finding", "clang-diagnostics-where-claimed"):
            for regex in front.get(key, []):
                try:
                    re.compile(regex)
                except re.error as e:
                    self.problem(path, where[key],
                                 f"{key} '{regex}' is not a regular expression: {e}")
        body = "\n".join(lines[end + 1:])
        if "options" in front:
            names = [o.strip() for o in front["options"].split(",")]
            for name in names:
                if not OPTION_NAME.match(name):
                    self.problem(path, where["options"], f"option '{name}' is not an option "
                                 "name (letters and digits, e.g. CheckFunctions)")
                elif not re.search(r"\b" + re.escape(name) + r"\b", body):
                    self.problem(path, where["options"], f"option '{name}' is named in front "
                                 "matter but the page never describes it")
        titles = [l[2:].strip() for l in lines[end + 1:] if l.startswith("# ")]
        if rid and (not titles or titles[0] != rid):
            self.problem(path, end + 2, f"the page's title is not '# {rid}'")
        sections = {l[3:].strip() for l in lines[end + 1:] if l.startswith("## ")}
        for s in SECTIONS:
            if s not in sections:
                self.problem(path, 0, f"no '## {s}' section")
        return front

    def pages(self):
        d = os.path.join(self.root, "docs", "rules")
        out = {}
        if not os.path.isdir(d):
            self.problem(d, 0, "no such directory")
            return out
        for name in sorted(os.listdir(d)):
            if name.endswith(".md"):
                front = self.page(os.path.join(d, name))
                out[name[:-3]] = front or {}
        return out

    def tests(self, regs):
        """{registered id: [test files attributed to it]}; each file goes to the longest id
        that names it (test/rules/<id>.cu or <id>-*.cu)."""
        d = os.path.join(self.root, "test", "rules")
        out = {rid: [] for rid in regs}
        if not os.path.isdir(d):
            self.problem(d, 0, "no such directory")
            return out
        ids = sorted(regs, key=len, reverse=True)
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if not name.endswith(".cu") or not os.path.isfile(path):
                continue
            stem = name[:-3]
            owner = next((rid for rid in ids if stem == rid or stem.startswith(rid + "-")), None)
            if owner is None:
                self.problem(path, 0, "named after no registered rule (test/rules/<id>.cu or "
                             "<id>-*.cu)")
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                run_lines = [l for l in f if "RUN:" in l]
            if not any(re.search(r"(?<![a-z0-9-])" + re.escape(owner) + r"(?![a-z0-9-])", l)
                       for l in run_lines):
                self.problem(path, 0, f"no RUN line names '{owner}': a test of a rule runs "
                             "that rule")
            out[owner].append(name)
        return out

    def listed(self, program):
        """{id: (severity or None, summary)} that `--list-checks` prints."""
        cmd = shlex.split(program) + ["--list-checks"]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True)
        except OSError as e:
            self.problem(program, 0, f"cannot run: {e.strerror}")
            return None
        if proc.returncode != 0:
            self.problem(program, 0, f"--list-checks exited {proc.returncode}: "
                         f"{proc.stderr.strip()}")
            return None
        out = {}
        for line in proc.stdout.splitlines():
            m = LISTED.match(line.strip())
            if not m:
                self.problem("--list-checks", 0, f"cannot read the line '{line}'")
                continue
            sev = None if m.group(2) == "no docs page" else m.group(2)
            out[m.group(1)] = (sev, (m.group(3) or "").strip())
        return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), help="the source tree (default: this script's)")
    ap.add_argument("--cuda-lint", help="the cuda-lint command whose --list-checks to compare")
    ap.add_argument("--shared-classes", action="store_true",
                    help="allow one check class to serve several ids")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.root):
        print(f"check_catalog: no such directory: {args.root}", file=sys.stderr)
        return 2
    cat = Catalog(os.path.abspath(args.root))
    regs = cat.registrations(args.shared_classes)
    pages = cat.pages()
    tests = cat.tests(regs)
    def_path = os.path.join("lib", "checks", "Checks.def")
    for rid, (cls, n) in regs.items():
        if rid not in pages:
            cat.problem(def_path, n, f"'{rid}' is registered but has no page docs/rules/{rid}.md")
        if not tests.get(rid):
            cat.problem(def_path, n, f"'{rid}' is registered but has no test test/rules/{rid}.cu "
                        f"(or {rid}-*.cu)")
    for stem in pages:
        if stem not in regs:
            cat.problem(os.path.join("docs", "rules", stem + ".md"), 0,
                        f"no registered check for '{stem}' (lib/checks/Checks.def)")
    if args.cuda_lint:
        listed = cat.listed(args.cuda_lint)
        if listed is not None:
            for rid in sorted(set(listed) - set(regs)):
                cat.problem("--list-checks", 0, f"the program registers '{rid}', which "
                            "lib/checks/Checks.def does not (a stale build?)")
            for rid in sorted(set(regs) - set(listed)):
                cat.problem("--list-checks", 0, f"'{rid}' is in lib/checks/Checks.def but the "
                            "program does not list it (a stale build?)")
            for rid in sorted(set(regs) & set(listed)):
                sev, summary = listed[rid]
                front = pages.get(rid, {})
                if sev is None:
                    cat.problem("--list-checks", 0, f"'{rid}' is listed without a docs page")
                    continue
                if front.get("severity") and sev != listed_severity(front["severity"]):
                    cat.problem("--list-checks", 0, f"'{rid}' is listed as {sev}, its page says "
                                f"{front['severity']}")
                if front.get("summary") and summary != front["summary"]:
                    cat.problem("--list-checks", 0, f"'{rid}' is listed with the summary "
                                f"'{summary}', its page says '{front['summary']}'")
    for p in cat.problems:
        print("check_catalog: " + p)
    if cat.problems:
        print(f"check_catalog: {len(cat.problems)} problem(s)")
        return 1
    print(f"catalog: {len(regs)} rules; registry, pages and tests agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
