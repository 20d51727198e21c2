"""check_explain.py CUDA_LINT: every rule's --explain page is terminal text.

For each rule of `cuda-lint --list-checks`: no front matter, no HTML comment,
no Markdown table row (`| a | b |`), no `**`, and no line wider than 100
columns except code (indented by 4) and single words (a URL); and at least
one source a user can open (an https:// address, the Programming Guide's or
nvcc's documentation). Prints "ok N" or the problems (exit status 1).
"""
import subprocess
import sys

exe = sys.argv[1]
rules = [l.split()[0] for l in subprocess.run(
    [exe, "--list-checks"], capture_output=True, text=True, check=True).stdout.splitlines()
    if l.startswith("cuda-")]
problems = []
for r in rules:
    out = subprocess.run([exe, "--color=false", "--explain", r], capture_output=True,
                         text=True, check=True).stdout
    lines = out.splitlines()
    if "<https://" not in out:
        problems.append("%s: no source with an address (<https://...>)" % r)
    if "RULES.md" in out:
        problems.append("%s: cites RULES.md, which is not in the repository" % r)
    if lines and lines[0] != "# " + r:
        problems.append("%s: first line %r" % (r, lines[0]))
    for n, l in enumerate(lines, 1):
        where = "%s:%d" % (r, n)
        if "<!--" in l or "-->" in l:
            problems.append(where + ": HTML comment")
        if l.startswith("|"):
            problems.append(where + ": table row " + l[:40])
        if "**" in l and not l.startswith("    "):
            problems.append(where + ": ** markup")
        if "\033" in l:
            problems.append(where + ": colour with --color=false")
        if len(l) > 100 and not l.startswith("    ") and len(l.split()) > 1:
            # a long single word (URL) after a short prefix is fine too
            words = l.split()
            if max(len(w) for w in words) <= 100 - 6:
                problems.append("%s: %d columns: %s" % (where, len(l), l[:60]))
for p in problems:
    print("error: " + p)
print("ok %d" % len(rules) if not problems else "")
sys.exit(1 if problems else 0)
