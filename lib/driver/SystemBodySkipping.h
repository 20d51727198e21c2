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
/// SystemBodyPolicy::canSkip (unless \p SystemBodies is false: with
/// --system-headers) and, with \p DeviceBodies (the host side of a unit that
/// has device sides: AnalysisSide::SkipsDeviceBodies), with
/// canSkipDeviceBodyOnHost.
class SystemBodySkippingConsumer : public clang::MultiplexConsumer {
public:
  SystemBodySkippingConsumer(std::unique_ptr<clang::ASTConsumer> Inner,
                             const clang::SourceManager &SM, bool DeviceBodies = false,
                             bool SystemBodies = true)
      : MultiplexConsumer(std::move(Inner)), SM(SM), Bodies(SM),
        DeviceBodies(DeviceBodies), SystemBodies(SystemBodies) {}

  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return false;
    if (DeviceBodies && canSkipDeviceBodyOnHost(*FD, SM)) {
      if (!Recorded)
        recordDeviceBodySkipped(D->getASTContext());
      Recorded = true;
      return true;
    }
    return SystemBodies && Bodies.canSkip(*FD);
  }

private:
  const clang::SourceManager &SM;
  SystemBodyPolicy Bodies;
  bool DeviceBodies;
  bool SystemBodies;
  bool Recorded = false;
};

} // namespace cuda_lint

#endif
