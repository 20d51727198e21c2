"""Prints `ruleId startLine fingerprint` for each result of a SARIF file, or
with --no-lines `ruleId fingerprint` (to compare two runs whose lines moved)."""
import json
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
with open(args[0]) as f:
    doc = json.load(f)
for run in doc["runs"]:
    for res in run["results"]:
        line = res["locations"][0]["physicalLocation"]["region"]["startLine"]
        fps = ",".join("%s=%s" % kv for kv in sorted(res["partialFingerprints"].items()))
        if "--no-lines" in sys.argv:
            print(res["ruleId"], fps)
        else:
            print(res["ruleId"], line, fps)
