//===- SharedMatchers.h - Matchers several rules register alike -*- C++ -*-===//
//
// A matcher costs clang's match finder an evaluation at every node of its
// kind, every template instantiation included, once per check that
// registers it. The matchers below are registered by several rules with the
// same bindings; each goes through CudaCheck::addSharedMatcher, so that it
// is evaluated once per node and its matches go to every rule that asked.
// (The WMMA rules' are in analysis/WmmaMatchers.h, the launch rules' in
// LaunchSiteCheckBase.)
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_FAMILIES_SHAREDMATCHERS_H
#define CUDA_LINT_FAMILIES_SHAREDMATCHERS_H

#include "CudaCheck.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace cuda_lint {

/// Every kernel declaration (`__global__`, each redeclaration and template
/// specialization), bound as "kernel".
inline void addKernelDeclMatcher(CudaCheck &Check, clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  Check.addSharedMatcher(Finder, "cuda: kernel declarations",
                         functionDecl(hasAttr(clang::attr::CUDAGlobal)).bind("kernel"));
}

/// Every parameter declared `__grid_constant__`, bound as "param".
inline void addGridConstantParamMatcher(CudaCheck &Check,
                                        clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  Check.addSharedMatcher(Finder, "cuda: __grid_constant__ parameters",
                         parmVarDecl(hasAttr(clang::attr::CUDAGridConstant)).bind("param"));
}

} // namespace cuda_lint

#endif
