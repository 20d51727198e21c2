#include "checks/TileSpaceAccessCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/VariableMatchers.h"
#include "checks/TileCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
/// A variable of static storage duration that is `__device__` or annotated
/// (a tile space's variables).
bool isDeviceOrAnnotatedGlobal(const VarDecl &VD) {
  return VD.hasGlobalStorage() && (VD.hasAttr<CUDADeviceAttr>() || VD.hasAttr<AnnotateAttr>());
}
} // namespace

void TileSpaceAccessCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(declRefExpr(refersToVariable(isDeviceOrAnnotatedGlobal),
                                 forEnclosingFunction(functionDecl().bind("fn")))
                         .bind("ref"),
                     this);
}

void TileSpaceAccessCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *V = Result.Nodes.getNodeAs<VarDecl>("var");
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Ref || !V || !Fn || Fn->isDependentContext())
    return;
  bool Tile = isTileVariable(V), Device = isDeviceVariable(V);
  // A variable in both spaces is cuda-tile-space-conflict's.
  if (Tile == Device)
    return;
  CodeSpace Space = codeSpaceOf(Fn);
  bool DeviceInTile = Space == CodeSpace::Tile && Device;
  bool TileInSimt = Space == CodeSpace::Simt && Tile;
  if ((!DeviceInTile && !TileInSimt) || !reportOnce(Ref->getLocation().getPtrEncoding()))
    return;
  if (DeviceInTile)
    report(Ref->getLocation(), "__device__ variable %0 named in tile code; tile code "
                               "reaches it only through a pointer")
        << V;
  else
    report(Ref->getLocation(), "__tile__ variable %0 named in SIMT device code; "
                               "__device__ and __global__ code reach it only "
                               "through a pointer")
        << V;
  note(V->getLocation(), "%0 declared here") << V;
  noteInstantiation(Fn);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(TileSpaceAccessCheck)

} // namespace cuda_lint
