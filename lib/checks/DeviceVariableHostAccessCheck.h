#ifndef CUDA_LINT_CHECKS_DEVICEVARIABLEHOSTACCESSCHECK_H
#define CUDA_LINT_CHECKS_DEVICEVARIABLEHOSTACCESSCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-device-variable-host-access (CUDA C++ Programming Guide, "Variable
/// Memory Space Specifiers": `__device__`, `__constant__` and `__shared__`
/// variables are accessed from the host only through the runtime's symbol
/// API, `cudaMemcpyToSymbol`, `cudaMemcpyFromSymbol`, `cudaGetSymbolAddress`,
/// `cudaGetSymbolSize`): host code naming such a variable in an evaluated
/// context, which reads or writes the host's shadow copy, or takes its
/// address (`&var` given to `cudaMemcpy` copies the shadow). Host code is what
/// the host side compiles: host functions, and `__host__ __device__`
/// functions that are not templates (nvcc 13.0 warns #20091/#20092 for those
/// too) outside `#ifdef __CUDA_ARCH__`. Not findings: the symbol API's
/// arguments, `__managed__` variables, `sizeof`/`decltype`/`alignof`
/// operands, constants folded at compile time, device lambdas.
/// Docs: docs/rules/cuda-device-variable-host-access.md
class DeviceVariableHostAccessCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
