// Input of cuda-diag-pragma-unbalanced.cu: a header that restores what it changes (no guard:
// included twice).
#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
int balanced_header_helper();
#pragma nv_diagnostic pop
#pragma nv_diag_suppress 550
#pragma nv_diag_default 550
