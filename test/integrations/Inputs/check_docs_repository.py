"""check_docs_repository.py SRC: the checks of docs-repository.test.

- the `repo:` of docs/pre-commit.md is the URL of lib/driver/Output.cpp's
  SARIF informationUri and of CMakeLists.txt's CPACK_DEBIAN_PACKAGE_HOMEPAGE;
- its `rev:` is a commit of the repository (when SRC is a git checkout) that
  has .pre-commit-hooks.yaml with the hook id `cuda-lint`.
Prints "ok" or the problems (exit status 1).
"""
import os
import re
import subprocess
import sys

src = sys.argv[1]
problems = []


def read(rel):
    with open(os.path.join(src, rel), encoding="utf-8") as f:
        return f.read()


doc = read("docs/pre-commit.md")
repo = re.search(r"- repo: (\S+)", doc)
rev = re.search(r"rev: (\S+)", doc)
if not repo or not rev:
    problems.append("docs/pre-commit.md: no `repo:` / `rev:` in the example")
else:
    repo, rev = repo.group(1), rev.group(1)
    uri = re.search(r'"informationUri"\]\s*=\s*"([^"]+)"', read("lib/driver/Output.cpp"))
    if not uri or uri.group(1) != repo:
        problems.append("SARIF informationUri %s is not the repository of docs/pre-commit.md (%s)"
                        % (uri.group(1) if uri else "?", repo))
    home = re.search(r'CPACK_DEBIAN_PACKAGE_HOMEPAGE "([^"]+)"', read("CMakeLists.txt"))
    if not home or home.group(1) != repo:
        problems.append("CPACK_DEBIAN_PACKAGE_HOMEPAGE is not %s" % repo)
    if not re.fullmatch(r"[0-9a-f]{40}", rev):
        problems.append("rev %s is not a commit hash (tags may not reach the published "
                        "repository)" % rev)
    elif os.path.isdir(os.path.join(src, ".git")) or os.path.isfile(os.path.join(src, ".git")):
        hooks = subprocess.run(["git", "-C", src, "show", rev + ":.pre-commit-hooks.yaml"],
                               capture_output=True, text=True)
        if hooks.returncode != 0:
            problems.append("rev %s is not a commit of this repository with "
                            ".pre-commit-hooks.yaml: %s" % (rev, hooks.stderr.strip()))
        elif "id: cuda-lint" not in hooks.stdout:
            problems.append("rev %s: its .pre-commit-hooks.yaml has no hook `cuda-lint`" % rev)
for p in problems:
    print("error: " + p)
print("ok" if not problems else "")
sys.exit(1 if problems else 0)
