#!/usr/bin/env python3
"""A stand-in for cuda-lint in the self-test of check_fixits.py (harness.test): each rule
cuda-fake-* reports a finding with a safe fix-it on a file that contains FIXME, and its --fix
does what the rule's name says: -ok removes the FIXME, -adds-error writes a line clang
rejects, -stays leaves the file as it is (the finding and its fix-it stay)."""
import json
import sys

args = sys.argv[1:]
rule = next(a.split(",")[-1] for a in args if a.startswith("--checks="))
name = args[-1]
with open(name, encoding="utf-8") as f:
    text = f.read()
found = "FIXME" in text
if "--fix" in args and found:
    if rule == "cuda-fake-ok":
        text = text.replace("FIXME", "fixed")
    elif rule == "cuda-fake-adds-error":
        text = text.replace("// FIXME", "int broken = ;")
    with open(name, "w", encoding="utf-8") as f:
        f.write(text)
if "--format=json" in args:
    recs = [{"rule": rule, "file": name, "line": 1, "column": 1, "message": "fake",
             "severity": "warning", "fixSafety": "safe",
             "fixes": [{"file": name, "offset": 0, "length": 0, "replacement": ""}]}] if found else []
    print(json.dumps({"failures": [], "findings": recs}))
elif found:
    print(f"{name}:1:1: warning: fake [{rule}]")
sys.exit(1 if found else 0)
