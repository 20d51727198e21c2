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
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>

namespace cuda_lint {

/// Forwards everything to \p Inner; answers shouldSkipFunctionBody with
/// SystemBodyPolicy::canSkip (unless \p SystemBodies is false: with
/// --system-headers) and, with \p DeviceBodies (the host side of a unit that
/// has device sides: AnalysisSide::SkipsDeviceBodies), with
/// SystemBodyPolicy::canSkipDeviceBodyOnHost, until a `__managed__` variable
/// is declared (watchManagedVariables): cuda-managed-access-without-sync
/// reads on the host side which kernels name one, and a kernel or device
/// function defined before the variable cannot. \p DeviceBodySkipped, when
/// given, is set at the first device body skipped.
class SystemBodySkippingConsumer : public clang::MultiplexConsumer {
public:
  SystemBodySkippingConsumer(std::unique_ptr<clang::ASTConsumer> Inner,
                             const clang::SourceManager &SM, bool DeviceBodies = false,
                             bool SystemBodies = true, bool *DeviceBodySkipped = nullptr)
      : MultiplexConsumer(std::move(Inner)), Bodies(SM), DeviceBodies(DeviceBodies),
        SystemBodies(SystemBodies), DeviceBodySkipped(DeviceBodySkipped) {}

  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return false;
    if (DeviceBodies && !*ManagedSeen && Bodies.canSkipDeviceBodyOnHost(*FD)) {
      if (!Recorded) {
        recordDeviceBodySkipped(D->getASTContext());
        if (DeviceBodySkipped)
          *DeviceBodySkipped = true;
      }
      Recorded = true;
      return true;
    }
    return SystemBodies && Bodies.canSkip(*FD);
  }

  /// Preprocessor callbacks that stop the skipping of device bodies at the
  /// first expansion of `__managed__`; to be added to the side's
  /// preprocessor when DeviceBodies is set.
  std::unique_ptr<clang::PPCallbacks> watchManagedVariables(clang::Preprocessor &PP) {
    class Watch : public clang::PPCallbacks {
    public:
      Watch(const clang::IdentifierInfo *Managed, std::shared_ptr<bool> Seen)
          : Managed(Managed), Seen(std::move(Seen)) {}
      void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                        clang::SourceRange, const clang::MacroArgs *) override {
        if (Name.getIdentifierInfo() == Managed)
          *Seen = true;
      }

    private:
      const clang::IdentifierInfo *Managed;
      std::shared_ptr<bool> Seen;
    };
    return std::make_unique<Watch>(PP.getIdentifierInfo("__managed__"), ManagedSeen);
  }

private:
  SystemBodyPolicy Bodies;
  bool DeviceBodies;
  bool SystemBodies;
  bool *DeviceBodySkipped;
  bool Recorded = false;
  /// Shared with the preprocessor's callbacks, which may outlive this.
  std::shared_ptr<bool> ManagedSeen = std::make_shared<bool>(false);
};

} // namespace cuda_lint

#endif
