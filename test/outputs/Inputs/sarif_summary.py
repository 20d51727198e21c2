"""Validates a SARIF file against the SARIF 2.1.0 schema and prints what code
scanning reads from it, one fact per line, for FileCheck.

usage: sarif_summary.py SARIF SCHEMA   (exit 1 when the file does not validate)
"""
import json
import sys

import jsonschema

sarif_path, schema_path = sys.argv[1], sys.argv[2]
with open(sarif_path) as f:
    doc = json.load(f)
with open(schema_path) as f:
    schema = json.load(f)
validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
errors = sorted(validator_class(schema, format_checker=jsonschema.FormatChecker())
                .iter_errors(doc), key=lambda e: list(e.path))
for e in errors:
    print("invalid: %s: %s" % ("/".join(str(p) for p in e.path), e.message))
if errors:
    sys.exit(1)
print("valid sarif", doc["version"])

for run in doc["runs"]:
    drv = run["tool"]["driver"]
    print("driver name=%s version=%s informationUri=%s" %
          (drv["name"], drv.get("version"), drv.get("informationUri")))
    for base, loc in sorted(run.get("originalUriBaseIds", {}).items()):
        print("uriBase %s=%s" % (base, loc["uri"]))
    rules = drv.get("rules", [])
    for r in rules:
        print("rule id=%s short=%s full=%s helpUri=%s level=%s" %
              (r["id"], r.get("shortDescription", {}).get("text"),
               r.get("fullDescription", {}).get("text"), r.get("helpUri"),
               r.get("defaultConfiguration", {}).get("level")))

    def where(loc):
        pl = loc["physicalLocation"]
        a, reg = pl["artifactLocation"], pl.get("region", {})
        return "%s base=%s %s:%s-%s:%s" % (
            a.get("uri"), a.get("uriBaseId"), reg.get("startLine"),
            reg.get("startColumn"), reg.get("endLine"), reg.get("endColumn"))

    for res in run.get("results", []):
        idx = res.get("ruleIndex")
        if idx is not None and rules[idx]["id"] != res["ruleId"]:
            print("ruleIndex %d names %s, not %s" % (idx, rules[idx]["id"], res["ruleId"]))
        print("result ruleId=%s level=%s message=%s" %
              (res["ruleId"], res.get("level"), res["message"]["text"]))
        for loc in res.get("locations", []):
            print("  at " + where(loc))
        for key, val in sorted(res.get("partialFingerprints", {}).items()):
            print("  fingerprint %s=%s" % (key, val))
        for loc in res.get("relatedLocations", []):
            print("  related %s message=%s" % (where(loc), loc.get("message", {}).get("text")))
        for fix in res.get("fixes", []):
            print("  fix safety=%s description=%s" %
                  (fix.get("properties", {}).get("safety"), fix["description"]["text"]))
            for ch in fix["artifactChanges"]:
                a = ch["artifactLocation"]
                for rep in ch["replacements"]:
                    d = rep["deletedRegion"]
                    print("    change %s base=%s %s:%s-%s:%s insert=%r" % (
                        a.get("uri"), a.get("uriBaseId"), d.get("startLine"),
                        d.get("startColumn"), d.get("endLine"), d.get("endColumn"),
                        rep.get("insertedContent", {}).get("text")))

    for inv in run.get("invocations", []):
        print("invocation executionSuccessful=%s" % inv["executionSuccessful"])
        for n in inv.get("toolExecutionNotifications", []):
            locs = n.get("locations", [])
            print("  notification level=%s at=%s message=%s" % (
                n.get("level"),
                locs[0]["physicalLocation"]["artifactLocation"].get("uri") if locs else "none",
                n["message"]["text"]))
