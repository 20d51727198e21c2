//===- CudaCheck.h - Common base of cuda-lint checks ------------*- C++ -*-===//
//
// Every rule of the catalog is one class derived from CudaCheck (directly or
// through a family base in lib/families/), in lib/checks/<Name>Check.{h,cpp},
// registered in lib/checks/Checks.def under its id. CudaCheck does what every
// check would otherwise repeat:
//   - runs on CUDA translation units only;
//   - installs the nvcc compatibility of the CUDA attributes (Attributes.h)
//     whatever the check does with the preprocessor;
//   - sets SM, Ctx and PP before each match, and drops matches in system
//     headers (the CUDA toolkit, CCCL);
//   - reports at the rule's severity (report), once per key (reportOnce),
//     with the "in instantiation of" note (noteInstantiation);
//   - marks a fix-it as unsafe (markFixUnsafe), which --fix then skips unless
//     --unsafe-fixes is given;
//   - shares a matcher that several checks register alike (addSharedMatcher):
//     the match finder evaluates it once per node instead of once per check.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_CUDACHECK_H
#define CUDA_LINT_CUDACHECK_H

#include "RuleCatalog.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace cuda_lint {

/// The text that starts the note marking a fix-it as unsafe (it may change
/// behaviour). The driver reads it: --fix skips such fixes unless
/// --unsafe-fixes is given; the outputs label them "unsafe".
inline constexpr llvm::StringLiteral UnsafeFixNotePrefix = "unsafe fix: ";

/// The CUDA compilers a project can build with (the severity policy of the
/// rule catalog: a portability finding, code that one compiler accepts and
/// the other rejects, is reported only when the project builds with the one
/// that rejects it).
enum class CudaCompiler : uint8_t { Nvcc = 1, Clang = 2 };

/// The global option naming the compilers a project builds with: "nvcc",
/// "clang" or "nvcc,clang" (`CheckOptions: {CudaLint.Compilers: clang}`). It
/// overrides the compile command's compiler.
inline constexpr llvm::StringLiteral CompilersOption = "CudaLint.Compilers";
/// The fact the driver sets per translation unit from its compile command:
/// "nvcc" or "clang" (absent under clang-tidy, whose commands are clang's).
inline constexpr llvm::StringLiteral BuildCompilerFact = "CudaLint.BuildCompiler";

/// Parses a CudaLint.Compilers value ("nvcc", "clang", "nvcc,clang", in any
/// order, ';' or ',' separated) into a bit set of CudaCompiler; nullopt for
/// an empty value or an unknown name.
std::optional<unsigned> parseCompilers(llvm::StringRef Value);

/// A line at which a rule decided what becomes of a clang error it owns
/// (RuleInfo::ClangDiagnostics). Not a claim (the default): the code is
/// accepted by the compiler the project builds with, although clang rejects it
/// (a portability case of the other compiler), or the rule already reports it
/// elsewhere: the driver drops clang's error at that line, so that an nvcc
/// project sees neither a finding nor a compiler error for code nvcc accepts.
/// A claim: of the rules that own one clang message, RuleId is the one it
/// belongs to at this line (front matter `clang-diagnostics-where-claimed:`;
/// cuda-grid-constant-ignored and cuda-grid-constant-invalid share clang's
/// "__grid_constant__ is only allowed on const-qualified kernel parameters").
struct AcceptedLine {
  std::string File; ///< as the SourceManager names it
  unsigned Line = 0;
  std::string RuleId;
  bool Claim = false;
};

/// Collects the AcceptedLines that the checks running on this thread record
/// while it lives (the driver runs one side per thread). Without a collector
/// (clang-tidy, clangd) nothing is recorded.
class AcceptedLineCollector {
public:
  AcceptedLineCollector();
  ~AcceptedLineCollector();
  AcceptedLineCollector(const AcceptedLineCollector &) = delete;
  AcceptedLineCollector &operator=(const AcceptedLineCollector &) = delete;
  std::vector<AcceptedLine> take() { return std::move(Lines); }

private:
  friend class CudaCheck;
  std::vector<AcceptedLine> Lines;
  AcceptedLineCollector *Outer;
};

/// Base of every cuda-lint check: a clang-tidy check that runs on CUDA
/// translation units only and reports at the severity its docs page gives.
class CudaCheck : public clang::tidy::ClangTidyCheck {
public:
  CudaCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CUDA;
  }

  /// Installs the nvcc compatibility of `__launch_bounds__`, `__maxnreg__`
  /// and `__cluster_dims__` (Attributes.h), keeps \p PP for the check, then
  /// calls registerCudaPPCallbacks. Final: a check that needs preprocessor
  /// callbacks overrides registerCudaPPCallbacks, so that the compatibility
  /// is installed whichever checks are enabled.
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) final;

  /// Sets SM and Ctx, drops a match any of whose bound nodes lies in a system
  /// header (unless clang-tidy's SystemHeaders option, `--system-headers`, is
  /// on), and calls checkMatch.
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// Clears the report-once set, then calls startTranslationUnit.
  void onStartOfTranslationUnit() final;

  /// Registers \p Matcher (a matcher of one node kind, with its bindings)
  /// for this check in \p Finder, shared with every other check that
  /// registers one under the same \p Key while the translation unit's checks
  /// are registered: the match finder evaluates it once per node and hands
  /// each match to the checks (check()) in the order they registered. A
  /// registered matcher costs clang's match finder an evaluation at every
  /// node of its kind, every template instantiation included (about 400
  /// instructions before the matcher's own test), so a matcher that seven
  /// rules register alike (the launch rules' `callExpr(isLaunchFunctionCall())`
  /// on a ggml MMQ unit's 684,000 calls) cost seven. \p Key names the
  /// matcher and its bindings: the same key must always be the same matcher.
  /// The check's start and end of translation unit still come from the
  /// match finder (it registers a matcher of its own that never matches).
  /// `--enable-check-profile` shows the shared matcher's time under \p Key.
  template <typename MatcherT>
  void addSharedMatcher(clang::ast_matchers::MatchFinder *Finder, llvm::StringRef Key,
                        const MatcherT &Matcher) {
    if (clang::ast_matchers::MatchFinder::MatchCallback *New = joinSharedMatch(Finder, Key))
      Finder->addMatcher(Matcher, New);
  }

  /// Registers, shared (addSharedMatcher), the matcher of the calls that the
  /// rules looking for one builtin or API by name want: `__builtin_assume`
  /// (cuda-assume-side-effect), `__builtin_expect` and
  /// `__builtin_expect_with_probability` (cuda-expect-non-constant), the
  /// `cudaMemcpy{To,From}Symbol[Async]` calls (cuda-symbol-copy-size) and
  /// `__brkpt` (cuda-brkpt). One matcher for all of their names is evaluated
  /// once per call of the unit instead of once per rule (four times 684,000
  /// calls on a ggml MMQ unit); each rule's checkMatch gets the calls of every
  /// name, bound as "call", and tests the callee it wants itself.
  void addNamedCallsMatcher(clang::ast_matchers::MatchFinder *Finder);

protected:
  /// What a check does with one match (outside system headers; SM, Ctx and
  /// PP are set).
  virtual void
  checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) {}
  /// Per-translation-unit state of the check is reset here.
  virtual void startTranslationUnit() {}
  /// Preprocessor callbacks of the check (PP is already set).
  virtual void registerCudaPPCallbacks(const clang::SourceManager &SM,
                                       clang::Preprocessor *PP) {}

  /// Emits a finding of this check's rule at \p Loc (macro locations are
  /// mapped to their expansion in user code). It is emitted as a warning so
  /// that NOLINT works; rules of severity error are errors through the
  /// module's default WarningsAsErrors.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc,
                                  llvm::StringRef Message);
  /// Like \c report, for a rule of mixed severity (RULES.md "error/portability",
  /// "error/warning") whose finding here has severity \p S. A finding below
  /// the rule's error severity is emitted at remark level, which
  /// WarningsAsErrors does not promote; cuda-lint's outputs show it as a
  /// warning.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc,
                                  llvm::StringRef Message, Severity S);
  /// Attaches a note to the last finding.
  clang::DiagnosticBuilder note(clang::SourceLocation Loc,
                                llvm::StringRef Message);
  /// True the first time it is called with \p Key in this translation unit
  /// (an attribute, a declaration): one finding per written annotation,
  /// however many instantiations or sides carry it.
  bool reportOnce(const void *Key) { return Reported.insert(Key).second; }
  /// Adds "in instantiation of 'f<...>' requested here" to the last finding
  /// when \p FD is a template instantiation.
  void noteInstantiation(const clang::FunctionDecl *FD);
  /// Marks the fix-it of the last finding as unsafe (it may change
  /// behaviour; \p Why says how): a note at \p Loc starting with
  /// UnsafeFixNotePrefix. Call it right after the finding's builder is done.
  void markFixUnsafe(clang::SourceLocation Loc, llvm::StringRef Why);
  /// Whether the project builds with \p C: the global option
  /// CudaLint.Compilers when set (and valid), else the compile command's
  /// compiler (BuildCompilerFact), else clang.
  bool projectBuildsWith(CudaCompiler C);
  /// For a portability finding at \p Loc, code that \p RejectedBy rejects
  /// and the other compiler accepts: true when the project builds with
  /// \p RejectedBy, so that the caller reports it; otherwise false, and the
  /// line is recorded as accepted (AcceptedLine), which drops the clang error
  /// this rule owns there.
  bool portabilityApplies(CudaCompiler RejectedBy, clang::SourceLocation Loc);
  /// Records that the clang error this rule owns at \p Loc's line is already
  /// covered (the rule reports the same problem at another line, e.g. at the
  /// declaration of a variable clang complains about at each use): the driver
  /// drops it there (an AcceptedLine that is not a claim).
  void dropOwnedCompilerDiagnosticAt(clang::SourceLocation Loc);
  /// Records that a clang message owned by several rules belongs to rule
  /// \p RuleId at \p Loc's line (an AcceptedLine claim). Any check may claim
  /// for another rule: the one that sees the distinguishing context decides,
  /// whether or not \p RuleId itself is enabled.
  void claimOwnedCompilerDiagnosticAt(clang::SourceLocation Loc,
                                      llvm::StringRef RuleId);
  /// Whether \p Loc (its expansion) is in a system header.
  bool inSystemHeader(clang::SourceLocation Loc) const;
  /// Whether this translation unit is a device-side compilation; usable from
  /// registerMatchers on (clang-tidy sets the language options before it), so
  /// that a rule which only acts on one side registers no matcher on the
  /// other: a matcher costs its evaluation at every node of its kind, every
  /// template instantiation included.
  bool onDeviceSide() const { return getLangOpts().CUDAIsDevice; }

  /// The catalog entry of this check (nullptr for an id without docs page).
  const RuleInfo *Rule;
  /// The current translation unit's SourceManager, ASTContext and
  /// preprocessor (set before checkMatch).
  const clang::SourceManager *SM = nullptr;
  clang::ASTContext *Ctx = nullptr;
  clang::Preprocessor *PP = nullptr;

private:
  /// Joins this check to the shared matcher \p Key of \p Finder; returns
  /// the new shared matcher's callback for the caller to register when this
  /// check is the first to ask for \p Key, else nullptr.
  clang::ast_matchers::MatchFinder::MatchCallback *
  joinSharedMatch(clang::ast_matchers::MatchFinder *Finder, llvm::StringRef Key);

  llvm::DenseSet<const void *> Reported;
  clang::tidy::ClangTidyContext *TidyContext;
  /// The shared matchers this check receives matches from (kept alive while
  /// any of their checks lives), and whether it registered the matcher that
  /// makes the match finder call its start and end of translation unit.
  std::vector<std::shared_ptr<clang::ast_matchers::MatchFinder::MatchCallback>> SharedMatches;
  bool LifecycleRegistered = false;
};

/// Whether this AST is a device-side compilation (`-fcuda-is-device`).
bool isDeviceSide(const clang::ASTContext &Ctx);

/// The compute capability of this device-side compilation as a number (90 for
/// sm_90, 100 for sm_100a), or std::nullopt on the host side.
std::optional<unsigned> deviceArch(const clang::ASTContext &Ctx);

/// Parses "sm_90", "sm_90a", "compute_80" into 90/90/80; nullopt otherwise.
std::optional<unsigned> parseCudaArch(llvm::StringRef Arch);

/// Whether \p FD, or any of its redeclarations, is a `__global__` kernel.
bool isKernel(const clang::FunctionDecl *FD);

/// Whether \p FD runs on the device (`__device__`, `__global__`, or
/// `__host__ __device__`); implicit host-device (constexpr) functions count.
bool isDeviceFunction(const clang::FunctionDecl *FD);

/// The location in user code that \p Loc expands to.
clang::SourceLocation userLoc(const clang::SourceManager &SM,
                              clang::SourceLocation Loc);

/// \p D's name as diagnostics show it, with template arguments, unqualified
/// (a kernel `k<128>`, a variable template's specialization `lut<8192>`).
std::string nameForDiagnostic(const clang::NamedDecl *D, const clang::ASTContext &Ctx);

/// Whether \p Loc is inside the expansion of a macro whose name \p Named
/// accepts, at any level of the expansion (a macro used in another's body
/// counts), following at most 16 levels.
bool inMacroExpansion(const clang::SourceManager &SM, const clang::LangOptions &LO,
                      clang::SourceLocation Loc,
                      llvm::function_ref<bool(llvm::StringRef)> Named);

/// Matches a call whose direct callee is a function named one of \p Names
/// (unqualified identifiers, in any namespace): what
/// `callExpr(callee(functionDecl(hasAnyName(...))))` matches, in one test
/// instead of three nested matchers, as it runs at every call of the unit.
AST_MATCHER_P(clang::CallExpr, calleeNamedAnyOf, std::vector<llvm::StringRef>, Names) {
  const clang::FunctionDecl *FD = Node.getDirectCallee();
  return FD && FD->getIdentifier() && llvm::is_contained(Names, FD->getName());
}

/// A check option holding a list (clang-tidy's convention: separated by ';'
/// or ','), trimmed, empty items dropped.
std::vector<std::string> parseListOption(llvm::StringRef Value);

} // namespace cuda_lint

/// Defines the factory `create<Class>` that checks/Checks.def registers.
#define CUDA_LINT_DEFINE_CHECK_FACTORY(Class)                                  \
  std::unique_ptr<clang::tidy::ClangTidyCheck> create##Class(                   \
      llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {          \
    return std::make_unique<Class>(Name, Context);                             \
  }

#endif
