#pragma once
__global__ void __launch_bounds__(64) __maxnreg__(32) in_header() {}
