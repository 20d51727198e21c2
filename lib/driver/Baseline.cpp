#include "driver/Baseline.h"
#include "driver/InputFiles.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace cuda_lint {

std::string relativePath(llvm::StringRef Path, llvm::StringRef BaseDir) {
  llvm::SmallString<256> Abs(Path), Base(BaseDir);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::fs::make_absolute(Base);
  llvm::sys::path::remove_dots(Abs, true);
  llvm::sys::path::remove_dots(Base, true);
  llvm::StringRef P = Abs;
  if (P.consume_front(Base) && (P.consume_front("/") || Base.ends_with("/")))
    return P.str();
  return std::string(Abs);
}

/// The message without the " [sm_80]" tag a partial-architecture finding gets.
static llvm::StringRef stripSideTag(llvm::StringRef Msg) {
  if (Msg.ends_with("]")) {
    size_t Open = Msg.rfind(" [");
    if (Open != llvm::StringRef::npos && Msg.substr(Open + 2).starts_with("sm_"))
      return Msg.take_front(Open);
  }
  return Msg;
}

std::vector<std::string> computeFingerprints(const std::vector<Finding> &Findings,
                                             FindingSources &Sources) {
  std::vector<std::string> Out;
  std::map<std::string, unsigned> Seen;
  for (const Finding &F : Findings) {
    const auto &M = F.Error.Message;
    unsigned Line = Sources.lineColumn(M.FilePath, M.FileOffset).first;
    std::string Key = F.Error.DiagnosticName + '\0' +
                      stripSideTag(M.Message).str() + '\0' +
                      Sources.lineText(M.FilePath, Line).trim().str();
    unsigned Occurrence = Seen[M.FilePath + '\0' + Key]++;
    Key += '\0' + std::to_string(Occurrence);
    Out.push_back(llvm::utohexstr(llvm::xxh3_64bits(llvm::arrayRefFromStringRef(Key)),
                                  /*LowerCase=*/true, /*Width=*/16));
  }
  return Out;
}

static std::string entryKey(llvm::StringRef Rule, llvm::StringRef File,
                            llvm::StringRef Fingerprint) {
  return (Rule + "\n" + File + "\n" + Fingerprint).str();
}

llvm::Expected<Baseline> readBaseline(llvm::StringRef Path) {
  auto Buf = readRegularFile(Path, MaxBaselineBytes);
  if (!Buf)
    return llvm::createStringError(Path + ": cannot read baseline: " +
                                   llvm::toString(Buf.takeError()));
  auto Parsed = parseBoundedJson((*Buf)->getBuffer());
  if (!Parsed)
    return llvm::createStringError(Path + ": malformed baseline JSON: " +
                                   llvm::toString(Parsed.takeError()));
  Baseline B;
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  B.Directory = std::string(Dir);
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Entries = Root ? Root->getArray("findings") : nullptr;
  if (!Entries)
    return llvm::createStringError(Path + ": not a cuda-lint baseline (no \"findings\" array)");
  // The header: a baseline of another tool, or of a later format, is not
  // read as if it were this one (its fingerprints would not match, and every
  // finding would be reported as new, or none).
  const llvm::json::Value *Tool = Root->get("tool");
  if (!Tool || Tool->getAsString() != std::optional<llvm::StringRef>("cuda-lint")) {
    std::string Got = !Tool ? std::string("none")
                            : Tool->getAsString() ? "\"" + Tool->getAsString()->str() + "\""
                                                  : std::string("not a string");
    return llvm::createStringError(Path + ": not a cuda-lint baseline: \"tool\" is " + Got +
                                   ", expected \"cuda-lint\"");
  }
  const llvm::json::Value *Version = Root->get("version");
  std::optional<int64_t> V = Version ? Version->getAsInteger() : std::nullopt;
  if (!V || *V != BaselineFormatVersion)
    return llvm::createStringError(
        Path + ": unsupported baseline version " +
        (!Version ? std::string("(none)")
         : V      ? std::to_string(*V)
                  : llvm::formatv("{0}", *Version).str()) +
        "; this cuda-lint reads version " + std::to_string(BaselineFormatVersion) +
        " (write it again with --write-baseline)");
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    auto Where = [&] { return (Path + ": findings[" + llvm::Twine(I) + "]: ").str(); };
    if (!E)
      return llvm::createStringError(Where() + "not an object");
    for (llvm::StringRef Key : {"rule", "file", "fingerprint"}) {
      const llvm::json::Value *F = E->get(Key);
      if (!F || !F->getAsString() || F->getAsString()->empty())
        return llvm::createStringError(
            Where() + "\"" + Key + "\" is " + (F ? "not a non-empty string" : "missing") +
            " (every entry needs \"rule\", \"file\" and \"fingerprint\")");
    }
    if (const llvm::json::Value *M = E->get("message"); M && !M->getAsString())
      return llvm::createStringError(Where() + "\"message\" is not a string");
    llvm::StringRef Rule = *E->getString("rule"), File = *E->getString("file"),
                    Fp = *E->getString("fingerprint");
    if (Fp.size() != 16 || !llvm::all_of(Fp, llvm::isHexDigit))
      return llvm::createStringError(Where() + "fingerprint \"" + Fp +
                                     "\" is not 16 hexadecimal digits");
    B.Counts[entryKey(Rule, File, Fp)]++;
  }
  return B;
}

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  int FD;
  llvm::SmallString<256> Model(Path);
  Model += ".cuda-lint-%%%%%%.tmp";
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return llvm::createStringError(Path + ": cannot create a temporary file: " + EC.message());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return llvm::createStringError(Path + ": cannot write: " + OS.error().message());
    }
  }
  // Keep the permissions of the file being replaced.
  if (auto Perms = llvm::sys::fs::getPermissions(Path))
    llvm::sys::fs::setPermissions(Temp, *Perms);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(Path + ": cannot replace: " + EC.message());
  }
  return llvm::Error::success();
}

llvm::Error writeBaseline(llvm::StringRef Path, const std::vector<Finding> &Findings,
                          const std::vector<std::string> &Fingerprints) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  llvm::json::Array Entries;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    Entries.push_back(llvm::json::Object{
        {"rule", F.Error.DiagnosticName},
        {"file", relativePath(F.Error.Message.FilePath, Dir)},
        {"fingerprint", Fingerprints[I]},
        {"message", F.Error.Message.Message}});
  }
  llvm::json::Object Root{{"version", BaselineFormatVersion}, {"tool", "cuda-lint"},
                          {"findings", std::move(Entries)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return writeFileAtomically(Path, Text);
}

unsigned filterByBaseline(const Baseline &B, std::vector<Finding> &Findings,
                          std::vector<std::string> &Fingerprints) {
  std::map<std::string, unsigned> Left = B.Counts;
  std::vector<Finding> KeptF;
  std::vector<std::string> KeptP;
  unsigned Removed = 0;
  for (size_t I = 0; I < Findings.size(); ++I) {
    auto It = Left.find(entryKey(Findings[I].Error.DiagnosticName,
                                 relativePath(Findings[I].Error.Message.FilePath, B.Directory),
                                 Fingerprints[I]));
    if (It != Left.end() && It->second > 0) {
      --It->second;
      ++Removed;
      continue;
    }
    KeptF.push_back(std::move(Findings[I]));
    KeptP.push_back(std::move(Fingerprints[I]));
  }
  Findings = std::move(KeptF);
  Fingerprints = std::move(KeptP);
  return Removed;
}

} // namespace cuda_lint
