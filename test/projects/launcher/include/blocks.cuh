#pragma once
// The block size the kernels are launched with.
constexpr int kBlock = 128;
