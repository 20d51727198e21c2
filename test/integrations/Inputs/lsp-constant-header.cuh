// A project header with __constant__ data: parsed into clangd's preamble.
#pragma once
__constant__ float HeaderTable[8192];   // 32768 bytes
template <int N> __constant__ float Coeffs[N];
// Not __constant__ itself: the test's edit declares an explicit __constant__
// specialization of it in the unit (which the check's preamble entries, the
// templates that could have one when the preamble was walked, lack).
template <int N> __device__ float Scratch[N];
