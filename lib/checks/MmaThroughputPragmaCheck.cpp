#include "checks/MmaThroughputPragmaCheck.h"
#include "analysis/Pragmas.h"
#include "analysis/SystemBodies.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {


void MmaThroughputPragmaCheck::startTranslationUnit() {
  // Matching starts after the whole unit is parsed: Pragmas holds this
  // unit's pragmas already (and is cleared at its end).
  KernelBodies.clear();
}

void MmaThroughputPragmaCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                                        Preprocessor *P) {
  if (!P)
    return;
  SM = &SourceMgr;
  P->addPPCallbacks(collectPragmas(*P, "nv_mma_throughput", Pragmas));
}

void MmaThroughputPragmaCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
}

void MmaThroughputPragmaCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (!Kernel || !Kernel->getBody())
    return;
  SourceRange R = Kernel->getBody()->getSourceRange();
  KernelBodies.push_back({SM->getExpansionLoc(R.getBegin()),
                          SM->getExpansionRange(R.getEnd()).getEnd()});
}

void MmaThroughputPragmaCheck::onEndOfTranslationUnit() {
  // A host side that left device bodies unparsed has no kernel bodies to
  // place the pragmas in: the device sides, which parse them, judge.
  if (!SM || (Ctx && deviceBodiesSkipped(*Ctx))) {
    Pragmas.clear();
    KernelBodies.clear();
    return;
  }
  for (const CollectedPragma &P : Pragmas) {
    SourceLocation Loc = P.Loc;
    if (inSystemHeader(Loc))
      continue;
    bool InKernel = llvm::any_of(KernelBodies, [&](SourceRange Body) {
      return SM->isPointWithin(Loc, Body.getBegin(), Body.getEnd());
    });
    if (InKernel || !reportOnce(Loc.getPtrEncoding()))
      continue;
    report(Loc, "'#pragma nv_mma_throughput' outside the body of a __global__ "
                "function is ignored");
  }
  Pragmas.clear();
  KernelBodies.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(MmaThroughputPragmaCheck)

} // namespace cuda_lint
