#include "families/LaunchSiteCheckBase.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;
#include <limits>

namespace cuda_lint {
namespace {
/// A call of a CUDA runtime launch function (launchApiKind).
AST_MATCHER(CallExpr, isLaunchFunctionCall) { return launchApiKind(&Node).has_value(); }
} // namespace

std::string num(uint64_t V) {
  // UINT64_MAX is what a saturated product or sum holds (Dim3Value::product).
  if (V == std::numeric_limits<uint64_t>::max())
    return "at least " + std::to_string(V);
  return std::to_string(V);
}

void LaunchSiteCheckBase::registerMatchers(MatchFinder *Finder) {
  // Two node-kind-specific matchers rather than expr(anyOf(...)) under
  // traverse(): the match finder then tries them on call expressions only.
  // Shared by the launch rules: one evaluation per call, not one per rule.
  addSharedMatcher(Finder, "cuda-launch-site: kernel launches",
                   cudaKernelCallExpr().bind("launch"));
  addSharedMatcher(Finder, "cuda-launch-site: launch function calls",
                   callExpr(isLaunchFunctionCall()).bind("launch"));
}

void LaunchSiteCheckBase::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *E = Result.Nodes.getNodeAs<Expr>("launch");
  if (!E)
    return;
  const std::optional<LaunchSite> &L = launches().evaluate(E);
  if (!L)
    return;
  if (isDeviceSide(*Ctx) && L->Kernel && kernelCompiledOut(L->Kernel, *SM))
    return;
  checkLaunch(*L);
}

bool LaunchSiteCheckBase::kernelCompiledOut(const FunctionDecl *Kernel, const SourceManager &SM) {
  const FunctionDecl *Def = Kernel->getDefinition();
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || !Body->body_empty())
    return false;
  SourceLocation Begin = Body->getLBracLoc(), End = Body->getRBracLoc();
  if (Begin.isMacroID() || End.isMacroID() || SM.getFileID(Begin) != SM.getFileID(End))
    return false;
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(SM.getFileID(Begin), &Invalid);
  unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
  if (Invalid || From >= To || To > Text.size())
    return false;
  // A directive at the start of a line between the braces.
  llvm::StringRef Inside = Text.slice(From + 1, To);
  for (size_t At = 0; At < Inside.size();) {
    size_t Eol = Inside.find('\n', At);
    llvm::StringRef Line = Inside.slice(At, Eol).ltrim(" \t");
    if (Line.starts_with("#"))
      return true;
    if (Eol == llvm::StringRef::npos)
      break;
    At = Eol + 1;
  }
  return false;
}

SourceLocation LaunchSiteCheckBase::locOf(const Expr *E, const LaunchSite &L) {
  if (E && E->getBeginLoc().isValid())
    return E->getBeginLoc();
  return L.Call->getBeginLoc();
}

std::string LaunchSiteCheckBase::kernelName(const LaunchSite &L) {
  return L.Kernel ? L.Kernel->getNameAsString() : std::string("<unknown>");
}

const char *LaunchSiteCheckBase::dimName(unsigned I) {
  static const char *const Names[] = {"x", "y", "z"};
  return I < 3 ? Names[I] : "?";
}

} // namespace cuda_lint
