#!/usr/bin/env python3
"""Editor latency of cuda-lint-clangd against plain clangd-22 (issue 16, item 3).

Usage:
  bench/lsp_latency.py [--runs R] [--edits N] [--command clang|nvcc]
                       [--server A=BINARY ...] FILE.cu

For each run and each server (alternating: A B A B ...), a fresh scratch
directory gets a copy of FILE and a compile_commands.json with one command for
it, the same for every server (--command clang: `clang++ -x cuda
--cuda-gpu-arch=sm_90 ...`; --command nvcc: the unit's nvcc command from
--database, which only cuda-lint-clangd translates; stock clangd reports it as
unknown arguments). The server is started over stdio with the same flags
(--background-index=false, --clang-tidy, -j=1, --pch-storage=memory, the same
resource directory, no user configuration: $XDG_CONFIG_HOME is the scratch
directory, a .clangd that turns off the standard-library index), the file is opened and the time to its first
textDocument/publishDiagnostics is the *open* latency. Then N edits inside a
kernel body (a full-text didChange with a new version that toggles a comment
line after the kernel's opening brace) are each timed until the
publishDiagnostics of that version: the *edit* latency, what an editor waits
after a keystroke. clangd's own debounce (it waits about one rebuild time
before rebuilding) is part of it, for both servers alike.

Prints a table: median, min and max of both latencies per server, and the
ratio of the medians of each server to the last one's. --json FILE also writes the
raw samples. Standard library only; the LSP client is the test suite's
(test/integrations/Inputs/lsp_client.py).
"""
import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "integrations", "Inputs"))
import lsp_client  # noqa: E402


def kernel_brace_line(lines):
    """0-based index of the line holding the opening brace of the first
    __global__ function's body (the edits go right after it)."""
    for i, line in enumerate(lines):
        if "__global__" in line:
            for j in range(i, min(i + 40, len(lines))):
                if ";" in lines[j] and "{" not in lines[j]:
                    break
                if lines[j].rstrip().endswith("{"):
                    return j
    raise SystemExit("lsp_latency: no __global__ function body found")


def nvcc_command(database, path):
    with open(database) as f:
        for e in json.load(f):
            if os.path.realpath(os.path.join(e["directory"], e["file"])) == \
                    os.path.realpath(path):
                argv = e.get("arguments") or shlex.split(e["command"])
                return e["directory"], argv
    raise SystemExit("lsp_latency: %s has no entry in %s" % (path, database))


def one_run(server_argv, source, cmd_kind, database, edits, timeout, clangd_extra=""):
    root = os.path.realpath(tempfile.mkdtemp(prefix="lsp-latency-"))
    server = None
    try:
        dest = os.path.join(root, os.path.basename(source))
        shutil.copyfile(source, dest)
        if cmd_kind == "nvcc":
            directory, argv = nvcc_command(database, source)
            # Same flags, the copy's path instead of the original's (its
            # includes are relative to the original's directory: keep it).
            argv = [a if os.path.realpath(os.path.join(directory, a)) !=
                    os.path.realpath(source) else dest for a in argv]
            src_dir = os.path.dirname(os.path.realpath(source))
            argv = [re.sub(r"^-I(?=[^/])", "-I" + src_dir + "/", a) for a in argv]
            entry = {"directory": directory, "file": dest, "arguments": argv}
        else:
            argv = ["clang++", "-x", "cuda", "--cuda-path=/usr/local/cuda",
                    "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
                    "-std=c++17", "-I" + os.path.dirname(os.path.realpath(source)),
                    "-I" + os.path.realpath(os.path.join(
                        os.path.dirname(source), "..", "..", "..", "Common")),
                    "-c", dest]
            entry = {"directory": root, "file": dest, "arguments": argv}
        with open(os.path.join(root, "compile_commands.json"), "w") as f:
            json.dump([entry], f, indent=1)
        # clangd's standard-library index (a background parse of the whole
        # C++ library after the first open) would compete with the edits.
        with open(os.path.join(root, ".clangd"), "w") as f:
            f.write("Index:\n  StandardLibrary: No\n" + clangd_extra.replace("\\n", "\n"))
        env = dict(os.environ)
        env["XDG_CONFIG_HOME"] = os.path.join(root, ".config")
        env.pop("CLANGD_FLAGS", None)
        server = lsp_client.Server(server_argv, root, env, open(os.devnull, "wb"))
        deadline = time.monotonic() + timeout
        rid = server.request("initialize", {
            "processId": os.getpid(), "rootUri": lsp_client.file_uri(root),
            "capabilities": {"textDocument": {"publishDiagnostics": {
                "relatedInformation": True, "versionSupport": True}}}})
        server.wait(lambda m: m.get("id") == rid, deadline)
        server.notify("initialized", {})
        with open(dest, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        lines = text.split("\n")
        brace = kernel_brace_line(lines)
        uri = lsp_client.file_uri(dest)

        def diags_of(version):
            return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                              and m["params"]["uri"] == uri
                              and m["params"].get("version") == version)

        t0 = time.monotonic()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
        msg = server.wait(diags_of(1), deadline)
        open_s = time.monotonic() - t0
        ndiags = len(msg["params"]["diagnostics"])
        edit_s = []
        for k in range(edits):
            version = k + 2
            edited = list(lines)
            # Toggle: a comment line on odd edits, none on even ones, so the
            # text alternates and every version differs from the previous.
            if k % 2 == 0:
                edited.insert(brace + 1, "  // edit %d" % version)
            new_text = "\n".join(edited)
            t = time.monotonic()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": new_text}]})
            server.wait(diags_of(version), deadline)
            edit_s.append(time.monotonic() - t)
        rid = server.request("shutdown", None)
        server.wait(lambda m: m.get("id") == rid, deadline)
        server.notify("exit", None)
        server.proc.wait(timeout=timeout)
        return open_s, edit_s, ndiags
    finally:
        if server is not None and server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()
        shutil.rmtree(root, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=3,
                    help="server starts per server (alternating)")
    ap.add_argument("--edits", type=int, default=10, help="edits per run")
    ap.add_argument("--command", choices=["clang", "nvcc"], default="clang")
    ap.add_argument("--database",
                    help="compile_commands.json that --command nvcc takes the unit's command "
                         "from (e.g. a cuda-samples build's)")
    ap.add_argument("--server", action="append", metavar="NAME=BINARY",
                    help="default: cuda-lint-clangd=build/bin/cuda-lint-clangd "
                         "and clangd-22=/usr/lib/llvm-22/bin/clangd")
    ap.add_argument("--resource-dir", default="/usr/lib/llvm-22/lib/clang/22")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--json", help="write the samples here")
    ap.add_argument("--clangd-config", default="",
                    help="more .clangd text for every server (\\n: newline), "
                         "e.g. 'Diagnostics:\\n  ClangTidy:\\n    Remove: [cuda-x]\\n'")
    ap.add_argument("--wrap", default="",
                    help="a command line put before each server's, e.g. "
                         "'valgrind --tool=callgrind' (%%s: the server's name)")
    args = ap.parse_args()
    if args.command == "nvcc" and not args.database:
        ap.error("--command nvcc needs --database")
    servers = []
    for spec in args.server or [
            "cuda-lint-clangd=" + os.path.join(HERE, "..", "build", "bin",
                                               "cuda-lint-clangd"),
            "clangd-22=/usr/lib/llvm-22/bin/clangd"]:
        name, _, binary = spec.partition("=")
        servers.append((name, os.path.abspath(binary)))
    flags = ["--background-index=false", "--clang-tidy", "-j=1",
             "--pch-storage=memory", "--resource-dir=" + args.resource_dir,
             "--log=error"]
    samples = {name: {"open": [], "edit": [], "diags": None} for name, _ in servers}
    for run in range(args.runs):
        for name, binary in servers:
            wrap = shlex.split(args.wrap.replace("%s", name)) if args.wrap else []
            open_s, edit_s, nd = one_run(wrap + [binary] + flags, args.file, args.command,
                                         args.database, args.edits, args.timeout,
                                         args.clangd_config)
            s = samples[name]
            s["open"].append(open_s)
            s["edit"].extend(edit_s)
            s["diags"] = nd
            print("run %d %-18s open %.3f s, edits median %.3f s (%d diagnostics)"
                  % (run + 1, name, open_s, statistics.median(edit_s or [0]), nd),
                  file=sys.stderr, flush=True)

    def stats(v):
        return statistics.median(v), min(v), max(v)

    print("file: %s, command: %s, %d runs x %d edits, load average %s"
          % (args.file, args.command, args.runs, args.edits,
             " ".join("%.1f" % x for x in os.getloadavg())))
    print("| server | open median (min-max) | after-edit median (min-max) | diagnostics |")
    print("| --- | --- | --- | --- |")
    for name, _ in servers:
        s = samples[name]
        o, e = stats(s["open"]), stats(s["edit"] or [0])
        print("| %s | %.3f s (%.3f-%.3f) | %.3f s (%.3f-%.3f) | %d |"
              % (name, o[0], o[1], o[2], e[0], e[1], e[2], s["diags"]))
    base_name = servers[-1][0]
    base = samples[base_name]
    for name, _ in servers[:-1]:
        a = samples[name]
        print("ratio %s / %s: open %.2f, after edit %.2f" % (
            name, base_name,
            statistics.median(a["open"]) / statistics.median(base["open"]),
            statistics.median(a["edit"] or [1]) / statistics.median(base["edit"] or [1])))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(samples, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
