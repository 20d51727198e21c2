// Two rules fire here: an error (cuda-launch-bounds-with-maxnreg) and a
// warning (cuda-syncthreads-divergent); the configuration tests turn each off.
__global__ void __launch_bounds__(128) __maxnreg__(32) both(float *p) { p[0] = 0; }

__global__ void sync_half(float *p) {
  if (threadIdx.x < 16)
    __syncthreads();
  p[threadIdx.x] = 1;
}
