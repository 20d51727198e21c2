#ifndef CUDA_LINT_CHECKS_HOSTDEVICELAYOUTMISMATCHCHECK_H
#define CUDA_LINT_CHECKS_HOSTDEVICELAYOUTMISMATCHCHECK_H

#include "CudaCheck.h"
#include "analysis/CrossSide.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace cuda_lint {

/// A kernel parameter type whose size, alignment or field offsets differ
/// between the host and a device compilation: the host writes the argument
/// in its layout and the kernel reads it in another. Each side records the
/// layout of every kernel parameter type (analysis/TypeLayout.h) as a side
/// fact (analysis/CrossSide.h); the driver's merge compares the host side's
/// facts with each device side's (compareHostDeviceLayouts). Source: CUDA C++
/// Programming Guide, "Global Function Argument Processing".
/// Docs: docs/rules/cuda-host-device-layout-mismatch.md
class HostDeviceLayoutMismatchCheck : public CudaCheck {
public:
  HostDeviceLayoutMismatchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : CudaCheck(Name, Context), TidyContext(Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

protected:
  void startTranslationUnit() override {
    Kernels.clear();
    SuppressedAt.clear();
    Described.clear();
  }

private:
  /// A parameter type's layout, described once per translation unit (a
  /// kernel template's specializations mostly share their parameter types).
  struct DescribedType {
    llvm::json::Value Layout = nullptr;  ///< layoutToJSON's form
    std::vector<FactLocation> Locations; ///< [0] left for the parameter
  };
  /// The layout of \p T, or nullptr where describeLayout gives none; valid
  /// until the next call.
  const DescribedType *describe(clang::QualType T);
  llvm::DenseMap<const clang::Type *, std::optional<DescribedType>> Described;

  llvm::SetVector<const clang::FunctionDecl *> Kernels; ///< canonical declarations
  /// crossSideFindingSuppressed's answer per parameter location: the
  /// specializations of a kernel template share their pattern's locations,
  /// and each answer reads the file's NOLINT comments.
  llvm::DenseMap<clang::SourceLocation::UIntTy, bool> SuppressedAt;
  clang::tidy::ClangTidyContext *TidyContext; ///< its options: NOLINT and header filter
};

/// The comparator of the rule's facts (registered with
/// registerCrossSideComparator): a finding at the kernel parameter when the
/// host side's and the device side's layouts differ, with a note at the first
/// field that differs (its offsets, and the side it is on). Exposed for the
/// unit tests.
std::optional<CrossSideFinding> compareHostDeviceLayouts(const SideFact &Host,
                                                         const SideFact &Device,
                                                         llvm::StringRef DeviceSide);

} // namespace cuda_lint

#endif
