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
/// reads on the host side what kernels, and the functions they call, name.
/// \p Outcome, when given, says what happened.
class SystemBodySkippingConsumer : public clang::MultiplexConsumer {
public:
  /// What the skipping of device bodies did, for the side's runner.
  struct DeviceBodyOutcome {
    /// A device body was skipped: the host side's unused-declaration
    /// warnings are not to be trusted.
    bool Skipped = false;
    /// A `__managed__` variable came after a skipped body, which may reach it
    /// (a device template instantiated with a type defined after it): the
    /// side is to be parsed again with every body.
    bool ManagedAfterSkipped = false;
  };

  SystemBodySkippingConsumer(std::unique_ptr<clang::ASTConsumer> Inner,
                             const clang::SourceManager &SM, bool DeviceBodies = false,
                             bool SystemBodies = true, DeviceBodyOutcome *Outcome = nullptr)
      : MultiplexConsumer(std::move(Inner)), Bodies(SM), DeviceBodies(DeviceBodies),
        SystemBodies(SystemBodies), State(std::make_shared<Shared>()) {
    State->Outcome = Outcome;
  }

  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return false;
    if (DeviceBodies && !State->ManagedSeen && Bodies.canSkipDeviceBodyOnHost(*FD)) {
      if (!State->Skipped) {
        recordDeviceBodySkipped(D->getASTContext());
        if (State->Outcome)
          State->Outcome->Skipped = true;
      }
      State->Skipped = true;
      return true;
    }
    return SystemBodies && Bodies.canSkip(*FD);
  }

  /// Device bodies were skipped in the headers of a preamble the side reads
  /// (Preamble.h, LeadingIncludes): as if this consumer had skipped them.
  void deviceBodiesSkippedInPreamble(clang::ASTContext &Ctx) {
    recordDeviceBodySkipped(Ctx);
    if (State->Outcome)
      State->Outcome->Skipped = true;
    State->Skipped = true;
  }

  /// Preprocessor callbacks that stop the skipping of device bodies at the
  /// first expansion of `__managed__`; to be added to the side's
  /// preprocessor when DeviceBodies is set.
  std::unique_ptr<clang::PPCallbacks> watchManagedVariables(clang::Preprocessor &PP) {
    class Watch : public clang::PPCallbacks {
    public:
      Watch(const clang::IdentifierInfo *Managed, std::shared_ptr<Shared> State)
          : Managed(Managed), State(std::move(State)) {}
      void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                        clang::SourceRange, const clang::MacroArgs *) override {
        if (Name.getIdentifierInfo() != Managed || State->ManagedSeen)
          return;
        State->ManagedSeen = true;
        if (State->Skipped && State->Outcome)
          State->Outcome->ManagedAfterSkipped = true;
      }

    private:
      const clang::IdentifierInfo *Managed;
      std::shared_ptr<Shared> State;
    };
    return std::make_unique<Watch>(PP.getIdentifierInfo("__managed__"), State);
  }

private:
  SystemBodyPolicy Bodies;
  bool DeviceBodies;
  bool SystemBodies;
  /// Shared with the preprocessor's callbacks, which may outlive this.
  struct Shared {
    bool Skipped = false;
    bool ManagedSeen = false;
    DeviceBodyOutcome *Outcome = nullptr;
  };
  std::shared_ptr<Shared> State;
};

} // namespace cuda_lint

#endif
