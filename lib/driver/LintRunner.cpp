#include "driver/LintRunner.h"
#include "driver/LintOverlay.h"
#include "driver/Fixes.h"
#include "Attributes.h"
#include "RuleCatalog.h"
#include "driver/CompatHeader.h"
#include "driver/Config.h"
#include "driver/NvccTolerance.h"
#include "driver/Preamble.h"
#include "analysis/SystemBodies.h"
#include "driver/SystemBodySkipping.h"
#include "ClangTidy.h"
#include "GlobList.h"
#include "NoLintDirectiveHandler.h"
#include "ClangTidyModule.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"
#include <map>
#include <mutex>
#include <set>
#include <tuple>

using namespace clang;
using namespace clang::tidy;

namespace cuda_lint {
namespace {

/// A compilation database that answers one command for the file it is asked
/// about: how each side is handed to clang-tidy's runner.
class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(tooling::CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Cmd};
  }

private:
  tooling::CompileCommand Cmd;
};

using FindingKey = std::tuple<std::string, std::string, unsigned, std::string>;

/// Set on this thread while clang-tidy makes a side's checks and match finder
/// (makeSideTidyConsumer).
thread_local bool MakingSideMatchFinder = false;

/// A side's options, with SystemHeaders reported on while clang-tidy makes the
/// side's match finder. Without it, clang-tidy has the match finder leave out
/// the nodes in system headers (MatchFinderOptions::IgnoreSystemHeaders) by
/// testing the expansion location of every declaration and statement it
/// visits: 5% of a side on ggml's binbcast.cu, for nothing. The side's
/// traversal scope holds only declarations outside system headers
/// (ProjectScopeConsumer, whenever SystemHeaders is off), whose nodes are
/// outside them too, except what a system header `#include`d inside a project
/// declaration (`extern "C" { #include <...> }`) declares; CudaCheck::check
/// drops every match that binds a node in a system header, and lintSide every
/// finding there (test/driver/system-headers.cu).
class SideOptionsProvider : public ClangTidyOptionsProvider {
public:
  explicit SideOptionsProvider(std::unique_ptr<ClangTidyOptionsProvider> Inner)
      : Inner(std::move(Inner)) {}
  const ClangTidyGlobalOptions &getGlobalOptions() override { return Inner->getGlobalOptions(); }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Sources = Inner->getRawOptions(FileName);
    if (MakingSideMatchFinder) {
      ClangTidyOptions Scope;
      Scope.SystemHeaders = true;
      Sources.emplace_back(std::move(Scope), "cuda-lint: the side's traversal scope");
    }
    return Sources;
  }

private:
  std::unique_ptr<ClangTidyOptionsProvider> Inner;
};

/// Makes clang-tidy's consumer for a side with SideOptionsProvider's
/// SystemHeaders, then gives \p Context the side's own options back.
std::unique_ptr<ASTConsumer> makeSideTidyConsumer(ClangTidyASTConsumerFactory &Factory,
                                                  ClangTidyContext &Context,
                                                  CompilerInstance &CI, llvm::StringRef InFile) {
  MakingSideMatchFinder = true;
  std::unique_ptr<ASTConsumer> Consumer = Factory.createASTConsumer(CI, InFile);
  MakingSideMatchFinder = false;
  Context.setCurrentFile(InFile);
  return Consumer;
}

FindingKey keyOf(const ClangTidyError &E) {
  return {E.DiagnosticName, E.Message.FilePath, E.Message.FileOffset,
          E.Message.Message};
}

std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(const LintSettings &Settings,
                    const ClangTidyOptions::OptionMap &FactOptions,
                    bool AllHeaders = false) {
  ClangTidyOptions Overrides = Settings.Overrides;
  // lintSide filters the headers itself (filterHeaderFindings): clang-tidy's
  // consumer then keeps every non-system header's findings.
  if (AllHeaders) {
    Overrides.HeaderFilterRegex = ".*";
    Overrides.ExcludeHeaderFilterRegex = "";
  }
  for (const auto &KV : FactOptions)
    Overrides.CheckOptions.insert_or_assign(KV.getKey(), KV.getValue());
  if (Settings.ExplicitConfig)
    return std::make_unique<SideOptionsProvider>(std::make_unique<ConfigOptionsProvider>(
        ClangTidyGlobalOptions(), Settings.Defaults, *Settings.ExplicitConfig, Overrides,
        llvm::vfs::getRealFileSystem()));
  return std::make_unique<SideOptionsProvider>(
      makeConfigFilesProvider(Settings.Defaults, Overrides));
}

/// CUDA_LINT_AUDIT_BODY_SKIPPING (test/driver/system-body-skipping.test):
/// prints auditBodySkipping's result for the side to stderr.
void printBodySkippingAudit(ASTContext &Ctx) {
  BodySkipAudit A = auditBodySkipping(Ctx);
  std::string Out = llvm::formatv("cuda-lint: body-skipping audit: {0} skippable bodies, "
                                  "{1} reaching the intrinsic table\n",
                                  A.Skippable, A.Violations.size())
                        .str();
  for (const std::string &V : A.Violations)
    Out += "cuda-lint: body-skipping audit: reaches the intrinsic table: " + V + "\n";
  llvm::errs() << Out;
}

/// Limits the checks' AST traversal to the project's own top-level
/// declarations: those not in system headers (the CUDA toolkit, CCCL, the C++
/// library, clang's CUDA wrapper; `-isystem` directories). Findings there are
/// never reported without --system-headers, yet matching them and building
/// the parent map over them (the launch analyses ask for parents) cost about
/// 50 MB and a share of the time per side. Template instantiations stay
/// reachable under the project's templates; clangd narrows its traversal
/// scope the same way (to the main file's declarations). It also decides the
/// function bodies the parser skips (SystemBodySkippingConsumer).
class ProjectScopeConsumer : public SystemBodySkippingConsumer {
public:
  ProjectScopeConsumer(std::unique_ptr<ASTConsumer> Inner, const SourceManager &SM,
                       bool DeviceBodies, DeviceBodyOutcome *Outcome)
      : SystemBodySkippingConsumer(std::move(Inner), SM, DeviceBodies, /*SystemBodies=*/true,
                                   Outcome),
        SM(SM) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        Own.push_back(D);
    return MultiplexConsumer::HandleTopLevelDecl(Group);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (std::getenv("CUDA_LINT_AUDIT_BODY_SKIPPING"))
      printBodySkippingAudit(Ctx);
    Ctx.setTraversalScope(Own);
    MultiplexConsumer::HandleTranslationUnit(Ctx);
  }

private:
  const SourceManager &SM;
  std::vector<Decl *> Own;
};

/// A clang diagnostic a rule owns: front matter `clang-diagnostics:` (owned
/// everywhere) or `clang-diagnostics-at-finding:` (AtFindingOnly: owned only
/// where the rule reports on the same line).
struct OwnedPattern {
  const RuleInfo *Rule;
  llvm::Regex Pattern;
  bool AtFindingOnly;
  /// `clang-diagnostics-where-claimed:`: the rule's only at claimed lines.
  bool WhereClaimedOnly = false;
};

/// The catalog's owned compiler diagnostics.
const std::vector<OwnedPattern> &ownedDiagnosticPatterns() {
  static const auto *Patterns = [] {
    auto *P = new std::vector<OwnedPattern>();
    for (const RuleInfo &R : allRules()) {
      for (const std::string &D : R.ClangDiagnostics)
        P->push_back({&R, llvm::Regex(D), false});
      for (const std::string &D : R.ClangDiagnosticsAtFinding)
        P->push_back({&R, llvm::Regex(D), true});
      for (const std::string &D : R.ClangDiagnosticsWhereClaimed)
        P->push_back({&R, llvm::Regex(D), false, true});
    }
    return P;
  }();
  return *Patterns;
}

/// Whether \p Info says a declaration is unused or unneeded (-Wunused-function,
/// -Wunused-variable, -Wunused-const-variable, -Wunneeded-internal-declaration,
/// -Wunused-member-function, -Wunused-template, -Wunused-private-field). On a
/// host side that skipped device bodies (AnalysisSide::SkipsDeviceBodies) the
/// uses in those bodies are not seen: a `static __host__ __device__` helper,
/// a constant or a private field that only device code uses would be called
/// unused. The device sides parse every body, host code included, and give
/// the warning where it holds; what only the host side declares (under
/// `#ifndef __CUDA_ARCH__`) goes unwarned in such a unit.
bool unusedInSkippedBodies(const Diagnostic &Info) {
  switch (Info.getID()) {
  case diag::warn_unused_function:
  case diag::warn_unused_variable:
  case diag::warn_unused_const_variable:
  case diag::warn_unneeded_internal_decl:
  case diag::warn_unneeded_static_internal_decl:
  case diag::warn_unneeded_member_function:
  case diag::warn_unused_member_function:
  case diag::warn_unused_template:
  case diag::warn_unused_private_field:
    return true;
  default:
    return false;
  }
}

/// Applies a rule's NOLINT to the clang errors that rule owns (the compiler
/// diagnostics relabelled under its id, cuda-shared-initializer's
/// "initialization is not supported for __shared__ variables"), with
/// clang-tidy's own NOLINT handler and the rule's name; everything else goes
/// to clang-tidy's consumer unchanged. clang-tidy never suppresses a compiler
/// error, so without this `// NOLINT(cuda-shared-initializer)` silenced the
/// rule's finding but not clang's error on the same line.
class OwnedNoLintConsumer : public DiagnosticConsumer {
public:
  OwnedNoLintConsumer(ClangTidyDiagnosticConsumer &Inner, ClangTidyContext &Context,
                      NvccTolerance *Asm)
      : Inner(Inner), Context(Context), Asm(Asm) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Inner.EndSourceFile(); }
  void finish() override { Inner.finish(); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (Level == DiagnosticsEngine::Fatal)
      SawFatal = true;
    if (Level == DiagnosticsEngine::Note) {
      if (DroppingNotes)
        return; // the notes of a suppressed error go with it
    } else {
      // An asm escape nvcc accepts: decided again once the unit is parsed.
      DroppingNotes = (Asm && Asm->holdBack(Level, Info)) ||
                      (DeviceBodies.Skipped && unusedInSkippedBodies(Info)) ||
                      (Level >= DiagnosticsEngine::Error && suppressed(Info));
      if (DroppingNotes)
        return;
    }
    DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts
    recordFixedContents(Info);
    Inner.HandleDiagnostic(Level, Info);
  }

private:
  /// The buffers a fix-it edits, as this side analysed them: --fix refuses
  /// to apply offsets into a file that has changed since (Fixes.h).
  void recordFixedContents(const Diagnostic &Info) {
    if (Info.getFixItHints().empty() || !Info.hasSourceManager())
      return;
    const SourceManager &SM = Info.getSourceManager();
    for (const FixItHint &H : Info.getFixItHints()) {
      SourceLocation L = H.RemoveRange.getBegin();
      if (L.isInvalid())
        continue;
      FileID FID = SM.getFileID(SM.getFileLoc(L));
      if (!Recorded.insert(FID).second)
        continue;
      OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
      if (!FE)
        continue;
      llvm::StringRef Real = FE->getFileEntry().tryGetRealPathName();
      recordAnalysedContent(Real.empty() ? FE->getName() : Real, SM.getBufferData(FID));
    }
  }

  llvm::DenseSet<FileID> Recorded;

  bool suppressed(const Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return false;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    // A message several rules own (one of them where claimed) is not yet
    // attributed here: the NOLINT of any of its enabled owners suppresses it.
    for (const OwnedPattern &P : ownedDiagnosticPatterns()) {
      const RuleInfo *Rule = P.Rule;
      if (!P.Pattern.match(Message) || !Context.isCheckEnabled(Rule->Id))
        continue;
      llvm::SmallVector<tooling::Diagnostic, 0> NoLintErrors; // Inner reports those
      // Asked as a warning: the handler never suppresses an error.
      if (NoLint.shouldSuppress(DiagnosticsEngine::Warning, Info, Rule->Id, NoLintErrors,
                                /*AllowIO=*/true, /*EnableNoLintBlocks=*/true))
        return true;
    }
    return false;
  }

  ClangTidyDiagnosticConsumer &Inner;
  ClangTidyContext &Context;
  NvccTolerance *Asm; ///< on the sides of nvcc commands
  NoLintDirectiveHandler NoLint;
  bool DroppingNotes = false;

public:
  /// Whether the side hit a fatal error (a header not found, too many
  /// errors): the rest of the unit was not parsed.
  bool SawFatal = false;
  /// What the host side's skipping of device bodies did
  /// (AnalysisSide::SkipsDeviceBodies; filled in by the consumer that skips,
  /// before the end of the unit, where clang gives its unused-declaration
  /// warnings: those are dropped once a body was skipped, unusedInSkippedBodies).
  SystemBodySkippingConsumer::DeviceBodyOutcome DeviceBodies;
};

/// The file system a side reads, minus FIFOs and sockets: opening one blocks
/// until something writes to it, and a repository or a compile database can
/// name one as a header or a forced include (`#include "fifo.h"` held the side
/// until --timeout). clang reports such a file as one it cannot open. Devices
/// need no such care: clang reads a character device's stat size, 0 bytes.
class NoFifoFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> St = getUnderlyingFS().status(Path);
    if (St && (St->getType() == llvm::sys::fs::file_type::fifo_file ||
               St->getType() == llvm::sys::fs::file_type::socket_file))
      return std::make_error_code(std::errc::operation_not_supported);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

/// The warnings of clang's flow analyses at the end of every function body
/// (clang's AnalysisBasedWarnings: a CFG per function, and the uninitialized-
/// values, fall-off-the-end and infinite-recursion analyses on it, again for
/// every template instantiation), and -Wsign-compare, whose warnings wait for
/// that CFG to tell whether they are reachable. Commands ask for them (-Wall,
/// -Wextra; -Wreturn-type is on by default), but cuda-lint's output drops
/// them (a compiler warning is reported only as an enabled
/// `clang-diagnostic-<flag>` check) and no rule owns one: the side does not
/// compute them. Each one stays where it is reported: its `clang-diagnostic-`
/// name enabled, the warning mapped to an error (`-Werror=<flag>`), or all
/// warnings errors (`-Werror`). On a ggml MMQ unit (-Wall -Wextra) they were
/// 3.7% of the instructions.
constexpr unsigned UnreportedFlowWarnings[] = {
    diag::warn_falloff_nonvoid,           diag::warn_noreturn_has_return_expr,
    diag::warn_noreturn_coroutine,        diag::warn_suggest_noreturn_function,
    diag::warn_suggest_noreturn_block,    diag::warn_uninit_var,
    diag::warn_sometimes_uninit_var,      diag::warn_maybe_uninit_var,
    diag::warn_uninit_const_reference,    diag::warn_uninit_const_pointer,
    diag::warn_uninit_byref_blockvar_captured_by_block,
    diag::warn_infinite_recursive_function,
    // Emitted only where reachable, which takes the function's CFG: in a
    // template, for every instantiation that compares (2,410 times on an MMQ
    // unit with -Wextra).
    diag::warn_mixed_sign_comparison,
    // The comparisons the CFG builder proves always true or false (its
    // LogicalErrorHandler; -Wtautological-overlap-compare,
    // -Wtautological-bitwise-compare, -Wtautological-negation-compare, all in
    // -Wall): while the first, third or fourth is on, clang builds a CFG for
    // every function body, every template instantiation included, only to
    // look for them (1,972 CFGs, 2.4% of the instructions of a ggml MMQ unit).
    // Each flag holds one of those three, so one reported keeps the CFG.
    diag::warn_tautological_overlap_comparison, diag::warn_comparison_bitwise_always,
    diag::warn_comparison_bitwise_or, diag::warn_tautological_negation_and_compare,
    diag::warn_tautological_negation_or_compare};

void ignoreUnreportedFlowWarnings(DiagnosticsEngine &Diags, ClangTidyContext &Context) {
  if (Diags.getWarningsAsErrors())
    return;
  for (unsigned ID : UnreportedFlowWarnings) {
    llvm::StringRef Flag = Diags.getDiagnosticIDs()->getWarningOptionForDiag(ID);
    if (Flag.empty() || Context.isCheckEnabled(("clang-diagnostic-" + Flag).str()) ||
        Diags.getDiagnosticLevel(ID, SourceLocation()) >= DiagnosticsEngine::Error)
      continue;
    Diags.setSeverity(ID, diag::Severity::Ignored, SourceLocation());
  }
}

/// Runs the enabled checks on one side: clang-tidy's runner (runClangTidy),
/// minus its "Error while processing" message on stderr: compiler errors are
/// findings here, printed with the rest. \p Nvcc: the side of an nvcc
/// command, which gets the tolerances of NvccTolerance.h. \p SkipsDeviceBodies:
/// AnalysisSide::SkipsDeviceBodies; \p ManagedAfterSkipping is set when a
/// `__managed__` variable followed a skipped device body (the side is to be
/// run again without skipping them).
std::vector<ClangTidyError> runChecksOnSide(ClangTidyContext &Context,
                                            const tooling::CompilationDatabase &DB,
                                            const std::string &File, bool Nvcc,
                                            bool SkipsDeviceBodies,
                                            const std::string &PreambleDir,
                                            bool PreambleOnFirstSide,
                                            std::vector<InputDigest> &Inputs,
                                            std::string &PreambleUse,
                                            bool &StoppedAtFatalError,
                                            llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay,
                                            std::vector<NvccTolerance::KeywordPlace> &MissingKeywords,
                                            bool &ManagedAfterSkipping) {
  // A file system of its own: ClangTool moves its working directory to the
  // command's directory, and the process-wide real file system would move the
  // working directory of every thread (and of relative paths in the output).
  // Files that are not what is on disk (LintOverlay.h): no preamble of the
  // unit's own lines is built from them or used with them.
  const bool Rewritten = static_cast<bool>(Overlay);
  auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::makeIntrusiveRefCnt<NoFifoFileSystem>(llvm::vfs::createPhysicalFileSystem()));
  // cuda-lint's compatibility header (CompatHeader.h) lives only here.
  BaseFS->pushOverlay(compatHeaderFileSystem());
  if (Overlay)
    BaseFS->pushOverlay(std::move(Overlay));
  tooling::ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(),
                          BaseFS);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());

  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                           /*RemoveIncompatibleErrors=*/true,
                                           /*GetFixesFromNotes=*/false);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  // Rule findings reach clang-tidy as warnings (CudaCheck::report), so that
  // NOLINT and the header filter apply to them; error rules become errors
  // through the cuda module's default WarningsAsErrors.
  NvccTolerance Tolerance;
  OwnedNoLintConsumer Filter(DiagConsumer, Context, Nvcc ? &Tolerance : nullptr);
  DiagnosticsEngine DE(DiagnosticIDs::create(), *DiagOpts, &Filter,
                       /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  Tool.setDiagnosticConsumer(&Filter);

  class Action : public ASTFrontendAction {
  public:
    /// \p DeviceBodies: the side may skip device bodies
    /// (AnalysisSide::SkipsDeviceBodies; not with CUDA_LINT_NO_BODY_SKIPPING or
    /// CUDA_LINT_NO_DEVICE_BODY_SKIPPING); \p Outcome says what it did.
    /// \p Leading: what the side is to record of its leading includes
    /// (Preamble.h).
    Action(ClangTidyASTConsumerFactory *Factory, ClangTidyContext &Context,
           NvccTolerance *Asm, std::vector<InputDigest> &Inputs, bool DeviceBodies,
           SystemBodySkippingConsumer::DeviceBodyOutcome &Outcome,
           const LeadingIncludes &Leading)
        : Factory(Factory), Context(Context), Asm(Asm), Inputs(Inputs),
          DeviceBodies(DeviceBodies), Outcome(Outcome), Leading(Leading) {}

    /// Every file whose content the side read, with its hash (the result
    /// cache's record), except the in-memory compatibility headers.
    void EndSourceFileAction() override {
      // Inputs may already hold what a shared preamble read (Preamble.h);
      // the headers this side loaded from it are listed once.
      llvm::StringSet<> Seen;
      for (const InputDigest &I : Inputs)
        Seen.insert(I.Path);
      forEachLoadedInput(getCompilerInstance().getSourceManager(),
                         [&](llvm::StringRef Path, llvm::StringRef Opened,
                             llvm::StringRef Data) {
                           if (Seen.insert(Path).second)
                             Inputs.push_back({Path.str(), contentHash(Data), Opened.str()});
                         });
      llvm::sort(Inputs, [](const InputDigest &A, const InputDigest &B) { return A.Path < B.Path; });
    }
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   llvm::StringRef InFile) override {
      // What the checks append to the predefines (installCudaAttributeCompat
      // redefines __cluster_dims__ and __launch_bounds__ after the forced
      // includes), kept for ExecuteAction.
      if (!Leading.RecordTo.empty())
        CI.getPreprocessor().addPPCallbacks(
            recordLeadingIncludes(CI.getPreprocessor(), Leading));
      std::string Before = CI.getPreprocessor().getPredefines();
      auto Checks = makeSideTidyConsumer(*Factory, Context, CI, InFile);
      llvm::StringRef After = CI.getPreprocessor().getPredefines();
      if (After.starts_with(Before))
        AddedPredefines = After.drop_front(Before.size()).str();
      bool Device = DeviceBodies && deviceBodySkipping();
      std::unique_ptr<SystemBodySkippingConsumer> Skipping;
      if (!Context.getOptions().SystemHeaders.value_or(false)) {
        Skipping = std::make_unique<ProjectScopeConsumer>(std::move(Checks), CI.getSourceManager(),
                                                          Device, &Outcome);
        // Only under ProjectScopeConsumer, which decides per function:
        // without it every body would be skipped.
        CI.getFrontendOpts().SkipFunctionBodies = systemBodySkipping();
      } else if (Device) {
        // --system-headers: every system body is parsed (its findings are
        // reported); device bodies are still the device sides'.
        Skipping = std::make_unique<SystemBodySkippingConsumer>(
            std::move(Checks), CI.getSourceManager(), /*DeviceBodies=*/true,
            /*SystemBodies=*/false, &Outcome);
        CI.getFrontendOpts().SkipFunctionBodies = true;
      }
      if (Skipping) {
        if (Device && Leading.DeviceBodiesSkipped)
          Skipping->deviceBodiesSkippedInPreamble(CI.getASTContext());
        if (Device)
          CI.getPreprocessor().addPPCallbacks(
              Skipping->watchManagedVariables(CI.getPreprocessor()));
        Checks = std::move(Skipping);
      }
      if (!Asm)
        return Checks;
      // The held-back asm errors are decided before the checks run.
      std::vector<std::unique_ptr<ASTConsumer>> Both;
      Both.push_back(Asm->makeConsumer(CI));
      Both.push_back(std::move(Checks));
      return std::make_unique<MultiplexConsumer>(std::move(Both));
    }

    /// A shared preamble (Preamble.h) is loaded after the consumer is made,
    /// and clang then replaces the predefines with what the PCH does not
    /// hold (the unit's own -include lines): the checks' additions are put
    /// back after those, where they are without a preamble too.
    void ExecuteAction() override {
      Preprocessor &PP = getCompilerInstance().getPreprocessor();
      if (!AddedPredefines.empty() && !llvm::StringRef(PP.getPredefines()).ends_with(AddedPredefines))
        PP.setPredefines(PP.getPredefines() + AddedPredefines);
      // After the shared preamble's diagnostic state is loaded.
      ignoreUnreportedFlowWarnings(getCompilerInstance().getDiagnostics(), Context);
      ASTFrontendAction::ExecuteAction();
    }

  private:
    ClangTidyASTConsumerFactory *Factory;
    ClangTidyContext &Context;
    NvccTolerance *Asm;
    std::vector<InputDigest> &Inputs;
    bool DeviceBodies;
    SystemBodySkippingConsumer::DeviceBodyOutcome &Outcome;
    const LeadingIncludes &Leading;
    std::string AddedPredefines;
  };
  class ActionFactory : public tooling::FrontendActionFactory {
  public:
    ActionFactory(ClangTidyContext &Context,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                  NvccTolerance *Asm, std::vector<InputDigest> &Inputs,
                  const std::string &File, bool DeviceBodies,
                  SystemBodySkippingConsumer::DeviceBodyOutcome &Outcome,
                  const std::string &PreambleDir, bool PreambleOnFirstSide,
                  std::string &PreambleUse, bool Rewritten)
        : Context(Context), ConsumerFactory(Context, std::move(FS)), Asm(Asm),
          Inputs(Inputs), File(File), DeviceBodies(DeviceBodies),
          Outcome(Outcome), PreambleDir(PreambleDir),
          PreambleOnFirstSide(PreambleOnFirstSide), PreambleUse(PreambleUse),
          Rewritten(Rewritten) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<Action>(&ConsumerFactory, Context, Asm, Inputs, DeviceBodies,
                                      Outcome, Leading);
    }
    bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                       FileManager *Files,
                       std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                       DiagnosticConsumer *DiagConsumer) override {
      // No "N errors generated" lines: the findings are printed by us.
      Invocation->getDiagnosticOpts().ShowCarets = false;
      withoutSideEffects(*Invocation);
      withBoundedNesting(*Invocation);
      // The shared preamble (Preamble.h). Not with --system-headers: the
      // checks would not see the preprocessor events of its headers.
      // (The unit's options: .cuda-lint.yaml can ask for system headers too.)
      // "used; leading includes used": the side's leading includes too.
      if (!PreambleDir.empty()) {
        // A preamble of the unit's leading lines is parsed as this side
        // parses them (Preamble.h); not on the files the nvcc tolerance
        // rewrote, which are not what is on disk.
        Leading.SkipsDeviceBodies = DeviceBodies && deviceBodySkipping();
        Leading.CheckPredefines.clear();
        if (llvm::any_of(allRules(),
                         [&](const RuleInfo &R) { return Context.isCheckEnabled(R.Id); }))
          Leading.CheckPredefines = cudaAttributeCompatPredefines().str();
        PreambleUse =
            Context.getOptionsForFile(File).SystemHeaders.value_or(false)
                ? PreambleOutcome{PreambleOutcome::Cold, "--system-headers"}.str()
                : applySharedPreamble(*Invocation, Files->getVirtualFileSystemPtr(),
                                      PreambleDir, PCHContainerOps, Inputs,
                                      PreambleOnFirstSide, Rewritten ? nullptr : &Leading)
                      .str();
        if (!Leading.Outcome.empty())
          PreambleUse += "; leading includes " + Leading.Outcome;
      }
      return FrontendActionFactory::runInvocation(Invocation, Files, PCHContainerOps,
                                                  DiagConsumer);
    }

  private:
    ClangTidyContext &Context;
    ClangTidyASTConsumerFactory ConsumerFactory;
    NvccTolerance *Asm;
    std::vector<InputDigest> &Inputs;
    const std::string &File;
    bool DeviceBodies;
    SystemBodySkippingConsumer::DeviceBodyOutcome &Outcome;
    const std::string &PreambleDir;
    bool PreambleOnFirstSide;
    std::string &PreambleUse;
    bool Rewritten; ///< the side reads files the nvcc tolerance rewrote
    LeadingIncludes Leading;
  };
  ActionFactory Factory(Context, BaseFS, Nvcc ? &Tolerance : nullptr, Inputs, File,
                        SkipsDeviceBodies, Filter.DeviceBodies, PreambleDir,
                        PreambleOnFirstSide, PreambleUse, Rewritten);
  Tool.run(&Factory);
  StoppedAtFatalError = Filter.SawFatal;
  ManagedAfterSkipping = Filter.DeviceBodies.ManagedAfterSkipped;
  // Parsed again with the keyword written in only when nothing else failed:
  // where nvcc rejects a missing `typename` or `template`, clang reports
  // another error too.
  MissingKeywords.clear();
  if (Tolerance.otherErrors() == 0)
    MissingKeywords = Tolerance.missingKeywords();
  return DiagConsumer.take();
}

/// The line of \p E's main location, computed from the file's text (the
/// SourceManager of the side is gone by now).
unsigned lineOf(const ClangTidyError &E, llvm::StringMap<std::string> &Cache) {
  auto It = Cache.find(E.Message.FilePath);
  if (It == Cache.end()) {
    auto Buf = llvm::MemoryBuffer::getFile(E.Message.FilePath);
    It = Cache.insert({E.Message.FilePath, Buf ? (*Buf)->getBuffer().str() : ""}).first;
  }
  llvm::StringRef Text = It->second;
  return 1 + Text.take_front(E.Message.FileOffset).count('\n');
}

/// \p Path without `.` and `..` components, when that names the same file
/// (a `..` after a symbolic link would not); otherwise \p Path unchanged.
/// A relative \p Path is taken from \p Directory (the compile command's).
std::string normalizedPath(llvm::StringRef Path, llvm::StringRef Directory,
                           llvm::StringMap<std::string> &Cache) {
  if (Path.empty())
    return std::string(Path);
  llvm::SmallString<256> Abs(Path);
  if (!llvm::sys::path::is_absolute(Abs) && !Directory.empty()) {
    Abs = Directory;
    llvm::sys::path::append(Abs, Path);
  }
  auto It = Cache.find(Abs);
  if (It != Cache.end())
    return It->second;
  llvm::SmallString<256> Clean(Abs);
  llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
  std::string Result(Abs);
  if (Clean != Abs && llvm::sys::fs::equivalent(Abs, Clean))
    Result = std::string(Clean);
  Cache[Abs] = Result;
  return Result;
}

void normalizeMessagePaths(tooling::DiagnosticMessage &M, llvm::StringRef Directory,
                           llvm::StringMap<std::string> &Cache) {
  M.FilePath = normalizedPath(M.FilePath, Directory, Cache);
  for (tooling::FileByteRange &R : M.Ranges)
    R.FilePath = normalizedPath(R.FilePath, Directory, Cache);
  if (M.Fix.empty())
    return;
  llvm::StringMap<tooling::Replacements> Fixed;
  for (auto &Entry : M.Fix) {
    std::string File = normalizedPath(Entry.getKey(), Directory, Cache);
    tooling::Replacements &Into = Fixed[File];
    for (const tooling::Replacement &R : Entry.getValue())
      llvm::consumeError(Into.add(
          tooling::Replacement(File, R.getOffset(), R.getLength(), R.getReplacementText())));
  }
  M.Fix = std::move(Fixed);
}

/// The source text from \p E's main location to the end of its line.
llvm::StringRef textFrom(const ClangTidyError &E, llvm::StringMap<std::string> &Cache) {
  lineOf(E, Cache); // loads the file
  llvm::StringRef Text = Cache[E.Message.FilePath];
  return Text.substr(std::min<size_t>(E.Message.FileOffset, Text.size()))
      .take_until([](char C) { return C == '\n'; });
}

/// Whether nvcc rejects the code behind \p E, an owned diagnostic of \p Rule
/// (front matter `nvcc-rejects:`).
bool nvccRejects(const RuleInfo &Rule, const ClangTidyError &E,
                 llvm::StringMap<std::string> &Cache) {
  llvm::StringRef At = textFrom(E, Cache);
  return llvm::any_of(Rule.NvccRejects,
                      [&](const std::string &R) { return llvm::Regex(R).match(At); });
}

} // namespace

void withBoundedNesting(CompilerInvocation &CI) {
  LangOptions &LO = CI.getLangOpts();
  LO.BracketDepth = std::min<unsigned>(LO.BracketDepth, MaxBracketDepth);
  LO.InstantiationDepth = std::min<unsigned>(LO.InstantiationDepth, MaxInstantiationDepth);
  LO.ConstexprCallDepth = std::min<unsigned>(LO.ConstexprCallDepth, MaxConstexprCallDepth);
}

void withoutSideEffects(CompilerInvocation &CI) {
  CI.getDependencyOutputOpts() = DependencyOutputOptions();
  DiagnosticOptions &Diag = CI.getDiagnosticOpts();
  Diag.DiagnosticLogFile.clear();
  Diag.DiagnosticSerializationFile.clear();
  FrontendOptions &FE = CI.getFrontendOpts();
  FE.OutputFile.clear();
  FE.StatsFile.clear();
  FE.TimeTracePath.clear();
  FE.ModuleOutputPath.clear();
  FE.Plugins.clear();
  FE.AddPluginActions.clear();
  FE.PluginArgs.clear();
  FE.ActionName.clear();
  FE.LLVMArgs.clear();
  FE.ModuleFiles.clear();
  FE.ASTMergeFiles.clear();
  FE.OverrideRecordLayoutsFile.clear();
  HeaderSearchOptions &HS = CI.getHeaderSearchOpts();
  HS.ModuleCachePath.clear();
  HS.PrebuiltModuleFiles.clear();
  HS.PrebuiltModulePaths.clear();
  HS.VFSOverlayFiles.clear();
  LangOptions &LO = CI.getLangOpts();
  LO.ImplicitModules = false;
  // Lists read when the AST context is made (ignorelists and the like):
  // meaningless for an analysis, and files a database should not make us read.
  LO.NoSanitizeFiles.clear();
  LO.XRayAlwaysInstrumentFiles.clear();
  LO.XRayNeverInstrumentFiles.clear();
  LO.XRayAttrListFiles.clear();
  LO.ProfileListFiles.clear();
  PreprocessorOptions &PP = CI.getPreprocessorOpts();
  PP.ImplicitPCHInclude.clear();
  PP.ChainedIncludes.clear();
}

namespace {
/// The process-wide cache of normalizedPath, with its lock.
std::mutex NormalizedPathMutex;
llvm::StringMap<std::string> NormalizedPathCache;
} // namespace

void normalizeDiagnosticPaths(ClangTidyError &E, llvm::StringRef Directory) {
  std::lock_guard<std::mutex> L(NormalizedPathMutex);
  normalizeMessagePaths(E.Message, Directory, NormalizedPathCache);
  for (tooling::DiagnosticMessage &Note : E.Notes)
    normalizeMessagePaths(Note, Directory, NormalizedPathCache);
}

/// \p Path as normalizeDiagnosticPaths writes a diagnostic's file.
static std::string normalizeFilePath(llvm::StringRef Path, llvm::StringRef Directory) {
  std::lock_guard<std::mutex> L(NormalizedPathMutex);
  return normalizedPath(Path, Directory, NormalizedPathCache);
}

void relabelOwnedCompilerDiagnostics(
    std::vector<Finding> &Findings,
    const std::function<bool(llvm::StringRef)> &RuleEnabled, bool Nvcc,
    const std::vector<AcceptedLine> &Accepted) {
  const auto &Patterns = ownedDiagnosticPatterns();
  if (Patterns.empty())
    return;
  llvm::StringMap<std::string> TextCache;
  std::vector<bool> Drop(Findings.size(), false);
  for (size_t I = 0; I < Findings.size(); ++I) {
    Finding &F = Findings[I];
    if (!F.isCompilerDiagnostic())
      continue;
    // The rules owning this message; where several do, a claim at the line
    // (AcceptedLine::Claim) picks one, else the one owning it everywhere.
    llvm::SmallVector<const OwnedPattern *, 2> Owners;
    for (const OwnedPattern &P : Patterns)
      if (P.Pattern.match(F.Error.Message.Message))
        Owners.push_back(&P);
    if (Owners.empty())
      continue;
    unsigned Line = lineOf(F.Error, TextCache);
    auto ClaimedFor = [&](const RuleInfo *R) {
      return llvm::any_of(Accepted, [&](const AcceptedLine &A) {
        return A.Claim && A.RuleId == R->Id && A.Line == Line &&
               A.File == F.Error.Message.FilePath;
      });
    };
    const OwnedPattern *Chosen = nullptr;
    for (const OwnedPattern *P : Owners)
      if (ClaimedFor(P->Rule)) {
        Chosen = P;
        break;
      }
    // Else a rule owning it at its findings that reports (or covers) this
    // line: several WMMA rules own clang's "implicit instantiation of
    // undefined template 'nvcuda::wmma::fragment<...>'", each where it reports.
    auto ReportsHere = [&](const RuleInfo *R) {
      return llvm::any_of(Findings, [&](const Finding &Other) {
               return Other.Error.DiagnosticName == R->Id &&
                      Other.Error.Message.FilePath == F.Error.Message.FilePath &&
                      lineOf(Other.Error, TextCache) == Line;
             }) ||
             llvm::any_of(Accepted, [&](const AcceptedLine &A) {
               return !A.Claim && A.RuleId == R->Id && A.Line == Line &&
                      A.File == F.Error.Message.FilePath;
             });
    };
    if (!Chosen)
      for (const OwnedPattern *P : Owners)
        if (P->AtFindingOnly && ReportsHere(P->Rule)) {
          Chosen = P;
          break;
        }
    // Else the one owning it everywhere, else the first at-finding owner
    // (which keeps clang's error as it is).
    if (!Chosen)
      for (const OwnedPattern *P : Owners)
        if (!P->WhereClaimedOnly && !P->AtFindingOnly) {
          Chosen = P;
          break;
        }
    if (!Chosen)
      for (const OwnedPattern *P : Owners)
        if (!P->WhereClaimedOnly) {
          Chosen = P;
          break;
        }
    if (!Chosen)
      continue;
    {
      const RuleInfo *Rule = Chosen->Rule;
      bool AtFindingOnly = Chosen->AtFindingOnly;
      bool Reported = llvm::any_of(Findings, [&](const Finding &Other) {
        return Other.Error.DiagnosticName == Rule->Id &&
               Other.Error.Message.FilePath == F.Error.Message.FilePath &&
               lineOf(Other.Error, TextCache) == Line;
      });
      // Correct code for the compiler the project builds with, or a line
      // the rule covers with a finding at another line.
      bool Covered = llvm::any_of(Accepted, [&](const AcceptedLine &A) {
        return !A.Claim && A.RuleId == Rule->Id && A.Line == Line &&
               A.File == F.Error.Message.FilePath;
      });
      // A generic message is the rule's only where the rule reports it (or
      // covers it).
      if (AtFindingOnly) {
        if (Reported || Covered)
          Drop[I] = true;
        continue;
      }
      // A disabled rule's error on an nvcc command stays only where nvcc
      // rejects the code too.
      if (!RuleEnabled(Rule->Id) && Nvcc && !nvccRejects(*Rule, F.Error, TextCache))
        Reported = true;
      if (Covered)
        Reported = true;
      if (Reported) {
        Drop[I] = true;
      } else {
        F.Error.DiagnosticName = Rule->Id.str();
        F.Error.DiagLevel = diagnosticLevel(Rule->Sev) == DiagnosticIDs::Error
                                ? tooling::Diagnostic::Error
                                : tooling::Diagnostic::Warning;
      }
    }
  }
  size_t Out = 0;
  for (size_t I = 0; I < Findings.size(); ++I) {
    if (Drop[I])
      continue;
    // Never move an element onto itself: that empties its strings.
    if (Out != I)
      Findings[Out] = std::move(Findings[I]);
    ++Out;
  }
  Findings.erase(Findings.begin() + Out, Findings.end());
}

ClangTidyOptions optionsForFile(const LintSettings &Settings, llvm::StringRef File) {
  return makeOptionsProvider(Settings, {})->getOptions(File);
}

std::string contentHash(llvm::StringRef Content) {
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Content));
  return llvm::formatv("{0:x-16}{1:x-16}", H.high64, H.low64).str();
}

std::vector<std::string> headerFilterForms(llvm::StringRef Path,
                                           llvm::ArrayRef<std::string> Roots) {
  std::vector<std::string> Forms{Path.str()};
  for (const std::string &Root : Roots) {
    llvm::StringRef R = llvm::StringRef(Root).rtrim('/');
    if (R.empty() || !Path.starts_with(R) || Path.size() <= R.size() + 1 ||
        Path[R.size()] != '/')
      continue;
    std::string Rel = Path.drop_front(R.size() + 1).str();
    if (!llvm::is_contained(Forms, Rel))
      Forms.push_back(std::move(Rel));
  }
  return Forms;
}

namespace {

/// Applies the header filter of \p Options to the errors of a side whose
/// clang-tidy consumer kept every non-system header (HeaderFilterRegex
/// ".*"), with clang-tidy's rule: an error is kept when its location or one
/// of its notes is in the main file \p MainFile, has no file, or is in a
/// header that HeaderFilterRegex matches and ExcludeHeaderFilterRegex does
/// not, each tried on every form headerFilterForms gives (the absolute path,
/// and the path relative to each project root in \p Roots).
void filterHeaderFindings(std::vector<ClangTidyError> &Errors, llvm::StringRef MainFile,
                          const ClangTidyOptions &Options,
                          llvm::ArrayRef<std::string> Roots) {
  // clang-tidy's reading: an empty HeaderFilterRegex matches no header.
  std::string HeaderText = Options.HeaderFilterRegex.value_or("");
  llvm::Regex Header(HeaderText);
  std::optional<llvm::Regex> Exclude;
  if (Options.ExcludeHeaderFilterRegex && !Options.ExcludeHeaderFilterRegex->empty())
    Exclude.emplace(*Options.ExcludeHeaderFilterRegex);
  llvm::StringMap<bool> Passes;
  auto UserCode = [&](llvm::StringRef Path) {
    if (Path.empty() || Path == MainFile)
      return true;
    auto [It, New] = Passes.try_emplace(Path, false);
    if (New) {
      std::vector<std::string> Forms = headerFilterForms(Path, Roots);
      auto Any = [&](llvm::Regex &R) {
        return llvm::any_of(Forms, [&](const std::string &F) { return R.match(F); });
      };
      It->second = !HeaderText.empty() && Any(Header) && !(Exclude && Any(*Exclude));
    }
    return It->second;
  };
  llvm::erase_if(Errors, [&](const ClangTidyError &E) {
    if (E.DiagnosticName == "clang-tidy-config" || UserCode(E.Message.FilePath))
      return false;
    return llvm::none_of(E.Notes, [&](const tooling::DiagnosticMessage &N) {
      return UserCode(N.FilePath);
    });
  });
}

/// The files of a side rewritten with `typename ` or `template ` where nvcc
/// accepts the keyword missing (NvccTolerance.h: clang 22 drops the
/// instantiation's body), as a
/// file system over the side's own overlay, and the way back from offsets in
/// the rewritten files to offsets in the files on disk.
class KeywordRewrite {
public:
  /// Reads each file of \p Places through \p Overlay (or the real file
  /// system) and writes it again with the insertions. Empty (fs() null) when
  /// no file could be read.
  KeywordRewrite(const std::vector<NvccTolerance::KeywordPlace> &Places,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay) {
    // Read as the side reads (no FIFO: the database is untrusted input).
    auto Read = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        llvm::makeIntrusiveRefCnt<NoFifoFileSystem>(llvm::vfs::createPhysicalFileSystem()));
    if (Overlay)
      Read->pushOverlay(Overlay);
    std::map<std::string, std::vector<unsigned>> ByFile, TemplateAt;
    for (const NvccTolerance::KeywordPlace &P : Places) {
      ByFile[P.File].push_back(P.Offset);
      if (P.Template)
        TemplateAt[P.File].push_back(P.Offset);
    }
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    for (auto &[Path, Offsets] : ByFile) {
      auto Buffer = Read->getBufferForFile(Path);
      llvm::sys::fs::UniqueID ID;
      if (!Buffer || llvm::sys::fs::getUniqueID(Path, ID))
        continue;
      llvm::sort(Offsets);
      Offsets.erase(std::unique(Offsets.begin(), Offsets.end()), Offsets.end());
      llvm::StringRef Original = (*Buffer)->getBuffer();
      Memory->addFile(Path, 0,
                      llvm::MemoryBuffer::getMemBufferCopy(
                          insertMissingKeywords(Original, Offsets, TemplateAt[Path]), Path));
      Files.push_back({ID, Offsets, contentHash(Original)});
    }
    if (Files.empty())
      return;
    if (Overlay) {
      auto Both = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Overlay);
      Both->pushOverlay(Memory);
      FS = Both;
    } else {
      FS = Memory;
    }
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs() const { return FS; }

  /// \p P, found in a rewritten file, as a place in the file on disk.
  void mapBack(NvccTolerance::KeywordPlace &P) {
    if (const RewrittenFile *RF = find(P.File))
      P.Offset = originalOffset(P.Offset, RF->Offsets);
  }

  /// Offsets of \p R's findings, notes, ranges, fix-its and cross-side facts
  /// in the rewritten files, as offsets into the files on disk; the input
  /// digests of those files, as of the files on disk (the result cache). A
  /// fix-it that would edit across an inserted word is dropped.
  void mapBack(SideResult &R) {
    for (ClangTidyError &E : R.Errors) {
      mapMessage(E.Message);
      for (tooling::DiagnosticMessage &N : E.Notes)
        mapMessage(N);
    }
    for (SideFact &F : R.Facts)
      for (FactLocation &L : F.Locations)
        if (const RewrittenFile *RF = find(L.File))
          L.Offset = originalOffset(L.Offset, RF->Offsets);
    for (InputDigest &I : R.Inputs)
      if (const RewrittenFile *RF = find(I.Path))
        I.Hash = RF->OriginalHash;
  }

private:
  struct RewrittenFile {
    llvm::sys::fs::UniqueID ID;
    std::vector<unsigned> Offsets; ///< sorted, in the file on disk
    std::string OriginalHash;
  };

  const RewrittenFile *find(llvm::StringRef Path) {
    auto [It, New] = Known.try_emplace(Path, nullptr);
    if (New) {
      llvm::sys::fs::UniqueID ID;
      if (!llvm::sys::fs::getUniqueID(Path, ID))
        for (const RewrittenFile &F : Files)
          if (F.ID == ID)
            It->second = &F;
    }
    return It->second;
  }

  void mapMessage(tooling::DiagnosticMessage &M) {
    if (const RewrittenFile *RF = find(M.FilePath))
      M.FileOffset = originalOffset(M.FileOffset, RF->Offsets);
    for (tooling::FileByteRange &Range : M.Ranges)
      if (const RewrittenFile *RF = find(Range.FilePath)) {
        unsigned Begin = originalOffset(Range.FileOffset, RF->Offsets);
        unsigned End = originalOffset(Range.FileOffset + Range.Length, RF->Offsets);
        Range.FileOffset = Begin;
        Range.Length = End >= Begin ? End - Begin : 0;
      }
    llvm::StringMap<tooling::Replacements> Fixed;
    for (auto &Entry : M.Fix) {
      const RewrittenFile *RF = find(Entry.getKey());
      if (!RF) {
        Fixed[Entry.getKey()] = Entry.getValue();
        continue;
      }
      tooling::Replacements &Into = Fixed[Entry.getKey()];
      for (const tooling::Replacement &Rep : Entry.getValue()) {
        unsigned Begin = originalOffset(Rep.getOffset(), RF->Offsets);
        unsigned End = originalOffset(Rep.getOffset() + Rep.getLength(), RF->Offsets);
        // The rewritten length differs: the edit spans an inserted word.
        if (End < Begin || End - Begin != Rep.getLength()) {
          M.Fix.clear();
          return;
        }
        llvm::consumeError(Into.add(tooling::Replacement(Entry.getKey(), Begin,
                                                         Rep.getLength(),
                                                         Rep.getReplacementText())));
      }
    }
    M.Fix = std::move(Fixed);
  }

  std::vector<RewrittenFile> Files;
  llvm::StringMap<const RewrittenFile *> Known;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
};

} // namespace

SideResult lintSide(const std::string &File, const std::string &Directory,
                    const AnalysisSide &Side, const LintSettings &Settings,
                    const ClangTidyOptions::OptionMap &FactOptions) {
  return lintSideWithOverlay(File, Directory, Side, Settings, FactOptions, nullptr);
}

SideResult lintSideWithOverlay(const std::string &File, const std::string &Directory,
                               const AnalysisSide &Side, const LintSettings &Settings,
                               const ClangTidyOptions::OptionMap &FactOptions,
                               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay) {
  SideResult Result;
  Result.EffectiveChecks = Settings.Defaults.Checks.value_or("");
  tooling::CompileCommand Cmd(Directory, File, Side.CommandLine, "");
  SingleCommandDatabase DB(Cmd);
  // The project roots the header filter is also matched against (relative
  // paths): the fact "CudaLint.ProjectRoots" (';'-separated; the driver sets
  // it: the configuration file's directory, the compile database's).
  std::vector<std::string> Roots;
  if (auto It = FactOptions.find("CudaLint.ProjectRoots"); It != FactOptions.end()) {
    llvm::SmallVector<llvm::StringRef, 2> Parts;
    llvm::StringRef(It->getValue().Value).split(Parts, ';', -1, false);
    for (llvm::StringRef P : Parts)
      Roots.push_back(normalizeFilePath(P, Directory));
  }
  std::optional<ClangTidyOptions> FilterOptions;
  if (!Roots.empty()) {
    ClangTidyOptions O = makeOptionsProvider(Settings, FactOptions)->getOptions(File);
    if ((O.HeaderFilterRegex && *O.HeaderFilterRegex != ".*") ||
        (O.ExcludeHeaderFilterRegex && !O.ExcludeHeaderFilterRegex->empty()))
      FilterOptions = std::move(O);
  }
  std::vector<NvccTolerance::KeywordPlace> MissingKeywords;
  // Cleared when a `__managed__` variable followed a skipped device body:
  // the side is parsed again with every body (SystemBodySkippingConsumer).
  bool SkipDeviceBodies = Side.SkipsDeviceBodies;
  auto RunOnce = [&](llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay) {
    for (;;) {
      ClangTidyContext Context(makeOptionsProvider(Settings, FactOptions,
                                                   /*AllHeaders=*/FilterOptions.has_value()),
                               /*AllowEnablingAnalyzerAlphaCheckers=*/false,
                               /*EnableModuleHeadersParsing=*/false,
                               /*ExperimentalCustomChecks=*/false);
      Context.setEnableProfiling(Settings.ProfileChecks);
      AcceptedLineCollector Accepted;
      UniformityStatsCollector Stats;
      SideFactCollector Facts;
      bool ManagedAfterSkipping = false;
      Result.Errors = runChecksOnSide(Context, DB, File, Side.Nvcc, SkipDeviceBodies,
                                      Settings.PreambleDir,
                                      Settings.PreambleOnFirstSide, Result.Inputs, Result.Preamble,
                                      Result.StoppedAtFatalError, Overlay, MissingKeywords,
                                      ManagedAfterSkipping);
      if (ManagedAfterSkipping && SkipDeviceBodies) {
        SkipDeviceBodies = false;
        Result = SideResult();
        MissingKeywords.clear();
        continue;
      }
      Result.Uniformity = Stats.stats();
      for (ClangTidyError &E : Result.Errors)
        normalizeDiagnosticPaths(E, Directory);
      if (FilterOptions)
        filterHeaderFindings(Result.Errors, normalizeFilePath(File, Directory), *FilterOptions,
                             Roots);
      Result.Accepted = Accepted.take();
      for (AcceptedLine &A : Result.Accepted)
        A.File = normalizeFilePath(A.File, Directory);
      Result.Facts = Facts.take();
      for (SideFact &F : Result.Facts)
        for (FactLocation &L : F.Locations)
          L.File = normalizeFilePath(L.File, Directory);
      // Checks as configured for this file (command line over .cuda-lint.yaml).
      Result.EffectiveChecks = Context.getOptions().Checks.value_or("");
      return;
    }
  };
  auto Run = [&] {
    RunOnce(Overlay);
    // A `typename` or `template` nvcc accepts missing: clang dropped the body
    // of an instantiation, so the side is parsed again with the word written in.
    // Again while a parse finds more (clang stops reporting at its error
    // limit), at most MaxKeywordPasses times; what the last parse reports
    // is reported.
    constexpr unsigned MaxKeywordPasses = 4;
    std::vector<NvccTolerance::KeywordPlace> Places;
    std::optional<KeywordRewrite> Rewrite;
    for (unsigned Pass = 0; Side.Nvcc && Pass < MaxKeywordPasses; ++Pass) {
      size_t Known = Places.size();
      for (NvccTolerance::KeywordPlace P : MissingKeywords) {
        if (Rewrite)
          Rewrite->mapBack(P); // found in the rewritten text
        if (!llvm::any_of(Places, [&](const NvccTolerance::KeywordPlace &Q) {
              return Q.File == P.File && Q.Offset == P.Offset;
            }))
          Places.push_back(std::move(P));
      }
      if (Places.size() == Known)
        return;
      Rewrite.emplace(Places, Overlay);
      if (!Rewrite->fs())
        return;
      Result = SideResult();
      RunOnce(Rewrite->fs());
      Rewrite->mapBack(Result);
    }
  };
  llvm::CrashRecoveryContext CRC;
  if (!CRC.RunSafely(Run)) {
    Result.Errors.clear();
    Result.Inputs.clear();
    Result.ToolFailure = "the checker crashed";
  }
  return Result;
}

TranslationUnitResult mergeSides(const std::string &File,
                                 const std::vector<AnalysisSide> &Sides,
                                 std::vector<std::optional<SideResult>> SideResults) {
  assert(Sides.size() == SideResults.size() && "one result slot per side");
  TranslationUnitResult Result;
  Result.File = File;
  std::map<FindingKey, size_t> Index;
  std::vector<std::string> DeviceSides;
  std::string EffectiveChecks = "-*,cuda-*";
  // One tool failure per kind for the unit, naming its sides.
  std::map<std::string, std::vector<std::string>> FailedSides;
  std::vector<AcceptedLine> Accepted;
  const SideResult *HostResult = nullptr;
  std::vector<std::pair<std::string, std::vector<SideFact>>> DeviceFacts;

  for (size_t I = 0; I < Sides.size(); ++I) {
    const AnalysisSide &Side = Sides[I];
    Result.Sides.push_back(Side.Name);
    if (Side.IsDevice)
      DeviceSides.push_back(Side.Name);
    if (!SideResults[I]) {
      FailedSides["did not finish"].push_back(Side.Name);
      continue;
    }
    SideResult &R = *SideResults[I];
    if (R.ToolFailure) {
      FailedSides[*R.ToolFailure].push_back(Side.Name);
      continue;
    }
    EffectiveChecks = R.EffectiveChecks;
    if (!R.StoppedAtFatalError)
      Result.Analysed = true;
    if (!Side.IsDevice)
      HostResult = &R;
    else if (!R.Facts.empty())
      DeviceFacts.push_back({Side.Name, R.Facts});
    Accepted.insert(Accepted.end(), R.Accepted.begin(), R.Accepted.end());
    for (ClangTidyError &E : R.Errors) {
      auto [It, Inserted] = Index.insert({keyOf(E), Result.Findings.size()});
      if (Inserted) {
        Result.Findings.push_back({std::move(E), {Side.Name}, File});
      } else {
        Result.Findings[It->second].Sides.push_back(Side.Name);
      }
    }
  }

  // Cross-side rules: the host side's facts against each device side's. A
  // finding several device sides produce is one finding with those sides.
  if (HostResult)
    for (CrossSideResult &C : compareSideFacts(HostResult->Facts, DeviceFacts)) {
      const RuleInfo *Rule = findRule(C.RuleId);
      bool IsError = Rule && diagnosticLevel(Rule->Sev) == DiagnosticIDs::Error;
      ClangTidyError E(C.RuleId,
                       IsError ? tooling::Diagnostic::Error : tooling::Diagnostic::Warning,
                       /*BuildDirectory=*/"", /*IsWarningAsError=*/false);
      auto ToMessage = [](const CrossSideMessage &M) {
        tooling::DiagnosticMessage D;
        D.Message = M.Message;
        D.FilePath = M.Where.File;
        D.FileOffset = M.Where.Offset;
        return D;
      };
      E.Message = ToMessage(C.Finding.Message);
      for (const CrossSideMessage &N : C.Finding.Notes)
        E.Notes.push_back(ToMessage(N));
      auto [It, Inserted] = Index.insert({keyOf(E), Result.Findings.size()});
      if (Inserted)
        Result.Findings.push_back({std::move(E), {C.DeviceSide}, File});
      else if (!llvm::is_contained(Result.Findings[It->second].Sides, C.DeviceSide))
        Result.Findings[It->second].Sides.push_back(C.DeviceSide);
    }

  for (const auto &[What, Names] : FailedSides) {
    std::string List = Names.size() == 1
                           ? Names[0]
                           : llvm::join(llvm::ArrayRef(Names).drop_back(), ", ") + " and " +
                                 Names.back();
    Result.ToolFailures.push_back(What + " on the " + List +
                                  (Names.size() == 1 ? " side" : " sides"));
  }

  // Owned compiler diagnostics are relabelled per unit: the rule's own finding
  // and clang's are compared at the same line of the same unit.
  CachedGlobList Enabled(EffectiveChecks);
  bool Nvcc = llvm::any_of(Sides, [](const AnalysisSide &S) { return S.Nvcc; });
  relabelOwnedCompilerDiagnostics(
      Result.Findings, [&](llvm::StringRef Id) { return Enabled.contains(Id); }, Nvcc,
      Accepted);

  // A finding that only some device architectures see says which.
  if (DeviceSides.size() > 1)
    for (Finding &F : Result.Findings) {
      if (llvm::is_contained(F.Sides, "host"))
        continue;
      if (F.Sides.size() < DeviceSides.size())
        F.Error.Message.Message += " [" + llvm::join(F.Sides, ",") + "]";
    }
  return Result;
}

TranslationUnitResult
lintTranslationUnit(const std::string &File, const std::string &Directory,
                    const std::vector<AnalysisSide> &Sides,
                    const LintSettings &Settings,
                    const ClangTidyOptions::OptionMap &FactOptions) {
  std::vector<std::optional<SideResult>> SideResults;
  for (const AnalysisSide &Side : Sides)
    SideResults.push_back(lintSide(File, Directory, Side, Settings, FactOptions));
  return mergeSides(File, Sides, std::move(SideResults));
}

std::vector<Finding>
mergeResults(const std::vector<TranslationUnitResult> &Results) {
  std::vector<Finding> All;
  std::map<FindingKey, size_t> Index;
  for (const TranslationUnitResult &R : Results)
    for (const Finding &F : R.Findings)
      if (Index.insert({keyOf(F.Error), All.size()}).second)
        All.push_back(F);
  std::stable_sort(All.begin(), All.end(), [](const Finding &A, const Finding &B) {
    return std::make_tuple(A.Error.Message.FilePath, A.Error.Message.FileOffset,
                           A.Error.DiagnosticName) <
           std::make_tuple(B.Error.Message.FilePath, B.Error.Message.FileOffset,
                           B.Error.DiagnosticName);
  });
  return All;
}

} // namespace cuda_lint
