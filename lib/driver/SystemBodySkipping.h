//===- SystemBodySkipping.h - The parser's body-skipping decision -*- C++ -*-===//
//
// The consumer through which a side and the shared preamble's PCH build tell
// clang's parser which function bodies to skip (SystemBodyPolicy,
// analysis/SystemBodies.h). clang asks only when
// FrontendOptions::SkipFunctionBodies is set; the caller sets it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_SYSTEMBODYSKIPPING_H
#define CUDA_LINT_DRIVER_SYSTEMBODYSKIPPING_H

#include "analysis/SystemBodies.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include <memory>

namespace cuda_lint {

/// Forwards everything to \p Inner; answers shouldSkipFunctionBody with
/// SystemBodyPolicy::canSkip.
class SystemBodySkippingConsumer : public clang::MultiplexConsumer {
public:
  SystemBodySkippingConsumer(std::unique_ptr<clang::ASTConsumer> Inner,
                             const clang::SourceManager &SM)
      : MultiplexConsumer(std::move(Inner)), Bodies(SM) {}

  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    return FD && Bodies.canSkip(*FD);
  }

private:
  SystemBodyPolicy Bodies;
};

} // namespace cuda_lint

#endif
