#include "checks/ConstantSizeCheck.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// Whether \p VD is written `__constant__`: clang also marks `constexpr`
/// variables __constant__ on the device side (an implicit attribute), which
/// nvcc does not place in constant memory unless used.
bool writtenConstant(const VarDecl *VD) {
  const auto *A = VD->getAttr<CUDAConstantAttr>();
  return A && !A->isImplicit();
}

/// Collects the __constant__ variable definitions of \p DC and the namespaces,
/// linkage specifications and classes (static members) inside it, in source
/// order: declarations only, no function bodies.
void collect(const DeclContext *DC, std::vector<const VarDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (writtenConstant(VD) && !VD->getType()->isDependentType() &&
          VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly)
        Out.push_back(VD);
      continue;
    }
    if (const auto *VTD = dyn_cast<VarTemplateDecl>(D)) {
      for (const VarTemplateSpecializationDecl *S : VTD->specializations())
        if (writtenConstant(S) && !S->getType()->isDependentType())
          Out.push_back(S);
      continue;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      collect(cast<DeclContext>(D), Out);
      continue;
    }
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
        RD && RD->isThisDeclarationADefinition() && !RD->isDependentContext())
      collect(RD, Out);
  }
}

} // namespace

ConstantSizeCheck::ConstantSizeCheck(llvm::StringRef Name,
                                     tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context), MaxBytes(Options.get("MaxBytes", 65536ULL)),
      Contributors(Options.get("Contributors", 3U)) {}

void ConstantSizeCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MaxBytes", MaxBytes);
  Options.store(Opts, "Contributors", Contributors);
}

void ConstantSizeCheck::registerMatchers(MatchFinder *Finder) {
  // One walk of the unit's declarations (not of any function body).
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void ConstantSizeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *TU = Result.Nodes.getNodeAs<TranslationUnitDecl>("tu");
  // The device side has the layout ptxas sees (code under __CUDA_ARCH__).
  if (!TU || !isDeviceSide(*Ctx))
    return;
  std::vector<const VarDecl *> Vars;
  collect(TU, Vars);
  uint64_t Total = 0;
  const VarDecl *Crossing = nullptr;
  std::vector<std::pair<uint64_t, const VarDecl *>> Sizes;
  for (const VarDecl *VD : Vars) {
    QualType T = VD->getType();
    if (T->isIncompleteType() || !T->isConstantSizeType())
      continue;
    uint64_t Bytes = Ctx->getTypeSizeInChars(T).getQuantity();
    Total += Bytes;
    Sizes.push_back({Bytes, VD});
    if (!Crossing && Total > MaxBytes)
      Crossing = VD;
  }
  if (!Crossing)
    return;
  // The variable that crosses may be in a header: report in user code if
  // any user-code variable contributes.
  SourceLocation At = Crossing->getLocation();
  if (inSystemHeader(At))
    for (auto It = Sizes.rbegin(); It != Sizes.rend(); ++It)
      if (!inSystemHeader(It->second->getLocation())) {
        At = It->second->getLocation();
        break;
      }
  if (inSystemHeader(At))
    return;
  report(At,
         "the __constant__ variables of this translation unit total %0 bytes, "
         "more than the %1 bytes of constant memory (%2 variables; ptxas "
         "rejects the file): move the largest tables to __device__ memory or "
         "split them across translation units")
      << static_cast<unsigned>(Total) << static_cast<unsigned>(MaxBytes)
      << static_cast<unsigned>(Sizes.size());
  std::stable_sort(Sizes.begin(), Sizes.end(),
                   [](const auto &A, const auto &B) { return A.first > B.first; });
  for (unsigned I = 0; I < Sizes.size() && I < Contributors; ++I)
    note(Sizes[I].second->getLocation(), "'%0': %1 bytes")
        << Sizes[I].second->getName() << static_cast<unsigned>(Sizes[I].first);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ConstantSizeCheck)

} // namespace cuda_lint
