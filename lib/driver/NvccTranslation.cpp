//===- NvccTranslation.cpp - nvcc compile commands to clang's CUDA driver -===//
//
// nvcc's option grammar (nvcc 13.0 `--help`): a long name takes `--`, a short
// name takes `-`; a value follows after `=` or as the next argument; the
// one-letter options -I -D -U -L -l -O -t also take it joined (`-Ipath`);
// options marked `<x>,...` take comma-separated lists, and nvcc splits them
// (`-D A=1,B` defines A and B). Host-compiler flags (from -Xcompiler, or
// unknown flags under -forward-unknown-to-host-compiler) and whole clang/gcc
// commands are parsed with clang's own driver option table, so that an option's
// arity and whether clang knows it come from clang itself.
//
//===----------------------------------------------------------------------===//
#include "driver/NvccTranslation.h"
#include "driver/SidePlan.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/OffloadArch.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace llvm;
namespace copts = clang::options;

namespace cuda_lint {

std::optional<std::string> clangGpuArch(StringRef NvccArch) {
  StringRef Number = NvccArch.trim();
  if (!Number.consume_front("sm_") && !Number.consume_front("compute_") &&
      !Number.consume_front("lto_"))
    return std::nullopt;
  auto Known = [](const std::string &Name) {
    return clang::StringToOffloadArch(Name) != clang::OffloadArch::UNKNOWN;
  };
  std::string Name = ("sm_" + Number).str();
  if (!Known(Name) && Number.ends_with("f")) {
    // Family-specific targets (sm_100f) are a subset of the
    // architecture-specific ones (sm_100a), which clang 22 knows.
    std::string Specific = ("sm_" + Number.drop_back() + "a").str();
    Name = Known(Specific) ? Specific : ("sm_" + Number.drop_back()).str();
  }
  if (!Known(Name))
    return std::nullopt;
  return Name;
}

namespace {

//===----------------------------------------------------------------------===//
// nvcc's option table
//===----------------------------------------------------------------------===//

/// How an nvcc option takes its value.
enum class NvKind {
  Flag,  ///< no value
  Value, ///< one value
  List,  ///< one value, a comma-separated list that nvcc splits
};

/// What the translation does with an nvcc option. Ignore: understood, no
/// meaning for a front-end analysis (output, mode, ptxas, linker, host
/// compiler selection, nvcc diagnostics numbers, ...).
enum class NvAct {
  Ignore,
  DeviceC,
  DeviceW,
  Include,
  SystemInclude,
  Define,
  Undefine,
  PreInclude,
  Std,
  Lang,
  Optimize,
  Debug,
  DeviceDebug,
  NoExceptions,
  TemplateDepth,
  TemplateBacktrace,
  RelaxedConstexpr,
  ExtendedLambda,
  CompilerOptions,
  PtxasOptions,
  ForwardUnknown,
  Arch,
  Code,
  GenCode,
  Rdc,
  MaxRRegCount,
  FastMath,
  Ftz,
  DefaultStream,
  DisableWarnings,
  WarnReorder,
  WarnNoDeprecatedDecl,
  Werror,
  OptionsFile,
};

struct NvOption {
  StringLiteral Long;  ///< after `--`
  StringLiteral Short; ///< after `-`; empty when there is none
  NvKind Kind;
  NvAct Act;
};

using K = NvKind;
using A = NvAct;

/// Every option of nvcc 13.0 (`nvcc --help`), plus the undocumented -X
/// forwarding options seen in real builds (-Xcudafe, -Xcicc, -Xfatbin).
const NvOption NvccOptions[] = {
    {"cuda", "cuda", K::Flag, A::Ignore},
    {"cubin", "cubin", K::Flag, A::Ignore},
    {"fatbin", "fatbin", K::Flag, A::Ignore},
    {"ptx", "ptx", K::Flag, A::Ignore},
    {"optix-ir", "optix-ir", K::Flag, A::Ignore},
    {"ltoir", "ltoir", K::Flag, A::Ignore},
    {"preprocess", "E", K::Flag, A::Ignore},
    {"generate-dependencies", "M", K::Flag, A::Ignore},
    {"generate-nonsystem-dependencies", "MM", K::Flag, A::Ignore},
    {"generate-dependencies-with-compile", "MD", K::Flag, A::Ignore},
    {"generate-nonsystem-dependencies-with-compile", "MMD", K::Flag, A::Ignore},
    {"dependency-output", "MF", K::Value, A::Ignore},
    {"generate-dependency-targets", "MP", K::Flag, A::Ignore},
    {"compile", "c", K::Flag, A::Ignore},
    {"device-c", "dc", K::Flag, A::DeviceC},
    {"device-w", "dw", K::Flag, A::DeviceW},
    {"device-link", "dlink", K::Flag, A::Ignore},
    {"link", "link", K::Flag, A::Ignore},
    {"lib", "lib", K::Flag, A::Ignore},
    {"run", "run", K::Flag, A::Ignore},
    {"output-file", "o", K::Value, A::Ignore},
    {"pre-include", "include", K::List, A::PreInclude},
    {"objdir-as-tempdir", "objtemp", K::Flag, A::Ignore},
    {"library", "l", K::List, A::Ignore},
    {"define-macro", "D", K::List, A::Define},
    {"undefine-macro", "U", K::List, A::Undefine},
    {"include-path", "I", K::List, A::Include},
    {"system-include", "isystem", K::List, A::SystemInclude},
    {"library-path", "L", K::List, A::Ignore},
    {"output-directory", "odir", K::Value, A::Ignore},
    {"compiler-bindir", "ccbin", K::Value, A::Ignore},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", K::Flag, A::Ignore},
    {"archiver-binary", "arbin", K::Value, A::Ignore},
    {"cudart", "cudart", K::Value, A::Ignore},
    {"cudadevrt", "cudadevrt", K::Value, A::Ignore},
    {"libdevice-directory", "ldir", K::Value, A::Ignore},
    {"target-directory", "target-dir", K::Value, A::Ignore},
    {"use-local-env", "use-local-env", K::Flag, A::Ignore},
    {"force-cl-env-setup", "force-cl-env-setup", K::Flag, A::Ignore},
    {"profile", "pg", K::Flag, A::Ignore},
    {"debug", "g", K::Flag, A::Debug},
    {"device-debug", "G", K::Flag, A::DeviceDebug},
    {"generate-line-info", "lineinfo", K::Flag, A::Ignore},
    {"optimization-info", "opt-info", K::List, A::Ignore},
    {"optimize", "O", K::Value, A::Optimize},
    {"Ofast-compile", "Ofc", K::Value, A::Ignore},
    {"dopt", "dopt", K::Value, A::Ignore},
    {"dlink-time-opt", "dlto", K::Flag, A::Ignore},
    {"lto", "lto", K::Flag, A::Ignore},
    {"gen-opt-lto", "gen-opt-lto", K::Flag, A::Ignore},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", K::Value, A::TemplateBacktrace},
    {"ftemplate-depth", "ftemplate-depth", K::Value, A::TemplateDepth},
    {"no-exceptions", "noeh", K::Flag, A::NoExceptions},
    {"shared", "shared", K::Flag, A::Ignore},
    {"x", "x", K::Value, A::Lang},
    {"std", "std", K::Value, A::Std},
    {"no-host-device-initializer-list", "nohdinitlist", K::Flag, A::Ignore},
    {"no-host-device-move-forward", "nohdmoveforward", K::Flag, A::Ignore},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", K::Flag, A::RelaxedConstexpr},
    {"extended-lambda", "extended-lambda", K::Flag, A::ExtendedLambda},
    {"expt-extended-lambda", "expt-extended-lambda", K::Flag, A::ExtendedLambda},
    {"machine", "m", K::Value, A::Ignore},
    {"m64", "m64", K::Flag, A::Ignore},
    {"compiler-options", "Xcompiler", K::List, A::CompilerOptions},
    {"linker-options", "Xlinker", K::List, A::Ignore},
    {"archive-options", "Xarchive", K::List, A::Ignore},
    {"ptxas-options", "Xptxas", K::List, A::PtxasOptions},
    {"nvlink-options", "Xnvlink", K::List, A::Ignore},
    {"Xcudafe", "Xcudafe", K::List, A::Ignore},
    {"Xcicc", "Xcicc", K::List, A::Ignore},
    {"Xfatbin", "Xfatbin", K::List, A::Ignore},
    {"static-global-template-stub", "static-global-template-stub", K::Value, A::Ignore},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", K::Value, A::Ignore},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", K::Flag, A::ForwardUnknown},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", K::Flag, A::Ignore},
    {"forward-unknown-opts", "forward-unknown-opts", K::Flag, A::ForwardUnknown},
    {"dont-use-profile", "noprof", K::Flag, A::Ignore},
    {"dryrun", "dryrun", K::Flag, A::Ignore},
    {"verbose", "v", K::Flag, A::Ignore},
    {"threads", "t", K::Value, A::Ignore},
    {"split-compile", "split-compile", K::Value, A::Ignore},
    {"split-compile-extended", "split-compile-extended", K::Value, A::Ignore},
    {"fdevice-syntax-only", "fdevice-syntax-only", K::Flag, A::Ignore},
    {"fdevice-time-trace", "fdevice-time-trace", K::Value, A::Ignore},
    {"keep", "keep", K::Flag, A::Ignore},
    {"keep-dir", "keep-dir", K::Value, A::Ignore},
    {"save-temps", "save-temps", K::Flag, A::Ignore},
    {"clean-targets", "clean", K::Flag, A::Ignore},
    {"time", "time", K::Value, A::Ignore},
    {"run-args", "run-args", K::List, A::Ignore},
    {"input-drive-prefix", "idp", K::Value, A::Ignore},
    {"dependency-drive-prefix", "ddp", K::Value, A::Ignore},
    {"drive-prefix", "dp", K::Value, A::Ignore},
    {"dependency-target-name", "MT", K::Value, A::Ignore},
    {"no-align-double", "", K::Flag, A::Ignore},
    {"no-device-link", "nodlink", K::Flag, A::Ignore},
    {"gpu-architecture", "arch", K::Value, A::Arch},
    {"gpu-code", "code", K::List, A::Code},
    {"generate-code", "gencode", K::Value, A::GenCode},
    {"relocatable-device-code", "rdc", K::Value, A::Rdc},
    {"entries", "e", K::List, A::Ignore},
    {"maxrregcount", "maxrregcount", K::Value, A::MaxRRegCount},
    {"use_fast_math", "use_fast_math", K::Flag, A::FastMath},
    {"ftz", "ftz", K::Value, A::Ftz},
    {"prec-div", "prec-div", K::Value, A::Ignore},
    {"prec-sqrt", "prec-sqrt", K::Value, A::Ignore},
    {"fmad", "fmad", K::Value, A::Ignore},
    {"extra-device-vectorization", "extra-device-vectorization", K::Flag, A::Ignore},
    {"default-stream", "default-stream", K::Value, A::DefaultStream},
    {"disable-warnings", "w", K::Flag, A::DisableWarnings},
    {"keep-device-functions", "keep-device-functions", K::Flag, A::Ignore},
    {"source-in-ptx", "src-in-ptx", K::Flag, A::Ignore},
    {"restrict", "restrict", K::Flag, A::Ignore},
    {"Wreorder", "Wreorder", K::Flag, A::WarnReorder},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", K::Flag, A::Ignore},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", K::Flag, A::Ignore},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", K::Flag, A::Ignore},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", K::Flag, A::WarnNoDeprecatedDecl},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", K::Flag, A::Ignore},
    {"Werror", "Werror", K::List, A::Werror},
    {"resource-usage", "res-usage", K::Flag, A::Ignore},
    {"extensible-whole-program", "ewp", K::Flag, A::Ignore},
    {"no-compress", "no-compress", K::Flag, A::Ignore},
    {"qpp-config", "qpp-config", K::Value, A::Ignore},
    {"compile-as-tools-patch", "astoolspatch", K::Flag, A::Ignore},
    {"list-gpu-code", "code-ls", K::Flag, A::Ignore},
    {"list-gpu-arch", "arch-ls", K::Flag, A::Ignore},
    {"display-error-number", "err-no", K::Flag, A::Ignore},
    {"no-display-error-number", "no-err-no", K::Flag, A::Ignore},
    {"diag-error", "diag-error", K::List, A::Ignore},
    {"diag-suppress", "diag-suppress", K::List, A::Ignore},
    {"diag-warn", "diag-warn", K::List, A::Ignore},
    {"host-linker-script", "hls", K::Value, A::Ignore},
    {"augment-host-linker-script", "aug-hls", K::Flag, A::Ignore},
    {"relocatable-link", "r", K::Flag, A::Ignore},
    {"brief-diagnostics", "brief-diag", K::Value, A::Ignore},
    {"jump-table-density", "jtd", K::Value, A::Ignore},
    {"relocatable-ptx", "reloc-ptx", K::Flag, A::Ignore},
    {"device-stack-protector", "device-stack-protector", K::Value, A::Ignore},
    {"compress-mode", "compress-mode", K::Value, A::Ignore},
    {"frandom-seed", "frandom-seed", K::Value, A::Ignore},
    {"sanitize", "sanitize", K::Value, A::Ignore},
    {"jobserver", "jobserver", K::Flag, A::Ignore},
    {"help", "h", K::Flag, A::Ignore},
    {"version", "V", K::Flag, A::Ignore},
    {"options-file", "optf", K::List, A::OptionsFile},
};

/// The short options nvcc also accepts with the value joined (`-Ipath`).
constexpr StringLiteral JoinedShortOptions = "IDULlOt";

const NvOption *findNvccOption(StringRef Name, bool Long) {
  for (const NvOption &O : NvccOptions)
    if (Long ? O.Long == Name : (!O.Short.empty() && O.Short == Name))
      return &O;
  return nullptr;
}

/// nvcc -Werror kinds (nvcc 13.0 `--help`); they concern nvcc's own warnings.
bool isNvccWerrorKind(StringRef Kind) {
  return StringSwitch<bool>(Kind)
      .Cases({"all-warnings", "cross-execution-space-call", "reorder",
              "default-stream-launch", "missing-launch-bounds",
              "ext-lambda-captures-this", "deprecated-declarations"},
             true)
      .Default(false);
}

/// Real architectures of `-arch=all` and `-arch=all-major` for nvcc 13.0
/// (seen with `nvcc --dryrun`).
constexpr StringLiteral AllArchs[] = {"sm_75",  "sm_80",  "sm_86",  "sm_87",
                                      "sm_88",  "sm_89",  "sm_90",  "sm_100",
                                      "sm_103", "sm_110", "sm_120", "sm_121"};
constexpr StringLiteral AllMajorArchs[] = {"sm_75",  "sm_80",  "sm_90",
                                           "sm_100", "sm_110", "sm_120"};

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// What a translation collects while it walks a command.
struct State {
  TranslatedCommand &R;
  StringSet<> DroppedSeen;
  /// Device architectures in clang spelling, in order, possibly repeated.
  std::vector<std::string> Archs;

  explicit State(TranslatedCommand &R) : R(R) {}

  void drop(StringRef Flag) {
    if (DroppedSeen.insert(Flag).second)
      R.DroppedFlags.push_back(Flag.str());
  }

  /// Records a device architecture spelled as nvcc or clang does ("sm_80",
  /// "compute_90a", "lto_90"); \p Origin is dropped when clang does not know it.
  void addArch(StringRef Arch, StringRef Origin) {
    Arch = Arch.trim();
    if (Arch.empty() || Arch == "native")
      return;
    if (Arch == "all" || Arch == "all-major") {
      for (StringRef A : Arch == "all" ? ArrayRef(AllArchs) : ArrayRef(AllMajorArchs))
        Archs.push_back(A.str());
      return;
    }
    std::optional<std::string> Name = clangGpuArch(Arch);
    if (!Name) {
      drop(Origin);
      return;
    }
    Archs.push_back(*Name);
  }
};

/// Splits an nvcc list value at commas, dropping empty items.
SmallVector<StringRef, 4> splitList(StringRef Value) {
  SmallVector<StringRef, 4> Items;
  Value.split(Items, ',', -1, /*KeepEmpty=*/false);
  return Items;
}

/// Splits a value bound for another program (-Xcompiler, -Xptxas) as nvcc
/// does: at commas, then at blanks with shell-like quoting.
std::vector<std::string> splitForwarded(StringRef Value) {
  std::vector<std::string> Out;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  for (StringRef Item : splitList(Value)) {
    SmallVector<const char *, 4> Toks;
    cl::TokenizeGNUCommandLine(Item, Saver, Toks);
    for (const char *T : Toks)
      Out.emplace_back(T);
  }
  return Out;
}

std::optional<unsigned> parseUnsigned(StringRef S) {
  unsigned V;
  if (S.trim().getAsInteger(10, V))
    return std::nullopt;
  return V;
}

/// Finds `maxrregcount` in ptxas options (`--maxrregcount=N`, `-maxrregcount N`).
void parsePtxasOptions(ArrayRef<std::string> Opts, NvccFacts &Facts) {
  for (size_t I = 0; I < Opts.size(); ++I) {
    StringRef O = StringRef(Opts[I]).ltrim('-');
    if (!O.consume_front("maxrregcount"))
      continue;
    std::optional<unsigned> N;
    if (O.consume_front("="))
      N = parseUnsigned(O);
    else if (O.empty() && I + 1 < Opts.size())
      N = parseUnsigned(Opts[++I]);
    if (N)
      Facts.MaxRRegCount = N;
  }
}

/// Whether clang knows the warning option `-W<Name>` (Name without `-W`;
/// `no-` already removed). Mirrors clang's ProcessWarningOptions.
bool isKnownWarning(StringRef Name) {
  if (Name.empty() || Name == "everything" || Name == "system-headers" ||
      Name.starts_with("fatal-errors"))
    return true;
  return clang::DiagnosticIDs::getGroupForWarningOption(Name).has_value();
}

bool isSourceFile(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return StringSwitch<bool>(Ext.lower())
      .Cases({".cu", ".c", ".cc", ".cpp", ".cxx", ".c++", ".cp", ".cppm"}, true)
      .Default(false);
}

/// Absolute, dot-free form of \p Path taken relative to \p Dir.
std::string absolutePath(StringRef Path, StringRef Dir) {
  SmallString<256> P;
  if (sys::path::is_absolute(Path))
    P = Path;
  else {
    P = Dir;
    sys::path::append(P, Path);
  }
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// Expands `@file` response files (and, for nvcc, `--options-file F` /
/// `-optf F`) relative to \p Dir. A file that cannot be read is dropped.
std::vector<std::string> expandResponseFiles(ArrayRef<std::string> In,
                                             StringRef Dir, bool Nvcc,
                                             vfs::FileSystem *FS, State &S) {
  std::vector<std::string> Args(In.begin(), In.end());
  IntrusiveRefCntPtr<vfs::FileSystem> RealFS;
  if (!FS) {
    RealFS = vfs::getRealFileSystem();
    FS = RealFS.get();
  }
  // Options files inside options files need another round; bound the rounds
  // so that a file naming itself cannot loop.
  for (int Round = 0; Round < 8; ++Round) {
    bool Again = false;
    if (Nvcc) {
      std::vector<std::string> Rewritten;
      for (size_t I = 0; I < Args.size(); ++I) {
        StringRef T = Args[I];
        StringRef Value;
        bool Match = false;
        for (StringRef Name : {"--options-file", "-optf"}) {
          if (T == Name) {
            Match = true;
            if (I + 1 < Args.size())
              Value = Args[++I];
          } else if (T.starts_with(Name) && T.drop_front(Name.size()).starts_with("=")) {
            Match = true;
            Value = T.drop_front(Name.size() + 1);
          }
          if (Match)
            break;
        }
        if (!Match) {
          Rewritten.push_back(Args[I]);
          continue;
        }
        for (StringRef F : splitList(Value))
          Rewritten.push_back(("@" + F).str());
        if (Value.empty())
          S.drop(T);
      }
      Args = std::move(Rewritten);
    }
    if (!any_of(Args, [](const std::string &A) { return StringRef(A).starts_with("@"); }))
      break;

    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 64> Argv;
    for (const std::string &A : Args)
      Argv.push_back(Saver.save(A).data());
    cl::ExpansionContext ECtx(Alloc, cl::TokenizeGNUCommandLine, FS);
    ECtx.setCurrentDir(Dir).setRelativeNames(true);
    if (Error E = ECtx.expandResponseFiles(Argv)) {
      consumeError(std::move(E));
      // Keep the arguments as they were; the unreadable files are dropped below.
    } else {
      std::vector<std::string> Expanded(Argv.begin(), Argv.end());
      if (Nvcc)
        Again = any_of(Expanded, [](const std::string &A) {
          return A == "--options-file" || A == "-optf" ||
                 StringRef(A).starts_with("--options-file=") ||
                 StringRef(A).starts_with("-optf=");
        });
      Args = std::move(Expanded);
    }
    if (!Again)
      break;
  }
  // What is left of `@file` could not be read (LLVM leaves a missing file's
  // argument unexpanded, as GCC does).
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (I > 0 && StringRef(Args[I]).starts_with("@")) {
      S.drop(Args[I]);
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// clang/gcc arguments, through clang's own option table
//===----------------------------------------------------------------------===//

enum class ClangArgsMode {
  /// Flags meant for nvcc's host compiler: input files among them are noise.
  HostFlags,
  /// A whole clang/gcc command line (without argv[0]): inputs are sources.
  Command,
};

/// An input file of a clang command and the `-x` language in effect for it.
struct ClangInput {
  std::string Path;
  std::string Lang;
};

/// Keeps the arguments of \p In that clang's driver knows and that matter to
/// a syntax-only analysis, appending them to \p Out; see
/// translateCompileCommand for the policy. In Command mode, inputs go to
/// \p Inputs and `--cuda-gpu-arch` to S.Archs.
void filterClangArgs(ArrayRef<std::string> In, ClangArgsMode Mode, State &S,
                     std::vector<std::string> &Out,
                     std::vector<ClangInput> *Inputs = nullptr) {
  const opt::OptTable &Table = clang::getDriverOptTable();
  std::vector<const char *> Ptrs;
  for (const std::string &A : In)
    Ptrs.push_back(A.c_str());
  opt::InputArgList List(Ptrs.data(), Ptrs.data() + Ptrs.size());
  std::string Lang;
  unsigned Index = 0;
  while (Index < Ptrs.size()) {
    unsigned Start = Index;
    std::unique_ptr<opt::Arg> Arg =
        Table.ParseOneArg(List, Index, opt::Visibility(copts::ClangOption));
    unsigned End = std::min<unsigned>(Index, Ptrs.size());
    ArrayRef<std::string> Toks = In.slice(Start, End - Start);
    if (!Arg || Index <= Start) {
      // A value is missing at the end of the list.
      S.drop(join(Toks, " "));
      if (Index <= Start)
        ++Index;
      continue;
    }
    const opt::Option &O = Arg->getOption();
    auto Keep = [&] { Out.insert(Out.end(), Toks.begin(), Toks.end()); };

    if (O.getKind() == opt::Option::UnknownClass) {
      S.drop(Toks.front());
      continue;
    }
    if (O.matches(copts::OPT__DASH_DASH)) {
      // Everything after `--` is an input.
      for (const char *V : Arg->getValues()) {
        if (Mode == ClangArgsMode::Command && Inputs)
          Inputs->push_back({V, Lang});
        else
          S.drop(V);
      }
      continue;
    }
    if (O.getKind() == opt::Option::InputClass) {
      if (Mode == ClangArgsMode::Command && Inputs)
        Inputs->push_back({Toks.front(), Lang});
      else
        S.drop(Toks.front());
      continue;
    }
    if (O.hasFlag(copts::Unsupported) || O.hasFlag(copts::Ignored)) {
      S.drop(join(Toks, " "));
      continue;
    }
    // Output, mode and dependency-file options: the caller decides what to
    // produce (nothing: a syntax-only analysis).
    if (O.matches(copts::OPT_o) || O.matches(copts::OPT_c) ||
        O.matches(copts::OPT_S) || O.matches(copts::OPT_E) ||
        O.matches(copts::OPT_fsyntax_only) || O.matches(copts::OPT_M_Group) ||
        O.matches(copts::OPT_save_temps) || O.matches(copts::OPT_save_temps_EQ) ||
        O.matches(copts::OPT_pipe) || O.matches(copts::OPT__HASH_HASH_HASH) ||
        O.matches(copts::OPT_v))
      continue;
    // Link-only options have no meaning for one translation unit and make
    // clang warn that they are unused.
    if (O.matches(copts::OPT_Link_Group) || O.hasFlag(copts::LinkerInput) ||
        O.matches(copts::OPT_Xlinker) || O.matches(copts::OPT_Wl_COMMA) ||
        O.matches(copts::OPT_shared) || O.matches(copts::OPT_static))
      continue;
    if (O.matches(copts::OPT_x)) {
      Lang = Arg->getValue();
      if (Mode == ClangArgsMode::HostFlags)
        S.drop(join(Toks, " "));
      continue;
    }
    // The caller runs the host side and each device side itself.
    if (O.matches(copts::OPT_offload_arch_EQ)) {
      if (Mode == ClangArgsMode::Command)
        for (const char *V : Arg->getValues())
          S.addArch(V, Toks.front());
      continue;
    }
    if (O.matches(copts::OPT_no_offload_arch_EQ) ||
        O.matches(copts::OPT_cuda_host_only) ||
        O.matches(copts::OPT_cuda_device_only) ||
        O.matches(copts::OPT_offload_host_only) ||
        O.matches(copts::OPT_offload_device_only) ||
        O.matches(copts::OPT_offload_host_device) ||
        O.matches(copts::OPT_Xcuda_fatbinary))
      continue;
    if (O.matches(copts::OPT_Xcuda_ptxas)) {
      parsePtxasOptions(splitForwarded(Arg->getValue()), S.R.Facts);
      continue;
    }
    if (O.matches(copts::OPT_fgpu_rdc)) {
      S.R.Facts.RelocatableDeviceCode = true;
      Keep();
      continue;
    }
    if (O.matches(copts::OPT_fno_gpu_rdc)) {
      S.R.Facts.RelocatableDeviceCode = false;
      Keep();
      continue;
    }
    // Warnings are kept, never as errors (see translateCompileCommand).
    if (O.matches(copts::OPT_pedantic_errors))
      continue;
    if (O.matches(copts::OPT_W_Joined)) {
      StringRef V = Arg->getValue();
      if (V == "error" || V == "no-error")
        continue;
      if (V.consume_front("error=")) {
        if (isKnownWarning(V))
          Out.push_back(("-W" + V).str());
        else
          S.drop(Toks.front());
        continue;
      }
      StringRef Name = V;
      Name.consume_front("no-");
      Name.consume_front("error=");
      if (isKnownWarning(Name))
        Keep();
      else
        S.drop(Toks.front());
      continue;
    }
    Keep();
  }
}

//===----------------------------------------------------------------------===//
// nvcc commands
//===----------------------------------------------------------------------===//

/// Translates the arguments of an nvcc command (without argv[0]).
void translateNvcc(ArrayRef<std::string> Args, const clang::tooling::CompileCommand &Cmd,
                   State &S) {
  TranslatedCommand &R = S.R;
  NvccFacts &Facts = R.Facts;
  Facts.FromNvcc = true;

  // nvcc's switches are global: -forward-unknown-to-host-compiler changes how
  // every unknown flag before it is read, too.
  bool ForwardUnknown = any_of(Args, [](const std::string &A) {
    return StringSwitch<bool>(A)
        .Cases({"-forward-unknown-to-host-compiler",
                "--forward-unknown-to-host-compiler", "-forward-unknown-opts",
                "--forward-unknown-opts"},
               true)
        .Default(false);
  });

  // The source: the argument naming Cmd.Filename; failing that, the last
  // argument that looks like a source file.
  std::string Wanted = absolutePath(Cmd.Filename, Cmd.Directory);
  std::optional<size_t> SourceIdx;
  for (size_t I = 0; I < Args.size(); ++I)
    if (!StringRef(Args[I]).starts_with("-") &&
        absolutePath(Args[I], Cmd.Directory) == Wanted)
      SourceIdx = I;
  std::string Source;
  std::optional<std::string> Lang;
  std::vector<std::string> Flags; // translated, in command order
  std::vector<std::string> Host;  // for the host compiler, filtered later
  bool Rdc = false, FastMath = false, Ftz = false, DeviceDebug = false,
       PerThreadStream = false, HaveArchOrGencode = false;
  std::vector<std::string> Codes;
  bool LastWasForwarded = false;

  bool OnlyInputs = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef T = Args[I];
    bool Forwarded = false;
    auto Finish = [&] { LastWasForwarded = Forwarded; };

    // `--` ends the options (clang's interpolation for headers writes
    // `... -- header.cuh`).
    if (T == "--" && !OnlyInputs) {
      OnlyInputs = true;
      LastWasForwarded = false;
      continue;
    }
    if (OnlyInputs || !T.starts_with("-") || T == "-") {
      if (SourceIdx ? I == *SourceIdx : isSourceFile(T))
        Source = T.str();
      else if (LastWasForwarded) {
        // The value of a host flag nvcc does not know (`-isysroot /x`).
        Host.push_back(T.str());
        Forwarded = true;
      } else
        S.drop(T);
      Finish();
      continue;
    }

    bool Long = T.starts_with("--");
    StringRef Body = T.drop_front(Long ? 2 : 1);
    auto [Name, Inline] = Body.split('=');
    bool HasInline = Body.contains('=');
    const NvOption *O = findNvccOption(Name, Long);
    if (!O && !Long && Body.size() > 1 && JoinedShortOptions.contains(Body[0])) {
      O = findNvccOption(Body.take_front(1), /*Long=*/false);
      Inline = Body.drop_front(1);
      HasInline = true;
    }
    if (!O) {
      if (ForwardUnknown) {
        Host.push_back(T.str());
        Forwarded = true;
      } else {
        S.drop(T);
      }
      Finish();
      continue;
    }

    std::string Value;
    std::string Spelling = T.str();
    if (O->Kind != NvKind::Flag) {
      if (HasInline) {
        Value = Inline.str();
      } else if (O->Act == NvAct::Werror &&
                 (I + 1 >= Args.size() || StringRef(Args[I + 1]).starts_with("-"))) {
        // `-Werror` alone is the host compiler's (nvcc wants a kind).
        Finish();
        continue;
      } else if (I + 1 < Args.size()) {
        Value = Args[++I];
        Spelling += " " + Value;
      } else {
        S.drop(T);
        Finish();
        continue;
      }
    }
    SmallVector<StringRef, 4> Items;
    if (O->Kind == NvKind::List)
      Items = splitList(Value);
    else if (O->Kind == NvKind::Value)
      Items.push_back(Value);

    switch (O->Act) {
    case NvAct::Ignore:
    case NvAct::ForwardUnknown:
    case NvAct::OptionsFile: // expanded already
      break;
    case NvAct::DeviceC:
      Rdc = true;
      break;
    case NvAct::DeviceW:
      Rdc = false;
      break;
    case NvAct::Include:
      for (StringRef V : Items)
        Flags.push_back(("-I" + V).str());
      break;
    case NvAct::SystemInclude:
      for (StringRef V : Items) {
        Flags.push_back("-isystem");
        Flags.push_back(V.str());
      }
      break;
    case NvAct::Define:
      for (StringRef V : Items)
        Flags.push_back(("-D" + V).str());
      break;
    case NvAct::Undefine:
      for (StringRef V : Items)
        Flags.push_back(("-U" + V).str());
      break;
    case NvAct::PreInclude:
      for (StringRef V : Items) {
        Flags.push_back("-include");
        Flags.push_back(V.str());
      }
      break;
    case NvAct::Std:
      Flags.push_back("-std=" + Value);
      break;
    case NvAct::Lang:
      if (Value == "cu" || Value == "cuda" || Value == "c++" || Value == "c")
        Lang = Value;
      else
        S.drop(Spelling);
      break;
    case NvAct::Optimize:
      Flags.push_back("-O" + Value);
      break;
    case NvAct::Debug:
      Flags.push_back("-g");
      break;
    case NvAct::DeviceDebug:
      DeviceDebug = true;
      break;
    case NvAct::NoExceptions:
      Flags.push_back("-fno-exceptions");
      break;
    case NvAct::TemplateDepth:
      Flags.push_back("-ftemplate-depth=" + Value);
      break;
    case NvAct::TemplateBacktrace:
      Flags.push_back("-ftemplate-backtrace-limit=" + Value);
      break;
    case NvAct::RelaxedConstexpr:
      Facts.RelaxedConstexpr = true;
      break;
    case NvAct::ExtendedLambda:
      Facts.ExtendedLambda = true;
      break;
    case NvAct::CompilerOptions:
      for (std::string &H : splitForwarded(Value))
        Host.push_back(std::move(H));
      break;
    case NvAct::PtxasOptions:
      parsePtxasOptions(splitForwarded(Value), Facts);
      break;
    case NvAct::Arch:
      HaveArchOrGencode = true;
      for (StringRef V : splitList(Value))
        S.addArch(V, Spelling);
      break;
    case NvAct::Code:
      for (StringRef V : Items)
        Codes.push_back(V.str());
      break;
    case NvAct::GenCode: {
      HaveArchOrGencode = true;
      // arch=compute_80,code=[compute_80,sm_80] and its quoted spellings:
      // a comma-separated list of key=value items, where an item without a
      // key continues the previous key's list.
      std::string Spec;
      for (char C : Value)
        if (!StringRef("\"'[] \t").contains(C))
          Spec += C;
      std::vector<std::string> Virtual, Real;
      StringRef Key;
      for (StringRef Item : splitList(Spec)) {
        if (Item.contains('='))
          std::tie(Key, Item) = Item.split('=');
        (Key == "arch" ? Virtual : Real).push_back(Item.str());
      }
      // The front end runs for the virtual architecture; with none given,
      // each code names its own.
      for (const std::string &V : Virtual.empty() ? Real : Virtual)
        S.addArch(V, Spelling);
      break;
    }
    case NvAct::Rdc:
      if (Value == "true")
        Rdc = true;
      else if (Value == "false")
        Rdc = false;
      else
        S.drop(Spelling);
      break;
    case NvAct::MaxRRegCount:
      if (std::optional<unsigned> N = parseUnsigned(Value))
        Facts.MaxRRegCount = N;
      else
        S.drop(Spelling);
      break;
    case NvAct::FastMath:
      FastMath = true;
      break;
    case NvAct::Ftz:
      Ftz = Value == "true";
      break;
    case NvAct::DefaultStream:
      PerThreadStream = Value == "per-thread";
      break;
    case NvAct::DisableWarnings:
      Flags.push_back("-w");
      break;
    case NvAct::WarnReorder:
      Flags.push_back("-Wreorder");
      break;
    case NvAct::WarnNoDeprecatedDecl:
      Flags.push_back("-Wno-deprecated-declarations");
      break;
    case NvAct::Werror:
      // nvcc's kinds make nvcc's own warnings errors; where clang has the
      // same warning, enable it (as a warning). Another kind is a host
      // warning name (`-Werror=unused-variable` forwarded by nvcc).
      for (StringRef Kind : Items) {
        if (Kind == "reorder" || Kind == "deprecated-declarations")
          Flags.push_back(("-W" + Kind).str());
        else if (isNvccWerrorKind(Kind))
          continue;
        else if (isKnownWarning(Kind))
          Flags.push_back(("-W" + Kind).str());
        else
          S.drop(Spelling);
      }
      break;
    }
    Finish();
  }

  if (Source.empty())
    Source = Cmd.Filename;
  StringRef Ext = sys::path::extension(Source);
  if (Lang)
    R.IsCuda = *Lang == "cu" || *Lang == "cuda";
  else
    R.IsCuda = isCudaFileName(Source); // a header borrowing a unit's command
  bool IsC = Lang ? *Lang == "c" : Ext == ".c";

  if (!HaveArchOrGencode)
    for (const std::string &C : Codes)
      S.addArch(C, "-code=" + C);

  Facts.RelocatableDeviceCode = Rdc;

  R.Args.push_back(IsC ? "clang" : "clang++");
  std::vector<std::string> HostKept;
  filterClangArgs(Host, ClangArgsMode::HostFlags, S, HostKept);
  append_range(R.Args, HostKept);
  // Macros nvcc defines itself for these flags (seen with `nvcc --dryrun`).
  if (PerThreadStream)
    R.Args.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
  if (R.IsCuda) {
    if (Rdc) {
      R.Args.push_back("-fgpu-rdc");
      R.Args.push_back("-D__CUDACC_RDC__");
    }
    // Not __CUDACC_EXTENDED_LAMBDA__: with it cuda_runtime.h includes
    // <functional> inside clang's CUDA wrapper, before the wrapper declares
    // device malloc/free, and every device `new` then fails to compile
    // (NVIDIA/cuda-samples newdelete). clang needs no flag for device lambdas.
    if (Facts.RelaxedConstexpr)
      R.Args.push_back("-D__CUDACC_RELAXED_CONSTEXPR__");
    if (DeviceDebug)
      R.Args.push_back("-D__CUDACC_DEBUG__");
    // --use_fast_math: fast approximate intrinsics and flush-to-zero on the
    // device, nothing on the host (clang's -ffast-math would change host
    // semantics, which nvcc leaves to the host compiler).
    if (FastMath)
      R.Args.push_back("-fgpu-approx-transcendentals");
    if (FastMath || Ftz)
      R.Args.push_back("-fgpu-flush-denormals-to-zero");
  }
  append_range(R.Args, Flags);
  if (R.IsCuda) {
    R.Args.push_back("-x");
    R.Args.push_back("cuda");
  } else if (Lang) {
    R.Args.push_back("-x");
    R.Args.push_back(*Lang);
  }
  R.Args.push_back(Source);
}

//===----------------------------------------------------------------------===//
// clang and gcc commands
//===----------------------------------------------------------------------===//

void translateClang(StringRef Compiler, ArrayRef<std::string> Args,
                    const clang::tooling::CompileCommand &Cmd, State &S) {
  TranslatedCommand &R = S.R;
  std::vector<std::string> Kept;
  std::vector<ClangInput> Inputs;
  filterClangArgs(Args, ClangArgsMode::Command, S, Kept, &Inputs);

  std::string Wanted = absolutePath(Cmd.Filename, Cmd.Directory);
  const ClangInput *Source = nullptr;
  for (const ClangInput &In : Inputs)
    if (absolutePath(In.Path, Cmd.Directory) == Wanted)
      Source = &In;
  if (!Source && !Inputs.empty())
    Source = &Inputs.back();
  for (const ClangInput &In : Inputs)
    if (&In != Source)
      S.drop(In.Path);
  std::string Path = Source ? Source->Path : Cmd.Filename;
  std::string Lang = Source ? Source->Lang : "";
  if (Lang == "none")
    Lang.clear();
  R.IsCuda = Lang.empty() ? isCudaFileName(Path) : Lang == "cuda";

  R.Args.push_back(Compiler.str());
  append_range(R.Args, Kept);
  if (R.IsCuda)
    Lang = "cuda";
  if (!Lang.empty()) {
    R.Args.push_back("-x");
    R.Args.push_back(Lang);
  }
  R.Args.push_back(Path);
}

} // namespace

bool isNvccCompiler(StringRef Compiler) {
  StringRef Name = sys::path::filename(Compiler);
  Name.consume_back_insensitive(".exe");
  return Name.ends_with("nvcc");
}

TranslatedCommand translateCompileCommand(const clang::tooling::CompileCommand &Cmd,
                                          vfs::FileSystem *FS) {
  TranslatedCommand R;
  State S(R);
  ArrayRef<std::string> Line = Cmd.CommandLine;
  // Compiler launchers (CMAKE_<LANG>_COMPILER_LAUNCHER) run the real compiler.
  while (!Line.empty()) {
    StringRef Name = sys::path::filename(Line.front());
    if (Name != "ccache" && Name != "sccache" && Name != "distcc" &&
        Name != "buildcache")
      break;
    Line = Line.drop_front();
  }
  if (Line.empty()) {
    R.Args = {"clang++", Cmd.Filename};
    R.IsCuda = sys::path::extension(Cmd.Filename) == ".cu";
    if (R.IsCuda)
      R.Args.insert(R.Args.begin() + 1, {"-x", "cuda"});
    return R;
  }
  bool Nvcc = isNvccCompiler(Line.front());
  std::vector<std::string> Args =
      expandResponseFiles(Line, Cmd.Directory, Nvcc, FS, S);
  ArrayRef<std::string> Rest = ArrayRef(Args).drop_front();
  if (Nvcc)
    translateNvcc(Rest, Cmd, S);
  else
    translateClang(Args.front(), Rest, Cmd, S);

  if (R.IsCuda) {
    StringSet<> Seen;
    for (std::string &A : S.Archs)
      if (Seen.insert(A).second)
        R.GpuArchs.push_back(A);
  }
  return R;
}

} // namespace cuda_lint
