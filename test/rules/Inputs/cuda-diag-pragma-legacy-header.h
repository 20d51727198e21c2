// Input of cuda-diag-pragma-legacy-header.cu: a header with a legacy pragma and no include
// guard (included twice: still one finding).
#pragma diag_suppress 177
#define LEGACY_IN_HEADER_MACRO _Pragma("diag_warning 550")
