#ifndef CUDA_LINT_CHECKS_DIAGPRAGMAUNBALANCEDCHECK_H
#define CUDA_LINT_CHECKS_DIAGPRAGMAUNBALANCEDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `#pragma nv_diagnostic push` without a `pop` in the same file, and
/// `#pragma nv_diag_suppress N` (outside any push of that file) with no later
/// `nv_diag_default N` in it: the suppression outlives the file. Each file
/// (the main file, every header) is balanced on its own; the pragmas are read
/// through PPCallbacks::PragmaDirective, `_Pragma` included (a `_Pragma` from a
/// macro counts in the file where the macro is used). Source: CUDA C++
/// Programming Guide, "Diagnostic Pragmas".
/// Docs: docs/rules/cuda-diag-pragma-unbalanced.md
class DiagPragmaUnbalancedCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;

protected:
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;
};

} // namespace cuda_lint

#endif
