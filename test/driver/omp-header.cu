// nvcc's host compiler (gcc) finds its own omp.h whether or not -fopenmp is
// given, and CMake projects linking OpenMP::OpenMP_CXX often pass no flag to
// nvcc (cuda-samples' cudaOpenMP, UnifiedMemoryStreams). clang looks only in
// its resource directory, where libomp-22-dev puts omp.h (scripts/install-deps.sh).
// RUN: %cuda-lint %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// CHECK: cuda-lint: 1 file, 0 findings (0 errors, 0 warnings), 0 compiler errors
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

#include <omp.h>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

int host_threads() { return omp_get_max_threads(); }
