// The toolkit headers a CUDA project includes, and the C++ library's: the
// audit parses them whole and checks every body SystemBodyPolicy skips.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <mma.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_pipeline.h>
#include <cuda_awbarrier.h>
#include <curand_kernel.h>
#include <cuComplex.h>
#include <cuda_occupancy.h>
#include <cub/block/block_reduce.cuh>
#include <thrust/device_vector.h>
#include <cuda/barrier>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <complex>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

__global__ void kernel(float *p) { p[threadIdx.x] = 0; }
