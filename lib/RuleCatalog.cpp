#include "RuleCatalog.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <vector>

namespace cuda_lint {
namespace {
Severity parseSeverity(llvm::StringRef S) {
  S = S.trim();
  if (S.starts_with("error"))
    return Severity::Error;
  if (S.starts_with("performance"))
    return Severity::Performance;
  if (S.starts_with("portability"))
    return Severity::Portability;
  return Severity::Warning;
}

std::vector<RuleInfo> buildCatalog() {
  std::vector<RuleInfo> Rules;
#define CUDA_LINT_RULE(ID, SEV, SUMMARY, DOC)                                  \
  Rules.push_back({ID, parseSeverity(SEV), SUMMARY, DOC, {}, {}, {}, {}, "none"});
#include "RuleDocs.inc"
#undef CUDA_LINT_RULE
  for (RuleInfo &R : Rules) {
    // Front matter: the lines between the first two "---" lines.
    llvm::StringRef Rest = R.Doc;
    if (!Rest.consume_front("---"))
      continue;
    llvm::StringRef Front = Rest.split("\n---").first;
    llvm::SmallVector<llvm::StringRef, 16> Lines;
    Front.split(Lines, '\n');
    for (llvm::StringRef L : Lines) {
      L = L.trim();
      if (L.consume_front("clang-diagnostics-where-claimed:"))
        R.ClangDiagnosticsWhereClaimed.push_back(L.trim().str());
      else if (L.consume_front("clang-diagnostics-at-finding:"))
        R.ClangDiagnosticsAtFinding.push_back(L.trim().str());
      else if (L.consume_front("clang-diagnostics:"))
        R.ClangDiagnostics.push_back(L.trim().str());
      else if (L.consume_front("nvcc-rejects:"))
        R.NvccRejects.push_back(L.trim().str());
      else if (L.consume_front("fix:"))
        R.FixSafety = L.trim();
    }
  }
  std::sort(Rules.begin(), Rules.end(),
            [](const RuleInfo &A, const RuleInfo &B) { return A.Id < B.Id; });
  return Rules;
}
} // namespace

llvm::ArrayRef<RuleInfo> allRules() {
  static const std::vector<RuleInfo> Rules = buildCatalog();
  return Rules;
}

const RuleInfo *findRule(llvm::StringRef Id) {
  auto Rules = allRules();
  auto It = std::lower_bound(
      Rules.begin(), Rules.end(), Id,
      [](const RuleInfo &R, llvm::StringRef Key) { return R.Id < Key; });
  return (It != Rules.end() && It->Id == Id) ? &*It : nullptr;
}

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Performance:
    return "performance";
  case Severity::Portability:
    return "portability";
  }
  return "warning";
}

clang::DiagnosticIDs::Level diagnosticLevel(Severity S) {
  return S == Severity::Error ? clang::DiagnosticIDs::Error
                              : clang::DiagnosticIDs::Warning;
}

llvm::StringRef docsBaseUrl() {
  return "https://github.com/cuda-lint/cuda-lint/blob/main/docs/rules/";
}

} // namespace cuda_lint
