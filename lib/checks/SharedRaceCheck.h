#ifndef CUDA_LINT_CHECKS_SHAREDRACECHECK_H
#define CUDA_LINT_CHECKS_SHAREDRACECHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace cuda_lint {

/// cuda-shared-race (RULES.md C; CUDA C++ Programming Guide, "Shared Memory"
/// and "Synchronization Functions"): within one barrier interval of a
/// `__device__`/`__global__` body, an element of a `__shared__` variable
/// written by one thread and read or written by another thread.
///
/// The analysis, per function that names a `__shared__` variable:
///  - every access `s[i0]...[in]` (or a scalar `s`) is a read, a write or
///    both (`+=`, `++`); its indices are polynomials whose atoms are the
///    thread indices threadIdx.{x,y,z} (at most linear, constant or
///    block-uniform coefficients) and block-uniform values (blockDim,
///    blockIdx, parameters, uniform locals; uniformity from
///    analysis/Uniformity.h);
///  - the thread set of an access comes from the conditions around it
///    (`threadIdx.x == 0` pins a component, `threadIdx.x < 16` bounds it);
///  - a forward dataflow over clang's CFG (CFGCache, ForwardDataflowWorklist)
///    carries the accesses made since the last block barrier on some path;
///    each new access is paired with them, and a pair whose elements two
///    different threads can share is a race;
///  - anything not modelled (an address taken, a pointer made from the
///    array, a call that takes it, atomics, a non-affine index, a guard that
///    cannot be read) makes the check give up on that array in that
///    function: no finding, counted in UniformityStats (SharedArraysGivenUp).
/// Docs: docs/rules/cuda-shared-race.md
class SharedRaceCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  /// Collects the device function definitions outside system headers.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  std::vector<const clang::FunctionDecl *> Functions;
  llvm::DenseSet<std::pair<unsigned, unsigned>> ReportedPairs;
};

} // namespace cuda_lint

#endif
