__constant__ int limit;
__global__ void k(int *out) {
  limit = out[0];
}
