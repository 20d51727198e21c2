#include "CudaCheck.h"
#include "Attributes.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;

namespace cuda_lint {

CudaCheck::CudaCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Rule(findRule(Name)) {}

void CudaCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                    Preprocessor *) {
  if (PP)
    installCudaAttributeCompat(*PP);
}

DiagnosticBuilder CudaCheck::report(SourceLocation Loc,
                                    llvm::StringRef Message) {
  if (SM)
    Loc = userLoc(*SM, Loc);
  // Always a warning: clang-tidy's NOLINT never suppresses error-level
  // diagnostics. Error rules are made errors through WarningsAsErrors, which
  // the module sets by default (CudaTidyModule::getModuleOptions).
  return diag(Loc, Message, DiagnosticIDs::Warning);
}

DiagnosticBuilder CudaCheck::report(SourceLocation Loc, llvm::StringRef Message,
                                    Severity S) {
  if (!Rule || Rule->Sev != Severity::Error || S == Severity::Error)
    return report(Loc, Message);
  if (SM)
    Loc = userLoc(*SM, Loc);
  return diag(Loc, Message, DiagnosticIDs::Remark);
}

DiagnosticBuilder CudaCheck::note(SourceLocation Loc, llvm::StringRef Message) {
  if (SM)
    Loc = userLoc(*SM, Loc);
  return diag(Loc, Message, DiagnosticIDs::Note);
}

bool isDeviceSide(const ASTContext &Ctx) { return Ctx.getLangOpts().CUDAIsDevice; }

std::optional<unsigned> parseCudaArch(llvm::StringRef Arch) {
  if (!Arch.consume_front("sm_") && !Arch.consume_front("compute_"))
    return std::nullopt;
  Arch = Arch.take_while([](char C) { return C >= '0' && C <= '9'; });
  unsigned V = 0;
  if (Arch.empty() || Arch.getAsInteger(10, V))
    return std::nullopt;
  return V;
}

std::optional<unsigned> deviceArch(const ASTContext &Ctx) {
  if (!isDeviceSide(Ctx))
    return std::nullopt;
  return parseCudaArch(Ctx.getTargetInfo().getTargetOpts().CPU);
}

bool isKernel(const FunctionDecl *FD) {
  if (!FD)
    return false;
  for (const FunctionDecl *R : FD->redecls())
    if (R->hasAttr<CUDAGlobalAttr>())
      return true;
  return false;
}

bool isDeviceFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  return FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>();
}

SourceLocation userLoc(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isMacroID() ? SM.getExpansionLoc(Loc) : Loc;
}

} // namespace cuda_lint
