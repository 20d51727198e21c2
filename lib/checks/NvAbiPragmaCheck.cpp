#include "checks/NvAbiPragmaCheck.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// What starts at a location: the construct the pragma would apply to.
struct Target {
  enum Kind {
    Function,        ///< a function declaration or definition at namespace scope
    ExpressionStmt,  ///< an expression statement in a function body
    OtherStmt,       ///< any other statement in a function body
    ClassMember,     ///< a member declaration in a class
    OtherDecl,       ///< a variable, type or other declaration at namespace scope
    TemplatedFunction, ///< a function after its template parameter list
  } K;
  const FunctionDecl *Fn = nullptr; ///< the function, or the body's function
  const char *What = "";                  ///< "a declaration statement", ...
};

/// The execution space of \p FD, as nvcc's pragma checks see it.
bool isHostOnly(const FunctionDecl *FD) {
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

const char *describeStmt(const Stmt *S) {
  switch (S->getStmtClass()) {
  case Stmt::DeclStmtClass:
    return "a declaration statement";
  case Stmt::ReturnStmtClass:
    return "a return statement";
  case Stmt::CompoundStmtClass:
    return "a block";
  case Stmt::IfStmtClass:
    return "an if statement";
  case Stmt::ForStmtClass:
  case Stmt::CXXForRangeStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
    return "a loop";
  case Stmt::SwitchStmtClass:
    return "a switch statement";
  default:
    return "a statement that is not an expression statement";
  }
}

/// Collects what begins where, in the translation unit's own declarations.
class TargetCollector : public RecursiveASTVisitor<TargetCollector> {
public:
  TargetCollector(const SourceManager &SM, llvm::DenseMap<SourceLocation, Target> &Out)
      : SM(SM), Out(Out) {}

  using Base = RecursiveASTVisitor<TargetCollector>;
  // The function whose body a statement is in (innermost last).
#define CUDA_LINT_TRAVERSE_FUNCTION(CLASS)                                                 \
  bool Traverse##CLASS(CLASS *FD) {                                                        \
    Functions.push_back(FD);                                                               \
    bool R = Base::Traverse##CLASS(FD);                                                    \
    Functions.pop_back();                                                                  \
    return R;                                                                              \
  }
  CUDA_LINT_TRAVERSE_FUNCTION(FunctionDecl)
  CUDA_LINT_TRAVERSE_FUNCTION(CXXMethodDecl)
  CUDA_LINT_TRAVERSE_FUNCTION(CXXConstructorDecl)
  CUDA_LINT_TRAVERSE_FUNCTION(CXXDestructorDecl)
  CUDA_LINT_TRAVERSE_FUNCTION(CXXConversionDecl)
#undef CUDA_LINT_TRAVERSE_FUNCTION

  bool VisitDecl(Decl *D) {
    if (isa<TranslationUnitDecl>(D) || D->isImplicit())
      return true;
    const DeclContext *DC = D->getDeclContext();
    SourceLocation B = begin(D);
    if (B.isInvalid())
      return true;
    // A function template starts at `template`; the function inside it
    // (after the template head) is not a place for the pragma.
    const FunctionDecl *FD = D->getAsFunction();
    if (FD && !isa<FunctionTemplateDecl>(D) && FD->getDescribedFunctionTemplate()) {
      // After `template <...>`: the location of the function's own specifiers.
      add(SM.getExpansionLoc(FD->getInnerLocStart()), {Target::TemplatedFunction, FD});
      return true;
    }
    if (isa<FunctionTemplateDecl>(D) || FD) {
      if (DC->isRecord())
        add(B, {Target::ClassMember, FD, "a class member declaration"});
      else if (DC->isFileContext())
        add(B, {Target::Function, FD});
      return true;
    }
    if (DC->isRecord())
      add(B, {Target::ClassMember, nullptr, "a class member declaration"});
    else if (DC->isFileContext() && !isa<NamespaceDecl>(D) && !isa<LinkageSpecDecl>(D))
      add(B, {Target::OtherDecl, nullptr, "a declaration that is not a function"});
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt *CS) {
    if (Functions.empty())
      return true;
    for (const Stmt *S : CS->body()) {
      SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
      if (isa<Expr>(S))
        add(B, {Target::ExpressionStmt, Functions.back()});
      else
        add(B, {Target::OtherStmt, Functions.back(), describeStmt(S)});
    }
    return true;
  }

private:
  SourceLocation begin(const Decl *D) const {
    return SM.getExpansionLoc(D->getBeginLoc());
  }
  void add(SourceLocation B, Target T) { Out.try_emplace(B, T); }

  const SourceManager &SM;
  llvm::DenseMap<SourceLocation, Target> &Out;
  std::vector<const FunctionDecl *> Functions;
};

} // namespace

void NvAbiPragmaCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                               Preprocessor *P) {
  if (!P)
    return;
  SM = &SourceMgr;
  P->addPPCallbacks(collectPragmas(*P, "nv_abi", Pragmas));
}

void NvAbiPragmaCheck::registerMatchers(MatchFinder *Finder) {
  // Only to get hold of the ASTContext: the pragmas and what follows them are
  // examined at the end of the unit (onEndOfTranslationUnit).
  Finder->addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

void NvAbiPragmaCheck::checkMatch(const MatchFinder::MatchResult &) {}

void NvAbiPragmaCheck::checkArguments(const CollectedPragma &P) {
  const std::vector<PragmaToken> &T = P.Text.Tokens;
  llvm::StringSet<> Seen;
  bool Any = false;
  for (size_t I = 1; I < T.size();) {
    const PragmaToken &Opt = T[I];
    SourceLocation At = Opt.FileLoc.isValid() ? Opt.FileLoc : P.Loc;
    if (!Opt.IsIdentifier || (Opt.Text != "preserve_n_data" && Opt.Text != "preserve_n_control")) {
      report(At, "'#pragma nv_abi' has an option nvcc does not know, '%0' (the options are "
                 "preserve_n_data(N) and preserve_n_control(N))")
          << Opt.Text;
      return;
    }
    if (!Seen.insert(Opt.Text).second) {
      report(At, "'#pragma nv_abi' names '%0' twice") << Opt.Text;
      return;
    }
    Any = true;
    // ( value tokens )
    size_t J = I + 1;
    if (J >= T.size() || T[J].Text != "(") {
      report(At, "'#pragma nv_abi' option '%0' needs a value in parentheses") << Opt.Text;
      return;
    }
    size_t Close = J + 1;
    int Depth = 1;
    for (; Close < T.size(); ++Close) {
      if (T[Close].Text == "(")
        ++Depth;
      else if (T[Close].Text == ")" && --Depth == 0)
        break;
    }
    // A literal value (possibly negated) must be positive; anything else
    // (a template parameter, a constant) is the compiler's to evaluate.
    bool Negated = J + 1 < Close && T[J + 1].Text == "-";
    size_t ValueAt = J + 1 + (Negated ? 1 : 0);
    if (ValueAt + 1 == Close) {
      unsigned long long V;
      if (!llvm::StringRef(T[ValueAt].Text).getAsInteger(0, V) && (Negated || V == 0)) {
        SourceLocation VL = T[ValueAt].FileLoc.isValid() ? T[ValueAt].FileLoc : P.Loc;
        report(VL, "'#pragma nv_abi' %0(%1%2): the value must be positive")
            << Opt.Text << (Negated ? "-" : "") << T[ValueAt].Text;
        return;
      }
    }
    I = Close + 1;
  }
  if (!Any)
    report(P.Loc, "'#pragma nv_abi' without an argument: nvcc requires preserve_n_data(N), "
                  "preserve_n_control(N) or both");
}

void NvAbiPragmaCheck::onEndOfTranslationUnit() {
  std::vector<CollectedPragma> Here = std::move(Pragmas);
  Pragmas.clear();
  if (!SM || Here.empty())
    return;
  llvm::DenseMap<SourceLocation, Target> Targets;
  if (Ctx) {
    TargetCollector C(*SM, Targets);
    for (Decl *D : Ctx->getTraversalScope())
      C.TraverseDecl(D);
  }
  for (const CollectedPragma &P : Here) {
    if (inSystemHeader(P.Loc) || !reportOnce(P.Loc.getPtrEncoding()))
      continue;
    checkArguments(P);
    if (P.Next.isInvalid() || !Ctx)
      continue;
    auto It = Targets.find(P.Next);
    if (It == Targets.end()) {
      // A `}` ends the block: nothing follows in it. Anything else
      // unmodelled (another directive, a label) is left alone.
      bool Invalid = false;
      const char *C = SM->getCharacterData(P.Next, &Invalid);
      if (!Invalid && *C == '}')
        report(P.Loc, "'#pragma nv_abi' at the end of a block: it must come immediately "
                      "before a function declaration or definition or an expression statement");
      continue;
    }
    const Target &T = It->second;
    switch (T.K) {
    case Target::Function:
      if (T.Fn && T.Fn->hasAttr<CUDAGlobalAttr>())
        report(P.Loc, "'#pragma nv_abi' before __global__ function %0: it applies to "
                      "__device__ functions (and to indirect calls in device code)")
            << T.Fn;
      else if (T.Fn && isHostOnly(T.Fn))
        report(P.Loc, "'#pragma nv_abi' before host function %0: it applies to "
                      "__device__ functions (and to indirect calls in device code)")
            << T.Fn;
      break;
    case Target::ExpressionStmt:
      if (T.Fn && isHostOnly(T.Fn))
        report(P.Loc, "'#pragma nv_abi' inside host function %0: nvcc supports it only in "
                      "device code")
            << T.Fn;
      break;
    case Target::TemplatedFunction:
      report(P.Loc, "'#pragma nv_abi' between the template parameter list and function %0: "
                    "put it before 'template'")
          << T.Fn;
      break;
    case Target::OtherStmt:
    case Target::ClassMember:
    case Target::OtherDecl:
      report(P.Loc, "'#pragma nv_abi' before %0: it must come immediately before a function "
                    "declaration or definition or an expression statement")
          << T.What;
      break;
    }
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(NvAbiPragmaCheck)

} // namespace cuda_lint
