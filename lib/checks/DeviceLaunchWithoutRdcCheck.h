#ifndef CUDA_LINT_CHECKS_DEVICELAUNCHWITHOUTRDCCHECK_H
#define CUDA_LINT_CHECKS_DEVICELAUNCHWITHOUTRDCCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A kernel launched from device code (dynamic parallelism: a `<<<...>>>`
/// launch in a `__global__`, `__device__` or `__host__ __device__` function,
/// as the device compilation sees it) when the command lacks relocatable
/// device code (`-rdc=true`, `-fgpu-rdc`; fact CudaLint.RelocatableDeviceCode).
/// Both nvcc and clang reject it. clang 22 reports it itself and drops the
/// launch from the AST, so its error, which this rule owns (docs front matter
/// `clang-diagnostics:`), is the finding the user sees; the matcher reports
/// where a front end keeps the launch in the AST. Source: CUDA
/// C++ Programming Guide, "CUDA Dynamic Parallelism", "Compiling and Linking".
/// Docs: docs/rules/cuda-device-launch-without-rdc.md
class DeviceLaunchWithoutRdcCheck : public CudaCheck {
public:
  DeviceLaunchWithoutRdcCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  bool RdcFact; ///< the command's relocatable device code
};

} // namespace cuda_lint

#endif
