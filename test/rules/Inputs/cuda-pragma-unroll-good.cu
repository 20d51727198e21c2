struct MyStruct { static constexpr int value = 4; };
template <int Count> __global__ void k(float *p) {
#pragma unroll (Count + 1)
  for (int i = 0; i < 8; ++i) p[i] = 0;
#pragma unroll MyStruct::value
  for (int i = 0; i < 8; ++i) p[i] = 1;
#pragma unroll Count
  for (int i = 0; i < 8; ++i) p[i] = 2;
#pragma unroll 1
  for (int i = 0; i < 8; ++i) p[i] = 3;
#pragma unroll
  for (int i = 0; i < 8; ++i) p[i] = 4;
}
template __global__ void k<3>(float *);
