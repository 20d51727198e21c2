"""Writes a hostile compile_commands.json into DIR (issue 18): a clang command
and nvcc commands whose flags would make clang write files, load code or read
serialized ASTs, each naming a path under DIR/w (an empty directory). Usage:
hostile-db.py DIR NVCC. The units are DIR/clang.cu, DIR/nvcc.cu, DIR/fwd.cu;
each has one cuda-launch-bounds-with-maxnreg finding."""
import json
import os
import sys

d, nvcc = os.path.abspath(sys.argv[1]), sys.argv[2]
w = os.path.join(d, "w")  # every path a flag names is in here (empty)
os.makedirs(w, exist_ok=True)


def p(name):
    return os.path.join(w, name)


# Clang driver and cc1 options (through -Xclang, -Wp, -mllvm, -Xarch_*) that
# write a file, load code or read a serialized AST.
CLANG = [
    "--serialize-diagnostics", p("diag.dia"),
    "--serialize-diagnostics=" + p("diag2.dia"),
    "-Xclang", "-dependency-file", "-Xclang", p("dep1.d"), "-Xclang", "-MT", "-Xclang", "x",
    "-dependency-file", p("dep2.d"),
    "-Xclang", "-stats-file=" + p("stats.json"),
    "-Xclang", "-header-include-file", "-Xclang", p("hdr.txt"), "-H",
    "-Xclang", "-diagnostic-log-file", "-Xclang", p("diag.log"),
    "-fmodules", "-fcxx-modules", "-fimplicit-modules", "-fmodules-cache-path=" + p("mcache"),
    "-Xclang", "-fmodules-cache-path=" + p("mcache2"),
    "-Xclang", "-module-dependency-dir", "-Xclang", p("mdeps"),
    "-module-dependency-dir", p("mdeps2"),
    "-MD", "-MF", p("md.d"), "-MMD", "-MJ", p("mj.json"), "-MQ", "q",
    "-Wp,-MD," + p("wp.d"), "-Wp,-MMD," + p("wp2.d"), "-Xpreprocessor", "-MD",
    "-save-temps", "-save-temps=obj", "-save-stats", "-save-stats=obj",
    "-ftime-trace", "-ftime-trace=" + p("trace.json"), "-ftime-trace-granularity=0",
    "-Xclang", "-ftime-trace=" + p("trace2.json"),
    "-fprofile-instr-generate=" + p("prof.profraw"), "-fprofile-generate=" + p("profgen"),
    "-fcs-profile-generate=" + p("csprof"), "-fprofile-arcs", "-ftest-coverage",
    "-fcrash-diagnostics-dir=" + p("crash"), "-fcrash-diagnostics=all",
    "-fmodule-file=" + p("m.pcm"), "-fmodule-file=name=" + p("n.pcm"),
    "-fprebuilt-module-path=" + p("prebuilt"), "-fmodule-output=" + p("out.pcm"),
    "-include-pch", p("x.pch"), "-Xclang", "-include-pch", "-Xclang", p("y.pch"),
    "-fplugin=" + p("plugin.so"), "-fpass-plugin=" + p("pass.so"),
    "-Xclang", "-load", "-Xclang", p("load.so"), "-Xclang", "-plugin", "-Xclang", "p",
    "-Xclang", "-add-plugin", "-Xclang", "p",
    "-mllvm", "-info-output-file=" + p("info.txt"), "-mllvm", "-stats",
    "-Xarch_device", "-fplugin=" + p("dev.so"), "-Xarch_host", "-MD",
    "-fsave-optimization-record", "-foptimization-record-file=" + p("opt.yaml"),
    "-fproc-stat-report=" + p("proc.csv"), "-fstack-usage",
    "-ivfsoverlay", p("vfs.yaml"), "--config=" + p("x.cfg"), "-B", p("bin"),
    "-emit-ast", "--analyze", "-Xclang", "-emit-pch",
    "-o", p("out.o"),
]

# Host-compiler flags as nvcc forwards them.
HOST = [
    "--serialize-diagnostics " + p("h-diag.dia"),
    "-ftime-trace=" + p("h-trace.json"),
    "-fplugin=" + p("h-plugin.so"),
    "-fmodules-cache-path=" + p("h-mcache"),
    "-Xclang -dependency-file -Xclang " + p("h-dep.d"),
    "-Xclang -stats-file=" + p("h-stats.json"),
    "-MD -MF " + p("h-md.d"),
    "-fprofile-instr-generate=" + p("h-prof"),
]

CUDA = '__global__ void __launch_bounds__(64) __maxnreg__(32) k() {}\n'
for name in ("clang.cu", "nvcc.cu", "fwd.cu"):
    with open(os.path.join(d, name), "w") as f:
        f.write(CUDA)

entries = [
    {"directory": d, "file": "clang.cu",
     "arguments": ["clang++", "-x", "cuda", "--cuda-gpu-arch=sm_90"] + CLANG +
                  ["-c", "clang.cu"]},
    # -Xcompiler / --compiler-options (comma lists, nvcc splits them)
    {"directory": d, "file": "nvcc.cu",
     "arguments": [nvcc, "-arch=sm_90"] +
                  [x for h in HOST for x in ("-Xcompiler", h.replace(" ", ","))] +
                  ["--compiler-options=" + HOST[0].replace(" ", ",")] +
                  ["-MD", "-MF", p("n-md.d"), "--keep", "--keep-dir", p("keep"),
                   "--save-temps", "-odir", p("odir"), "-time", p("time.csv"),
                   "-c", "nvcc.cu", "-o", p("nvcc.o")]},
    # -forward-unknown-to-host-compiler: the flags themselves
    {"directory": d, "file": "fwd.cu",
     "arguments": [nvcc, "-arch=sm_90", "-forward-unknown-to-host-compiler"] +
                  [x for h in HOST for x in h.split(" ")] +
                  ["-c", "fwd.cu", "-o", p("fwd.o")]},
]
with open(os.path.join(d, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
