"""Makes the scratch directories of config-files.test.

config_dirs.py SOURCE ROOT NVCC DIR...: copies SOURCE to ROOT/DIR/f.cu for
each DIR and writes ROOT/compile_commands.json with an nvcc command for each
(the form CMake writes), so that no database of the build tree is used.
"""
import json
import os
import shutil
import sys

source, root, nvcc, dirs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
entries = []
for d in dirs:
    path = os.path.join(root, d)
    os.makedirs(path, exist_ok=True)
    shutil.copyfile(source, os.path.join(path, "f.cu"))
    entries.append({"directory": path, "file": os.path.join(path, "f.cu"),
                    "arguments": [nvcc, "-arch=sm_90", "-c", "f.cu"]})
with open(os.path.join(root, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
