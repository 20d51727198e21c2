// nvcc accepts a member template called without `template` after a
// dependent object when its arguments are not types (`impl.get<R>(x)`, as
// CUTLASS example 113 writes); clang 22 rejects it when it instantiates the
// template ("missing 'template' keyword prior to dependent template name",
// or "reference to non-static member function must be called" where the
// enclosing class has a member of that name) and drops the instantiation's
// body. On an nvcc command cuda-lint parses the side again with `template `
// written in: no compiler error, and the planted finding of the same kernel
// is reported at its column in the file as written. On a clang command
// clang's errors stay; with a type argument nvcc rejects it too, and the
// error is still shown.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --check-prefix=NVCC --implicit-check-not='{{warning|error}}:' < %t.txt
// NVCC: nvcc-compat-missing-template.cu:[[@LINE+27]]:49: warning: {{.*}}[cuda-syncthreads-divergent]
// NVCC: 0 compiler errors
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory":"%t.d","file":"k.cu","command":"clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu"}]' > %t.d/compile_commands.json
// RUN: %expect-exit 1 %cuda-lint -p %t.d %t.d/k.cu 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: k.cu:[[@LINE+19]]:{{[0-9]+}}: error: {{missing 'template' keyword|reference to non-static member function}}{{.*}}[clang-diagnostic-error]
// CLANG: k.cu:[[@LINE+19]]:{{[0-9]+}}: error: {{missing 'template' keyword|reference to non-static member function}}{{.*}}[clang-diagnostic-error]
//
// RUN: not %nvcc -arch=sm_90 -c -DREJECTED %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DREJECTED 2>&1 | FileCheck %s --check-prefix=REJECTED
// REJECTED: nvcc-compat-missing-template.cu:[[@LINE+19]]:{{[0-9]+}}: error: {{.*}}'template' keyword{{.*}} [clang-diagnostic-error]

struct Impl {
  template <bool B, class A> __device__ int get(A a) { return B ? a : -a; }
  template <bool B, class A> __device__ int callbacks(A a) { return B ? a : 0; }
};

template <class I> struct Wrap {
  I impl;
  // A member of the name the object's template has: clang reads the `<`
  // below as a less-than.
  template <bool R> __device__ int callbacks(int x) { return x; }

  template <bool R> __device__ int call(int *out, int x) {
    int v = impl.get<R>(x);
    int w = impl.callbacks<R>(x);
    if (threadIdx.x < 5) { v += impl.get<R>(w); __syncthreads(); }
    out[0] = v + w;
#ifdef REJECTED
    out[1] = impl.get<float>(x);
#endif
    return v;
  }
};
template __device__ int Wrap<Impl>::call<true>(int *, int);
