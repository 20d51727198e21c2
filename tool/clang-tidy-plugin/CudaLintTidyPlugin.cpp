//===- CudaLintTidyPlugin.cpp - cuda-* checks as a clang-tidy plugin ------===//
//
// `clang-tidy-22 --load=CudaLintTidyPlugin.so --checks='-*,cuda-*' f.cu --
// -x cuda ...` runs the cuda-lint checks inside an unmodified clang-tidy.
//
// The module ("cuda-module") and the kept CUDA attributes (maxnreg, tile, ...)
// register themselves from static constructors in the cudaLintChecks library,
// which this module links whole. The registries they add to are not in this
// .so: ClangTidyModuleRegistry lives in the clang-tidy executable (which
// exports its symbols) and ParsedAttrInfoRegistry in libclang-cpp.so, which
// clang-tidy and this plugin share. The plugin therefore links no copy of
// clangTidy, only the shared clang-cpp and LLVM libraries.
//
//===----------------------------------------------------------------------===//
#include "Attributes.h"

/// Defined in CudaTidyModule.cpp; referencing it keeps the module object
/// even if the library were not linked whole.
extern volatile int CudaLintModuleAnchorSource;

/// Referenced at load time so that the linker keeps the module registration
/// and the attribute registrations.
[[maybe_unused]] static int CudaLintPluginAnchor =
    (cuda_lint::linkCudaAttributes(), CudaLintModuleAnchorSource);
