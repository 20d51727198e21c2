__global__ void a(float *out) { extern __shared__ float buf[]; out[0] = buf[threadIdx.x]; }
__global__ void b(double *out) { extern __shared__ double buf[]; out[0] = buf[threadIdx.x]; }
template <typename T> __global__ void t(T *out) {
  extern __shared__ T smem[];
  out[0] = smem[threadIdx.x];
}
template __global__ void t<float>(float *);
template __global__ void t<double>(double *);
