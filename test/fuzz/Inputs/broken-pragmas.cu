#pragma unroll (
#pragma nv_diag_suppress
#pragma diag_suppress
_Pragma("unroll") _Pragma(
__global__ void k() {
#pragma unroll 0x
 for(;;);
}
