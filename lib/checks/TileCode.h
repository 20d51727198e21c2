//===- TileCode.h - What the tile rules call tile code -----------*- C++ -*-===//
//
// Shared by the cuda-tile-* rules. The CUDA C++ Programming Guide ("Function
// Execution Space Specifiers", "Variable Memory Space Specifiers") adds a third
// execution space beside host and SIMT device code: `__tile__` functions and
// `__tile_global__` kernels, and `__tile__` variables in device global memory
// that tile code names directly. clang 22 knows none of them: cuda-lint keeps
// the attributes as AnnotateAttrs (Attributes.h), so to clang a tile function
// is a host function and a `__tile__` variable a host variable.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_CHECKS_TILECODE_H
#define CUDA_LINT_CHECKS_TILECODE_H

#include "Attributes.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"

namespace cuda_lint {

/// The execution space of the code a function body is: tile code, SIMT
/// device code (`__device__`, `__global__`, `__host__ __device__`, written,
/// not implied), or neither (host code).
enum class CodeSpace { Host, Simt, Tile };

/// Whether \p FD itself (any redeclaration, or its template pattern) is a
/// `__tile__` function or a `__tile_global__` kernel.
inline bool isTileFunction(const clang::FunctionDecl *FD) {
  if (!FD)
    return false;
  if (const clang::FunctionDecl *P = FD->getTemplateInstantiationPattern())
    if (P != FD && isTileFunction(P))
      return true;
  return findCudaAttrOnAnyRedecl(FD, "tile").first ||
         findCudaAttrOnAnyRedecl(FD, "tile_global").first;
}

/// The execution space of the code in \p FD: a lambda's body is its enclosing
/// function's unless the lambda is annotated itself.
inline CodeSpace codeSpaceOf(const clang::FunctionDecl *FD) {
  for (const clang::DeclContext *DC = FD; DC; DC = DC->getParent()) {
    const auto *F = llvm::dyn_cast<clang::FunctionDecl>(DC);
    if (!F)
      continue;
    if (isTileFunction(F))
      return CodeSpace::Tile;
    const clang::FunctionDecl *Written = F->getTemplateInstantiationPattern();
    for (const clang::FunctionDecl *G : {F, Written}) {
      if (!G)
        continue;
      if (const auto *A = G->getAttr<clang::CUDAGlobalAttr>(); A && !A->isImplicit())
        return CodeSpace::Simt;
      if (const auto *A = G->getAttr<clang::CUDADeviceAttr>(); A && !A->isImplicit())
        return CodeSpace::Simt;
    }
    const auto *M = llvm::dyn_cast<clang::CXXMethodDecl>(F);
    if (!M || !M->getParent()->isLambda())
      return CodeSpace::Host;
  }
  return CodeSpace::Host;
}

/// Whether \p VD is a `__tile__` variable (the attribute on any declaration).
inline bool isTileVariable(const clang::VarDecl *VD) {
  if (!VD)
    return false;
  for (const clang::VarDecl *R : VD->redecls())
    if (getCudaAttr(R, "tile"))
      return true;
  return false;
}

/// Whether \p VD is a `__device__` variable (not `__constant__` or
/// `__shared__`; a `__managed__` one is a `__device__` one too).
inline bool isDeviceVariable(const clang::VarDecl *VD) {
  return VD && VD->hasGlobalStorage() && VD->hasAttr<clang::CUDADeviceAttr>() &&
         !VD->hasAttr<clang::CUDAConstantAttr>() && !VD->hasAttr<clang::CUDASharedAttr>();
}

} // namespace cuda_lint

#endif
