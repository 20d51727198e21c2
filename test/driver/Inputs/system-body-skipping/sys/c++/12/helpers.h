// A header the policy takes for the C++ library's (a c++/<version> directory
// with bits/c++config.h). Its non-template bodies are skipped.
#pragma once

// A barrier behind a name the intrinsic table does not know: the audit must
// name it, since skipping it would hide the barrier from the analyses.
__device__ inline void wait_for_block() { __syncthreads(); }

// A compiler error in a skipped body: not parsed, so not reported.
inline int broken_helper() { return undeclared_name; }

// A template's body is kept: the user's callable is instantiated from it.
template <typename F> void call_each(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}
