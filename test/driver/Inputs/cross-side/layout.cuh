// A kernel of a project header whose parameter type has another layout on
// the device side (driver/cross-side-suppression.cu).
struct HeaderParams {
  int n;
#ifdef __CUDA_ARCH__
  int device_only;
#endif
};
__global__ void from_header(HeaderParams p) {}
