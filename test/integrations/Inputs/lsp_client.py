#!/usr/bin/env python3
"""A minimal Language Server Protocol client for testing cuda-lint-clangd.

Usage:
  lsp_client.py [options] -- SERVER [SERVER-ARGS...]

Creates a fresh project directory (under $TMPDIR, so that no
compile_commands.json of an enclosing directory is found), copies the files
given with --file into it, optionally writes compile_flags.txt,
compile_commands.json and .clangd, starts the server over stdio in that
directory, sends `initialize`, `initialized` and one `didOpen` per file, waits
for the `textDocument/publishDiagnostics` of each file and prints them, one
line per diagnostic:

  DIAG <file>:<line>:<col>: <severity> [<code>] (<source>) <message>
  NOTE <file>:<line>:<col>: <message>           (relatedInformation)

(lines and columns 1-based), then `NODIAGS <file>` for a file without any.
With --edit it then changes each file (a comment line appended, version 2)
and prints `EDITED` and the diagnostics of the new version the same way.
With --timing it prints on stderr, per file, the seconds from the first
didOpen to its diagnostics. With --symbols it asks for the document symbols of each file and prints
`SYMBOL <name>`; with --hover LINE:COL, the hover text there (first file). Then it sends `shutdown` and `exit`, waits for the server and
prints `EXIT <status>`. Exits 1 on a timeout or a protocol error.
Standard library only.
"""
import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SEVERITIES = {1: "error", 2: "warning", 3: "information", 4: "hint"}


def fail(msg):
    print("lsp_client: " + msg, file=sys.stderr)
    sys.exit(1)


class Server:
    """A language server child process spoken to with JSON-RPC over stdio."""

    def __init__(self, argv, cwd, env, log):
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=log)
        self.next_id = 1
        self.messages = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = out.read(length)
            self.messages.put(json.loads(body.decode("utf-8")))

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"id": rid, "method": method, "params": params})
        return rid

    def wait(self, predicate, deadline, on_other=None):
        """Returns the first message satisfying predicate; answers the
        server's own requests on the way (with a null result)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                fail("timed out waiting for the server")
            try:
                msg = self.messages.get(timeout=left)
            except queue.Empty:
                fail("timed out waiting for the server")
            if msg is None:
                fail("the server closed its output (exit status %s)"
                     % self.proc.wait())
            if "method" in msg and "id" in msg:
                self.send({"id": msg["id"], "result": None})
            if predicate(msg):
                return msg
            if on_other:
                on_other(msg)


def file_uri(path):
    return "file://" + path


def print_diagnostics(files, results, root):
    """Prints the diagnostics of each file (see the module's doc)."""
    for name, _ in files:
        diags = results[name]
        if not diags:
            print("NODIAGS %s" % name)
        for d in diags:
            start = d["range"]["start"]
            print("DIAG %s:%d:%d: %s [%s] (%s) %s" % (
                name, start["line"] + 1, start["character"] + 1,
                SEVERITIES.get(d.get("severity"), "?"),
                d.get("code", ""), d.get("source", ""),
                d["message"].replace("\n", " | ")))
            for rel in d.get("relatedInformation", []):
                loc = rel["location"]
                rel_name = os.path.relpath(loc["uri"][len("file://"):],
                                           root)
                print("NOTE %s:%d:%d: %s" % (
                    rel_name, loc["range"]["start"]["line"] + 1,
                    loc["range"]["start"]["character"] + 1,
                    rel["message"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", action="append", default=[],
                    metavar="NAME=SOURCE",
                    help="copy SOURCE into the project as NAME and open it")
    ap.add_argument("--copy", action="append", default=[],
                    metavar="NAME=SOURCE",
                    help="copy SOURCE into the project as NAME, not opened")
    ap.add_argument("--compile-flags",
                    help="write compile_flags.txt: one flag per line, "
                         "given space-separated")
    ap.add_argument("--compile-commands",
                    help="write compile_commands.json with this command "
                         "(space-separated, the file name appended) for "
                         "every file")
    ap.add_argument("--database-dir",
                    help="write the compile_commands.json of "
                         "--compile-commands into this directory instead "
                         "of the project, and start the server with "
                         "--compile-commands-dir=DIR (an out-of-tree build)")
    ap.add_argument("--clangd-config", help="write this text to .clangd")
    ap.add_argument("--cuda-lint-config",
                    help="write this text to .cuda-lint.yaml (\\n: newline)")
    ap.add_argument("--symbols", action="store_true",
                    help="also print the document symbols")
    ap.add_argument("--hover", metavar="LINE:COL",
                    help="also print the hover text at LINE:COL (1-based) "
                         "of the first file, as `HOVER <first line>`")
    ap.add_argument("--edit", action="store_true",
                    help="then edit each file (didChange, version 2: a "
                         "comment line appended) and print the diagnostics "
                         "of that version the same way, after `EDITED`")
    ap.add_argument("--edit-prepend", metavar="TEXT",
                    help="with --edit: insert TEXT (\\n: newline) at the "
                         "start of each file instead, so that the edit "
                         "changes the file's preamble")
    ap.add_argument("--edit-append", metavar="TEXT",
                    help="with --edit: append TEXT (\\n: newline) instead "
                         "of the comment line")
    ap.add_argument("--edit-publishes", type=int, default=1, metavar="N",
                    help="with --edit: print the N-th diagnostics clangd "
                         "publishes for version 2 (clangd publishes an AST "
                         "on the old preamble first when the edit changed "
                         "the preamble, then again on the rebuilt one)")
    ap.add_argument("--timeout", type=float, default=240.0)
    ap.add_argument("--timing", action="store_true",
                    help="print on stderr `TIMING <file> <seconds>`: from "
                         "the didOpen of the first file to the file's "
                         "diagnostics (the editor's latency)")
    ap.add_argument("--log", help="write the server's stderr here")
    ap.add_argument("server", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    server_argv = args.server[1:] if args.server[:1] == ["--"] else args.server
    if not server_argv:
        fail("no server command given")
    if os.sep in server_argv[0]:
        server_argv[0] = os.path.abspath(server_argv[0])

    root = os.path.realpath(tempfile.mkdtemp(prefix="cuda-lint-lsp-"))
    server = None
    try:
        files = []
        for spec in args.file:
            name, _, source = spec.partition("=")
            dest = os.path.join(root, name)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(source, dest)
            files.append((name, dest))
        for spec in args.copy:
            name, _, source = spec.partition("=")
            dest = os.path.join(root, name)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(source, dest)
        if args.compile_flags is not None:
            with open(os.path.join(root, "compile_flags.txt"), "w") as f:
                f.write("\n".join(args.compile_flags.split()) + "\n")
        if args.compile_commands is not None:
            entries = [{"directory": root, "file": dest,
                        "arguments": args.compile_commands.split() + [dest]}
                       for _, dest in files]
            db_dir = root
            if args.database_dir:
                db_dir = os.path.abspath(args.database_dir)
                os.makedirs(db_dir, exist_ok=True)
                server_argv.append("--compile-commands-dir=" + db_dir)
            with open(os.path.join(db_dir, "compile_commands.json"), "w") as f:
                json.dump(entries, f, indent=1)
        if args.cuda_lint_config is not None:
            with open(os.path.join(root, ".cuda-lint.yaml"), "w") as f:
                f.write(args.cuda_lint_config.replace("\\n", "\n"))
        if args.clangd_config is not None:
            with open(os.path.join(root, ".clangd"), "w") as f:
                f.write(args.clangd_config.replace("\\n", "\n"))

        env = dict(os.environ)
        # No user configuration from the machine running the test.
        env["XDG_CONFIG_HOME"] = os.path.join(root, ".config")
        env.pop("CLANGD_FLAGS", None)
        log = open(args.log, "wb") if args.log else subprocess.DEVNULL
        server = Server(server_argv, root, env, log)
        deadline = time.monotonic() + args.timeout

        rid = server.request("initialize", {
            "processId": os.getpid(),
            "rootUri": file_uri(root),
            "capabilities": {
                "textDocument": {
                    "publishDiagnostics": {"relatedInformation": True},
                    "documentSymbol": {
                        "hierarchicalDocumentSymbolSupport": True},
                },
            },
        })
        init = server.wait(lambda m: m.get("id") == rid, deadline)
        if "result" not in init:
            fail("initialize failed: %s" % init)
        name = init["result"].get("serverInfo", {}).get("name", "?")
        print("SERVER %s" % name)
        server.notify("initialized", {})

        opened = time.monotonic()
        for name, dest in files:
            with open(dest, encoding="utf-8") as f:
                text = f.read()
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": file_uri(dest), "languageId": "cuda", "version": 1,
                "text": text}})

        pending = {file_uri(dest): name for name, dest in files}
        results = {}
        while pending:
            msg = server.wait(
                lambda m: m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] in pending, deadline)
            uri = msg["params"]["uri"]
            if args.timing:
                print("TIMING %s %.3f" % (pending[uri],
                                          time.monotonic() - opened),
                      file=sys.stderr)
            results[pending.pop(uri)] = msg["params"]["diagnostics"]

        print_diagnostics(files, results, root)

        if args.edit:
            for name, dest in files:
                with open(dest, encoding="utf-8") as f:
                    text = f.read()
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": file_uri(dest), "version": 2},
                    "contentChanges": [{"text": (
                        args.edit_prepend.replace("\\n", "\n") + text
                        if args.edit_prepend else
                        text + (args.edit_append.replace("\\n", "\n")
                                if args.edit_append else "// edited\n"))}]})
            pending = {file_uri(dest): name for name, dest in files}
            seen = {uri: 0 for uri in pending}
            results = {}
            while pending:
                msg = server.wait(
                    lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] in pending
                    and m["params"].get("version") == 2, deadline)
                uri = msg["params"]["uri"]
                seen[uri] += 1
                if seen[uri] == args.edit_publishes:
                    results[pending.pop(uri)] = msg["params"]["diagnostics"]
            print("EDITED")
            print_diagnostics(files, results, root)

        if args.symbols:
            for name, dest in files:
                rid = server.request("textDocument/documentSymbol", {
                    "textDocument": {"uri": file_uri(dest)}})
                reply = server.wait(lambda m: m.get("id") == rid, deadline)
                for sym in reply.get("result") or []:
                    print("SYMBOL %s" % sym["name"])

        if args.hover:
            line, col = (int(n) for n in args.hover.split(":"))
            rid = server.request("textDocument/hover", {
                "textDocument": {"uri": file_uri(files[0][1])},
                "position": {"line": line - 1, "character": col - 1}})
            reply = server.wait(lambda m: m.get("id") == rid, deadline)
            contents = (reply.get("result") or {}).get("contents", {})
            text = contents.get("value", "") if isinstance(contents, dict) \
                else str(contents)
            first = next((l for l in text.splitlines() if l.strip()), "")
            print("HOVER %s" % first.strip())

        rid = server.request("shutdown", None)
        server.wait(lambda m: m.get("id") == rid, deadline)
        server.notify("exit", None)
        try:
            status = server.proc.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            server.proc.kill()
            fail("the server did not exit after `exit`")
        print("EXIT %d" % status)
        sys.stdout.flush()
        return 0
    finally:
        if server is not None and server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
