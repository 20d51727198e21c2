#include "driver/Output.h"
#include "RuleCatalog.h"
#include "CudaCheck.h"
#include "driver/Baseline.h"
#include "driver/Toolchain.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/Sarif.h"
#include "clang/Lex/Lexer.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cuda_lint {
namespace {

using tooling::DiagnosticMessage;

/// Character range of a message: its first highlighted range, or one byte.
CharSourceRange rangeOf(const DiagnosticMessage &M, FindingSources &Src) {
  SourceLocation B = Src.location(M.FilePath, M.FileOffset);
  unsigned Len = 0;
  for (const auto &R : M.Ranges)
    if (R.FilePath == M.FilePath && R.FileOffset == M.FileOffset) {
      Len = R.Length;
      break;
    }
  // A point finding covers the token at its location (the attribute, the
  // launch's kernel name), so that SARIF viewers and code scanning highlight
  // something rather than an empty region.
  if (!Len && B.isValid())
    Len = Lexer::MeasureTokenLength(B, Src.sourceManager(), LangOptions());
  SourceLocation E = Len ? Src.location(M.FilePath, M.FileOffset + Len) : B;
  if (E.isInvalid())
    E = B;
  return CharSourceRange::getCharRange(B, E);
}

std::string ruleName(const Finding &F) {
  std::string Name = F.Error.DiagnosticName;
  // Error rules are errors through WarningsAsErrors by default: only a
  // warning the user promoted says so.
  const RuleInfo *R = findRule(Name);
  if (F.Error.IsWarningAsError && !(R && R->Sev == Severity::Error))
    Name += ",-warnings-as-errors";
  return Name;
}

llvm::StringRef severityOf(const Finding &F) { return F.isError() ? "error" : "warning"; }

void writeText(const std::vector<Finding> &Findings, FindingSources &Src,
               const OutputOptions &Opts, llvm::raw_ostream &OS) {
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Opts.Color.value_or(OS.has_colors());
  LangOptions LO;
  TextDiagnostic Printer(OS, LO, DiagOpts);
  for (const Finding &F : Findings) {
    const DiagnosticMessage &M = F.Error.Message;
    SourceLocation Loc = Src.location(M.FilePath, M.FileOffset);
    std::string Msg = M.Message + " [" + ruleName(F) + "]";
    auto Level = F.isError() ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    if (Loc.isInvalid()) {
      // Diagnostics without a location (e.g. a bad command-line flag).
      OS << (M.FilePath.empty() ? "" : relativePath(M.FilePath, Opts.BaseDir) + ": ")
         << (F.isError() ? "error: " : "warning: ") << Msg << "\n";
      continue;
    }
    llvm::SmallVector<CharSourceRange, 2> Ranges;
    for (const auto &R : M.Ranges) {
      SourceLocation B = Src.location(R.FilePath, R.FileOffset);
      SourceLocation E = Src.location(R.FilePath, R.FileOffset + R.Length);
      if (B.isValid() && E.isValid())
        Ranges.push_back(CharSourceRange::getCharRange(B, E));
    }
    llvm::SmallVector<FixItHint, 2> Hints;
    for (const auto &FileFix : M.Fix)
      for (const tooling::Replacement &R : FileFix.second) {
        SourceLocation B = Src.location(R.getFilePath(), R.getOffset());
        SourceLocation E = Src.location(R.getFilePath(), R.getOffset() + R.getLength());
        if (B.isValid() && E.isValid())
          Hints.push_back(FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, E),
                                                       R.getReplacementText()));
      }
    Printer.emitDiagnostic(FullSourceLoc(Loc, Src.sourceManager()), Level, Msg, Ranges,
                           Hints);
    for (const DiagnosticMessage &N : F.Error.Notes) {
      SourceLocation NL = Src.location(N.FilePath, N.FileOffset);
      if (NL.isValid())
        Printer.emitDiagnostic(FullSourceLoc(NL, Src.sourceManager()),
                               DiagnosticsEngine::Note, N.Message, {}, {});
      else
        OS << "note: " << N.Message << "\n";
    }
    if (!Hints.empty() && isUnsafeFix(F) && !hasUnsafeFixNote(F))
      Printer.emitDiagnostic(FullSourceLoc(Loc, Src.sourceManager()),
                             DiagnosticsEngine::Note,
                             "this fix-it may change behaviour: review it before applying", {},
                             {});
  }
}

llvm::json::Object position(FindingSources &Src, llvm::StringRef File, unsigned Offset,
                            llvm::StringRef LineKey, llvm::StringRef ColKey) {
  auto [L, C] = Src.lineColumn(File, Offset);
  return llvm::json::Object{{LineKey, L}, {ColKey, C}};
}

void writeJson(const std::vector<Finding> &Findings, const std::vector<std::string> &Fps,
               FindingSources &Src, const OutputOptions &Opts, llvm::raw_ostream &OS) {
  llvm::json::Array All;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const DiagnosticMessage &M = F.Error.Message;
    CharSourceRange R = rangeOf(M, Src);
    auto [Line, Col] = Src.lineColumn(M.FilePath, M.FileOffset);
    unsigned EndLine = Line, EndCol = Col;
    if (R.getEnd().isValid()) {
      EndLine = Src.sourceManager().getSpellingLineNumber(R.getEnd());
      EndCol = Src.sourceManager().getSpellingColumnNumber(R.getEnd());
    }
    const RuleInfo *Rule = findRule(F.Error.DiagnosticName);
    llvm::json::Array Notes;
    for (const DiagnosticMessage &N : F.Error.Notes) {
      auto [NL, NC] = Src.lineColumn(N.FilePath, N.FileOffset);
      Notes.push_back(llvm::json::Object{{"file", relativePath(N.FilePath, Opts.BaseDir)},
                                         {"line", NL},
                                         {"column", NC},
                                         {"message", N.Message}});
    }
    llvm::json::Array Fixes;
    for (const auto &FileFix : M.Fix)
      for (const tooling::Replacement &Rep : FileFix.second) {
        llvm::json::Object Fix{{"file", relativePath(Rep.getFilePath(), Opts.BaseDir)},
                               {"offset", Rep.getOffset()},
                               {"length", Rep.getLength()},
                               {"replacement", Rep.getReplacementText()}};
        auto Start = position(Src, Rep.getFilePath(), Rep.getOffset(), "line", "column");
        auto End = position(Src, Rep.getFilePath(), Rep.getOffset() + Rep.getLength(),
                            "endLine", "endColumn");
        for (auto &KV : Start)
          Fix[KV.first] = std::move(KV.second);
        for (auto &KV : End)
          Fix[KV.first] = std::move(KV.second);
        Fixes.push_back(std::move(Fix));
      }
    llvm::json::Object O{
        {"file", relativePath(M.FilePath, Opts.BaseDir)},
        {"line", Line},
        {"column", Col},
        {"endLine", EndLine},
        {"endColumn", EndCol},
        {"severity", severityOf(F)},
        {"category", F.isCompilerDiagnostic() ? "compiler"
                     : Rule                   ? severityName(Rule->Sev)
                                              : "warning"},
        {"rule", F.Error.DiagnosticName},
        {"message", M.Message},
        {"sides", llvm::json::Array(F.Sides)},
        {"notes", std::move(Notes)},
        {"fixes", std::move(Fixes)},
        {"fingerprint", I < Fps.size() ? Fps[I] : ""}};
    if (!F.Error.Message.Fix.empty())
      O["fixSafety"] = isUnsafeFix(F) ? "unsafe" : "safe";
    All.push_back(std::move(O));
  }
  llvm::json::Array Failures;
  for (const ToolFailure &T : Opts.Failures) {
    llvm::json::Object O{{"message", T.Message}};
    if (!T.File.empty())
      O["file"] = relativePath(T.File, Opts.BaseDir);
    Failures.push_back(std::move(O));
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"findings", std::move(All)},
                                   {"failures", std::move(Failures)}}))
     << "\n";
}

/// GitHub workflow commands: data escapes %, CR, LF; properties also : and ,.
std::string escapeGithub(llvm::StringRef S, bool Property) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%': Out += "%25"; break;
    case '\r': Out += "%0D"; break;
    case '\n': Out += "%0A"; break;
    case ':': Out += Property ? "%3A" : ":"; break;
    case ',': Out += Property ? "%2C" : ","; break;
    default: Out += C;
    }
  }
  return Out;
}

void writeGithub(const std::vector<Finding> &Findings, FindingSources &Src,
                 const OutputOptions &Opts, llvm::raw_ostream &OS) {
  for (const Finding &F : Findings) {
    const DiagnosticMessage &M = F.Error.Message;
    auto [Line, Col] = Src.lineColumn(M.FilePath, M.FileOffset);
    std::string Msg = M.Message;
    for (const DiagnosticMessage &N : F.Error.Notes) {
      auto [NL, NC] = Src.lineColumn(N.FilePath, N.FileOffset);
      Msg += "\nnote: " + relativePath(N.FilePath, Opts.BaseDir) + ":" +
             std::to_string(NL) + ":" + std::to_string(NC) + ": " + N.Message;
    }
    OS << "::" << severityOf(F) << " file="
       << escapeGithub(relativePath(M.FilePath, Opts.BaseDir), true);
    if (Line)
      OS << ",line=" << Line << ",col=" << Col;
    OS << ",title=" << escapeGithub(F.Error.DiagnosticName, true)
       << "::" << escapeGithub(Msg, false) << "\n";
  }
}

std::string fileUri(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  std::string Uri = "file://";
  for (char C : P) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Uri += C;
    else
      Uri += llvm::formatv("%{0:X2}", static_cast<unsigned char>(C)).str();
  }
  return Uri;
}

/// Rewrites absolute artifact URIs under \p BaseUri into relative ones with
/// uriBaseId SRCROOT, in every object below \p V.
void relativizeUris(llvm::json::Value &V, llvm::StringRef BaseUri) {
  if (auto *O = V.getAsObject()) {
    if (auto *Loc = O->getObject("artifactLocation"))
      if (auto Uri = Loc->getString("uri"))
        if (Uri->starts_with(BaseUri)) {
          std::string Rel = Uri->drop_front(BaseUri.size()).str();
          (*Loc)["uri"] = Rel;
          (*Loc)["uriBaseId"] = "SRCROOT";
        }
    for (auto &KV : *O)
      relativizeUris(KV.second, BaseUri);
  } else if (auto *A = V.getAsArray()) {
    for (auto &E : *A)
      relativizeUris(E, BaseUri);
  }
}

void writeSarif(const std::vector<Finding> &Findings, const std::vector<std::string> &Fps,
                FindingSources &Src, const OutputOptions &Opts, llvm::raw_ostream &OS) {
  SarifDocumentWriter Writer(Src.sourceManager());
  Writer.createRun("cuda-lint", "cuda-lint: checks CUDA C++ annotations and APIs",
                   cudaLintVersion());
  // Every rule of the catalog, then compiler diagnostics as rules of their own.
  llvm::StringMap<size_t> RuleIndex;
  std::vector<std::string> RuleIds;
  auto AddRule = [&](llvm::StringRef Id, llvm::StringRef Summary, SarifResultLevel Level,
                     llvm::StringRef Help) {
    SarifRule R = SarifRule::create().setRuleId(Id).setName(Id).setDescription(Summary);
    if (!Help.empty())
      R = R.setHelpURI(Help);
    R = R.setDefaultConfiguration(SarifReportingConfiguration::create().setLevel(Level));
    RuleIndex[Id] = Writer.createRule(R);
    RuleIds.push_back(Id.str());
  };
  for (const RuleInfo &R : allRules())
    AddRule(R.Id, R.Summary,
            R.Sev == Severity::Error ? SarifResultLevel::Error : SarifResultLevel::Warning,
            (docsBaseUrl() + R.Id + ".md").str());
  for (const Finding &F : Findings)
    if (!RuleIndex.count(F.Error.DiagnosticName))
      AddRule(F.Error.DiagnosticName, "a diagnostic of the clang compiler",
              SarifResultLevel::Error, "");

  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const DiagnosticMessage &M = F.Error.Message;
    SarifResult R = SarifResult::create(RuleIndex[F.Error.DiagnosticName])
                        .setRuleId(F.Error.DiagnosticName)
                        .setDiagnosticMessage(M.Message)
                        .setDiagnosticLevel(F.isError() ? SarifResultLevel::Error
                                                        : SarifResultLevel::Warning);
    CharSourceRange Range = rangeOf(M, Src);
    if (Range.getBegin().isValid())
      R = R.addLocations({Range});
    llvm::SmallVector<CharSourceRange, 2> Related;
    for (const DiagnosticMessage &N : F.Error.Notes) {
      CharSourceRange NR = rangeOf(N, Src);
      if (NR.getBegin().isValid())
        Related.push_back(NR);
    }
    if (!Related.empty())
      R = R.addRelatedLocations(Related);
    if (I < Fps.size())
      R = R.addPartialFingerprint("cudaLintFingerprint/v1", Fps[I]);
    Writer.appendResult(R);
  }
  Writer.endRun();
  llvm::json::Value Doc(Writer.createDocument());

  // What SarifDocumentWriter leaves out and code scanning wants.
  std::string BaseUri = fileUri(Opts.BaseDir);
  if (!llvm::StringRef(BaseUri).ends_with("/"))
    BaseUri += "/";
  relativizeUris(Doc, BaseUri);
  if (auto *Runs = Doc.getAsObject()->getArray("runs"))
    for (auto &RunV : *Runs) {
      auto *Run = RunV.getAsObject();
      (*Run)["originalUriBaseIds"] =
          llvm::json::Object{{"SRCROOT", llvm::json::Object{{"uri", BaseUri}}}};
      auto *Driver = Run->getObject("tool")->getObject("driver");
      (*Driver)["informationUri"] = "https://github.com/cuda-lint/cuda-lint";
      (*Driver)["semanticVersion"] = cudaLintVersion();
      if (auto *Rules = Driver->getArray("rules"))
        for (size_t K = 0; K < Rules->size() && K < RuleIds.size(); ++K) {
          auto *RO = (*Rules)[K].getAsObject();
          const RuleInfo *Info = findRule(RuleIds[K]);
          std::string Full = Info ? Info->Summary.str() : "a diagnostic of the clang compiler";
          if (Info)
            Full += " (severity class: " + severityName(Info->Sev).str() + ")";
          (*RO)["shortDescription"] = llvm::json::Object{
              {"text", Info ? Info->Summary.str() : std::string("clang diagnostic")}};
          (*RO)["fullDescription"] = llvm::json::Object{{"text", Full}};
        }
      // Tool failures: the run is incomplete. A failure without a file has
      // no location (never the current directory).
      llvm::json::Array Notifications;
      for (const ToolFailure &T : Opts.Failures) {
        llvm::json::Object N{{"level", "error"},
                             {"message", llvm::json::Object{{"text", T.Message}}}};
        if (!T.File.empty()) {
          llvm::json::Value Loc = llvm::json::Object{
              {"physicalLocation",
               llvm::json::Object{
                   {"artifactLocation", llvm::json::Object{{"uri", fileUri(T.File)}}}}}};
          relativizeUris(Loc, BaseUri);
          N["locations"] = llvm::json::Array{std::move(Loc)};
        }
        Notifications.push_back(std::move(N));
      }
      llvm::json::Object Invocation{{"executionSuccessful", Opts.Failures.empty()}};
      if (!Notifications.empty())
        Invocation["toolExecutionNotifications"] = std::move(Notifications);
      (*Run)["invocations"] = llvm::json::Array{std::move(Invocation)};
      // Fixes, marked when they may change behaviour.
      if (auto *Results = Run->getArray("results"))
        for (size_t K = 0; K < Results->size() && K < Findings.size(); ++K) {
          const Finding &F = Findings[K];
          // Notes become related locations; give them their text.
          if (auto *Rel = (*Results)[K].getAsObject()->getArray("relatedLocations")) {
            size_t NoteIdx = 0;
            for (const DiagnosticMessage &N : F.Error.Notes) {
              if (rangeOf(N, Src).getBegin().isInvalid())
                continue;
              if (NoteIdx < Rel->size())
                (*(*Rel)[NoteIdx].getAsObject())["message"] =
                    llvm::json::Object{{"text", N.Message}};
              ++NoteIdx;
            }
          }
          if (F.Error.Message.Fix.empty())
            continue;
          llvm::json::Array Changes;
          for (const auto &FileFix : F.Error.Message.Fix) {
            llvm::json::Array Repls;
            for (const tooling::Replacement &Rep : FileFix.second) {
              auto [L1, C1] = Src.lineColumn(Rep.getFilePath(), Rep.getOffset());
              auto [L2, C2] = Src.lineColumn(Rep.getFilePath(), Rep.getOffset() + Rep.getLength());
              Repls.push_back(llvm::json::Object{
                  {"deletedRegion", llvm::json::Object{{"startLine", L1},
                                                       {"startColumn", C1},
                                                       {"endLine", L2},
                                                       {"endColumn", C2}}},
                  {"insertedContent", llvm::json::Object{{"text", Rep.getReplacementText()}}}});
            }
            Changes.push_back(llvm::json::Object{
                {"artifactLocation",
                 llvm::json::Object{{"uri", relativePath(FileFix.first(), Opts.BaseDir)},
                                    {"uriBaseId", "SRCROOT"}}},
                {"replacements", std::move(Repls)}});
          }
          bool Unsafe = isUnsafeFix(F);
          (*(*Results)[K].getAsObject())["fixes"] = llvm::json::Array{llvm::json::Object{
              {"description",
               llvm::json::Object{{"text", Unsafe ? "apply the fix-it (may change behaviour)"
                                                  : "apply the fix-it"}}},
              {"artifactChanges", std::move(Changes)},
              {"properties", llvm::json::Object{{"safety", Unsafe ? "unsafe" : "safe"}}}}};
        }
    }
  OS << llvm::formatv("{0:2}", Doc) << "\n";
}

} // namespace

bool hasUnsafeFixNote(const Finding &F) {
  for (const clang::tooling::DiagnosticMessage &N : F.Error.Notes)
    if (llvm::StringRef(N.Message).starts_with(UnsafeFixNotePrefix))
      return true;
  return false;
}

bool isUnsafeFix(const Finding &F) {
  if (F.Error.Message.Fix.empty())
    return false;
  if (hasUnsafeFixNote(F))
    return true;
  // A rule whose fixes are all unsafe may say so in its front matter only.
  const RuleInfo *R = findRule(F.Error.DiagnosticName);
  return R && R->FixSafety == "unsafe";
}

void writeFindings(const std::vector<Finding> &Findings,
                   const std::vector<std::string> &Fingerprints, FindingSources &Sources,
                   const OutputOptions &Opts, llvm::raw_ostream &OS) {
  switch (Opts.Format) {
  case OutputFormat::Text:
    writeText(Findings, Sources, Opts, OS);
    break;
  case OutputFormat::Json:
    writeJson(Findings, Fingerprints, Sources, Opts, OS);
    break;
  case OutputFormat::Sarif:
    writeSarif(Findings, Fingerprints, Sources, Opts, OS);
    break;
  case OutputFormat::Github:
    writeGithub(Findings, Sources, Opts, OS);
    break;
  }
  OS.flush();
}

RunSummary summarize(const std::vector<Finding> &Findings, size_t Files,
                     unsigned ToolFailures, double Seconds) {
  RunSummary S;
  S.Files = Files;
  S.ToolFailures = ToolFailures;
  S.Seconds = Seconds;
  for (const Finding &F : Findings) {
    if (F.isCompilerDiagnostic())
      (F.isError() ? S.CompilerErrors : S.CompilerWarnings)++;
    else
      (F.isError() ? S.RuleErrors : S.RuleWarnings)++;
  }
  return S;
}

static std::string plural(unsigned N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

void printSummary(const RunSummary &S, llvm::raw_ostream &OS) {
  OS << "cuda-lint: " << plural(S.Files, "file", "files") << ", "
     << plural(S.RuleErrors + S.RuleWarnings, "finding", "findings") << " ("
     << plural(S.RuleErrors, "error", "errors") << ", "
     << plural(S.RuleWarnings, "warning", "warnings") << "), "
     << plural(S.CompilerErrors, "compiler error", "compiler errors") << ", ";
  // Shown only where a clang-diagnostic-<flag> check is enabled.
  if (S.CompilerWarnings)
    OS << plural(S.CompilerWarnings, "compiler warning", "compiler warnings") << ", ";
  OS << plural(S.ToolFailures, "tool failure", "tool failures");
  if (S.Baselined)
    OS << ", " << S.Baselined << " in the baseline";
  if (S.FixesApplied)
    OS << ", " << plural(S.FixesApplied, "fix applied", "fixes applied");
  if (S.AnalysisLimits)
    OS << ", " << plural(S.AnalysisLimits, "analysis limit", "analysis limits")
       << " reached";
  OS << ", " << llvm::format("%.1f", S.Seconds) << " s\n";
}

} // namespace cuda_lint
