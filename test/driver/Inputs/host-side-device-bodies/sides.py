"""Prints one line per finding of a cuda-lint JSON report: file name, rule, line, sides
(comma-separated), and the message of a compiler diagnostic, sorted, between
"begin" and "end"."""
import json
import sys

report = json.load(open(sys.argv[1]))
rows = []
for f in report["findings"]:
    row = "%s %s %d %s" % (f["file"].replace("\\", "/").split("/")[-1], f["rule"], f["line"],
                           ",".join(f["sides"]))
    if f["rule"].startswith("clang-diagnostic-"):
        row += " " + f["message"]
    rows.append(row)
print("begin")
for row in sorted(rows):
    print(row)
print("end")
