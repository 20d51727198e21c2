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
  OtherBodies.clear();
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
  if (!onDeviceSide())
    Finder->addMatcher(
        functionDecl(isDefinition(), unless(hasAttr(attr::CUDAGlobal))).bind("other"), this);
}

void MmaThroughputPragmaCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  const auto *Other = Result.Nodes.getNodeAs<FunctionDecl>("other");
  const FunctionDecl *FD = Kernel ? Kernel : Other;
  if (!FD || !FD->getBody())
    return;
  (Kernel ? KernelBodies : OtherBodies).push_back(bodyExpansionRange(*FD->getBody(), *SM));
}

void MmaThroughputPragmaCheck::onEndOfTranslationUnit() {
  if (!SM)
    return;
  // A host side that left device bodies unparsed cannot tell a pragma in a
  // kernel's body from one outside: it judges only those in the bodies it
  // parsed (host and __host__ __device__ functions), the device sides the rest.
  bool OnlyParsedBodies = Ctx && deviceBodiesSkipped(*Ctx);
  for (const CollectedPragma &P : Pragmas) {
    SourceLocation Loc = P.Loc;
    if (inSystemHeader(Loc))
      continue;
    if (inAnyBody(KernelBodies, Loc, *SM) ||
        (OnlyParsedBodies && !inAnyBody(OtherBodies, Loc, *SM)))
      continue;
    if (!reportOnce(Loc.getPtrEncoding()))
      continue;
    report(Loc, "'#pragma nv_mma_throughput' outside the body of a __global__ "
                "function is ignored");
  }
  Pragmas.clear();
  KernelBodies.clear();
  OtherBodies.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(MmaThroughputPragmaCheck)

} // namespace cuda_lint
