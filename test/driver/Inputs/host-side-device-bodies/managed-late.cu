// A device template defined before the __managed__ variable and instantiated
// with a functor that names it: the host side had skipped the template's
// body, so it parses the unit again with every body, and the access after
// the launch is found.
#include <cuda_runtime.h>
template <class F> __device__ void apply(F f) { f(); }
__managed__ int late;
struct Set {
  __device__ void operator()() const { late = 1; }
};
__global__ void k() { apply(Set{}); }
int run() {
  k<<<1, 1>>>();
  return late;
}
