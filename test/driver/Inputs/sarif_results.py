"""Prints the results of a SARIF file, one line each, sorted, with artifact
indices resolved to URIs and the rule index to its rule id: what must be equal,
finding for finding, between an unsharded run and its merged shards.

usage: sarif_results.py SARIF
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
lines = []
for run in doc["runs"]:
    rules = run["tool"]["driver"].get("rules", [])
    artifacts = run.get("artifacts", [])

    def loc(l):
        p = l["physicalLocation"]
        a = p["artifactLocation"]
        uri = a.get("uri")
        if "index" in a:
            assert artifacts[a["index"]]["location"]["uri"].endswith(uri), (a, artifacts)
        r = p.get("region", {})
        return "%s:%s:%s-%s:%s" % (uri, r.get("startLine"), r.get("startColumn"),
                                   r.get("endLine"), r.get("endColumn"))

    for res in run.get("results", []):
        rid = res["ruleId"]
        assert rules[res["ruleIndex"]]["id"] == rid, res
        rel = ";".join(loc(l) + " " + l.get("message", {}).get("text", "")
                       for l in res.get("relatedLocations", []))
        lines.append("%s %s %s %s [%s] %s" % (
            rid, res["level"], ";".join(loc(l) for l in res.get("locations", [])),
            res["message"]["text"], rel,
            json.dumps(res.get("partialFingerprints", {}), sort_keys=True)))
for l in sorted(lines):
    print(l)
print("results:", len(lines))
