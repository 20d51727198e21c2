//===- Toolchain.h - Finding the CUDA toolkit and clang's resources -*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_TOOLCHAIN_H
#define CUDA_LINT_DRIVER_TOOLCHAIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace cuda_lint {

/// Finds the CUDA toolkit the way `cuda-lint` documents it: \p Explicit
/// (`--cuda-path`), then `$CUDA_PATH`, then the directory above the `nvcc`
/// on `PATH`, then `/usr/local/cuda`. A toolkit is usable when it has what
/// clang needs for both sides: `include/cuda_runtime.h`,
/// `include/cuda_runtime_api.h`, `include/cuda.h`, `include/crt/host_defines.h`
/// and `nvvm/libdevice/libdevice.10.bc`. Returns its absolute path, or an
/// error that lists every place searched and why each was rejected (no such
/// directory, or the files it lacks).
llvm::Expected<std::string> findCudaToolkit(llvm::StringRef Explicit);

/// The clang resource directory (builtin headers, CUDA wrapper headers):
/// \p Explicit when given, else the one of the LLVM cuda-lint was built with.
/// Errors when the directory lacks `include/__clang_cuda_runtime_wrapper.h`.
llvm::Expected<std::string> findClangResourceDir(llvm::StringRef Explicit);

/// The version of the nvcc of a CUDA toolkit, as nvcc's predefined macros
/// `__CUDACC_VER_MAJOR__`, `__CUDACC_VER_MINOR__` and `__CUDACC_VER_BUILD__`
/// give it (13, 0, 88 for nvcc 13.0.88).
struct NvccVersion {
  unsigned Major = 0, Minor = 0, Build = 0;
};

/// The nvcc version of the toolkit at \p CudaPath, read from the toolkit's own
/// files and never by running anything from it: `version.json` ("cuda_nvcc"
/// entry, the runfile and package installs), else the name of a
/// `dist-info/nvidia_cuda_nvcc-X.Y.Z.dist-info` directory (pip-style
/// layouts), else `CUDA_VERSION` in `include/cuda.h` (build 0). nullopt when
/// none of them says.
std::optional<NvccVersion> readNvccVersion(llvm::StringRef CudaPath);

/// The version string of cuda-lint.
llvm::StringRef cudaLintVersion();

} // namespace cuda_lint

#endif
