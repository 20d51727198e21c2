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
  Finder->addMatcher(cudaKernelCallExpr().bind("launch"), this);
  Finder->addMatcher(callExpr(isLaunchFunctionCall()).bind("launch"), this);
}

void LaunchSiteCheckBase::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *E = Result.Nodes.getNodeAs<Expr>("launch");
  if (!E)
    return;
  const std::optional<LaunchSite> &L = launches().evaluate(E);
  if (L)
    checkLaunch(*L);
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
