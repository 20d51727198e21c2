# lit configuration of cuda-lint. Substitutions:
#   %cuda-lint        the cuda-lint program (plain text output, no colors)
#   %nvcc             nvcc (tests that use it have `REQUIRES: nvcc`)
#   %clang-tidy       clang-tidy-22
#   %cuda-path        the CUDA toolkit used by the tests
#   %cuda-lint-plugin the clang-tidy plugin (.so)
#   %cuda-lint-clangd the clangd build with the cuda module
#   %src, %build      the source and build directories
#   %check-cuda-lint  the rule-test harness test/tools/check_cuda_lint.py:
#                     %check-cuda-lint [-check-suffixes=,S] %s <check ids> %t [-- cuda-lint args]
#   %new-rule         scripts/new-rule.py
#   %check-catalog    test/tools/check_catalog.py
#   %check-fixits     the fix-it harness test/tools/check_fixits.py on this tree and build:
#                     %check-fixits [--rules=ID,...] TEMP (test/fixits/)
#   %expect-exit      test/tools/expect_exit.py STATUS COMMAND...
# Rule tests: see test/README.md.
import os
import shutil
import lit.formats

config.name = "cuda-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
config.excludes = ["Inputs", "unit", "tools", "CMakeLists.txt", "README.md", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cuda_lint_build_dir, "test")

cuda_path = os.environ.get("CUDA_PATH") or "/usr/local/cuda"
config.environment["CUDA_PATH"] = cuda_path
config.environment["PATH"] = os.pathsep.join(
    [config.cuda_lint_bin_dir, config.llvm_tools_dir, os.path.join(cuda_path, "bin"),
     os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "LANG", "LC_ALL"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["NO_COLOR"] = "1"
# The result cache (on by default, as for users) lives in a directory of this
# run's own, emptied here: no test reuses a result of an earlier run, and none
# writes to the user's ~/.cache. Tests of the cache itself pass --cache-dir.
result_cache = os.path.join(config.test_exec_root, "result-cache")
shutil.rmtree(result_cache, ignore_errors=True)
config.environment["CUDA_LINT_CACHE_DIR"] = result_cache

def tool(name):
    return os.path.join(config.cuda_lint_bin_dir, name)

config.substitutions.append(("%cuda-lint-clangd", tool("cuda-lint-clangd")))
config.substitutions.append(("%cuda-lint-plugin",
                             os.path.join(config.cuda_lint_lib_dir, "CudaLintTidyPlugin.so")))
config.substitutions.append(("%cuda-lint", tool("cuda-lint") + " --color=false"))
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%clang-tidy", os.path.join(config.llvm_tools_dir, "clang-tidy")))
config.substitutions.append(("%nvcc", os.path.join(cuda_path, "bin", "nvcc")))
config.substitutions.append(("%cuda-path", cuda_path))
config.substitutions.append(("%src", config.cuda_lint_src_dir))
config.substitutions.append(("%build", config.cuda_lint_build_dir))
config.substitutions.append(("%python", "python3"))
tools_dir = os.path.join(config.cuda_lint_src_dir, "test", "tools")
config.substitutions.append(("%check-cuda-lint", "python3 %s -cuda-lint=%s -filecheck=%s" % (
    os.path.join(tools_dir, "check_cuda_lint.py"), tool("cuda-lint"),
    os.path.join(config.llvm_tools_dir, "FileCheck"))))
config.substitutions.append(("%check-fixits", "python3 %s --root=%s --cuda-lint=%s --clang=%s --cuda-path=%s --nvcc=%s" % (
    os.path.join(tools_dir, "check_fixits.py"), config.cuda_lint_src_dir, tool("cuda-lint"),
    os.path.join(config.llvm_tools_dir, "clang++"), cuda_path,
    os.path.join(cuda_path, "bin", "nvcc") if os.path.exists(os.path.join(cuda_path, "bin", "nvcc")) else "")))
config.substitutions.append(("%check-catalog",
                             "python3 " + os.path.join(tools_dir, "check_catalog.py")))
config.substitutions.append(("%new-rule", "python3 " + os.path.join(
    config.cuda_lint_src_dir, "scripts", "new-rule.py")))
config.substitutions.append(("%expect-exit", "python3 " + os.path.join(config.cuda_lint_src_dir, "test", "tools", "expect_exit.py")))

if os.path.exists(os.path.join(cuda_path, "bin", "nvcc")):
    config.available_features.add("nvcc")
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
# An AddressSanitizer build (scripts/sanitize.sh): its shadow memory does not fit under
# any RLIMIT_DATA, so --max-memory and `ulimit -d` cannot be tested there.
if getattr(config, "cuda_lint_sanitize", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("asan")
