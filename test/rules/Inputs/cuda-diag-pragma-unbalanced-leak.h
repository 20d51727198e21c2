// Input of cuda-diag-pragma-unbalanced.cu: a header whose suppression leaks into its includer.
#pragma nv_diag_suppress 177
inline int leaking_header_helper() { return 0; }
