#ifndef CUDA_LINT_CHECKS_DIAGPRAGMALEGACYCHECK_H
#define CUDA_LINT_CHECKS_DIAGPRAGMALEGACYCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `#pragma diag_suppress` / `diag_warning` / `diag_error` / `diag_default` /
/// `diag_once` (and the `_Pragma` forms) without the `nv_` prefix, which nvcc
/// 13.0 no longer honours; the fix-it inserts `nv_`. Seen through
/// PPCallbacks::PragmaDirective on every side. Source: CUDA Compiler Driver
/// NVCC, "Diagnostic pragmas" (the `nv_diag_*` pragmas).
/// Docs: docs/rules/cuda-diag-pragma-legacy.md
class DiagPragmaLegacyCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;

protected:
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;
};

} // namespace cuda_lint

#endif
