// Input of cuda-device-launch-without-rdc-nvcc.cu: a kernel launched from a kernel, compiled
// without relocatable device code. nvcc 13.0 rejects it; cuda-lint reports it.
__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) { child<<<1, 32>>>(p); }
