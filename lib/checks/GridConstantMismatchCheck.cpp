#include "checks/GridConstantMismatchCheck.h"
#include "families/SharedMatchers.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {
/// Why the fix-it is unsafe (the note that marks it).
constexpr llvm::StringLiteral UnsafeWhy =
    "adding __grid_constant__ moves the parameter from a per-thread copy into "
    "the kernel parameter space; code that writes or takes the address of it "
    "changes meaning (applied only with --unsafe-fixes)";


/// Whether parameter \p I of \p FD is written `__grid_constant__` on this
/// declaration (an attribute clang copied from another declaration does not
/// count).
bool hasOwnGridConstant(const FunctionDecl *FD, unsigned I) {
  if (I >= FD->getNumParams())
    return false;
  const auto *A = FD->getParamDecl(I)->getAttr<CUDAGridConstantAttr>();
  return A && !A->isInherited();
}


std::string paramName(const ParmVarDecl *P, unsigned I) {
  if (!P->getName().empty())
    return P->getName().str();
  return "#" + std::to_string(I + 1);
}

/// Where `__grid_constant__ ` can be inserted before parameter \p P, or an
/// invalid location when no fix-it should be offered: the parameter is
/// spelled in a macro, or its type is not a const-qualified non-reference
/// type (adding the annotation alone would make the declaration invalid).
SourceLocation insertionPoint(const ParmVarDecl *P) {
  SourceLocation L = P->getBeginLoc();
  if (L.isInvalid() || L.isMacroID())
    return {};
  QualType T = P->getType();
  if (T->isReferenceType() || !T.isConstQualified())
    return {};
  return L;
}

/// The written declarations of kernel \p FD in source order. For an explicit
/// specialization, clang chains it to an implicit declaration instantiated
/// from the primary template (at the template's location): that one is not
/// written and is skipped.
std::vector<const FunctionDecl *> writtenDecls(const FunctionDecl *FD,
                                               const SourceManager &SM) {
  llvm::SmallPtrSet<const void *, 4> PatternLocs;
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      for (const RedeclarableTemplateDecl *R : T->redecls())
        PatternLocs.insert(cast<FunctionTemplateDecl>(R)
                               ->getTemplatedDecl()
                               ->getLocation()
                               .getPtrEncoding());
  std::vector<const FunctionDecl *> Decls;
  for (const FunctionDecl *R : FD->redecls())
    if (!PatternLocs.count(R->getLocation().getPtrEncoding()))
      Decls.push_back(R);
  std::sort(Decls.begin(), Decls.end(),
            [&](const FunctionDecl *A, const FunctionDecl *B) {
              return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                  B->getLocation());
            });
  return Decls;
}

/// The declarations of the primary template of \p FD (their templated
/// function declarations), in source order; empty when \p FD is not a
/// specialization of a function template.
std::vector<const FunctionDecl *> primaryDecls(const FunctionDecl *FD,
                                               const SourceManager &SM) {
  std::vector<const FunctionDecl *> Decls;
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    for (const RedeclarableTemplateDecl *R : T->redecls())
      Decls.push_back(cast<FunctionTemplateDecl>(R)->getTemplatedDecl());
  std::sort(Decls.begin(), Decls.end(),
            [&](const FunctionDecl *A, const FunctionDecl *B) {
              return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                  B->getLocation());
            });
  return Decls;
}

/// Whether identifier token text \p Name spells `__grid_constant__`: the CUDA
/// macro, the attribute name, or a macro of the program that expands to one
/// of those (looked up in \p PP, at most \p Depth levels deep).
bool spellsGridConstant(llvm::StringRef Name, const Preprocessor *PP,
                        unsigned Depth = 4) {
  if (Name == "__grid_constant__" || Name == "grid_constant")
    return true;
  if (!PP || Depth == 0)
    return false;
  const IdentifierTable &Ids = PP->getIdentifierTable();
  auto It = Ids.find(Name);
  const IdentifierInfo *II = It != Ids.end() ? It->second : nullptr;
  if (!II || !II->hasMacroDefinition())
    return false;
  const MacroInfo *MI = PP->getMacroInfo(II);
  if (!MI)
    return false;
  for (const Token &T : MI->tokens())
    if (T.is(tok::identifier) || T.is(tok::raw_identifier) ||
        T.getIdentifierInfo())
      if (const IdentifierInfo *TI = T.getIdentifierInfo())
        if (spellsGridConstant(TI->getName(), PP, Depth - 1))
          return true;
  return false;
}

/// One parameter of an explicit instantiation directive as written: where it
/// starts and whether it spells `__grid_constant__`.
struct WrittenParam {
  SourceLocation Begin;
  bool GridConstant = false;
};

/// Reads the parameter list of the explicit instantiation directive whose
/// function name is at \p NameLoc, with clang's raw lexer (clang keeps no
/// declaration of the directive's parameters in the AST). Returns nothing
/// when the text does not have the expected shape.
std::optional<std::vector<WrittenParam>>
readDirectiveParams(SourceLocation NameLoc, const SourceManager &SM,
                    const LangOptions &LO, const Preprocessor *PP) {
  // Inside a macro, the directive is read where the macro spells it.
  SourceLocation Loc = SM.getSpellingLoc(NameLoc);
  if (Loc.isInvalid())
    return std::nullopt;
  std::vector<WrittenParam> Params;
  int Paren = 0, Angle = 0, Square = 0, Brace = 0;
  bool Started = false;
  for (unsigned N = 0; N < 4096; ++N) {
    Token T;
    if (Lexer::getRawToken(Loc, T, SM, LO, /*IgnoreWhiteSpace=*/true))
      return std::nullopt;
    if (T.is(tok::eof) || (T.is(tok::semi) && Paren == 0))
      return std::nullopt;
    Loc = T.getEndLoc();
    if (!Started) {
      // Skip the name and its template arguments up to the parameter list.
      if (T.is(tok::less))
        ++Angle;
      else if (T.is(tok::greater) && Angle > 0)
        --Angle;
      else if (T.is(tok::greatergreater) && Angle > 0)
        Angle = std::max(0, Angle - 2);
      else if (T.is(tok::l_paren) && Angle == 0) {
        Started = true;
        Paren = 1;
        Params.push_back({});
      }
      continue;
    }
    if (T.is(tok::l_paren))
      ++Paren;
    else if (T.is(tok::r_paren)) {
      if (--Paren == 0)
        break;
    } else if (T.is(tok::less))
      ++Angle;
    else if (T.is(tok::greater) && Angle > 0)
      --Angle;
    else if (T.is(tok::l_square))
      ++Square;
    else if (T.is(tok::r_square))
      --Square;
    else if (T.is(tok::l_brace))
      ++Brace;
    else if (T.is(tok::r_brace))
      --Brace;
    else if (T.is(tok::comma) && Paren == 1 && Angle == 0 && Square == 0 &&
             Brace == 0) {
      Params.push_back({});
      continue;
    }
    WrittenParam &P = Params.back();
    if (P.Begin.isInvalid())
      P.Begin = T.getLocation();
    if (T.is(tok::raw_identifier) &&
        spellsGridConstant(T.getRawIdentifier(), PP))
      P.GridConstant = true;
  }
  // `f()` and `f(void)` have no parameters.
  if (Params.size() == 1 && Params[0].Begin.isInvalid())
    Params.clear();
  return Params;
}

} // namespace

void GridConstantMismatchCheck::registerMatchers(MatchFinder *Finder) {
  addKernelDeclMatcher(*this, Finder);
}

void GridConstantMismatchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel"))
    checkMismatch(FD);
}

void GridConstantMismatchCheck::checkMismatch(const FunctionDecl *FD) {
  if (FD != FD->getMostRecentDecl())
    return;
  switch (FD->getTemplateSpecializationKind()) {
  case TSK_ImplicitInstantiation:
    return;
  case TSK_ExplicitInstantiationDeclaration:
  case TSK_ExplicitInstantiationDefinition:
    checkInstantiationDirective(FD);
    return;
  case TSK_Undeclared:
  case TSK_ExplicitSpecialization:
    break;
  }
  // The declarations compared, in source order: the primary template's first
  // (for an explicit specialization), then the kernel's own.
  std::vector<const FunctionDecl *> Decls;
  bool IsSpecialization =
      FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization;
  if (IsSpecialization)
    Decls = primaryDecls(FD, *SM);
  size_t FirstOwn = Decls.size();
  for (const FunctionDecl *D : writtenDecls(FD, *SM))
    Decls.push_back(D);
  if (Decls.size() < 2)
    return;
  unsigned NumParams = FD->getNumParams();
  for (const FunctionDecl *D : Decls)
    if (D->getNumParams() != NumParams)
      return; // parameter packs: positions do not correspond

  std::string Name = nameForDiagnostic(FD, *Ctx);
  for (unsigned I = 0; I < NumParams; ++I) {
    // nvcc's model: each declaration must agree with the first one.
    const FunctionDecl *First = Decls.front();
    bool Ref = hasOwnGridConstant(First, I);
    bool FixedReference = false;
    for (size_t K = std::max<size_t>(1, FirstOwn); K < Decls.size(); ++K) {
      const FunctionDecl *D = Decls[K];
      bool Has = hasOwnGridConstant(D, I);
      if (Has == Ref)
        continue;
      const ParmVarDecl *P = D->getParamDecl(I);
      const ParmVarDecl *FirstP = First->getParamDecl(I);
      std::string PName = paramName(P, I);
      std::string Where =
          std::string(FirstOwn > 0 ? "in this explicit specialization but "
                                   : "in this declaration but ") +
          (Ref ? "" : "not ") +
          (FirstOwn > 0 ? "in its primary template" : "in an earlier one");
      bool Fixed = false;
      {
        auto Diag = report(P->getLocation(),
                           std::string("parameter '%0' of kernel '%1' is ") +
                               (Has ? "" : "not ") + "__grid_constant__ " +
                               Where +
                               "; nvcc rejects declarations that disagree on "
                               "__grid_constant__")
                    << PName << Name;
        // Fix-it: add the annotation where it is missing. It is unsafe: the
        // parameter moves from a per-thread copy to the kernel parameter
        // space (docs: fix: unsafe).
        if (!Has) {
          if (SourceLocation L = insertionPoint(P); L.isValid()) {
            Diag << FixItHint::CreateInsertion(L, "__grid_constant__ ");
            Fixed = true;
          }
        } else if (!FixedReference) {
          FixedReference = true;
          llvm::SmallPtrSet<const void *, 4> Done;
          for (size_t J = 0; J < Decls.size(); ++J)
            if (!hasOwnGridConstant(Decls[J], I))
              if (SourceLocation L = insertionPoint(Decls[J]->getParamDecl(I));
                  L.isValid() && Done.insert(L.getPtrEncoding()).second) {
                Diag << FixItHint::CreateInsertion(L, "__grid_constant__ ");
                Fixed = true;
              }
        }
      }
      note(FirstP->getLocation(),
           std::string("parameter '%0' is ") + (Ref ? "" : "not ") +
               "__grid_constant__ in " +
               (FirstOwn > 0 ? "the primary template" : "the first declaration"))
          << paramName(FirstP, I);
      if (Fixed)
        markFixUnsafe(P->getLocation(), UnsafeWhy);
    }
  }
}

void GridConstantMismatchCheck::checkInstantiationDirective(const FunctionDecl *FD) {
  const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
  if (!T)
    return;
  SourceLocation POI = FD->getPointOfInstantiation();
  if (POI.isInvalid() || !reportOnce(POI.getPtrEncoding()))
    return;
  std::vector<const FunctionDecl *> Template = primaryDecls(FD, *SM);
  if (Template.empty())
    return;
  auto Written = readDirectiveParams(POI, *SM, Ctx->getLangOpts(), PP);
  if (!Written || Written->size() != FD->getNumParams())
    return;
  const FunctionDecl *Pattern = Template.front();
  if (Pattern->getNumParams() != Written->size())
    return;
  std::string Name = nameForDiagnostic(FD, *Ctx);
  bool InMacro = POI.isMacroID();
  for (unsigned I = 0; I < Written->size(); ++I) {
    const WrittenParam &W = (*Written)[I];
    bool TemplateHas = llvm::any_of(Template, [&](const FunctionDecl *D) {
      return hasOwnGridConstant(D, I);
    });
    if (W.GridConstant == TemplateHas)
      continue;
    const ParmVarDecl *TP = Pattern->getParamDecl(I);
    std::string PName = paramName(FD->getParamDecl(I), I);
    SourceLocation Loc = InMacro ? POI : W.Begin;
    bool Fixed = false;
    {
      auto Diag = report(Loc, std::string("parameter '%0' of kernel '%1' is ") +
                                  (W.GridConstant ? "" : "not ") +
                                  "__grid_constant__ in this explicit "
                                  "instantiation but " +
                                  (TemplateHas ? "" : "not ") +
                                  "in the template; nvcc rejects the "
                                  "instantiation directive")
                  << PName << Name;
      if (!W.GridConstant && !InMacro) {
        const ParmVarDecl *IP = FD->getParamDecl(I);
        QualType QT = IP->getType();
        if (!QT->isReferenceType() && QT.isConstQualified()) {
          Diag << FixItHint::CreateInsertion(W.Begin, "__grid_constant__ ");
          Fixed = true;
        }
      } else if (W.GridConstant) {
        llvm::SmallPtrSet<const void *, 4> Done;
        for (const FunctionDecl *D : Template)
          if (!hasOwnGridConstant(D, I))
            if (SourceLocation L = insertionPoint(D->getParamDecl(I));
                L.isValid() && Done.insert(L.getPtrEncoding()).second) {
              Diag << FixItHint::CreateInsertion(L, "__grid_constant__ ");
              Fixed = true;
            }
      }
    }
    note(TP->getLocation(), std::string("parameter '%0' is ") +
                                (TemplateHas ? "" : "not ") +
                                "__grid_constant__ in the template")
        << paramName(TP, I);
    if (Fixed)
      markFixUnsafe(Loc, UnsafeWhy);
  }
}


CUDA_LINT_DEFINE_CHECK_FACTORY(GridConstantMismatchCheck)

} // namespace cuda_lint
