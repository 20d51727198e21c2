"""The runtime-check pairs, as described by each `runtime-check/<rule-id>/case.json`.

case.json (one per rule directory):

    {
      "rule": "<rule id, the directory's name>",
      "summary": "<one line>",
      "variants": [
        {"name": "bad", "variant": "bad" | "good", "source": "bad.cu",
         "nvcc": "accept" | "reject",
         "expected": "<outcome>", "what": "<what this case does>",
         "nvcc_flags": ["-DNDEBUG"],    (optional: this variant's extra nvcc flags)
         "timed": {"baseline": "good", "min_ratio": 2.0},   (optional, see below)
         "lint_with_nvcc_flags": true}  (optional: cuda-lint gets them too, as its command)
        ...
      ]
    }

`expected` is the outcome the execution tier should observe: a CUDA error name
(`cudaErrorInvalidValue`), `cudaSuccess` (launch and execution succeeded and the output was
verified), `correct-results` / `wrong-results` (for pairs whose point is the computed values), or
`nvcc-rejects` (the file must not build: the rule is one nvcc itself reports). The programs print
it on one line: `RUNTIME-CHECK outcome=<token> detail=<text>` (see common/runtime_check.cuh).

Timed cases (performance rules): a variant with `timed` has `expected` `slower`. Its program and
the program of its `baseline` variant (same rule) each verify their results and put
`time_ms=<milliseconds>` in their detail text. The execution tier then observes `slower` when
both succeeded and this variant's time is at least `min_ratio` times the baseline's, and
`not-slower` otherwise (or the program's own token when it failed).

Python 3 standard library only: this runs in CI.
"""

import json
import os
import re

ROOT = os.path.dirname(os.path.abspath(__file__))

VARIANTS = ("bad", "good")
NVCC_EXPECTATIONS = ("accept", "reject")
RESULT_LINE = re.compile(r"^RUNTIME-CHECK outcome=(\S+) detail=(.*)$", re.M)
# The time a timed case's program measured, in its detail text.
TIME_MS = re.compile(r"\btime_ms=([0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)")
# nvcc flags of both tiers: the rules and the observed results are about sm_90 (H100/H200).
NVCC_ARCH = "-arch=sm_90"


class Case:
    """One program of a pair: a rule's bad or good variant."""

    def __init__(self, rule, data, rule_dir):
        self.rule = rule
        self.name = data["name"]
        self.variant = data["variant"]
        self.source = os.path.join(rule_dir, data["source"])
        self.nvcc = data["nvcc"]
        self.expected = data["expected"]
        self.what = data.get("what", "")
        self.note = data.get("note", "")
        # Extra nvcc flags of this variant (e.g. ["-DNDEBUG"]), after NVCC_ARCH, in both tiers;
        # cuda-lint lints the source as written, without them.
        self.nvcc_flags = list(data.get("nvcc_flags", []))
        # Whether cuda-lint lints with the nvcc flags as the compile command (`cuda-lint FILE --
        # -arch=sm_90 FLAGS`): for rules about a flag of the command (-maxrregcount).
        self.lint_with_nvcc_flags = bool(data.get("lint_with_nvcc_flags", False))
        if not all(isinstance(f, str) for f in self.nvcc_flags):
            raise ValueError(f"{rule}/{self.name}: nvcc_flags must be a list of strings")
        # {"baseline": "<variant name>", "min_ratio": <float>} for a timed case, else None.
        self.timed = data.get("timed")
        if self.timed is not None:
            if not isinstance(self.timed, dict) or not isinstance(self.timed.get("baseline"), str) \
                    or not isinstance(self.timed.get("min_ratio"), (int, float)) \
                    or self.timed["min_ratio"] <= 0:
                raise ValueError(f"{rule}/{self.name}: timed needs a baseline name and a "
                                 "positive min_ratio")
            if self.expected != "slower":
                raise ValueError(f"{rule}/{self.name}: a timed case expects 'slower'")
        elif self.expected in ("slower", "not-slower"):
            raise ValueError(f"{rule}/{self.name}: 'slower' is the expectation of a timed case")
        if self.variant not in VARIANTS:
            raise ValueError(f"{rule}/{self.name}: variant must be bad or good")
        if self.nvcc not in NVCC_EXPECTATIONS:
            raise ValueError(f"{rule}/{self.name}: nvcc must be accept or reject")
        if (self.nvcc == "reject") != (self.expected == "nvcc-rejects"):
            raise ValueError(f"{rule}/{self.name}: nvcc 'reject' goes with expected 'nvcc-rejects'")
        if not os.path.isfile(self.source):
            raise ValueError(f"{rule}/{self.name}: no file {self.source}")

    @property
    def key(self):
        """`<rule>/<name>`, unique over all cases; also the build path under the build dir."""
        return f"{self.rule}/{self.name}"

    @property
    def relsource(self):
        """The source path relative to the repository root."""
        return os.path.relpath(self.source, os.path.dirname(ROOT))


def load(root=ROOT, only=None):
    """All cases under `root`, ordered by rule id then by their order in case.json.

    `only`: an optional collection of rule ids to keep. Raises ValueError on a malformed
    case.json (a wrong variant, a missing source file, a directory named unlike its rule)."""
    cases = []
    for entry in sorted(os.listdir(root)):
        path = os.path.join(root, entry, "case.json")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("rule") != entry:
            raise ValueError(f"{path}: rule {data.get('rule')!r} differs from its directory")
        if only and entry not in only:
            continue
        variants = data.get("variants", [])
        if not any(v.get("variant") == "bad" for v in variants) or \
                not any(v.get("variant") == "good" for v in variants):
            raise ValueError(f"{path}: a pair needs at least one bad and one good variant")
        these = [Case(entry, v, os.path.join(root, entry)) for v in variants]
        names = {c.name for c in these}
        for c in these:
            if c.timed and (c.timed["baseline"] not in names or c.timed["baseline"] == c.name):
                raise ValueError(f"{path}: {c.name}: timed baseline must be another variant")
        cases.extend(these)
    keys = [c.key for c in cases]
    if len(keys) != len(set(keys)):
        raise ValueError("two cases of one rule share a name")
    return cases


def summaries(root=ROOT):
    """{rule id: summary line} from every case.json."""
    out = {}
    for entry in sorted(os.listdir(root)):
        path = os.path.join(root, entry, "case.json")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                out[entry] = json.load(f).get("summary", "")
    return out
