#include "checks/TileSpaceAccessCheck.h"
#include "analysis/BodyParents.h"
#include "checks/TileCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
/// A reference to a variable of static storage duration that is `__device__`
/// or annotated (a tile space's variables), the variable bound as "var": one
/// test in C++ instead of nested matchers, as it runs at every DeclRefExpr.
AST_MATCHER(DeclRefExpr, refersToDeviceOrAnnotatedGlobal) {
  const auto *VD = dyn_cast_or_null<VarDecl>(Node.getDecl());
  if (!VD || !VD->hasGlobalStorage() ||
      !(VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<AnnotateAttr>()))
    return false;
  Builder->setBinding("var", DynTypedNode::create(*VD));
  return true;
}
} // namespace

void TileSpaceAccessCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(declRefExpr(refersToDeviceOrAnnotatedGlobal(),
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
