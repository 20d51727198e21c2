#pragma once
// No constant memory in the preamble: a __device__ table and a __device__
// variable template (none of its specializations can be __constant__ until
// the unit declares one).
template <int N> __device__ float Scratch[N];
__device__ float DeviceTable[4096];
