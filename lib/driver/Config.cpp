#include "driver/Config.h"
#include "ClangTidy.h"
#include <algorithm>
#include <map>
#include "driver/InputFiles.h"
#include "CudaCheck.h"
#include "RuleCatalog.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "GlobList.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/VirtualFileSystem.h"

extern volatile int CudaLintModuleAnchorSource;

namespace cuda_lint {

std::string stripCudaLintKeys(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  bool InBaseline = false;
  for (llvm::StringRef L : Lines) {
    bool TopLevel = !L.empty() && !llvm::isSpace(L[0]) && !L.starts_with("#");
    if (TopLevel)
      InBaseline = L.starts_with("Baseline:");
    // Blank the line instead of dropping it so that positions stay true.
    Out += InBaseline ? "" : L.str();
    Out += '\n';
  }
  return Out;
}

/// 1-based line and column of byte \p At of \p Text.
static std::pair<unsigned, unsigned> lineColumnAt(llvm::StringRef Text, size_t At) {
  llvm::StringRef Before = Text.take_front(At);
  size_t LastNewline = Before.rfind('\n');
  unsigned Line = 1 + Before.count('\n');
  unsigned Col = 1 + At - (LastNewline == llvm::StringRef::npos ? 0 : LastNewline + 1);
  return {Line, Col};
}

/// Byte offset of a YAML node's first character in \p Text.
static size_t offsetOf(llvm::StringRef Text, const llvm::yaml::Node *N) {
  const char *P = N->getSourceRange().Start.getPointer();
  if (!P || P < Text.begin() || P > Text.end())
    return 0;
  return P - Text.begin();
}

/// Prints \p D as clang does (file:line:col: error: message, the line, a
/// caret), with the quoted line cut to a window of about 160 characters around
/// the column: a configuration written on one huge line (a 40 KB flow mapping)
/// would otherwise be echoed whole.
static void printBounded(const llvm::SMDiagnostic &D, llvm::raw_ostream &OS) {
  constexpr size_t Window = 160;
  llvm::StringRef Line = D.getLineContents();
  if (Line.size() <= Window || D.getColumnNo() < 0) {
    D.print(nullptr, OS, /*ShowColors=*/false);
    return;
  }
  size_t Col = std::min<size_t>(D.getColumnNo(), Line.size());
  size_t Start = Col > Window / 2 ? Col - Window / 2 : 0;
  std::string Shown = (Start ? "..." : "") + Line.substr(Start, Window).str();
  if (Start + Window < Line.size())
    Shown += "...";
  size_t ShownCol = Col - Start + (Start ? 3 : 0);
  // The position stays the true one; only the quoted line is cut.
  const char *Kind = D.getKind() == llvm::SourceMgr::DK_Error     ? "error"
                     : D.getKind() == llvm::SourceMgr::DK_Warning ? "warning"
                     : D.getKind() == llvm::SourceMgr::DK_Remark  ? "remark"
                                                                  : "note";
  OS << D.getFilename() << ':' << D.getLineNo() << ':' << (D.getColumnNo() + 1) << ": " << Kind
     << ": " << D.getMessage() << '\n'
     << Shown << '\n'
     << std::string(ShownCol, ' ') << "^\n";
}

/// What a configuration's YAML may not contain: an alias (`*name`), or
/// collections nested deeper than MaxConfigDepth.
struct UnsupportedYaml {
  const llvm::yaml::Node *Node = nullptr;
  bool TooDeep = false;
};

/// The deepest nesting of collections a configuration may have. clang-tidy's
/// own parser (llvm::yaml::Input) recurses once per level, and 100,000
/// nested `[` overflowed the stack; real configurations are 3 or 4 levels deep.
constexpr unsigned MaxConfigDepth = 64;

/// The first alias under \p N, or the first collection nested deeper than
/// MaxConfigDepth. Neither parser of a configuration expands aliases
/// (clang-tidy's says only "unknown node kind"), so a configuration that
/// uses one is refused by name.
static UnsupportedYaml findUnsupported(llvm::yaml::Node *N, unsigned Depth = 0) {
  if (!N)
    return {};
  if (llvm::isa<llvm::yaml::AliasNode>(N))
    return {N, false};
  const bool Collection = llvm::isa<llvm::yaml::MappingNode, llvm::yaml::SequenceNode>(N);
  if (Collection && Depth >= MaxConfigDepth)
    return {N, true};
  if (auto *M = llvm::dyn_cast<llvm::yaml::MappingNode>(N)) {
    for (llvm::yaml::KeyValueNode &KV : *M) {
      if (UnsupportedYaml U = findUnsupported(KV.getKey(), Depth + 1); U.Node)
        return U;
      if (UnsupportedYaml U = findUnsupported(KV.getValue(), Depth + 1); U.Node)
        return U;
    }
  } else if (auto *S = llvm::dyn_cast<llvm::yaml::SequenceNode>(N)) {
    for (llvm::yaml::Node &Item : *S)
      if (UnsupportedYaml U = findUnsupported(&Item, Depth + 1); U.Node)
        return U;
  }
  return {};
}

/// Whether the glob list \p Globs names the rules' prefix (`cuda-*`,
/// `-cuda-shared-race`, `cuda*`).
static bool namesCudaGlob(llvm::StringRef Globs) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  return llvm::any_of(Parts, [](llvm::StringRef G) {
    return G.trim().ltrim('-').trim().starts_with("cuda");
  });
}

void leaveRulesToCudaGlobs(clang::tidy::ClangTidyOptions &Options) {
  // A project's `.clang-tidy` written for clang-tidy's own checks often
  // starts with `-*`; that says nothing about cuda-lint's rules, which stay
  // as the files and options below and above it set them.
  if (Options.Checks && !namesCudaGlob(*Options.Checks))
    *Options.Checks += ",cuda-*";
  if (Options.WarningsAsErrors && !namesCudaGlob(*Options.WarningsAsErrors))
    *Options.WarningsAsErrors += ",-cuda-*";
}

llvm::Expected<LoadedConfig> parseConfig(llvm::StringRef Path, llvm::StringRef Text) {
  LoadedConfig C;
  // A .clang-tidy configures clang-tidy's other checks too.
  const bool IsClangTidyFile = llvm::sys::path::filename(Path) == ClangTidyConfigFileName;
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  C.Path = std::string(Abs);

  // Our own keys first, with llvm's YAML parser (positions for errors).
  llvm::SourceMgr SM;
  std::string Errors;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        llvm::raw_string_ostream OS(*static_cast<std::string *>(Ctx));
        printBounded(D, OS);
      },
      &Errors);
  auto Buf = llvm::MemoryBuffer::getMemBuffer(Text, C.Path);
  llvm::yaml::Stream YS(Buf->getMemBufferRef(), SM);
  // Where rule ids are written, for warnings about unknown ones: the offset of
  // the Checks / WarningsAsErrors values, and each CheckOptions key.
  llvm::StringMap<size_t> ValueOffset;
  std::vector<std::pair<std::string, size_t>> OptionKeys;
  {
    // A first pass of its own: a YAML collection can be iterated only once.
    llvm::yaml::Stream Scan(Buf->getMemBufferRef(), SM);
    for (llvm::yaml::Document &Doc : Scan) {
      UnsupportedYaml U = findUnsupported(Doc.getRoot());
      if (!U.Node)
        continue;
      if (U.TooDeep) {
        SM.PrintMessage(U.Node->getSourceRange().Start, llvm::SourceMgr::DK_Error,
                        "the configuration nests collections more than " +
                            llvm::Twine(MaxConfigDepth) + " levels deep");
      } else {
        // The alias's own range is not kept by the parser: its name is in
        // the buffer, after the '*'.
        llvm::StringRef Name = llvm::cast<llvm::yaml::AliasNode>(U.Node)->getName();
        SM.PrintMessage(llvm::SMLoc::getFromPointer(Name.data() - 1), llvm::SourceMgr::DK_Error,
                        "YAML aliases ('*name') are not supported in a configuration; "
                        "write the value out");
      }
      break;
    }
    if (!Errors.empty())
      return llvm::createStringError(llvm::StringRef(Errors).rtrim().str());
  }
  for (llvm::yaml::Document &Doc : YS) {
    auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Doc.getRoot());
    if (!Map)
      continue;
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      llvm::SmallString<32> KeyStorage;
      llvm::StringRef KeyName = Key ? Key->getValue(KeyStorage) : "";
      if ((KeyName == "Checks" || KeyName == "WarningsAsErrors") && KV.getValue())
        ValueOffset[KeyName] = offsetOf(Text, KV.getValue());
      if (KeyName == "CheckOptions") {
        auto Record = [&](llvm::yaml::Node *K) {
          llvm::SmallString<64> S;
          if (auto *SK = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(K))
            OptionKeys.emplace_back(SK->getValue(S).str(), offsetOf(Text, SK));
        };
        if (auto *Opts = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(KV.getValue())) {
          for (llvm::yaml::KeyValueNode &O : *Opts)
            Record(O.getKey());
        } else if (auto *List = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(KV.getValue())) {
          // The older list form: - key: rule.Option / value: ...
          for (llvm::yaml::Node &Item : *List)
            if (auto *M = llvm::dyn_cast<llvm::yaml::MappingNode>(&Item))
              for (llvm::yaml::KeyValueNode &O : *M) {
                llvm::SmallString<16> S;
                auto *K = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(O.getKey());
                if (K && K->getValue(S) == "key")
                  Record(O.getValue());
              }
        }
      }
      if (KeyName != "Baseline" || IsClangTidyFile)
        continue;
      auto *Val = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getValue());
      if (!Val) {
        SM.PrintMessage(KV.getValue()->getSourceRange().Start, llvm::SourceMgr::DK_Error,
                        "Baseline must be a path");
        continue;
      }
      llvm::SmallString<256> Storage;
      llvm::SmallString<256> P(Val->getValue(Storage));
      if (!llvm::sys::path::is_absolute(P)) {
        llvm::SmallString<256> Dir(llvm::sys::path::parent_path(C.Path));
        llvm::sys::path::append(Dir, P);
        P = Dir;
      }
      C.Baseline = std::string(P);
    }
  }
  if (!Errors.empty())
    return llvm::createStringError(llvm::StringRef(Errors).rtrim().str());

  // clang-tidy's keys with clang-tidy's parser; its diagnostics carry positions.
  std::string Stripped = stripCudaLintKeys(Text);
  auto StrippedBuf = llvm::MemoryBuffer::getMemBuffer(Stripped, C.Path);
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      StrippedBuf->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
        llvm::raw_string_ostream OS(Errors);
        printBounded(D, OS);
      });
  if (!Parsed || (!Errors.empty() && llvm::StringRef(Errors).contains("error:"))) {
    if (Errors.empty())
      Errors = C.Path + ": invalid configuration: " + Parsed.getError().message();
    return llvm::createStringError(llvm::StringRef(Errors).rtrim().str());
  }
  if (!Errors.empty())
    C.Warnings.push_back(llvm::StringRef(Errors).rtrim().str());
  C.Options = std::move(*Parsed);

  // Globs in Checks and WarningsAsErrors that match no rule are errors: a
  // typo would otherwise turn a rule off (or never on) without a word, and a
  // CI gate would pass by accident. CheckOptions keys of unknown rules are
  // warnings.
  auto Warn = [&](size_t At, llvm::StringRef Id) {
    auto [Line, Col] = lineColumnAt(Text, At);
    C.Warnings.push_back(C.Path + ":" + std::to_string(Line) + ":" + std::to_string(Col) +
                         ": warning: unknown rule id '" + Id.str() +
                         "' (cuda-lint --list-checks lists them)");
  };
  auto IsUnknown = [](llvm::StringRef Id) {
    return !Id.empty() && !Id.contains('*') && Id.starts_with("cuda-") && !findRule(Id);
  };
  std::vector<std::string> GlobErrors;
  for (llvm::StringRef Key : {"Checks", "WarningsAsErrors"}) {
    const std::optional<std::string> &Globs =
        Key == "Checks" ? C.Options.Checks : C.Options.WarningsAsErrors;
    if (!Globs)
      continue;
    size_t From = ValueOffset.lookup(Key);
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(*Globs).split(Parts, ',', -1, false);
    for (llvm::StringRef G : Parts) {
      G = G.trim();
      if (IsClangTidyFile && !G.ltrim('-').starts_with("cuda"))
        continue; // another check's glob (bugprone-*), or one for all (-*)
      std::vector<std::string> Problems = checkGlobListProblems(G);
      if (Problems.empty())
        continue;
      G.consume_front("-");
      size_t At = Text.find(G, From);
      auto [Line, Col] = lineColumnAt(Text, At == llvm::StringRef::npos ? From : At);
      GlobErrors.push_back(C.Path + ":" + std::to_string(Line) + ":" + std::to_string(Col) +
                           ": error: " + Key.str() + ": " + Problems.front());
    }
  }
  if (C.Options.HeaderFilterRegex) {
    std::string Why;
    if (!llvm::Regex(*C.Options.HeaderFilterRegex).isValid(Why)) {
      size_t At = Text.find("HeaderFilterRegex");
      auto [Line, Col] = lineColumnAt(Text, At == llvm::StringRef::npos ? 0 : At);
      GlobErrors.push_back(C.Path + ":" + std::to_string(Line) + ":" + std::to_string(Col) +
                           ": error: HeaderFilterRegex: invalid regular expression '" +
                           *C.Options.HeaderFilterRegex + "': " + Why);
    }
  }
  if (!GlobErrors.empty())
    return llvm::createStringError(llvm::join(GlobErrors, "\n"));
  if (IsClangTidyFile)
    leaveRulesToCudaGlobs(C.Options);
  for (const auto &[Name, At] : OptionKeys) {
    auto [Rule, Option] = llvm::StringRef(Name).split('.');
    if (!llvm::StringRef(Name).contains('.'))
      continue;
    if (Rule == "CudaLint") {
      // cuda-lint's global options: CudaLint.Compilers is the only one a
      // configuration sets (the others are facts of the compile command).
      auto [Line, Col] = lineColumnAt(Text, At);
      std::string Where = C.Path + ":" + std::to_string(Line) + ":" + std::to_string(Col);
      if (Name != CompilersOption) {
        C.Warnings.push_back(Where + ": warning: unknown global option '" + Name +
                             "'; the global option is '" + CompilersOption.str() + "'");
        continue;
      }
      auto It = C.Options.CheckOptions.find(CompilersOption);
      if (It != C.Options.CheckOptions.end() && !parseCompilers(It->second.Value))
        return llvm::createStringError(
            Where + ": error: invalid value '" + It->second.Value + "' of " +
            CompilersOption.str() + ": expected 'nvcc', 'clang' or 'nvcc,clang'");
      continue;
    }
    if (IsUnknown(Rule)) {
      Warn(At, Rule);
      continue;
    }
    if (!findRule(Rule) || knownCheckOptions().count(std::string(Name)))
      continue;
    // An option the rule does not read: a typo would silently keep the
    // default, so say which options exist.
    std::string Msg = C.Path + ":";
    auto [Line, Col] = lineColumnAt(Text, At);
    Msg += std::to_string(Line) + ":" + std::to_string(Col) + ": warning: unknown option '" +
           Option.str() + "' of rule '" + Rule.str() + "'";
    std::string Best;
    unsigned BestDistance = 4;
    std::vector<std::string> OfRule;
    for (const auto &[Known, Default] : knownCheckOptions()) {
      auto [KRule, KOption] = llvm::StringRef(Known).split('.');
      if (KRule != Rule)
        continue;
      OfRule.push_back(KOption.str());
      unsigned D = Option.edit_distance(KOption, /*AllowReplacements=*/true);
      if (D < BestDistance) {
        BestDistance = D;
        Best = KOption.str();
      }
    }
    if (!Best.empty())
      Msg += "; did you mean '" + Best + "'?";
    else if (OfRule.empty())
      Msg += " (the rule has no options)";
    else
      Msg += " (its options: " + llvm::join(OfRule, ", ") + ")";
    C.Warnings.push_back(Msg);
  }
  return C;
}

std::string checkGlobProblem(llvm::StringRef Glob) {
  Glob = Glob.trim();
  if (Glob.empty() || Glob.starts_with("clang-diagnostic-"))
    return "";
  clang::tidy::GlobList Matcher(Glob);
  std::string Best;
  unsigned BestDistance = ~0u;
  bool IsPattern = Glob.contains('*');
  llvm::StringRef Stem = Glob.take_until([](char C) { return C == '*'; });
  for (const RuleInfo &R : allRules()) {
    if (Matcher.contains(R.Id))
      return "";
    unsigned D = IsPattern ? R.Id.take_front(Stem.size()).edit_distance(Stem, true)
                           : R.Id.edit_distance(Glob, true);
    if (D < BestDistance) {
      BestDistance = D;
      Best = IsPattern ? (R.Id.take_front(Stem.size()) + "*").str() : R.Id.str();
    }
  }
  std::string Msg = (IsPattern ? "check glob '" + Glob + "' matches no rule"
                               : "unknown rule id '" + Glob + "'").str();
  if (!Best.empty() && BestDistance <= std::max<size_t>(2, Glob.size() / 4))
    Msg += "; did you mean '" + Best + "'?";
  else
    Msg += " (cuda-lint --list-checks lists them)";
  return Msg;
}

std::vector<std::string> checkGlobListProblems(llvm::StringRef Globs) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  for (llvm::StringRef G : Parts) {
    G = G.trim();
    // A removal that matches nothing removes nothing: judged only for the
    // rules' own prefix, where it is a typo that leaves a rule on.
    if (G.consume_front("-") && !G.starts_with("cuda"))
      continue;
    if (std::string P = checkGlobProblem(G); !P.empty())
      Out.push_back(std::move(P));
  }
  return Out;
}

bool enablesAnyRule(llvm::StringRef Globs) {
  clang::tidy::GlobList Enabled(("-*,cuda-*," + Globs).str());
  return llvm::any_of(allRules(), [&](const RuleInfo &R) { return Enabled.contains(R.Id); });
}

const std::map<std::string, std::string> &knownCheckOptions() {
  // The cuda module must be linked for its checks to be registered.
  (void)CudaLintModuleAnchorSource;
  static const std::map<std::string, std::string> Known = [] {
    clang::tidy::ClangTidyOptions Opts = clang::tidy::ClangTidyOptions::getDefaults();
    Opts.Checks = "-*,cuda-*";
    std::map<std::string, std::string> M;
    for (const auto &[Name, Value] : clang::tidy::getCheckOptions(Opts, false, false))
      M[Name.str()] = Value.Value;
    return M;
  }();
  return Known;
}

llvm::Expected<LoadedConfig> loadConfig(llvm::StringRef Path) {
  auto Buf = readRegularFile(Path, MaxConfigBytes);
  if (!Buf)
    return llvm::createStringError(Path + ": cannot read configuration: " +
                                   llvm::toString(Buf.takeError()));
  return parseConfig(Path, (*Buf)->getBuffer());
}

std::string findConfigFor(llvm::StringRef File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, ConfigFileName);
    if (llvm::sys::fs::exists(Candidate))
      return std::string(Candidate);
  }
  return "";
}

std::vector<std::string> configFilesFor(llvm::StringRef File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    std::vector<std::string> Found;
    for (llvm::StringRef Name : {ClangTidyConfigFileName, ConfigFileName}) {
      llvm::SmallString<256> Candidate(D);
      llvm::sys::path::append(Candidate, Name);
      // Anything of that name: a FIFO, a device or a directory is then
      // refused by loadConfig with a message ("not a regular file") instead
      // of being passed over in silence.
      if (llvm::sys::fs::exists(Candidate))
        Found.push_back(std::string(Candidate));
    }
    if (!Found.empty())
      return Found;
  }
  return {};
}

namespace {

/// The options of one configuration file for clang-tidy's provider. The
/// command line reported the file's errors (with positions) before the run
/// and stopped; cuda-lint-clangd has no such step, so a file that fails only
/// cuda-lint's own checks (a cuda-* glob that matches no rule) is read as
/// clang-tidy reads it, with the errors in the log (stderr), rather than
/// dropped with everything else it says.
llvm::ErrorOr<clang::tidy::ClangTidyOptions> optionsOf(llvm::StringRef Path,
                                                       llvm::StringRef Text) {
  auto C = parseConfig(Path, Text);
  if (C)
    return C->Options;
  std::string Why = llvm::toString(C.takeError());
  std::string Stripped = stripCudaLintKeys(Text);
  auto Plain = clang::tidy::parseConfiguration(llvm::MemoryBufferRef(Stripped, Path));
  if (Plain)
    llvm::errs() << "cuda-lint: " << Why << "\n";
  return Plain;
}

/// clang-tidy's file-based options provider reading `.cuda-lint.yaml` and
/// `.clang-tidy`. In each directory (nearest first) the first handler whose
/// file exists answers: the `.cuda-lint.yaml` one merges a sibling
/// `.clang-tidy` below itself, so that a directory with both reads both.
/// The base class's constructor that takes handlers leaves its file system
/// unset, hence the clearing of the default handler instead.
class ConfigFilesProvider : public clang::tidy::FileOptionsProvider {
public:
  ConfigFilesProvider(const clang::tidy::ClangTidyOptions &Defaults,
                      const clang::tidy::ClangTidyOptions &Overrides)
      : FileOptionsProvider(clang::tidy::ClangTidyGlobalOptions(), Defaults, Overrides,
                            llvm::vfs::getRealFileSystem()) {
    ConfigHandlers.clear();
    ConfigHandlers.emplace_back(
        ConfigFileName.str(),
        [](llvm::MemoryBufferRef Buf) -> llvm::ErrorOr<clang::tidy::ClangTidyOptions> {
          auto Own = optionsOf(Buf.getBufferIdentifier(), Buf.getBuffer());
          if (!Own)
            return Own;
          llvm::SmallString<256> Sibling(llvm::sys::path::parent_path(Buf.getBufferIdentifier()));
          llvm::sys::path::append(Sibling, ClangTidyConfigFileName);
          if (!llvm::sys::fs::is_regular_file(Sibling))
            return Own;
          auto Text = readRegularFile(Sibling, MaxConfigBytes);
          if (!Text) {
            llvm::consumeError(Text.takeError());
            return Own;
          }
          auto Tidy = optionsOf(Sibling, (*Text)->getBuffer());
          if (!Tidy)
            return Own;
          Tidy->mergeWith(*Own, 0);
          return *Tidy;
        });
    ConfigHandlers.emplace_back(
        ClangTidyConfigFileName.str(),
        [](llvm::MemoryBufferRef Buf) -> llvm::ErrorOr<clang::tidy::ClangTidyOptions> {
          return optionsOf(Buf.getBufferIdentifier(), Buf.getBuffer());
        });
  }
};

} // namespace

std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeConfigFilesProvider(const clang::tidy::ClangTidyOptions &Defaults,
                        const clang::tidy::ClangTidyOptions &Overrides) {
  return std::make_unique<ConfigFilesProvider>(Defaults, Overrides);
}

clang::tidy::ClangTidyOptions configuredOptions(llvm::StringRef File) {
  ConfigFilesProvider P{clang::tidy::ClangTidyOptions(), clang::tidy::ClangTidyOptions()};
  clang::tidy::ClangTidyOptions Result;
  unsigned Priority = 0;
  // Farthest first (the provider's order); the unset defaults come first.
  for (const auto &[Options, Source] : P.getRawOptions(File))
    Result.mergeWith(Options, ++Priority);
  return Result;
}

} // namespace cuda_lint
