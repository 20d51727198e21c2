__constant__ float coef[16];
struct Params { int n; float scale[4]; };
__constant__ Params params;
__global__ void k(float *out) {
  coef[threadIdx.x] = out[threadIdx.x];
  params.scale[1] *= 2.0f;
  float *p = coef;
  p[2] = out[1];
  Params &r = params;
  r.n = 1;
}
