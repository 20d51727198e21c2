// A project header with __constant__ data: parsed into clangd's preamble.
#pragma once
__constant__ float HeaderTable[8192];   // 32768 bytes
template <int N> __constant__ float Coeffs[N];
