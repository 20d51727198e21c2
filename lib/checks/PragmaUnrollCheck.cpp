#include "checks/PragmaUnrollCheck.h"
#include "analysis/SystemBodies.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// The count tokens of `unroll N` / `unroll (N)`, without the outer
/// parentheses.
std::vector<const PragmaToken *> countTokens(const PragmaDirectiveText &P) {
  std::vector<const PragmaToken *> T;
  for (size_t I = 1; I < P.Tokens.size(); ++I)
    T.push_back(&P.Tokens[I]);
  if (T.size() >= 2 && T.front()->Text == "(" && T.back()->Text == ")") {
    T.erase(T.begin());
    T.pop_back();
  }
  return T;
}

/// The loops of the unit's own declarations (their first tokens) and the
/// lines of the loop hints clang accepted.
class LoopWalker : public RecursiveASTVisitor<LoopWalker> {
public:
  LoopWalker(const SourceManager &SM, std::vector<std::pair<FileID, unsigned>> &Hints,
             std::vector<SourceLocation> &LoopStarts)
      : SM(SM), Hints(Hints), LoopStarts(LoopStarts) {}
  bool VisitAttributedStmt(AttributedStmt *S) {
    for (const Attr *A : S->getAttrs())
      if (const auto *H = dyn_cast<LoopHintAttr>(A)) {
        SourceLocation L = SM.getExpansionLoc(H->getLocation());
        Hints.push_back({SM.getFileID(L), SM.getExpansionLineNumber(L)});
      }
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      LoopStarts.push_back(SM.getExpansionLoc(S->getBeginLoc()));
    return true;
  }

private:
  const SourceManager &SM;
  std::vector<std::pair<FileID, unsigned>> &Hints;
  std::vector<SourceLocation> &LoopStarts;
};

} // namespace

void PragmaUnrollCheck::startTranslationUnit() {
  Hints.clear();
  LoopStarts.clear();
  HostBodies.clear();
  ParsedBodies.clear();
}

void PragmaUnrollCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                                Preprocessor *P) {
  if (!P)
    return;
  SM = &SourceMgr;
  P->addPPCallbacks(collectPragmas(*P, "unroll", Pragmas));
}

void PragmaUnrollCheck::registerMatchers(MatchFinder *Finder) {
  // Function definitions: the host-only bodies, and the ASTContext for the
  // walk over loops at the end of the unit (only in units with the pragma).
  Finder->addMatcher(functionDecl(isDefinition(), unless(isImplicit())).bind("function"), this);
}

void PragmaUnrollCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function")) {
    if (isDeviceSide(*Ctx) || !FD->getBody())
      return;
    SourceRange Body = bodyExpansionRange(*FD->getBody(), *SM);
    ParsedBodies.push_back(Body);
    if (!FD->isConstexpr() && !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>())
      HostBodies.push_back(Body);
  }
}

void PragmaUnrollCheck::onEndOfTranslationUnit() {
  std::vector<CollectedPragma> Here = std::move(Pragmas);
  Pragmas.clear();
  if (!SM || !Ctx || Here.empty())
    return;
  LoopWalker W(*SM, Hints, LoopStarts);
  for (Decl *D : Ctx->getTraversalScope())
    W.TraverseDecl(D);
  // A host side that left device bodies unparsed sees their pragmas but not
  // their loops: it judges only the pragmas in the bodies it parsed (host
  // and __host__ __device__ functions), and the device sides, which parse
  // every body, the rest.
  bool OnlyParsedBodies = deviceBodiesSkipped(*Ctx);
  for (const CollectedPragma &P : Here) {
    if (inSystemHeader(P.Loc))
      continue;
    // Host-only code: gcc sees the pragma (host side only).
    bool InHost = inAnyBody(HostBodies, P.Loc, *SM);
    if ((OnlyParsedBodies && !inAnyBody(ParsedBodies, P.Loc, *SM)) ||
        !reportOnce(P.Loc.getPtrEncoding()))
      continue;
    std::vector<const PragmaToken *> Count = countTokens(P.Text);
    std::string Written = "#pragma unroll";
    for (size_t I = 1; I < P.Text.Tokens.size(); ++I) {
      llvm::StringRef Tok = P.Text.Tokens[I].Text;
      llvm::StringRef Prev = I > 1 ? llvm::StringRef(P.Text.Tokens[I - 1].Text) : "";
      // `-1`, `(Count + 1)`: as written, without spaces inside.
      bool Tight = I > 1 && (Prev == "(" || Tok == ")" || Tok == "::" || Prev == "::" ||
                             (Prev == "-" && (I == 2 || P.Text.Tokens[I - 2].Text == "(")));
      Written += (Tight ? "" : " ") + Tok.str();
    }
    // A literal count that is not positive.
    bool Negated = !Count.empty() && Count.front()->Text == "-";
    if (Count.size() == (Negated ? 2u : 1u)) {
      unsigned long long V;
      if (!llvm::StringRef(Count.back()->Text).getAsInteger(0, V) && (Negated || V == 0)) {
        if (Negated) {
          // clang 22 rejects it; nvcc ignores it: a portability case of the
          // compiler that accepts it, reported as what nvcc does.
          (void)portabilityApplies(CudaCompiler::Clang, P.Loc);
          report(P.Loc, "'%0' is ignored: nvcc 13.0 ignores a count that is not positive "
                        "(warning #20168) and clang 22 rejects it")
              << Written;
        } else {
          report(P.Loc, "'%0' is ignored by nvcc 13.0 (warning #20168; the count must be "
                        "positive), while clang 22 takes it as 'do not unroll': write "
                        "'#pragma unroll 1' to keep the loop rolled")
              << Written;
        }
        continue;
      }
    }
    // Not followed by a loop.
    if (P.Next.isValid() && !llvm::is_contained(LoopStarts, P.Next)) {
      bool Invalid = false;
      const char *C = SM->getCharacterData(P.Next, &Invalid);
      if (!Invalid && *C != '#') {
        report(P.Loc, "'%0' is not followed by a for, while or do loop: nvcc 13.0 ignores it "
                      "(warning #20058) and clang 22 rejects it")
            << Written;
        // clang's error is at the statement after the pragma: this finding covers it.
        dropOwnedCompilerDiagnosticAt(P.Next);
        continue;
      }
    }
    // A count clang did not accept as a constant: no loop hint at its line.
    bool Accepted = llvm::any_of(Hints, [&](const std::pair<FileID, unsigned> &H) {
      return H.first == SM->getFileID(P.Loc) && H.second == SM->getExpansionLineNumber(P.Loc);
    });
    if (!Count.empty() && !Accepted && P.Next.isValid() &&
        llvm::is_contained(LoopStarts, P.Next)) {
      report(P.Loc, "the count of '%0' is not an integral constant expression: nvcc 13.0 "
                    "rejects it (#20169); use a constant, a constexpr value or a template "
                    "argument")
          << Written;
      continue;
    }
    if (InHost)
      report(P.Loc, "'%0' in a host function: the host compiler does not know it (gcc "
                    "-Wall warns -Wunknown-pragmas); guard it with '#ifdef __CUDA_ARCH__' or "
                    "move the loop into device code")
          << Written;
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(PragmaUnrollCheck)

} // namespace cuda_lint
