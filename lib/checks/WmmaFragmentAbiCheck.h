#ifndef CUDA_LINT_CHECKS_WMMAFRAGMENTABICHECK_H
#define CUDA_LINT_CHECKS_WMMAFRAGMENTABICHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-wmma-fragment-abi: in a relocatable-device-code build (`-rdc=true`,
/// `-fgpu-rdc`: the fact CudaLint.RelocatableDeviceCode or clang's
/// GPURelocatableDeviceCode), a `__device__` function that is not inline,
/// has external linkage and takes or returns a `wmma::fragment` (by value,
/// reference or pointer, arrays too). Source: CUDA C++ Programming Guide,
/// "Warp Matrix Functions", Restrictions: fragments are an
/// architecture-specific ABI structure; passed between functions compiled
/// for different link-compatible architectures and linked together, they
/// produce wrong results or corruption that neither compile-time nor run-time
/// tools detect. Function templates are not reported (their instantiations
/// are emitted in every unit that uses them).
/// Docs: docs/rules/cuda-wmma-fragment-abi.md
class WmmaFragmentAbiCheck : public CudaCheck {
public:
  WmmaFragmentAbiCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  bool RdcFact;
};

} // namespace cuda_lint

#endif
