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
  /// Entries of GpuArchs named only as nvcc family-specific targets
  /// (TranslatedCommand::FamilyOnlyArchs).
  std::vector<std::string> FamilyOnlyArchs;
  bool IsCuda = false;                ///< analyse as CUDA (host + device sides)
  /// The command is nvcc's (a database entry whose compiler is nvcc, or the
  /// default command of a file outside any database): its sides parse what
  /// nvcc accepts (RULES.md "Parsing what nvcc accepts"). A clang or gcc
  /// command keeps clang's behaviour and errors.
  bool Nvcc = false;
};

/// One side of a translation unit: the host compilation or the device
/// compilation for one architecture.
struct AnalysisSide {
  std::string Name;                       ///< "host" or the architecture ("sm_90")
  bool IsDevice = false;
  std::vector<std::string> CommandLine;   ///< full argv: compiler, flags, file
  /// A side of an nvcc command (ClangCommand::Nvcc) of a CUDA unit: the
  /// runner applies the tolerances of driver/NvccTolerance.h.
  bool Nvcc = false;
  /// The host side of a CUDA unit analysed on at least one device side as
  /// well: it leaves the bodies of device code alone unparsed
  /// (SystemBodyPolicy::canSkipDeviceBodyOnHost, analysis/SystemBodies.h), whose findings are
  /// the device sides'. Not in clang-tidy or the editor, where a parse is
  /// the only side.
  bool SkipsDeviceBodies = false;
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
/// and the resource directory. For an nvcc command (ClangCommand::Nvcc) of a
/// CUDA unit, also the macros nvcc predefines that clang does not
/// (nvccMacroFlags) and `-include` of the nvcc compatibility header
/// (CompatHeader.h). Never fails: an empty selection keeps the first
/// architecture.
std::vector<AnalysisSide> planSides(const ClangCommand &Cmd,
                                    const SidePlanOptions &Opts);

/// The `-D` flags for the macros nvcc 13 predefines and clang 22 does not,
/// for the toolkit at \p CudaPath: `__CUDACC_VER_MAJOR__`,
/// `__CUDACC_VER_MINOR__`, `__CUDACC_VER_BUILD__` and `__CUDA_API_VER_MAJOR__`
/// / `__CUDA_API_VER_MINOR__` (from readNvccVersion; left out when the
/// toolkit does not say), `__NVCC_DIAG_PRAGMA_SUPPORT__`,
/// `CUDA_DOUBLE_MATH_FUNCTIONS` (as `nvcc -arch=sm_90 --dryrun` shows them).
/// Not `__NVCC__`: CCCL reads it as its compiler detection and takes
/// nvcc-only paths clang rejects (`__assert_fail` under NDEBUG). Not
/// `__CUDACC_DEVICE_ATOMIC_BUILTINS__`: it announces nvcc's
/// `__nv_atomic_*` builtins, which clang lacks, so code testing it would stop
/// parsing. The flag-dependent ones (`__CUDACC_RDC__` ...) come from the nvcc
/// translation. Read once per toolkit.
std::vector<std::string> nvccMacroFlags(llvm::StringRef CudaPath);

/// The flags for the architecture macros nvcc 13 predefines on the device side
/// of \p ClangArch (clang's spelling, "sm_90a") and clang 22 does not, as
/// `nvcc -arch=sm_90a --dryrun` shows them: for an architecture-specific
/// target (`sm_90a`, `sm_100a`), `__CUDA_ARCH_SPECIFIC__` and
/// `__CUDA_ARCH_FAMILY_SPECIFIC__`, both the `__CUDA_ARCH__` value (900,
/// 1000); for a target the command names only family-specific (\p FamilyOnly:
/// nvcc's `sm_100f`, analysed as clang's `sm_100a`), `__CUDA_ARCH_FAMILY_SPECIFIC__`
/// alone and `-U` of the `__CUDA_ARCH_FEAT_SM100_ALL` clang defines for
/// `sm_100a` (nvcc does not for `sm_100f`). Empty for other architectures
/// (`sm_90`): clang already defines `__CUDA_ARCH__`, `__CUDA_ARCH_LIST__` and
/// `__CUDA_ARCH_FEAT_SM90_ALL` as nvcc does. CUDA C++ Programming Guide,
/// "Feature Availability" (architecture- and family-specific features).
std::vector<std::string> nvccArchMacroFlags(llvm::StringRef ClangArch, bool FamilyOnly);

/// The architectures named in clang \p Flags (`--cuda-gpu-arch=`,
/// `--offload-arch=`, separate forms), deduplicated in order.
std::vector<std::string> gpuArchsInFlags(const std::vector<std::string> &Flags);

/// Whether \p Path names a CUDA source or header (.cu, .cuh).
bool isCudaFileName(llvm::StringRef Path);

/// Whether \p Path names a header (.cuh, .h, .hpp, .hh, .hxx, .inl, .inc):
/// a file that is not compiled alone but borrows a unit's command.
bool isHeaderFileName(llvm::StringRef Path);

/// Whether \p Lang, the value of clang's `-x` / `--language` or nvcc's
/// `-x` / `--x`, is CUDA: `cuda` or `cu` (both compilers accept `cu`).
bool isCudaLanguage(llvm::StringRef Lang);

/// The file whose command a header borrowed (commandsFor's heuristic
/// "command of FILE"), or empty: a header is compiled as its donor is.
llvm::StringRef donorOf(llvm::StringRef Heuristic);

} // namespace cuda_lint

#endif
