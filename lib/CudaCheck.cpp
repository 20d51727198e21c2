#include "CudaCheck.h"
#include "Attributes.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>

using namespace clang;

namespace cuda_lint {

namespace {
thread_local AcceptedLineCollector *CurrentCollector = nullptr;
} // namespace

AcceptedLineCollector::AcceptedLineCollector() : Outer(CurrentCollector) {
  CurrentCollector = this;
}
AcceptedLineCollector::~AcceptedLineCollector() { CurrentCollector = Outer; }

std::optional<unsigned> parseCompilers(llvm::StringRef Value) {
  unsigned Set = 0;
  for (const std::string &Name : parseListOption(Value)) {
    if (llvm::StringRef(Name).equals_insensitive("nvcc"))
      Set |= unsigned(CudaCompiler::Nvcc);
    else if (llvm::StringRef(Name).equals_insensitive("clang"))
      Set |= unsigned(CudaCompiler::Clang);
    else
      return std::nullopt;
  }
  if (!Set)
    return std::nullopt;
  return Set;
}

bool CudaCheck::projectBuildsWith(CudaCompiler C) {
  const auto &Options = TidyContext->getOptions().CheckOptions;
  std::optional<unsigned> Set;
  if (auto It = Options.find(CompilersOption); It != Options.end())
    Set = parseCompilers(It->second.Value); // an invalid value is reported by the driver
  if (!Set)
    if (auto It = Options.find(BuildCompilerFact); It != Options.end())
      Set = parseCompilers(It->second.Value);
  return Set.value_or(unsigned(CudaCompiler::Clang)) & unsigned(C);
}

bool CudaCheck::portabilityApplies(CudaCompiler RejectedBy, SourceLocation Loc) {
  if (projectBuildsWith(RejectedBy))
    return true;
  dropOwnedCompilerDiagnosticAt(Loc);
  return false;
}

void CudaCheck::dropOwnedCompilerDiagnosticAt(SourceLocation Loc) {
  if (CurrentCollector && SM && Loc.isValid() && Rule) {
    SourceLocation FileLoc = SM->getFileLoc(Loc);
    CurrentCollector->Lines.push_back({SM->getFilename(FileLoc).str(),
                                       SM->getSpellingLineNumber(FileLoc),
                                       Rule->Id.str()});
  }
}

void CudaCheck::claimOwnedCompilerDiagnosticAt(SourceLocation Loc,
                                               llvm::StringRef RuleId) {
  if (CurrentCollector && SM && Loc.isValid()) {
    SourceLocation FileLoc = SM->getFileLoc(Loc);
    CurrentCollector->Lines.push_back({SM->getFilename(FileLoc).str(),
                                       SM->getSpellingLineNumber(FileLoc),
                                       RuleId.str(), /*Claim=*/true});
  }
}

namespace {

/// A matcher registered once for the checks that share it: each match goes
/// to every check that joined, in the order they joined.
class SharedMatch : public ast_matchers::MatchFinder::MatchCallback {
public:
  explicit SharedMatch(llvm::StringRef Key) : Key(Key.str()) {}
  void run(const ast_matchers::MatchFinder::MatchResult &Result) override {
    for (CudaCheck *C : Checks)
      C->check(Result);
  }
  llvm::StringRef getID() const override { return Key; }

  std::string Key;
  std::vector<CudaCheck *> Checks;
};

/// The shared matchers of the checks being registered on this thread, by
/// key. clang-tidy (and clangd) constructs all of a translation unit's
/// checks, then registers their matchers, on one thread: a check's
/// constructor starts a new registry, so that no check ever joins a shared
/// matcher of an earlier translation unit's match finder (which may have had
/// the same address).
struct SharedMatchRegistry {
  const ast_matchers::MatchFinder *Finder = nullptr;
  llvm::StringMap<std::weak_ptr<ast_matchers::MatchFinder::MatchCallback>> ByKey;
};
thread_local SharedMatchRegistry Registry;

} // namespace

CudaCheck::CudaCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Rule(findRule(Name)), TidyContext(Context) {
  Registry.Finder = nullptr;
  Registry.ByKey.clear();
}

ast_matchers::MatchFinder::MatchCallback *
CudaCheck::joinSharedMatch(ast_matchers::MatchFinder *Finder, llvm::StringRef Key) {
  if (!LifecycleRegistered) {
    // Not a single node matches: only so that the match finder calls this
    // check's onStartOfTranslationUnit and onEndOfTranslationUnit.
    using namespace ast_matchers;
    Finder->addMatcher(translationUnitDecl(unless(anything())), this);
    LifecycleRegistered = true;
  }
  if (Registry.Finder != Finder) {
    Registry.Finder = Finder;
    Registry.ByKey.clear();
  }
  std::weak_ptr<ast_matchers::MatchFinder::MatchCallback> &Slot = Registry.ByKey[Key];
  if (auto Existing = Slot.lock()) {
    static_cast<SharedMatch *>(Existing.get())->Checks.push_back(this);
    SharedMatches.push_back(std::move(Existing));
    return nullptr;
  }
  auto New = std::make_shared<SharedMatch>(Key);
  New->Checks.push_back(this);
  Slot = New;
  SharedMatches.push_back(New);
  return New.get();
}

void CudaCheck::addNamedCallsMatcher(ast_matchers::MatchFinder *Finder) {
  using namespace ast_matchers;
  addSharedMatcher(Finder, "cuda: calls of builtins and APIs named by rules",
                   callExpr(calleeNamedAnyOf({"__builtin_assume", "__builtin_expect",
                                              "__builtin_expect_with_probability",
                                              "cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync",
                                              "cudaMemcpyFromSymbol", "cudaMemcpyFromSymbolAsync",
                                              "__brkpt"}))
                       .bind("call"));
}

void CudaCheck::registerPPCallbacks(const SourceManager &SourceMgr, Preprocessor *P,
                                    Preprocessor *) {
  PP = P;
  if (PP)
    installCudaAttributeCompat(*PP);
  registerCudaPPCallbacks(SourceMgr, PP);
}

void CudaCheck::onStartOfTranslationUnit() {
  Reported.clear();
  startTranslationUnit();
}

bool CudaCheck::inSystemHeader(SourceLocation Loc) const {
  return SM && Loc.isValid() && SM->isInSystemHeader(SM->getExpansionLoc(Loc));
}

void CudaCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  SM = Result.SourceManager;
  Ctx = Result.Context;
  bool SystemHeaders = TidyContext->getOptions().SystemHeaders.value_or(false);
  for (const auto &[Id, Node] : Result.Nodes.getMap()) {
    if (SystemHeaders)
      break;
    SourceLocation Loc;
    if (const auto *D = Node.get<Decl>())
      Loc = D->getLocation();
    else if (const auto *S = Node.get<Stmt>())
      Loc = S->getBeginLoc();
    if (inSystemHeader(Loc))
      return;
  }
  checkMatch(Result);
}

DiagnosticBuilder CudaCheck::report(SourceLocation Loc,
                                    llvm::StringRef Message) {
  if (SM)
    Loc = userLoc(*SM, Loc);
  // Always a warning: clang-tidy's NOLINT never suppresses error-level
  // diagnostics. Error rules are made errors through WarningsAsErrors, which
  // the module sets by default (CudaTidyModule::getModuleOptions).
  return diag(Loc, Message, DiagnosticIDs::Warning);
}

DiagnosticBuilder CudaCheck::report(SourceLocation Loc, llvm::StringRef Message,
                                    Severity S) {
  if (!Rule || Rule->Sev != Severity::Error || S == Severity::Error)
    return report(Loc, Message);
  if (SM)
    Loc = userLoc(*SM, Loc);
  return diag(Loc, Message, DiagnosticIDs::Remark);
}

DiagnosticBuilder CudaCheck::note(SourceLocation Loc, llvm::StringRef Message) {
  if (SM)
    Loc = userLoc(*SM, Loc);
  return diag(Loc, Message, DiagnosticIDs::Note);
}

void CudaCheck::noteInstantiation(const FunctionDecl *FD) {
  if (FD && Ctx && FD->isTemplateInstantiation() &&
      FD->getPointOfInstantiation().isValid())
    note(FD->getPointOfInstantiation(), "in instantiation of '%0' requested here")
        << nameForDiagnostic(FD, *Ctx);
}

void CudaCheck::markFixUnsafe(SourceLocation Loc, llvm::StringRef Why) {
  note(Loc, (UnsafeFixNotePrefix + Why).str());
}

bool isDeviceSide(const ASTContext &Ctx) { return Ctx.getLangOpts().CUDAIsDevice; }

std::optional<unsigned> parseCudaArch(llvm::StringRef Arch) {
  if (!Arch.consume_front("sm_") && !Arch.consume_front("compute_"))
    return std::nullopt;
  Arch = Arch.take_while([](char C) { return C >= '0' && C <= '9'; });
  unsigned V = 0;
  if (Arch.empty() || Arch.getAsInteger(10, V))
    return std::nullopt;
  return V;
}

std::optional<unsigned> deviceArch(const ASTContext &Ctx) {
  if (!isDeviceSide(Ctx))
    return std::nullopt;
  return parseCudaArch(Ctx.getTargetInfo().getTargetOpts().CPU);
}

bool isKernel(const FunctionDecl *FD) {
  if (!FD)
    return false;
  for (const FunctionDecl *R : FD->redecls())
    if (R->hasAttr<CUDAGlobalAttr>())
      return true;
  return false;
}

bool isDeviceFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  return FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>();
}

SourceLocation userLoc(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isMacroID() ? SM.getExpansionLoc(Loc) : Loc;
}

std::string nameForDiagnostic(const NamedDecl *D, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  D->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return Name;
}

bool inMacroExpansion(const SourceManager &SM, const LangOptions &LO, SourceLocation Loc,
                      llvm::function_ref<bool(llvm::StringRef)> Named) {
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 16; ++Depth) {
    if (Named(Lexer::getImmediateMacroName(Loc, SM, LO)))
      return true;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return false;
}

std::vector<std::string> parseListOption(llvm::StringRef Value) {
  std::string Text = Value.str();
  std::replace(Text.begin(), Text.end(), ',', ';');
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Text).split(Parts, ';');
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

} // namespace cuda_lint
