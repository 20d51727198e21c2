#include "analysis/CrossSide.h"
#include "analysis/CrossSideFilter.h"
#include "ClangTidyOptions.h"
#include "NoLintDirectiveHandler.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/Support/Regex.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <mutex>

using namespace clang;
namespace json = llvm::json;

namespace cuda_lint {

namespace {
thread_local SideFactCollector *CurrentFacts = nullptr;

struct Registry {
  std::mutex Mu;
  llvm::StringMap<CrossSideComparator> Map;
};
Registry &registry() {
  static Registry R;
  return R;
}
} // namespace

json::Value sideFactToJSON(const SideFact &F) {
  json::Array Locs;
  Locs.reserve(F.Locations.size());
  for (const FactLocation &L : F.Locations)
    Locs.push_back(json::Array{L.File, L.Offset});
  return json::Array{F.RuleId, F.Key, std::move(Locs), F.Value};
}

llvm::Expected<SideFact> sideFactFromJSON(const json::Value &V) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 4 || !(*A)[0].getAsString() || !(*A)[1].getAsString() ||
      !(*A)[2].getAsArray())
    return llvm::createStringError(
        "malformed side fact: not an array of rule id, key, locations and value");
  SideFact F;
  F.RuleId = (*A)[0].getAsString()->str();
  F.Key = (*A)[1].getAsString()->str();
  for (const json::Value &L : *(*A)[2].getAsArray()) {
    const json::Array *Pair = L.getAsArray();
    if (!Pair || Pair->size() != 2 || !(*Pair)[0].getAsString() || !(*Pair)[1].getAsUINT64())
      return llvm::createStringError("malformed side fact: a location is not a [file, offset] pair");
    F.Locations.push_back({(*Pair)[0].getAsString()->str(), unsigned(*(*Pair)[1].getAsUINT64())});
  }
  F.Value = (*A)[3];
  return F;
}

SideFactCollector::SideFactCollector() : Outer(CurrentFacts) { CurrentFacts = this; }
SideFactCollector::~SideFactCollector() { CurrentFacts = Outer; }

bool collectingSideFacts() { return CurrentFacts != nullptr; }

void recordSideFact(SideFact F) {
  if (CurrentFacts)
    CurrentFacts->Facts.push_back(std::move(F));
}

std::optional<FactLocation> factLocation(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return std::nullopt;
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(FileLoc);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(D.first);
  if (!FE)
    return std::nullopt;
  return FactLocation{FE->getName().str(), D.second};
}

bool registerCrossSideComparator(llvm::StringRef RuleId, CrossSideComparator C) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  R.Map[RuleId] = std::move(C);
  return true;
}

const CrossSideComparator *findCrossSideComparator(llvm::StringRef RuleId) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  auto It = R.Map.find(RuleId);
  return It == R.Map.end() ? nullptr : &It->second; // entries are never removed
}

std::vector<CrossSideResult>
compareSideFacts(llvm::ArrayRef<SideFact> Host,
                 llvm::ArrayRef<std::pair<std::string, std::vector<SideFact>>> Devices) {
  std::map<std::pair<llvm::StringRef, llvm::StringRef>, const SideFact *> HostIndex;
  for (const SideFact &F : Host)
    HostIndex.insert({{F.RuleId, F.Key}, &F}); // the first of equal keys
  std::vector<CrossSideResult> Out;
  for (const auto &[Side, Facts] : Devices)
    for (const SideFact &D : Facts) {
      auto It = HostIndex.find({D.RuleId, D.Key});
      if (It == HostIndex.end())
        continue;
      const CrossSideComparator *C = findCrossSideComparator(D.RuleId);
      if (!C)
        continue;
      if (std::optional<CrossSideFinding> F = (*C)(*It->second, D, Side))
        Out.push_back({D.RuleId, std::move(*F), Side});
    }
  return Out;
}

bool crossSideFindingSuppressed(clang::ASTContext &Ctx,
                                const clang::tidy::ClangTidyOptions &Options,
                                llvm::StringRef RuleId, clang::SourceLocation Loc) {
  using namespace clang;
  if (Loc.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Options.SystemHeaders.value_or(false) &&
      (SM.isInSystemHeader(Loc) || SM.isInSystemMacro(Loc)))
    return true;
  FileID FID = SM.getDecomposedExpansionLoc(Loc).first;
  if (FID != SM.getMainFileID())
    if (OptionalFileEntryRef File = SM.getFileEntryRefForID(FID)) {
      llvm::StringRef Name = File->getName();
      llvm::StringRef Include = Options.HeaderFilterRegex.value_or("");
      llvm::StringRef Exclude = Options.ExcludeHeaderFilterRegex.value_or("");
      if (Include.empty() || !llvm::Regex(Include).match(Name) ||
          (!Exclude.empty() && llvm::Regex(Exclude).match(Name)))
        return true;
    }
  DiagnosticStorage Storage;
  Diagnostic D(&Ctx.getDiagnostics(), Loc, /*DiagID=*/0, Storage, "");
  llvm::SmallVector<tooling::Diagnostic, 0> NoLintErrors; // the side reports those
  tidy::NoLintDirectiveHandler NoLint;
  // Asked as a warning, as the findings are emitted (CudaCheck::report).
  return NoLint.shouldSuppress(DiagnosticsEngine::Warning, D, RuleId, NoLintErrors,
                               /*AllowIO=*/true, /*EnableNoLintBlocks=*/true);
}

} // namespace cuda_lint
