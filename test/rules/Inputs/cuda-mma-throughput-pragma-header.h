// Input of cuda-mma-throughput-pragma.cu: a header with the pragma at file scope.
#pragma nv_mma_throughput
