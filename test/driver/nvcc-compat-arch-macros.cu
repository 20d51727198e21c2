// nvcc's architecture macros for architecture- and family-specific targets on
// the device side of an nvcc command: -arch=sm_90a and sm_100a define
// __CUDA_ARCH_SPECIFIC__ and __CUDA_ARCH_FAMILY_SPECIFIC__ (both the
// __CUDA_ARCH__ value), sm_100f (analysed as clang's sm_100a) only
// __CUDA_ARCH_FAMILY_SPECIFIC__ and no __CUDA_ARCH_FEAT_SM100_ALL, sm_90 none
// of them (as `nvcc -arch=X --dryrun` shows). Each #if branch holds a planted
// finding: only the branch nvcc compiles for the architecture may report.
// (nvcc 13.0's shorthand -arch=sm_90a also runs a compute_90 front end, for
// the PTX it embeds, which takes the plain branch: hence -gencode here.)
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
//
// RUN: printf '[{"directory": "%t.d", "command": "nvcc -gencode arch=compute_90a,code=sm_90a -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --no-cache -p . k.cu > %t.90a.txt 2>&1
// RUN: FileCheck %s --check-prefix=SPECIFIC --implicit-check-not='{{warning|error}}:' < %t.90a.txt
// SPECIFIC: k.cu:[[@LINE+38]]:{{[0-9]+}}: error: __shared__ variable 'specific' of type 'Counter'{{.*}} [cuda-shared-initializer]
// SPECIFIC: 1 finding (1 error, 0 warnings), 0 compiler errors
//
// RUN: printf '[{"directory": "%t.d", "command": "nvcc -gencode arch=compute_100a,code=sm_100a -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --no-cache -p . k.cu > %t.100a.txt 2>&1
// RUN: FileCheck %s --check-prefix=SPECIFIC --implicit-check-not='{{warning|error}}:' < %t.100a.txt
//
// RUN: printf '[{"directory": "%t.d", "command": "nvcc -gencode arch=compute_100f,code=sm_100f -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --no-cache -p . k.cu > %t.100f.txt 2>&1
// RUN: FileCheck %s --check-prefix=FAMILY --implicit-check-not='{{warning|error}}:' < %t.100f.txt
// FAMILY: k.cu:[[@LINE+35]]:{{[0-9]+}}: error: __shared__ variable 'family' of type 'Counter'{{.*}} [cuda-shared-initializer]
// FAMILY: 1 finding (1 error, 0 warnings), 0 compiler errors
//
// Plain sm_90, and sm_90a on a clang command (clang defines neither macro):
// RUN: printf '[{"directory": "%t.d", "command": "nvcc -arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --no-cache -p . k.cu > %t.90.txt 2>&1
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not='{{warning|error}}:' < %t.90.txt
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90a -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --no-cache -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not='{{warning|error}}:' < %t.clang.txt
// PLAIN: k.cu:[[@LINE+31]]:{{[0-9]+}}: error: __shared__ variable 'plain' of type 'Counter'{{.*}} [cuda-shared-initializer]
// PLAIN: 1 finding (1 error, 0 warnings), 0 compiler errors
//
// nvcc agrees: each #error below stops it when it takes another branch.
// REQUIRES: nvcc
// RUN: %nvcc -gencode arch=compute_90a,code=sm_90a -DEXPECT_SPECIFIC -c %s -o /dev/null
// RUN: %nvcc -gencode arch=compute_100a,code=sm_100a -DEXPECT_SPECIFIC -c %s -o /dev/null
// RUN: %nvcc -gencode arch=compute_100f,code=sm_100f -DEXPECT_FAMILY -c %s -o /dev/null
// RUN: %nvcc -arch=sm_90 -DEXPECT_PLAIN -c %s -o /dev/null

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

__global__ void k(int *p) {
#if defined(__CUDA_ARCH_SPECIFIC__) && __CUDA_ARCH_SPECIFIC__ == __CUDA_ARCH__ && \
    __CUDA_ARCH_FAMILY_SPECIFIC__ == __CUDA_ARCH__
  __shared__ Counter specific;
  p[0] = specific.v;
#if defined(__NVCC__) && !defined(EXPECT_SPECIFIC)
#error "architecture-specific branch"
#endif
#elif defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == __CUDA_ARCH__ && \
    !defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ Counter family;
  p[0] = family.v;
#if defined(__NVCC__) && !defined(EXPECT_FAMILY)
#error "family-specific branch"
#endif
#elif defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FAMILY_SPECIFIC__)
  __shared__ Counter plain;
  p[0] = plain.v;
#if defined(__NVCC__) && !defined(EXPECT_PLAIN)
#error "plain branch"
#endif
#elif defined(__CUDA_ARCH__)
  __shared__ Counter inconsistent;
  p[0] = inconsistent.v;
#error "inconsistent architecture macros"
#endif
}
