#ifndef CUDA_LINT_CHECKS_VECTORTYPEALIGNMENTCHECK_H
#define CUDA_LINT_CHECKS_VECTORTYPEALIGNMENTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"

namespace cuda_lint {

/// cuda-vector-type-alignment (RULES.md A; CUDA C++ Programming Guide,
/// "Device Memory Accesses": "any access ... to a variable residing in
/// global memory compiles to a single global memory instruction if and only
/// if the size of the data type is 1, 2, 4, 8, or 16 bytes and the data is
/// naturally aligned", and the built-in vector types' alignment in "Built-in
/// Vector Types"): an explicit cast to a pointer to a type more aligned than
/// the source's pointee (`float4 *`, `int2 *`, `double2 *`, an `__align__`
/// struct), of an address whose byte offset from its base is known to break
/// that alignment (analysis/PointerOffset.h: `p + 1`, `&a[4 * i + 2]`,
/// `(char *)p + 4`), where the base is known to be aligned:
///  - a variable or array whose declared alignment (`__align__`, `alignas`,
///    its type) is at least the target's;
///  - a pointer parameter of a `__global__` function: device allocations are
///    at least 256-byte aligned (Programming Guide, "Device Memory
///    Accesses"), and a kernel's vectorised access assumes it;
///  - a pointer the same function also casts to that type at an offset that
///    is a multiple of its alignment: both cannot be aligned.
/// Docs: docs/rules/cuda-vector-type-alignment.md
class VectorTypeAlignmentCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override { Casts.clear(); }

private:
  struct Cast {
    const clang::ExplicitCastExpr *E;
    const clang::FunctionDecl *FD;
    const clang::ValueDecl *Base;
    bool AddressOfBase;
    int64_t R;
    uint64_t Mod;
    uint64_t Align;
  };
  std::vector<Cast> Casts;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> FollowCache;
};

} // namespace cuda_lint

#endif
