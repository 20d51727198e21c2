// Inline PTX naming a special register with a single `%` (`%laneid`,
// `%globaltimer`, `%smid`, `%warpid`, `%tid.x`, `%envreg3`) or a register a
// `.reg` directive of the same string declares: nvcc passes `%name` on to PTX
// as written; clang 22 reads an operand escape and errors "invalid % escape in
// inline assembly string". On an nvcc command (here the default command of a
// file outside any database) cuda-lint shows no compiler error, and the rest
// of the function is analysed: the planted __shared__ object with a
// constructor is still found.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-asm.cu:[[@LINE+43]]:{{[0-9]+}}: error: __shared__ variable 'c' of type 'Counter' needs dynamic initialization{{.*}} [cuda-shared-initializer]
// CHECK: cuda-lint: 1 file, 1 finding (1 error, 0 warnings), 0 compiler errors
//
// A clang command (compile_commands.json with clang++ -x cuda) keeps clang's
// errors as they are.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=CLANG < %t.clang.txt
// CLANG: k.cu:{{[0-9]+}}:{{[0-9]+}}: error: invalid % escape in inline assembly string [clang-diagnostic-error]
// CLANG: compiler errors
//
// nvcc agrees that the file is valid (it only warns about the constructor):
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(r));
  return r;
}

// In a template (its instantiations too), a host-device function and a macro.
template <int N> __device__ unsigned lanes() {
  unsigned r;
  asm volatile("mov.u32 %0, %lanemask_lt;" : "=r"(r));
  return r + N;
}
__host__ __device__ unsigned sm_of() {
  unsigned r = 0;
#ifdef __CUDA_ARCH__
  asm volatile("mov.u32 %0, %nsmid;" : "=r"(r));
#endif
  return r;
}
#define CLOCK(r) asm volatile("mov.u32 %0, %clock;" : "=r"(r))

__global__ void probe(unsigned *out, int x) {
  __shared__ Counter c;
  unsigned r, sm, w, t;
  unsigned long long g;
  asm volatile("mov.u32 %0, %smid;" : "=r"(sm));
  asm volatile("mov.u32 %0, %warpid;" : "=r"(w));
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(g));
  asm volatile("{ .reg .pred %p; setp.ne.b32 %p, %1, 0; selp.u32 %0, 1, 0, %p; }"
               : "=r"(r)
               : "r"(x));
  asm volatile("mov.u32 %0, %tid.x;\n\t"
               "mov.u32 %0, %envreg3;"
               : "=r"(t));
  asm volatile("mov.u32 %0, %%ntid.x;" : "=r"(t));
  CLOCK(t);
  t += lanes<1>() + lanes<2>() + sm_of();
  out[threadIdx.x] = r + sm + w + t + static_cast<unsigned>(g) + lane() + c.v;
}
