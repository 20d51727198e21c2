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
#include "llvm/Support/MemoryBuffer.h"
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
  /// The clang names of Archs that came from a family-specific spelling
  /// (`sm_100f`), and those that came from any other spelling.
  StringSet<> FromFamily, FromOther;

  /// Where the argument being translated comes from: "" for the command line,
  /// else its place in a response file (its text is then never reported).
  std::string Origin;

  explicit State(TranslatedCommand &R) : R(R) {}

  /// Drops \p Flag (as spelled) for \p Reason; reported by Origin when the
  /// flag came from a response file.
  void drop(StringRef Flag, StringRef Reason = "no clang equivalent",
            StringRef Kind = "compile flag") {
    DroppedFlag D;
    D.Kind = Kind.str();
    if (Origin.empty())
      D.Flag = Flag.str();
    else
      D.Origin = Origin;
    D.Reason = Reason.str();
    if (DroppedSeen.insert(D.describe()).second)
      R.DroppedFlags.push_back(std::move(D));
  }
  /// Drops a flag that could write files or load code.
  void dropUnsafe(StringRef Flag) { drop(Flag, UnsafeReason); }
  static constexpr StringLiteral UnsafeReason =
      "may write files or load code; such flags are never taken from a compile database";

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
    StringRef Number = Arch;
    if ((Number.consume_front("sm_") || Number.consume_front("compute_") ||
         Number.consume_front("lto_")) &&
        Number.ends_with("f") && *Name != ("sm_" + Number).str())
      FromFamily.insert(*Name);
    else
      FromOther.insert(*Name);
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

/// Arguments with the place each comes from ("" for the command line, else
/// "argument N of response file 'F'"), in parallel.
struct ExpandedArgs {
  std::vector<std::string> Args;
  std::vector<std::string> Origins;
};

/// Whether \p Path lies in the tree of directory \p Dir (both absolute, real
/// paths): \p Dir itself or below it.
bool isWithinTree(StringRef Path, StringRef Dir) {
  Dir.consume_back("/");
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() &&
                         sys::path::is_separator(Path[Dir.size()]));
}

/// Expands `@file` response files (and, for nvcc, `--options-file F` /
/// `-optf F`) of a command line, under \p Policy (see ResponseFilePolicy).
class ResponseFileExpander {
public:
  ResponseFileExpander(bool Nvcc, vfs::FileSystem &FS, const ResponseFilePolicy &Policy,
                       State &S)
      : Nvcc(Nvcc), FS(FS), Policy(Policy), S(S) {}

  /// Expands \p In (argv, whose first element is the compiler and never a
  /// response file); relative names are taken from \p Dir.
  ExpandedArgs expand(ArrayRef<std::string> In, StringRef Dir) {
    ExpandedArgs Out;
    std::vector<std::string> Origins(In.size());
    expandInto(In, Origins, Dir, /*Depth=*/0, Out);
    return Out;
  }

private:
  static constexpr unsigned MaxDepth = 8;
  bool Nvcc;
  vfs::FileSystem &FS;
  const ResponseFilePolicy &Policy;
  State &S;
  uint64_t TotalBytes = 0;
  std::vector<std::string> Stack; ///< real paths of the files being expanded

  void push(ExpandedArgs &Out, std::string Arg, std::string Origin) {
    Out.Args.push_back(std::move(Arg));
    Out.Origins.push_back(std::move(Origin));
  }

  void expandInto(ArrayRef<std::string> Toks, ArrayRef<std::string> Origins, StringRef Dir,
                  unsigned Depth, ExpandedArgs &Out) {
    for (size_t I = 0; I < Toks.size(); ++I) {
      StringRef T = Toks[I];
      if (Depth == 0 && I == 0) {
        push(Out, Toks[I], Origins[I]);
        continue;
      }
      if (Nvcc) {
        StringRef Value, ValueOrigin = Origins[I];
        bool Match = false;
        for (StringRef Name : {"--options-file", "-optf"}) {
          if (T == Name) {
            Match = true;
            if (I + 1 < Toks.size()) {
              Value = Toks[++I];
              if (ValueOrigin.empty())
                ValueOrigin = Origins[I];
            }
          } else if (T.starts_with(Name) && T.drop_front(Name.size()).starts_with("=")) {
            Match = true;
            Value = T.drop_front(Name.size() + 1);
          }
          if (Match)
            break;
        }
        if (Match) {
          if (Value.empty()) {
            S.Origin = ValueOrigin.str();
            S.drop(T);
          }
          for (StringRef F : splitList(Value))
            expandFile(F, ValueOrigin, Dir, Depth, Out);
          continue;
        }
      }
      if (T.size() > 1 && T.starts_with("@")) {
        expandFile(T.drop_front(), Origins[I], Dir, Depth, Out);
        continue;
      }
      push(Out, Toks[I], Origins[I]);
    }
  }

  /// Expands response file \p Name, named at \p NameOrigin ("" for the
  /// command line), in place; a file that may not or cannot be read is
  /// dropped with the reason.
  void expandFile(StringRef Name, StringRef NameOrigin, StringRef Dir, unsigned Depth,
                  ExpandedArgs &Out) {
    S.Origin = NameOrigin.str();
    std::string Spelling = ("@" + Name).str();
    auto Refuse = [&](const Twine &Why) {
      S.drop(Spelling, Why.str(), "response file");
    };
    if (Depth >= MaxDepth)
      return Refuse("response files nested more than " + Twine(MaxDepth) + " deep");
    SmallString<256> Path;
    if (sys::path::is_absolute(Name))
      Path = Name;
    else {
      Path = Dir;
      sys::path::append(Path, Name);
    }
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    // Types and sizes first: a FIFO would block, /dev/zero never ends.
    ErrorOr<vfs::Status> St = FS.status(Path);
    if (!St)
      return Refuse(St.getError().message());
    if (St->getType() != sys::fs::file_type::regular_file)
      return Refuse("not a regular file");
    if (St->getSize() > Policy.MaxFileBytes)
      return Refuse("larger than " + Twine(Policy.MaxFileBytes) + " bytes");
    if (TotalBytes + St->getSize() > Policy.MaxTotalBytes)
      return Refuse("the command's response files exceed " + Twine(Policy.MaxTotalBytes) +
                    " bytes in all");
    SmallString<256> Real;
    if (FS.getRealPath(Path, Real))
      Real = Path;
    if (Policy.RestrictToTrees &&
        none_of(Policy.AllowedTrees, [&](const std::string &D) { return isWithinTree(Real, D); }))
      return Refuse("outside the compilation database's directory tree; "
                    "--allow-response-files-in=DIR allows another tree");
    if (is_contained(Stack, Real.str()))
      return Refuse("it includes itself");
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        FS.getBufferForFile(Path, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
    if (!Buf)
      return Refuse(Buf.getError().message());
    StringRef Text = (*Buf)->getBuffer();
    if (Text.size() > Policy.MaxFileBytes)
      return Refuse("larger than " + Twine(Policy.MaxFileBytes) + " bytes");
    TotalBytes += Text.size();

    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 64> Argv;
    cl::TokenizeGNUCommandLine(Text, Saver, Argv);
    std::vector<std::string> Toks(Argv.begin(), Argv.end());
    std::string Where = NameOrigin.empty()
                            ? ("response file '" + Name + "'").str()
                            : ("the response file named by " + NameOrigin).str();
    std::vector<std::string> Origins;
    for (size_t I = 0; I < Toks.size(); ++I)
      Origins.push_back("argument " + std::to_string(I + 1) + " of " + Where);
    Stack.push_back(std::string(Real));
    // Nested names are relative to the file that names them (as LLVM's
    // ExpansionContext with relative names).
    expandInto(Toks, Origins, sys::path::parent_path(Path), Depth + 1, Out);
    Stack.pop_back();
  }
};

//===----------------------------------------------------------------------===//
// clang/gcc arguments, through clang's own option table
//===----------------------------------------------------------------------===//

/// Whether \p O is in \p Group or a group below it.
bool inGroup(const opt::Option &O, unsigned Group) {
  for (opt::Option G = O.getGroup(); G.isValid(); G = G.getGroup())
    if (G.getID() == Group)
      return true;
  return false;
}

/// Whether \p Text (lower case) mentions one of \p Words.
bool mentionsAny(StringRef Text, ArrayRef<StringRef> Words) {
  std::string Lower = Text.lower();
  return any_of(Words, [&](StringRef W) { return StringRef(Lower).contains(W); });
}

/// Whether clang option \p In may be taken from a compile database, which is
/// untrusted input: an allow-list derived from clang's option table, so that
/// options added to clang later are judged by the same rules.
///
/// Kept: a vetted list of read-only options with a value (include search
/// paths, forced includes, macros, `-std=`, the target, the toolkit and GCC
/// installation, `-W<warning>`), and the options of the language, target,
/// warning and remark, optimisation, debug-info and preprocessor families
/// (clang's f, m, W/R, O, g and Preprocessor groups, and `-f`/`-m`/`-g` names
/// clang leaves without a group) unless what the option table says of them
/// concerns files: for a switch, its name; for an option with a value, its
/// name, value name and help text, tested for words such as file, dir, path,
/// plugin, output, cache, module, trace, record, report, profile, dump, emit.
/// Dropped: everything else, among them every option that forwards text to
/// another program or to cc1 (`-Xclang` is judged by its payload, see
/// filterClangArgs; `-mllvm`, `-Wp,`, `-Xpreprocessor`, `-Xarch_*`,
/// `-Xopenmp-target`, `-Wa,` ...), driver configuration files (`--config`),
/// program paths (`-B`), precompiled headers and module files, VFS overlays,
/// `--serialize-diagnostics`, `-save-stats`, `-ftime-trace`, `-fplugin=`,
/// `-fpass-plugin=`, `-fmodules-cache-path=`, `-fprofile-*-generate`,
/// `-fcrash-diagnostics-dir=`, `-dependency-file`, `-module-dependency-dir`.
bool isSafeDatabaseOption(const opt::OptTable &Table, const opt::Option &In) {
  opt::Option O = In.getUnaliasedOption();
  switch (O.getID()) {
  // Read-only search paths, forced includes, macros and a few ungrouped options.
  case copts::OPT_I:
  case copts::OPT_isystem:
  case copts::OPT_iquote:
  case copts::OPT_idirafter:
  case copts::OPT_isysroot:
  case copts::OPT_iwithsysroot:
  case copts::OPT_isystem_after:
  case copts::OPT_iprefix:
  case copts::OPT_iwithprefix:
  case copts::OPT_iwithprefixbefore:
  case copts::OPT_cxx_isystem:
  case copts::OPT_include:
  case copts::OPT_imacros:
  case copts::OPT_D:
  case copts::OPT_U:
  case copts::OPT_std_EQ:
  case copts::OPT_ansi:
  case copts::OPT_pthread:
  case copts::OPT_w:
  case copts::OPT_stdlib_EQ:
  case copts::OPT_target:
  case copts::OPT_cuda_path_EQ:
  case copts::OPT_gcc_toolchain:
  case copts::OPT_gcc_install_dir_EQ:
  case copts::OPT__sysroot_EQ:
  case copts::OPT_Qunused_arguments:
  case copts::OPT_undef:
  case copts::OPT_W_Joined:
  case copts::OPT_cuid_EQ:
  case copts::OPT_no_offloadlib:
  case copts::OPT_Qn:
  case copts::OPT_Qy:
  // Strings written into __FILE__ and debug information, never opened.
  case copts::OPT_fmacro_prefix_map_EQ:
  case copts::OPT_fdebug_prefix_map_EQ:
  case copts::OPT_ffile_prefix_map_EQ:
  case copts::OPT_fdebug_compilation_dir_EQ:
  case copts::OPT_fcoverage_compilation_dir_EQ:
  case copts::OPT_fdiagnostics_absolute_paths:
    return true;
  // Their value is another program's (or cc1's) command line, or a file to read.
  case copts::OPT_Wp_COMMA:
  case copts::OPT_Xpreprocessor:
  case copts::OPT_mllvm:
  case copts::OPT_Wa_COMMA:
  case copts::OPT_fthinlto_index_EQ:
  case copts::OPT_fbasic_block_sections_EQ:
    return false;
  default:
    break;
  }
  StringRef Name = O.getName();
  bool Family = inGroup(O, copts::OPT_f_Group) || inGroup(O, copts::OPT_f_clang_Group) ||
                inGroup(O, copts::OPT_m_Group) || inGroup(O, copts::OPT_DebugInfo_Group) ||
                inGroup(O, copts::OPT_Diag_Group) || inGroup(O, copts::OPT_O_Group) ||
                inGroup(O, copts::OPT_Preprocessor_Group) ||
                (!O.getGroup().isValid() && (Name.starts_with("f") || Name.starts_with("m") ||
                                             Name.starts_with("g")));
  if (!Family)
    return false;
  // Words of option names that concern files (a module cache, a trace, a
  // profile, a record, a report ...).
  static constexpr StringRef NameWords[] = {
      "file",    "dir",        "path",     "plugin",   "output",      "cache",
      "record",  "time-trace", "report",   "stats",    "profil",      "list",
      "map",     "prefix",     "dump",     "save",     "emit",        "write",
      "modul",   "pch",        "crash",    "coverage", "overlay",     "index",
      "rewrite", "split-dwarf", "symbol-graph", "extract-api", "stack-usage",
      "temp-file"};
  if (O.getKind() == opt::Option::FlagClass)
    return !mentionsAny(Name, NameWords);
  // Options with a value in the include-path groups are the vetted ones above.
  if (inGroup(O, copts::OPT_IncludePath_Group))
    return false;
  // Of an option with a value, also what its value is called and its help.
  const char *MetaVar = Table.getOptionMetaVar(O.getID());
  const char *Help = Table.getOptionHelpText(O.getID());
  std::string Text = (StringRef(MetaVar ? MetaVar : "") + " " + (Help ? Help : "")).str();
  return !mentionsAny(Name, NameWords) &&
         !mentionsAny(Text, {"file", "director", "path", "plugin", "dso", "cache", "output",
                             "write", "dump", "save", "emit", "load", "record", "report"});
}

/// Whether the payload of `-Xclang` \p Value is a cc1 switch (no value) that
/// isSafeDatabaseOption keeps; every other payload is dropped.
bool isSafeXclangPayload(const opt::OptTable &Table, const char *Value) {
  const char *Argv[] = {Value};
  opt::InputArgList List(std::begin(Argv), std::end(Argv));
  unsigned Index = 0;
  std::unique_ptr<opt::Arg> A = Table.ParseOneArg(List, Index, opt::Visibility(copts::CC1Option));
  return A && Index == 1 && A->getOption().getKind() == opt::Option::FlagClass &&
         isSafeDatabaseOption(Table, A->getOption());
}

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
  std::string Origin; ///< as State::Origin
};

/// Keeps the arguments of \p In that clang's driver knows, that matter to
/// a syntax-only analysis and that isSafeDatabaseOption allows, appending them
/// to \p Out; see translateCompileCommand for the policy. \p InOrigins says
/// where each argument comes from (State::Origin). In Command mode, inputs go
/// to \p Inputs and `--cuda-gpu-arch` to S.Archs.
void filterClangArgs(ArrayRef<std::string> In, ArrayRef<std::string> InOrigins,
                     ClangArgsMode Mode, State &S, std::vector<std::string> &Out,
                     std::vector<ClangInput> *Inputs = nullptr) {
  assert(In.size() == InOrigins.size() && "one origin per argument");
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
    // A flag is reported by its origin when any of its parts is from a
    // response file.
    S.Origin.clear();
    for (unsigned I = Start; I < std::max(End, Start + 1); ++I)
      if (S.Origin.empty())
        S.Origin = InOrigins[I];
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
      for (unsigned I = Start + 1; I < End; ++I) {
        S.Origin = InOrigins[I];
        if (Mode == ClangArgsMode::Command && Inputs)
          Inputs->push_back({In[I], Lang, InOrigins[I]});
        else
          S.drop(In[I]);
      }
      continue;
    }
    if (O.getKind() == opt::Option::InputClass) {
      if (Mode == ClangArgsMode::Command && Inputs)
        Inputs->push_back({Toks.front(), Lang, S.Origin});
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
    // Nothing that could write a file or load code (isSafeDatabaseOption).
    if (O.matches(copts::OPT_Xclang)) {
      if (isSafeXclangPayload(Table, Arg->getValue()))
        Keep();
      else
        S.dropUnsafe(join(Toks, " "));
      continue;
    }
    if (!isSafeDatabaseOption(Table, O)) {
      S.dropUnsafe(join(Toks, " "));
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
void translateNvcc(ArrayRef<std::string> Args, ArrayRef<std::string> Origins,
                   const clang::tooling::CompileCommand &Cmd, State &S) {
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
  std::vector<std::string> HostOrigins; // where each of Host comes from
  bool Rdc = false, FastMath = false, Ftz = false, DeviceDebug = false,
       PerThreadStream = false, HaveArchOrGencode = false;
  std::vector<std::string> Codes, CodeOrigins;
  bool LastWasForwarded = false;

  bool OnlyInputs = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef T = Args[I];
    S.Origin = Origins[I];
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
        HostOrigins.push_back(S.Origin);
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
        HostOrigins.push_back(S.Origin);
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
        if (S.Origin.empty())
          S.Origin = Origins[I];
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
      for (std::string &H : splitForwarded(Value)) {
        Host.push_back(std::move(H));
        HostOrigins.push_back(S.Origin);
      }
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
      for (StringRef V : Items) {
        Codes.push_back(V.str());
        CodeOrigins.push_back(S.Origin);
      }
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
    R.IsCuda = isCudaLanguage(*Lang);
  else // a header borrowing a unit's command is compiled as that unit
    R.IsCuda = isCudaFileName(Source) || isCudaFileName(donorOf(Cmd.Heuristic));
  bool IsC = Lang ? *Lang == "c" : Ext == ".c";

  if (!HaveArchOrGencode)
    for (size_t I = 0; I < Codes.size(); ++I) {
      S.Origin = CodeOrigins[I];
      S.addArch(Codes[I], "-code=" + Codes[I]);
    }

  Facts.RelocatableDeviceCode = Rdc;

  R.Args.push_back(IsC ? "clang" : "clang++");
  std::vector<std::string> HostKept;
  filterClangArgs(Host, HostOrigins, ClangArgsMode::HostFlags, S, HostKept);
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
                    ArrayRef<std::string> Origins,
                    const clang::tooling::CompileCommand &Cmd, State &S) {
  TranslatedCommand &R = S.R;
  std::vector<std::string> Kept;
  std::vector<ClangInput> Inputs;
  filterClangArgs(Args, Origins, ClangArgsMode::Command, S, Kept, &Inputs);

  std::string Wanted = absolutePath(Cmd.Filename, Cmd.Directory);
  const ClangInput *Source = nullptr;
  for (const ClangInput &In : Inputs)
    if (absolutePath(In.Path, Cmd.Directory) == Wanted)
      Source = &In;
  if (!Source && !Inputs.empty())
    Source = &Inputs.back();
  for (const ClangInput &In : Inputs)
    if (&In != Source) {
      S.Origin = In.Origin;
      S.drop(In.Path);
    }
  std::string Path = Source ? Source->Path : Cmd.Filename;
  std::string Lang = Source ? Source->Lang : "";
  if (Lang == "none")
    Lang.clear();
  R.IsCuda = Lang.empty() ? isCudaFileName(Path) || isCudaFileName(donorOf(Cmd.Heuristic))
                          : isCudaLanguage(Lang);

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

std::vector<std::string> expandResponseFilesSafely(ArrayRef<std::string> Argv,
                                                  StringRef Directory,
                                                  const ResponseFilePolicy &Policy,
                                                  std::vector<DroppedFlag> &Dropped) {
  if (Argv.empty())
    return {};
  TranslatedCommand R;
  State S(R);
  IntrusiveRefCntPtr<vfs::FileSystem> FS = vfs::getRealFileSystem();
  ExpandedArgs E =
      ResponseFileExpander(isNvccCompiler(Argv.front()), *FS, Policy, S).expand(Argv, Directory);
  Dropped.insert(Dropped.end(), R.DroppedFlags.begin(), R.DroppedFlags.end());
  return std::move(E.Args);
}

std::vector<std::string> withoutUnsafeClangFlags(ArrayRef<std::string> Argv,
                                                 std::vector<DroppedFlag> &Dropped) {
  if (Argv.empty())
    return {};
  const opt::OptTable &Table = clang::getDriverOptTable();
  std::vector<const char *> Ptrs;
  for (const std::string &A : Argv.drop_front())
    Ptrs.push_back(A.c_str());
  opt::InputArgList List(Ptrs.data(), Ptrs.data() + Ptrs.size());
  std::vector<std::string> Out = {Argv.front()};
  unsigned Index = 0;
  while (Index < Ptrs.size()) {
    unsigned Start = Index;
    std::unique_ptr<opt::Arg> Arg =
        Table.ParseOneArg(List, Index, opt::Visibility(copts::ClangOption));
    if (Index <= Start)
      Index = Start + 1;
    ArrayRef<std::string> Toks =
        Argv.drop_front().slice(Start, std::min<unsigned>(Index, Ptrs.size()) - Start);
    auto Keep = [&] { Out.insert(Out.end(), Toks.begin(), Toks.end()); };
    if (!Arg) {
      Keep(); // a value missing at the end: clang reports it
      continue;
    }
    const opt::Option &O = Arg->getOption();
    bool Safe;
    if (O.getKind() == opt::Option::UnknownClass || O.getKind() == opt::Option::InputClass ||
        O.matches(copts::OPT__DASH_DASH))
      Safe = true;
    else if (O.matches(copts::OPT_Xclang))
      Safe = isSafeXclangPayload(Table, Arg->getValue());
    else if (isSafeDatabaseOption(Table, O))
      Safe = true;
    else if (O.matches(copts::OPT_x) || O.matches(copts::OPT_o) ||
             O.matches(copts::OPT_offload_arch_EQ) || O.matches(copts::OPT_driver_mode) ||
             O.matches(copts::OPT_resource_dir))
      Safe = true; // what a clang command needs as it is
    else if (O.getKind() == opt::Option::FlagClass)
      // A switch writes only to a place derived from the output's name: the
      // ones whose name concerns files are dropped (isSafeDatabaseOption).
      Safe = !inGroup(O, copts::OPT_M_Group) &&
             !mentionsAny(O.getName(), {"file", "dir", "path", "plugin", "output", "cache",
                                        "record", "time-trace", "report", "stats", "profil",
                                        "dump", "save", "emit", "modul", "pch", "crash",
                                        "coverage", "overlay", "rewrite", "split-dwarf",
                                        "symbol-graph", "extract-api", "stack-usage"});
    else
      Safe = false;
    if (Safe) {
      Keep();
      continue;
    }
    DroppedFlag D;
    D.Flag = join(Toks, " ");
    D.Reason = State::UnsafeReason.str();
    Dropped.push_back(std::move(D));
  }
  return Out;
}

bool isNvccCompiler(StringRef Compiler) {
  StringRef Name = sys::path::filename(Compiler);
  Name.consume_back_insensitive(".exe");
  return Name.ends_with("nvcc");
}

TranslatedCommand translateCompileCommand(const clang::tooling::CompileCommand &Cmd,
                                          vfs::FileSystem *FS,
                                          const ResponseFilePolicy &Policy) {
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
  IntrusiveRefCntPtr<vfs::FileSystem> RealFS;
  if (!FS) {
    RealFS = vfs::getRealFileSystem();
    FS = RealFS.get();
  }
  ExpandedArgs E = ResponseFileExpander(Nvcc, *FS, Policy, S).expand(Line, Cmd.Directory);
  ArrayRef<std::string> Rest = ArrayRef(E.Args).drop_front();
  ArrayRef<std::string> RestOrigins = ArrayRef(E.Origins).drop_front();
  if (Nvcc)
    translateNvcc(Rest, RestOrigins, Cmd, S);
  else
    translateClang(E.Args.front(), Rest, RestOrigins, Cmd, S);
  S.Origin.clear();

  if (R.IsCuda) {
    StringSet<> Seen;
    for (std::string &A : S.Archs)
      if (Seen.insert(A).second) {
        R.GpuArchs.push_back(A);
        if (S.FromFamily.contains(A) && !S.FromOther.contains(A))
          R.FamilyOnlyArchs.push_back(A);
      }
  }
  return R;
}

} // namespace cuda_lint
