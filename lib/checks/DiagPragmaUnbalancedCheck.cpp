#include "checks/DiagPragmaUnbalancedCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void DiagPragmaUnbalancedCheck::registerMatchers(MatchFinder *Finder) {
  // TODO: match what docs/rules/cuda-diag-pragma-unbalanced.md, "What it finds", describes: named
  // sub-matchers composed into one addMatcher(... .bind(...), this). This placeholder
  // matches every kernel definition.
  Finder->addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"),
                     this);
}

void DiagPragmaUnbalancedCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (!Kernel)
    return;
  // TODO: return early where the rule does not apply, then report once, e.g.
  //   report(Kernel->getLocation(), "kernel %0 ...") << Kernel;
  // (lowercase, no final period; a note() at the related declaration). Until then
  // nothing is reported and test/rules/cuda-diag-pragma-unbalanced.cu fails.
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DiagPragmaUnbalancedCheck)

} // namespace cuda_lint
