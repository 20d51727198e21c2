#ifndef CUDA_LINT_CHECKS_MAXRREGCOUNTOVERRIDDENCHECK_H
#define CUDA_LINT_CHECKS_MAXRREGCOUNTOVERRIDDENCHECK_H

#include "families/KernelDeclCheckBase.h"
#include <optional>

namespace cuda_lint {

/// The compile command passes `-maxrregcount=N` (fact CudaLint.MaxRRegCount)
/// and a kernel carries `__maxnreg__(M)`: the kernel's annotation wins and the
/// flag is ignored for that kernel (CUDA C++ Programming Guide, "Maximum
/// Number of Registers per Thread"; nvcc documentation of --maxrregcount).
/// Docs: docs/rules/cuda-maxrregcount-overridden.md
class MaxrregcountOverriddenCheck : public KernelDeclCheckBase {
public:
  MaxrregcountOverriddenCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

protected:
  void checkFunction(const clang::FunctionDecl *FD) override;

private:
  std::optional<unsigned> MaxRRegCount; ///< the command's -maxrregcount, if any
};

} // namespace cuda_lint

#endif
