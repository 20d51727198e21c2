#ifndef CUDA_LINT_CHECKS_CLUSTERDIMSONTILEKERNELCHECK_H
#define CUDA_LINT_CHECKS_CLUSTERDIMSONTILEKERNELCHECK_H

#include "families/KernelDeclCheckBase.h"

namespace cuda_lint {

/// cuda-cluster-dims-on-tile-kernel: `__cluster_dims__` on a `__tile_global__`
/// kernel (tile kernels take no cluster dimensions). Source: CUDA C++ Programming
/// Guide, "CUDA Tile". Docs: docs/rules/cuda-cluster-dims-on-tile-kernel.md
class ClusterDimsOnTileKernelCheck : public KernelDeclCheckBase {
public:
  using KernelDeclCheckBase::KernelDeclCheckBase;

protected:
  void checkFunction(const clang::FunctionDecl *FD) override;

};

} // namespace cuda_lint

#endif
