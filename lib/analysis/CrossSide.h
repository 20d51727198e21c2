//===- CrossSide.h - Facts that sides record, compared across sides -*- C++ -*-===//
//
// cuda-lint parses every translation unit once per side: the host and each
// device architecture (lib/driver/SidePlan.h). Some bugs are visible only by
// comparing two sides, which no single compiler run can do: a kernel
// parameter type that has one layout in the host compilation and another in
// the device compilation (cuda-host-device-layout-mismatch).
//
// The mechanism is general:
//   1. a check records, on every side, facts about what it cares about
//      (recordSideFact): a rule id, a key that names the subject identically
//      on every side, source locations, and a JSON value of the check's own;
//   2. the facts travel with the side's result (SideResult::Facts, through
//      the worker process's JSON: sideFactToJSON / sideFactFromJSON);
//   3. when all sides of a unit are done, the driver's merge step
//      (mergeSides) pairs the host side's facts with each device side's facts
//      of the same rule and key and calls that rule's comparator
//      (registerCrossSideComparator), which may produce a finding.
// The merge code knows no rule: a rule registers its comparator next to its
// check. Without a collector (clang-tidy, clangd: one side per parse) facts
// are not recorded and cross-side rules report nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_CROSSSIDE_H
#define CUDA_LINT_ANALYSIS_CROSSSIDE_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace cuda_lint {

/// A position in a file as the driver's findings name it: the path (made
/// absolute and normalized by the driver, like the diagnostics' paths) and a
/// byte offset into the file.
struct FactLocation {
  std::string File;
  unsigned Offset = 0;
  bool operator==(const FactLocation &O) const {
    return File == O.File && Offset == O.Offset;
  }
};

/// One fact recorded by one side of a translation unit.
struct SideFact {
  std::string RuleId; ///< the rule that recorded it and compares it
  /// What the fact is about, spelled identically on every side (e.g. the
  /// kernel's qualified signature and a parameter index): facts of one rule
  /// with equal keys are compared.
  std::string Key;
  /// Source positions the value refers to by index; Locations[0] is the
  /// subject (where a finding goes). The driver normalizes their paths.
  std::vector<FactLocation> Locations;
  /// The rule's data (its comparator alone interprets it).
  llvm::json::Value Value = nullptr;

  SideFact() = default;
  SideFact(const SideFact &) = default;
  SideFact &operator=(const SideFact &) = default;
  /// Moves never throw (json::Value's do not, though undeclared), so a
  /// growing vector of facts moves them instead of copying every layout.
  SideFact(SideFact &&O) noexcept
      : RuleId(std::move(O.RuleId)), Key(std::move(O.Key)),
        Locations(std::move(O.Locations)), Value(std::move(O.Value)) {}
  SideFact &operator=(SideFact &&O) noexcept {
    RuleId = std::move(O.RuleId);
    Key = std::move(O.Key);
    Locations = std::move(O.Locations);
    Value = std::move(O.Value);
    return *this;
  }
};

/// JSON form of a fact and back (the worker process's result file, the
/// result cache): [rule id, key, [[file, offset], ...], value]. Arrays, not
/// objects: a unit can record tens of thousands of facts, and a json::Object
/// costs kilobytes however few its keys (llvm::DenseMap's smallest table).
/// sideFactFromJSON fails on a value not in that form.
llvm::json::Value sideFactToJSON(const SideFact &F);
llvm::Expected<SideFact> sideFactFromJSON(const llvm::json::Value &V);

/// Collects the facts that the checks running on this thread record while it
/// lives (the driver runs one side per thread, like AcceptedLineCollector).
class SideFactCollector {
public:
  SideFactCollector();
  ~SideFactCollector();
  SideFactCollector(const SideFactCollector &) = delete;
  SideFactCollector &operator=(const SideFactCollector &) = delete;
  std::vector<SideFact> take() { return std::move(Facts); }

private:
  friend void recordSideFact(SideFact F);
  std::vector<SideFact> Facts;
  SideFactCollector *Outer;
};

/// Whether a collector is active on this thread (a check can skip computing
/// facts nobody will compare: under clang-tidy and clangd there is none).
bool collectingSideFacts();

/// Records \p F with this thread's collector; does nothing without one.
void recordSideFact(SideFact F);

/// The FactLocation of \p Loc (its file location: a macro argument's
/// spelling, else the expansion), named as the SourceManager names the file;
/// nullopt for an invalid location or one without a file.
std::optional<FactLocation> factLocation(const clang::SourceManager &SM,
                                         clang::SourceLocation Loc);

/// A message of a cross-side finding, at a file position.
struct CrossSideMessage {
  std::string Message; ///< lowercase, no final period, names already quoted
  FactLocation Where;
};

/// What a comparator reports: the finding and its notes.
struct CrossSideFinding {
  CrossSideMessage Message;
  std::vector<CrossSideMessage> Notes;
};

/// Compares the host side's fact with a device side's fact of the same rule
/// and key; \p DeviceSide names the device side ("sm_90"). Returns a finding
/// when they disagree in a way the rule reports, else nullopt.
using CrossSideComparator = std::function<std::optional<CrossSideFinding>(
    const SideFact &Host, const SideFact &Device, llvm::StringRef DeviceSide)>;

/// Registers \p C as the comparator of \p RuleId's facts (a check's source
/// file does it once, at static initialization). Returns true.
bool registerCrossSideComparator(llvm::StringRef RuleId, CrossSideComparator C);

/// The comparator registered for \p RuleId, or nullptr.
const CrossSideComparator *findCrossSideComparator(llvm::StringRef RuleId);

/// One finding of compareSideFacts, with the device side that produced it.
struct CrossSideResult {
  std::string RuleId;
  CrossSideFinding Finding;
  std::string DeviceSide;
};

/// Pairs \p Host's facts with those of each device side (\p Devices: side
/// name and its facts, in plan order) by rule and key, and runs the rule's
/// comparator on each pair; facts of a rule without comparator, and facts
/// that only one side recorded, are skipped. Results in device-side order,
/// then in the order of the device side's facts.
std::vector<CrossSideResult>
compareSideFacts(llvm::ArrayRef<SideFact> Host,
                 llvm::ArrayRef<std::pair<std::string, std::vector<SideFact>>> Devices);

} // namespace cuda_lint

#endif
