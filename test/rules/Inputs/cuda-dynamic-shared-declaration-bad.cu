struct Pair { int a; float b; };
__global__ void k(float *out) {
  extern __shared__ float *p;
  extern __shared__ Pair s;
  extern __shared__ int sized[16];
  out[0] = p[0] + s.b + sized[1];
}
