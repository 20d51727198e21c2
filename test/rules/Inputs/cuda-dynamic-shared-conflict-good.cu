__global__ void correct1_a(float *out) {
  extern __shared__ __align__(16) unsigned char correct1_raw[];
  out[0] = reinterpret_cast<float *>(correct1_raw)[threadIdx.x];
}
__global__ void correct1_b(double *out) {
  extern __shared__ __align__(16) unsigned char correct1_raw[];
  out[0] = reinterpret_cast<double *>(correct1_raw)[threadIdx.x];
}
template <typename T> __global__ void correct2(T *out) {
  extern __shared__ float correct2_buf[];
  out[0] = T(correct2_buf[threadIdx.x]);
}
template __global__ void correct2<float>(float *);
template __global__ void correct2<double>(double *);
__global__ void correct2_other(float *out) {
  extern __shared__ float correct2_buf[];
  out[0] = correct2_buf[0];
}
template <typename T> __global__ void correct3(T *out) {
  extern __shared__ T correct3_smem[];
  out[0] = correct3_smem[0];
}
template __global__ void correct3<int>(int *);
__global__ void correct4_a(float *out) {
  extern __shared__ float correct4_f[];
  extern __shared__ double correct4_d[];
  out[0] = correct4_f[0] + correct4_d[0];
}
__global__ void correct5_a(float *out) {
  extern __shared__ __align__(16) float correct5_buf[];
  out[0] = correct5_buf[0];
}
__global__ void correct5_b(float *out) {
  extern __shared__ float correct5_buf[];
  out[0] = correct5_buf[1];
}
namespace correct6_x {
__global__ void k(float *out) { extern __shared__ float correct6_buf[]; out[0] = correct6_buf[0]; }
}
namespace correct6_y {
__global__ void k(double *out) { extern __shared__ double correct6_buf[]; out[0] = correct6_buf[0]; }
}
