// nvcc 13.0 warns (#20168, #20058) and ignores each pragma here.
__global__ void k(float *p, int n) {
#pragma unroll -1
  for (int i = 0; i < 8; ++i) p[i] = 0;
#pragma unroll 0
  for (int i = 0; i < 8; ++i) p[i] = 1;
#pragma unroll 4
  p[0] = 2;
}
