// Each line nvcc 13.0 rejects (it stops after some errors: the cases are the ones it reports
// in one compilation).
__device__ int bad_stmt(int (*fp)(int), int x) {
#pragma nv_abi preserve_n_data(16)
  int r = fp(x);
#pragma nv_abi preserve_n_foo(16)
  r = fp(x);
#pragma nv_abi preserve_n_data(-1)
  r = fp(x);
#pragma nv_abi preserve_n_data(16) preserve_n_data(8)
  r = fp(x);
  return r;
}
#pragma nv_abi
__device__ int no_argument(int x);
