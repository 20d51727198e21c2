// A file with a finding that has no fix-it: --fix must not touch it.
__global__ void __launch_bounds__(64) __maxnreg__(32) bounded() {}
