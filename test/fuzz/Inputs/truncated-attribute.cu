__global__ void __launch_bounds__(
