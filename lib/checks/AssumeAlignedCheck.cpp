#include "checks/AssumeAlignedCheck.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Builtins.h"
#include "llvm/Support/YAMLParser.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

AssumeAlignedCheck::AssumeAlignedCheck(llvm::StringRef Name,
                                       tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context), RequireLiteral(
          llvm::yaml::parseBool(Options.get("RequireLiteral", "false")).value_or(false)) {}

void AssumeAlignedCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "RequireLiteral", RequireLiteral ? "true" : "false");
}

namespace {
/// A reference to a function named `__builtin_assume_aligned` (what
/// `declRefExpr(to(functionDecl(hasName(...))))` matches, in one test: it
/// runs at every DeclRefExpr of the unit).
AST_MATCHER(DeclRefExpr, refersToAssumeAligned) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Node.getDecl());
  return FD && FD->getIdentifier() && FD->getName() == "__builtin_assume_aligned";
}
} // namespace

void AssumeAlignedCheck::registerMatchers(MatchFinder *Finder) {
  // The callee's name, not the call: where clang rejects the alignment it
  // keeps the call as a RecoveryExpr holding the callee and the arguments.
  Finder->addMatcher(declRefExpr(refersToAssumeAligned()).bind("callee"), this);
}

namespace {

bool isPowerOfTwo(const llvm::APSInt &V) {
  return V.isStrictlyPositive() && V.isPowerOf2();
}

/// The argument list of the call whose callee is \p Callee: a CallExpr
/// (through the builtin's implicit cast) or clang's RecoveryExpr.
std::vector<const Expr *> argumentsOf(const DeclRefExpr *Callee, ASTContext &Ctx) {
  const Expr *E = Callee;
  for (int Up = 0; Up < 2; ++Up) {
    auto Parents = Ctx.getParents(*E);
    if (Parents.empty())
      return {};
    if (const auto *CE = Parents[0].get<CallExpr>()) {
      if (CE->getCallee()->IgnoreImpCasts() != Callee)
        return {};
      return std::vector<const Expr *>(CE->arg_begin(), CE->arg_end());
    }
    if (const auto *RE = Parents[0].get<RecoveryExpr>()) {
      auto Subs = RE->subExpressions();
      if (Subs.empty() || Subs[0]->IgnoreImpCasts() != Callee)
        return {};
      return std::vector<const Expr *>(Subs.begin() + 1, Subs.end());
    }
    const auto *ICE = Parents[0].get<ImplicitCastExpr>();
    if (!ICE)
      return {};
    E = ICE;
  }
  return {};
}

} // namespace

void AssumeAlignedCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Callee = Result.Nodes.getNodeAs<DeclRefExpr>("callee");
  if (!Callee)
    return;
  std::vector<const Expr *> Args = argumentsOf(Callee, *Ctx);
  if (Args.size() < 2)
    return;
  const Expr *Align = Args[1]->IgnoreParenImpCasts();
  SourceLocation Loc = Args[1]->getBeginLoc();
  // Instantiations the pattern's checks below cover, and sides: one finding
  // per written argument.
  auto Report = [&](const llvm::APSInt &V, const FunctionDecl *Inst) {
    if (!reportOnce(Args[1]))
      return;
    report(Loc, "alignment %0 given to '__builtin_assume_aligned' is not a "
                "power of two")
        << toString(V, 10);
    noteInstantiation(Inst);
  };

  if (!Align->isValueDependent()) {
    if (std::optional<llvm::APSInt> V = Align->getIntegerConstantExpr(*Ctx)) {
      if (!isPowerOfTwo(*V)) {
        Report(*V, nullptr);
        return;
      }
    }
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Align)) {
    // A template parameter: clang drops the body of an instantiation it
    // rejects, so evaluate the parameter in each specialization here.
    const auto *Parm = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl());
    const FunctionDecl *FD = nullptr;
    for (auto Parents = Ctx->getParents(*Callee); !Parents.empty() && !FD;) {
      FD = Parents[0].get<FunctionDecl>();
      if (FD)
        break;
      if (Parents[0].get<Decl>() && !Parents[0].get<Stmt>() &&
          !Parents[0].get<VarDecl>())
        break;
      Parents = Ctx->getParents(Parents[0]);
    }
    const FunctionTemplateDecl *FTD = FD ? FD->getDescribedFunctionTemplate() : nullptr;
    if (Parm && FTD && Parm->getDepth() == FTD->getTemplateParameters()->getDepth()) {
      for (const FunctionDecl *Spec : FTD->specializations()) {
        const TemplateArgumentList *TAL = Spec->getTemplateSpecializationArgs();
        if (!TAL || Parm->getIndex() >= TAL->size())
          continue;
        const TemplateArgument &A = TAL->get(Parm->getIndex());
        if (A.getKind() != TemplateArgument::Integral)
          continue;
        llvm::APSInt V = A.getAsIntegral();
        if (!isPowerOfTwo(V)) {
          Report(V, Spec);
          return;
        }
      }
    }
  }

  if (RequireLiteral && !isa<IntegerLiteral>(Align) && reportOnce(Args[1]))
    report(Loc, "alignment given to '__builtin_assume_aligned' is not an "
                "integer literal",
           Severity::Warning);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(AssumeAlignedCheck)

} // namespace cuda_lint
