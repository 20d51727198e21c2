__global__ void k(float *p, int n) {
#pragma unroll n
  for (int i = 0; i < 8; ++i) p[i] = 0;
}
