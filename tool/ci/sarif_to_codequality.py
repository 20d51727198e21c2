#!/usr/bin/env python3
"""Converts a SARIF 2.1.0 log (cuda-lint --format=sarif) to a GitLab Code
Quality report (the CodeClimate JSON subset GitLab reads from
`artifacts: reports: codequality:`).

Usage: sarif_to_codequality.py IN.sarif OUT.json [--root DIR]

Each SARIF result becomes one issue: check_name = ruleId, description =
message text, severity from the level (error: critical, warning: major,
note: minor, none: info), location = the first physical location, its path
(resolved against the run's originalUriBaseIds) made relative to DIR
(default: the current directory), and fingerprint = a hash of the rule, the path and the
result's partialFingerprints (which cuda-lint keeps stable when unrelated
lines move), so GitLab matches findings across commits. Standard library
only.
"""
import hashlib
import json
import os
import sys
import urllib.parse

SEVERITY = {"error": "critical", "warning": "major", "note": "minor",
            "none": "info"}


def uri_to_path(uri):
    path = urllib.parse.unquote(uri)
    return path[len("file://"):] if path.startswith("file://") else path


def location_of(result, root, bases):
    for loc in result.get("locations", []):
        phys = loc.get("physicalLocation", {})
        artifact = phys.get("artifactLocation", {})
        uri = artifact.get("uri")
        if not uri:
            continue
        path = uri_to_path(uri)
        base = bases.get(artifact.get("uriBaseId"), {}).get("uri")
        if not os.path.isabs(path) and base:
            path = os.path.join(uri_to_path(base), path)
        if os.path.isabs(path):
            path = os.path.relpath(path, root)
        line = phys.get("region", {}).get("startLine", 1)
        return path, line
    return "", 1


def convert(sarif, root):
    issues = []
    for run in sarif.get("runs", []):
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        bases = run.get("originalUriBaseIds", {})
        for result in run.get("results", []):
            rule = result.get("ruleId")
            if rule is None and "ruleIndex" in result:
                rule = rules[result["ruleIndex"]].get("id")
            rule = rule or "cuda-lint"
            level = result.get("level", "warning")
            path, line = location_of(result, root, bases)
            message = result.get("message", {}).get("text", "")
            prints = result.get("partialFingerprints") or {}
            if prints:
                parts = [rule, path] + ["%s=%s" % kv
                                        for kv in sorted(prints.items())]
            else:
                parts = [rule, path, str(line), message]
            key = "\0".join(parts)
            issues.append({
                "type": "issue",
                "check_name": rule,
                "description": "%s [%s]" % (message, rule),
                "categories": ["Bug Risk"],
                "severity": SEVERITY.get(level, "major"),
                "fingerprint": hashlib.sha256(key.encode()).hexdigest(),
                "location": {"path": path, "lines": {"begin": line}},
            })
    return issues


def main(argv):
    args = argv[1:]
    root = os.getcwd()
    if "--root" in args:
        i = args.index("--root")
        root = os.path.abspath(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        print("usage: sarif_to_codequality.py IN.sarif OUT.json [--root DIR]",
              file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        sarif = json.load(f)
    with open(args[1], "w", encoding="utf-8") as f:
        json.dump(convert(sarif, root), f, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
