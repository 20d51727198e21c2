__global__ void a(float4 *out) {
  extern __shared__ __align__(16) unsigned char raw[];
  out[0] = reinterpret_cast<float4 *>(raw)[threadIdx.x];
}
__global__ void b(double *out) {
  extern __shared__ __align__(8) unsigned char raw[];
  out[0] = reinterpret_cast<double *>(raw)[threadIdx.x];
}
