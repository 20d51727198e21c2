//===- SarifMerge.cpp - Merging the SARIF files of cuda-lint shards -------===//
#include "driver/SarifMerge.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <set>
#include <tuple>

using namespace llvm;

namespace cuda_lint {
namespace {

Error invalid(const SarifInput &In, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "merge-sarif: " + In.Name + ": " + Why);
}

/// The text of \p V as llvm::json prints it (object keys sorted): two
/// results are identical when their texts are.
std::string canonical(const json::Value &V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << V;
  return S;
}

/// Rewrites every `artifactLocation.index` below \p V through \p Map (the
/// log's artifact index to the merged one); an index out of range is dropped
/// (the URI still names the file).
void remapArtifactIndices(json::Value &V, ArrayRef<int64_t> Map) {
  if (auto *O = V.getAsObject()) {
    if (auto *Loc = O->getObject("artifactLocation"))
      if (auto I = Loc->getInteger("index")) {
        if (*I >= 0 && size_t(*I) < Map.size())
          (*Loc)["index"] = Map[*I];
        else
          Loc->erase("index");
      }
    for (auto &KV : *O)
      remapArtifactIndices(KV.second, Map);
  } else if (auto *A = V.getAsArray()) {
    for (auto &E : *A)
      remapArtifactIndices(E, Map);
  }
}

/// What merged results are sorted by: the first location's file, line and
/// column, then the rule and the message.
std::tuple<std::string, int64_t, int64_t, std::string, std::string>
sortKey(const json::Value &Result) {
  std::string Uri, Rule, Message;
  int64_t Line = 0, Column = 0;
  if (const auto *R = Result.getAsObject()) {
    Rule = R->getString("ruleId").value_or("").str();
    if (const auto *M = R->getObject("message"))
      Message = M->getString("text").value_or("").str();
    if (const auto *Locs = R->getArray("locations"); Locs && !Locs->empty())
      if (const auto *L = Locs->front().getAsObject())
        if (const auto *P = L->getObject("physicalLocation")) {
          if (const auto *A = P->getObject("artifactLocation"))
            Uri = A->getString("uri").value_or("").str();
          if (const auto *Reg = P->getObject("region")) {
            Line = Reg->getInteger("startLine").value_or(0);
            Column = Reg->getInteger("startColumn").value_or(0);
          }
        }
  }
  return {Uri, Line, Column, Rule, Message};
}

} // namespace

Expected<json::Value> mergeSarifLogs(ArrayRef<SarifInput> Inputs) {
  if (Inputs.empty())
    return createStringError(inconvertibleErrorCode(), "merge-sarif: no input file");
  std::optional<json::Value> Out;
  json::Array Rules, Artifacts, Invocations;
  StringMap<int64_t> RuleIndex;     // rule id -> merged index
  StringMap<int64_t> ArtifactIndex; // artifact key -> merged index
  std::vector<json::Value> Results;
  std::set<std::string> SeenResults;

  for (const SarifInput &In : Inputs) {
    const json::Object *Log = In.Log.getAsObject();
    if (!Log || Log->getString("version") != "2.1.0")
      return invalid(In, "not a SARIF 2.1.0 log (no \"version\": \"2.1.0\")");
    const json::Array *Runs = Log->getArray("runs");
    if (!Runs || Runs->size() != 1 || !(*Runs)[0].getAsObject())
      return invalid(In, "expected one run, as cuda-lint --format=sarif writes");
    const json::Object &Run = *(*Runs)[0].getAsObject();
    const json::Object *Tool = Run.getObject("tool");
    const json::Object *Driver = Tool ? Tool->getObject("driver") : nullptr;
    if (!Driver || Driver->getString("name") != "cuda-lint")
      return invalid(In, "not a cuda-lint log (tool.driver.name is not \"cuda-lint\")");
    if (!Out)
      Out = In.Log;

    std::string SrcRoot;
    if (const auto *Bases = Run.getObject("originalUriBaseIds"))
      if (const auto *Root = Bases->getObject("SRCROOT"))
        SrcRoot = Root->getString("uri").value_or("").str();

    // Rules: the local index to the merged one.
    std::vector<int64_t> RuleMap;
    if (const json::Array *LocalRules = Driver->getArray("rules"))
      for (const json::Value &R : *LocalRules) {
        std::string Id;
        if (const auto *RO = R.getAsObject())
          Id = RO->getString("id").value_or("").str();
        auto [It, New] = RuleIndex.try_emplace(Id, int64_t(Rules.size()));
        if (New)
          Rules.push_back(R);
        RuleMap.push_back(It->second);
      }
    // Artifacts: one per file, keyed by the URI relative to SRCROOT.
    std::vector<int64_t> ArtifactMap;
    if (const json::Array *LocalArtifacts = Run.getArray("artifacts"))
      for (const json::Value &A : *LocalArtifacts) {
        std::string Key;
        if (const auto *AO = A.getAsObject())
          if (const auto *L = AO->getObject("location"))
            Key = L->getString("uri").value_or("").str();
        if (!SrcRoot.empty() && StringRef(Key).starts_with(SrcRoot))
          Key = "SRCROOT:" + Key.substr(SrcRoot.size());
        auto [It, New] = ArtifactIndex.try_emplace(Key, int64_t(Artifacts.size()));
        if (New) {
          json::Value Copy = A;
          if (auto *CO = Copy.getAsObject())
            if (auto *L = CO->getObject("location"))
              (*L)["index"] = It->second;
          Artifacts.push_back(std::move(Copy));
        }
        ArtifactMap.push_back(It->second);
      }
    if (const json::Array *LocalResults = Run.getArray("results"))
      for (const json::Value &R : *LocalResults) {
        json::Value Copy = R;
        json::Object *RO = Copy.getAsObject();
        if (!RO)
          return invalid(In, "a result is not an object");
        if (auto I = RO->getInteger("ruleIndex")) {
          if (*I < 0 || size_t(*I) >= RuleMap.size())
            return invalid(In, "a result's ruleIndex " + Twine(*I) + " names no rule");
          (*RO)["ruleIndex"] = RuleMap[*I];
        }
        remapArtifactIndices(Copy, ArtifactMap);
        if (SeenResults.insert(canonical(Copy)).second)
          Results.push_back(std::move(Copy));
      }
    if (const json::Array *LocalInvocations = Run.getArray("invocations"))
      for (const json::Value &I : *LocalInvocations)
        Invocations.push_back(I);
  }

  std::stable_sort(Results.begin(), Results.end(),
                   [](const json::Value &A, const json::Value &B) {
                     return sortKey(A) < sortKey(B);
                   });
  json::Object &Run = *(*Out->getAsObject()->getArray("runs"))[0].getAsObject();
  (*Run.getObject("tool")->getObject("driver"))["rules"] = std::move(Rules);
  Run["artifacts"] = std::move(Artifacts);
  json::Array ResultArray;
  for (json::Value &R : Results)
    ResultArray.push_back(std::move(R));
  Run["results"] = std::move(ResultArray);
  Run["invocations"] = std::move(Invocations);
  return std::move(*Out);
}

} // namespace cuda_lint
