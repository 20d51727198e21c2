//===- SidePlan.h - Host and device sides of one compile command -*- C++ -*-===//
//
// clang compiles a CUDA translation unit once for the host and once per GPU
// architecture, and the sides see different code (`__CUDA_ARCH__`, attributes
// one side drops). cuda-lint analyses every side and merges the findings;
// this file turns one clang-form compile command into the sides' commands.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_SIDEPLAN_H
#define CUDA_LINT_DRIVER_SIDEPLAN_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cuda_lint {

/// One compile command in clang's language, before it is split into sides.
struct ClangCommand {
  std::string File;                   ///< absolute path of the source file
  std::string Directory;              ///< working directory of the command
  std::vector<std::string> Flags;     ///< clang driver flags, no compiler, no file
  std::vector<std::string> GpuArchs;  ///< real architectures ("sm_80"); empty: from Flags, else default
  bool IsCuda = false;                ///< analyse as CUDA (host + device sides)
};

/// One side of a translation unit: the host compilation or the device
/// compilation for one architecture.
struct AnalysisSide {
  std::string Name;                       ///< "host" or the architecture ("sm_90")
  bool IsDevice = false;
  std::vector<std::string> CommandLine;   ///< full argv: compiler, flags, file
};

/// Which device sides to analyse (`--device-archs`).
struct DeviceArchSelection {
  enum Kind { First, All, List } Mode = All;
  std::vector<std::string> Archs; ///< for List: e.g. {"sm_80"}
};

/// What the sides need besides the command: toolkit and resource paths.
struct SidePlanOptions {
  std::string CudaPath;     ///< CUDA toolkit root
  std::string ResourceDir;  ///< clang resource directory
  std::string DefaultArch = "sm_90";
  DeviceArchSelection Devices;
  bool HostSide = true;
};

/// Splits \p Cmd into its sides: for CUDA, the host side (`--cuda-host-only`)
/// then one device side per selected architecture (`--cuda-device-only
/// --cuda-gpu-arch=X`); for other languages a single "host" side. Adds what
/// clang needs to read the CUDA 13 toolkit as nvcc does (`--cuda-path`,
/// `-isystem <cuda>/include/cccl`, `-Wno-unknown-cuda-version`)
/// and the resource directory. Never fails: an empty selection keeps the first
/// architecture.
std::vector<AnalysisSide> planSides(const ClangCommand &Cmd,
                                    const SidePlanOptions &Opts);

/// The architectures named in clang \p Flags (`--cuda-gpu-arch=`,
/// `--offload-arch=`, separate forms), deduplicated in order.
std::vector<std::string> gpuArchsInFlags(const std::vector<std::string> &Flags);

/// Whether \p Path names a CUDA source or header (.cu, .cuh).
bool isCudaFileName(llvm::StringRef Path);

} // namespace cuda_lint

#endif
