//===- Attributes.h - CUDA attributes clang 22 does not know ----*- C++ -*-===//
//
// clang 22 drops `maxnreg`, `local_maxnreg`, `tile`, `tile_global` and
// `tile_builtin` as unknown attributes (DESIGN.md, "Toolchain facts"); the CUDA
// 13 headers expand `__maxnreg__(n)` to `__attribute__((maxnreg(n)))` and
// `__tile_global__` to `__attribute__((tile_global))`. cuda-lint registers a
// `clang::ParsedAttrInfo` for each, which keeps the attribute on the
// declaration as an `AnnotateAttr` named "cuda-lint.<attribute>" (arguments
// preserved, instantiated with templates), so checks can see them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ATTRIBUTES_H
#define CUDA_LINT_ATTRIBUTES_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

namespace cuda_lint {

/// Forces the attribute registrations of Attributes.cpp into a program that
/// links the static library (call it once; it does nothing).
void linkCudaAttributes();

/// The `AnnotateAttr` cuda-lint made for CUDA attribute \p Name ("maxnreg",
/// "local_maxnreg", "tile", "tile_global", "tile_builtin") on \p D itself, or
/// nullptr. Looks at this declaration only; see \c findOnAnyRedecl.
const clang::AnnotateAttr *getCudaAttr(const clang::Decl *D,
                                       llvm::StringRef Name);

/// Like \c getCudaAttr, over every redeclaration of \p D (and, for a template
/// specialization, the declarations of its primary template). Returns the
/// first found with the declaration carrying it.
std::pair<const clang::AnnotateAttr *, const clang::Decl *>
findCudaAttrOnAnyRedecl(const clang::FunctionDecl *FD, llvm::StringRef Name);

/// The argument of `__maxnreg__(N)` / `__local_maxnreg__(N)`: nullptr when
/// absent or the attribute has no argument.
const clang::Expr *getCudaAttrArg(const clang::AnnotateAttr *A);

/// Whether \p FD is a `__tile_global__` kernel (attribute on any redeclaration).
bool isTileKernel(const clang::FunctionDecl *FD);

} // namespace cuda_lint

#endif
