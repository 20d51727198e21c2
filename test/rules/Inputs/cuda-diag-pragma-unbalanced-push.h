// Input of cuda-diag-pragma-unbalanced.cu: a header that pushes and suppresses, and never pops.
#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
inline int unbalanced_header_helper() { return 0; }
