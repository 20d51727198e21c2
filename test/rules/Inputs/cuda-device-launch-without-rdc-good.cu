// Input of cuda-device-launch-without-rdc-nvcc.cu: the launch moved to the host.
__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) { p[0] = 0; }
void run(int *p) {
  parent<<<1, 1>>>(p);
  child<<<1, 32>>>(p);
}
