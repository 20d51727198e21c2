// A project's library that lives under a directory named c++ (no C++
// library marker): not a leaf, its bodies are parsed.
#pragma once
__device__ inline void block_barrier() { __syncthreads(); }
