//===- ArchLimits.h - Per-architecture launch limits ------------*- C++ -*-===//
//
// The one table of hardware launch limits cuda-lint uses (RULES.md group B).
//
// Source: CUDA C++ Programming Guide, "Compute Capabilities", table
// "Technical Specifications per Compute Capability" (rows "Maximum number of
// threads per block", "Maximum x- or y-dimensionality of a block", "Maximum
// z-dimension of a block", "Maximum y- or z-dimension of a grid of thread
// blocks", "Maximum number of resident threads per SM", "Maximum amount of
// shared memory per thread block"), and section "Thread Block Clusters"
// (8 blocks per cluster portable, 16 with
// cudaFuncAttributeNonPortableClusterSizeAllowed on sm_90). The 48 KiB
// default dynamic shared memory limit and the opt-in through
// cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, n)
// are from the guide's "Shared Memory" sections of each architecture.
// RULES.md records an H200 (sm_90) launch of 240 KiB failing after the
// opt-in, and 64 KiB succeeding with it.
//
// Units: threads, blocks, bytes. Architectures are compute capabilities as
// numbers: 90 for sm_90 / sm_90a / compute_90.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_ARCHLIMITS_H
#define CUDA_LINT_ANALYSIS_ARCHLIMITS_H

#include <cstdint>
#include <optional>

namespace cuda_lint {

/// Limits that do not depend on the architecture (all of sm_50 .. sm_120).
namespace launch_limits {
/// Threads per block, x * y * z.
constexpr uint64_t MaxThreadsPerBlock = 1024;
/// Block x and y dimensions, threads.
constexpr uint64_t MaxBlockDimXY = 1024;
/// Block z dimension, threads.
constexpr uint64_t MaxBlockDimZ = 64;
/// Grid x dimension, blocks (2^31 - 1).
constexpr uint64_t MaxGridDimX = 2147483647ull;
/// Grid y and z dimensions, blocks.
constexpr uint64_t MaxGridDimYZ = 65535;
/// Dynamic shared memory per block without the opt-in attribute, bytes.
constexpr uint64_t DefaultMaxDynamicSharedBytes = 48 * 1024;
/// Blocks per cluster that every cluster-capable GPU supports.
constexpr uint64_t MaxPortableClusterBlocks = 8;
/// Blocks per cluster with cudaFuncAttributeNonPortableClusterSizeAllowed
/// (sm_90, H100/H200).
constexpr uint64_t MaxNonPortableClusterBlocks = 16;
/// The first architecture with thread block clusters (__cluster_dims__,
/// cudaLaunchAttributeClusterDimension, the third argument of
/// __launch_bounds__).
constexpr unsigned FirstClusterArch = 90;
/// Threads in a warp.
constexpr uint64_t WarpSize = 32;
} // namespace launch_limits

/// Per-architecture limits: one row of the guide's table.
struct ArchLimits {
  unsigned Arch;                    ///< compute capability, e.g. 90
  uint64_t MaxResidentThreadsPerSM; ///< threads
  uint64_t MaxSharedBytesPerBlockOptIn; ///< bytes, with the opt-in attribute
};

/// The row for \p Arch: the exact architecture if listed, else the closest
/// listed one below it of the same major version, else nullopt (unknown
/// architectures give no arch-dependent finding).
std::optional<ArchLimits> archLimits(unsigned Arch);

} // namespace cuda_lint

#endif
