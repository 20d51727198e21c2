#include "checks/MaxrregcountOverriddenCheck.h"
#include "Attributes.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace cuda_lint {

MaxrregcountOverriddenCheck::MaxrregcountOverriddenCheck(llvm::StringRef Name,
                                                         tidy::ClangTidyContext *Context)
    : KernelDeclCheckBase(Name, Context) {
  // The driver's fact from the nvcc command (lib/driver/CompileCommands.cpp).
  std::string V = Options.getLocalOrGlobal("CudaLint.MaxRRegCount", "").str();
  unsigned N = 0;
  if (!V.empty() && !llvm::StringRef(V).trim().getAsInteger(10, N))
    MaxRRegCount = N;
}

void MaxrregcountOverriddenCheck::checkFunction(const FunctionDecl *FD) {
  if (!MaxRRegCount || !isKernel(FD))
    return;
  auto [A, On] = findCudaAttrOnAnyRedecl(FD, "maxnreg");
  if (!A || !reportOnce(A))
    return;
  std::string Value;
  if (const Expr *Arg = getCudaAttrArg(A))
    if (std::optional<llvm::APSInt> V = Arg->getIntegerConstantExpr(*Ctx))
      Value = "(" + std::to_string(V->getExtValue()) + ")";
  report(A->getLocation(), "-maxrregcount=%0 of the compile command is ignored for kernel %1: "
                           "its __maxnreg__%2 sets its register limit")
      << std::to_string(*MaxRRegCount) << FD << Value;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(MaxrregcountOverriddenCheck)

} // namespace cuda_lint
