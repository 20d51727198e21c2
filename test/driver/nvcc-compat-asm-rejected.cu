// The asm tolerance of nvcc-compat-asm.cu never hides an error nvcc reports
// too: an operand number past the operands after a tolerated `%laneid` (nvcc:
// "asm operand index requested is larger than the number of asm operands"), a
// `%q` that names no register (ptxas: "Unknown symbol '%q'"), and one after a
// tolerated `%smid` in the same string. clang stops at the first escape it
// does not like; cuda-lint analyses the rest of such a string again.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-asm-rejected.cu:[[@LINE+20]]:79: error: invalid operand number in inline asm string [clang-diagnostic-error]
// CHECK: nvcc-compat-asm-rejected.cu:[[@LINE+25]]:79: error: invalid operand number in inline asm string [clang-diagnostic-error]
// CHECK: nvcc-compat-asm-rejected.cu:[[@LINE+25]]:59: error: invalid % escape in inline assembly string [clang-diagnostic-error]
// CHECK: nvcc-compat-asm-rejected.cu:[[@LINE+25]]:78: error: invalid % escape in inline assembly string [clang-diagnostic-error]
// CHECK: cuda-lint: 1 file, 0 findings (0 errors, 0 warnings), 4 compiler errors
//
// nvcc rejects each statement:
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -DCASE=1 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DCASE=2 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DCASE=3 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DCASE=4 %s -o /dev/null

#ifndef CASE
#define CASE 0
#endif

// In a template: once, for the pattern and its two instantiations.
template <int N> __device__ unsigned past() {
  unsigned r = 0;
  if (CASE == 0 || CASE == 4) asm volatile("mov.u32 %0, %laneid; mov.u32 %0, %7;" : "=r"(r));
  return r + N;
}

__global__ void probe(unsigned *out) {
  unsigned r = 0;
  if (CASE == 0 || CASE == 1) asm volatile("mov.u32 %0, %laneid; mov.u32 %0, %5;" : "=r"(r));
  if (CASE == 0 || CASE == 2) asm volatile("mov.u32 %0, %q;" : "=r"(r));
  if (CASE == 0 || CASE == 3) asm volatile("mov.u32 %0, %smid; mov.u32 %0, %qq;" : "=r"(r));
  out[0] = r + past<1>() + past<2>();
}
