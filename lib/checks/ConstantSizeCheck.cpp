#include "checks/ConstantSizeCheck.h"
#include "analysis/PreambleIdentity.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"
#include <algorithm>
#include <mutex>

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
void collect(const DeclContext *DC, std::vector<const VarDecl *> &Out);

/// Whether \p D, met in a context's declarations, is a variable definition
/// to count. A variable template's specializations, explicit ones included,
/// are counted through the template instead (countedTemplate()).
bool countedVariable(const Decl *D) {
  const auto *VD = dyn_cast<VarDecl>(D);
  return VD && !isa<VarTemplateSpecializationDecl>(VD) && writtenConstant(VD) &&
         !VD->getType()->isDependentType() &&
         VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
}

/// Whether \p D is the first declaration of a variable template: its
/// redeclarations share one list of specializations, counted once.
bool countedTemplate(const Decl *D) {
  const auto *VTD = dyn_cast<VarTemplateDecl>(D);
  return VTD && VTD->isCanonicalDecl();
}

/// Appends the __constant__ specializations of \p VTD: every one named in the
/// unit, also one named only in `sizeof` (nvcc 13.0 emits those too: ptxas
/// counted `sizeof(lut<100000>)`'s 400000 bytes).
void collectSpecializations(const VarTemplateDecl *VTD, std::vector<const VarDecl *> &Out) {
  for (const VarTemplateSpecializationDecl *S : VTD->specializations())
    if (writtenConstant(S) && !S->getType()->isDependentType())
      Out.push_back(S);
}

/// collect() of one declaration of a context.
void collectDecl(const Decl *D, std::vector<const VarDecl *> &Out) {
  if (isa<VarDecl>(D)) {
    if (countedVariable(D))
      Out.push_back(cast<VarDecl>(D));
    return;
  }
  if (isa<VarTemplateDecl>(D)) {
    if (countedTemplate(D))
      collectSpecializations(cast<VarTemplateDecl>(D), Out);
    return;
  }
  if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
    collect(cast<DeclContext>(D), Out);
    return;
  }
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
      RD && RD->isThisDeclarationADefinition() && !RD->isDependentContext())
    collect(RD, Out);
}

void collect(const DeclContext *DC, std::vector<const VarDecl *> &Out) {
  for (const Decl *D : DC->decls())
    collectDecl(D, Out);
}

/// Whether a specialization of \p VTD can be written __constant__ (what
/// collectSpecializations() may count): its pattern or one of its partial
/// specializations is (implicit instantiations take their attributes from
/// those), or one of its specializations so far is (an explicit one).
/// Loads \p VTD's specializations.
bool mayHaveConstantSpecializations(const VarTemplateDecl *VTD) {
  if (writtenConstant(VTD->getTemplatedDecl()))
    return true;
  llvm::SmallVector<VarTemplatePartialSpecializationDecl *, 4> Partial;
  const_cast<VarTemplateDecl *>(VTD)->getPartialSpecializations(Partial);
  if (llvm::any_of(Partial, [](const VarDecl *P) { return writtenConstant(P); }))
    return true;
  return llvm::any_of(VTD->specializations(),
                      [](const VarDecl *S) { return writtenConstant(S); });
}

/// Whether the unit's own declarations in \p DC (not loaded from the
/// preamble) hold an explicit __constant__ specialization of a preamble
/// variable template that \p Recorded lacks: then the preamble's entries
/// miss it and the walk is done in full.
bool constantSpecializationOfUnrecorded(const DeclContext *DC,
                                        const llvm::DenseSet<const Decl *> &Recorded) {
  for (const Decl *D : DC->noload_decls()) {
    if (const auto *S = dyn_cast<VarTemplateSpecializationDecl>(D)) {
      const VarTemplateDecl *VTD = S->getSpecializedTemplate()->getCanonicalDecl();
      if (writtenConstant(S) && VTD->isFromASTFile() && !Recorded.contains(VTD))
        return true;
      continue;
    }
    const auto *RD = dyn_cast<CXXRecordDecl>(D);
    if ((isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D) ||
         (RD && RD->isThisDeclarationADefinition() && !RD->isDependentContext())) &&
        constantSpecializationOfUnrecorded(cast<DeclContext>(D), Recorded))
      return true;
  }
  return false;
}

/// The entries of a preamble's part of collect() (PreambleEntry), in walk
/// order: each counted __constant__ variable definition (\p Found with
/// Template false) and each variable template that may have __constant__
/// specializations (Template true). \p FromASTFileOnly: only declarations
/// loaded from an AST file (a unit read on a preamble); otherwise all (the
/// preamble's own AST while it is built). Stops when \p Found returns false;
/// returns false then.
bool preambleEntries(const DeclContext *DC, bool FromASTFileOnly,
                     llvm::function_ref<bool(const Decl *, bool)> Found) {
  for (const Decl *D : DC->decls()) {
    if (FromASTFileOnly && !D->isFromASTFile())
      continue;
    if (isa<VarDecl>(D)) {
      if (countedVariable(D) && !Found(D, false))
        return false;
      continue;
    }
    if (isa<VarTemplateDecl>(D)) {
      if (countedTemplate(D) && mayHaveConstantSpecializations(cast<VarTemplateDecl>(D)) &&
          !Found(D, true))
        return false;
      continue;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      if (!preambleEntries(cast<DeclContext>(D), FromASTFileOnly, Found))
        return false;
      continue;
    }
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
        RD && RD->isThisDeclarationADefinition() && !RD->isDependentContext() &&
        !preambleEntries(RD, FromASTFileOnly, Found))
      return false;
  }
  return true;
}

/// One collected entry of a precompiled preamble's part of the walk, by
/// declaration id (valid in every unit read on the same preamble): a
/// __constant__ variable definition, or a variable template whose
/// specializations are expanded at use (the unit may add some). Variable
/// templates none of whose specializations can be __constant__ (the C++
/// library's `is_same_v` and the like: most of a preamble's) are left out,
/// since expanding them loads every specialization on every edit.
struct PreambleEntry {
  GlobalDeclID ID;
  bool Template;
};

/// The preamble part of collect() of the last preambles seen, by preamble
/// key, most recent last (a few: one per file open in the editor; a miss
/// costs the full walk, as without the cache).
std::mutex PreambleCacheMutex;
std::vector<std::pair<uint64_t, std::vector<PreambleEntry>>> PreambleCache;
constexpr size_t PreambleCacheSize = 8;

/// Makes \p Entries the cached entries of preamble \p Key, the most recent
/// (the least recent one goes when the cache is full).
void cachePreambleEntries(uint64_t Key, std::vector<PreambleEntry> Entries) {
  std::lock_guard<std::mutex> Lock(PreambleCacheMutex);
  llvm::erase_if(PreambleCache, [&](const auto &E) { return E.first == Key; });
  if (PreambleCache.size() >= PreambleCacheSize)
    PreambleCache.erase(PreambleCache.begin());
  PreambleCache.emplace_back(Key, std::move(Entries));
}

/// collect(TU) for a unit read on a precompiled preamble: the preamble's
/// declarations precede the unit's own in TU->decls() (they are its
/// external lexical declarations, loaded first), so the result is the
/// preamble's entries, looked up by id instead of by deserializing every
/// declaration and class of the preamble again, then the walk of the unit's
/// own declarations. The same variables in the same order as collect(TU).
void collectOnPreamble(ASTContext &Ctx, uint64_t Key, std::vector<const VarDecl *> &Out) {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  std::vector<PreambleEntry> Entries;
  bool Hit = false;
  {
    std::lock_guard<std::mutex> Lock(PreambleCacheMutex);
    auto It = llvm::find_if(PreambleCache, [&](const auto &E) { return E.first == Key; });
    if (It != PreambleCache.end()) {
      Entries = It->second;
      Hit = true;
      std::rotate(It, It + 1, PreambleCache.end());
    }
  }
  if (!Hit) {
    // The full walk once; record the preamble's part by id.
    std::vector<const VarDecl *> All;
    collect(TU, All);
    // The preamble's part by id, in walk order, templates in place.
    preambleEntries(TU, /*FromASTFileOnly=*/true, [&](const Decl *D, bool Template) {
      Entries.push_back({D->getGlobalID(), Template});
      return true;
    });
    cachePreambleEntries(Key, std::move(Entries));
    Out = std::move(All);
    return;
  }
  ExternalASTSource *Source = Ctx.getExternalSource();
  llvm::DenseSet<const Decl *> Recorded;
  for (const PreambleEntry &E : Entries) {
    Decl *D = Source->GetExternalDecl(E.ID);
    if (!E.Template) {
      if (const auto *VD = dyn_cast_or_null<VarDecl>(D))
        Out.push_back(VD);
      continue;
    }
    if (const auto *VTD = dyn_cast_or_null<VarTemplateDecl>(D)) {
      Recorded.insert(VTD);
      collectSpecializations(VTD, Out);
    }
  }
  if (constantSpecializationOfUnrecorded(TU, Recorded)) {
    Out.clear();
    collect(TU, Out);
    return;
  }
  // The unit's own declarations (not loaded from the preamble).
  for (const Decl *D : TU->noload_decls())
    collectDecl(D, Out);
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
  // The preamble's identity (PreambleIdentity.h): in the editor, hashed once
  // when cuda-lint-clangd built the preamble, not on every edit.
  if (std::optional<uint64_t> Key = preambleIdentity(*Ctx, PP))
    collectOnPreamble(*Ctx, *Key, Vars);
  else
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
  for (unsigned I = 0; I < Sizes.size() && I < Contributors; ++I) {
    // A variable template's specialization by its arguments (`lut<8192>`).
    note(Sizes[I].second->getLocation(), "'%0': %1 bytes")
        << nameForDiagnostic(Sizes[I].second, *Ctx) << static_cast<unsigned>(Sizes[I].first);
  }
}

bool preambleDeclaresConstantMemory(ASTContext &PreambleCtx) {
  return !preambleEntries(PreambleCtx.getTranslationUnitDecl(), /*FromASTFileOnly=*/false,
                          [](const Decl *, bool) { return false; });
}

void recordConstantFreePreamble(uint64_t Identity) { cachePreambleEntries(Identity, {}); }

CUDA_LINT_DEFINE_CHECK_FACTORY(ConstantSizeCheck)

} // namespace cuda_lint
