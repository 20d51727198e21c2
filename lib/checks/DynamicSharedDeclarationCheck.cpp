#include "checks/DynamicSharedDeclarationCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {
AST_MATCHER(VarDecl, isExternStorage) { return Node.hasExternalStorage(); }
} // namespace

DynamicSharedDeclarationCheck::DynamicSharedDeclarationCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      RdcFact(Context->getOptions().CheckOptions.count(
                  "CudaLint.RelocatableDeviceCode") &&
              Context->getOptions()
                      .CheckOptions.find("CudaLint.RelocatableDeviceCode")
                      ->second.Value == "true") {}

namespace {
/// Whether the definition of macro \p II spells __shared__ (or expands to a
/// macro that does, \p Depth levels deep).
bool macroSpellsShared(const IdentifierInfo *II, const Preprocessor &PP,
                       unsigned Depth = 0) {
  const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
  if (!MI || Depth > 4)
    return false;
  for (const Token &T : MI->tokens())
    if (const IdentifierInfo *TI = T.getIdentifierInfo())
      if (TI->getName() == "__shared__" ||
          (TI != II && macroSpellsShared(TI, PP, Depth + 1)))
        return true;
  return false;
}
} // namespace

bool spellsShared(const VarDecl *VD, const SourceManager &SM,
                  const LangOptions &LO, const Preprocessor *PP) {
  if (VD->hasAttr<CUDASharedAttr>())
    return true;
  // Walk the tokens from the declaration's start to its name in the file;
  // a token from a macro expansion counts by the macro's name.
  SourceLocation Begin = SM.getExpansionLoc(VD->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(VD->getLocation());
  if (Begin.isInvalid() || End.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End))
    return false;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Begin), &Invalid);
  if (Invalid)
    return false;
  unsigned BeginOff = SM.getFileOffset(Begin), EndOff = SM.getFileOffset(End);
  if (EndOff < BeginOff)
    return false;
  Lexer Lex(SM.getLocForStartOfFile(SM.getFileID(Begin)), LO, Buffer.begin(),
            Buffer.begin() + BeginOff, Buffer.end());
  Token Tok;
  bool SawAttribute = false;
  while (!Lex.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) < EndOff) {
    if (!Tok.is(tok::raw_identifier))
      continue;
    StringRef Id = Tok.getRawIdentifier();
    if (Id == "__shared__")
      return true;
    if (PP && macroSpellsShared(PP->getIdentifierInfo(Id), *PP))
      return true;
    if (Id == "__attribute__" || Id == "__location__")
      SawAttribute = true;
    else if (SawAttribute && Id == "shared")
      return true;
  }
  return false;
}

void DynamicSharedDeclarationCheck::registerMatchers(MatchFinder *Finder) {
  // Only `extern` variables that are not unsized arrays; the spelling of
  // __shared__ is read in checkMatch (clang drops the attribute of the
  // declarations it rejects).
  Finder->addMatcher(varDecl(isExternStorage(),
                             unless(hasType(incompleteArrayType())),
                             unless(isExpansionInSystemHeader()))
                         .bind("var"),
                     this);
}

void DynamicSharedDeclarationCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *VD = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!VD || isa<ParmVarDecl>(VD) || !spellsShared(VD, *SM, Ctx->getLangOpts(), PP))
    return;
  // An instantiated template's variable is reported at the template.
  if (VD->isFromASTFile() || VD->getTemplateInstantiationPattern())
    return;
  // A block-scope extern's semantic context is the namespace: the function
  // is its lexical context.
  if (const auto *FD = dyn_cast<FunctionDecl>(VD->getLexicalDeclContext());
      FD && FD->isTemplateInstantiation())
    return;
  QualType T = VD->getType();
  if (T->isDependentType() && T->isIncompleteArrayType())
    return;
  // With relocatable device code both compilers accept it: a reference to a
  // __shared__ variable that another translation unit defines.
  if (RdcFact || Ctx->getLangOpts().GPURelocatableDeviceCode)
    return;
  if (!reportOnce(VD->getCanonicalDecl()))
    return;
  const char *Form = T->isPointerType()            ? "a pointer"
                     : T->isConstantArrayType()    ? "a sized array"
                     : T->isArrayType()            ? "an array"
                     : T->isRecordType()           ? "a struct"
                                                   : "not an array";
  report(VD->getLocation(),
         "extern __shared__ variable '%0' of type %1 is %2, not an unsized "
         "array: without relocatable device code nvcc makes it a static shared "
         "variable (warning #20044), not dynamic shared memory; declare it as "
         "'extern __shared__ T %0[]'",
         Severity::Error)
      << VD->getName() << T << Form;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DynamicSharedDeclarationCheck)

} // namespace cuda_lint
