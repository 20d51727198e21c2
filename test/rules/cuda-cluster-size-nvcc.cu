// REQUIRES: nvcc
// nvcc agreement for cuda-cluster-size: nvcc 13.0 rejects a __cluster_dims__
// larger than __launch_bounds__'s maxBlocksPerCluster (front end), and any
// __cluster_dims__ next to a maxBlocksPerCluster (ptxas: "Conflicting
// directives: .reqnctapercluster and .maxclusterrank"); it accepts a 16-block
// cluster, which clang 22 rejects. cuda-lint agrees on all three.
//
// RUN: not %nvcc -arch=sm_90 -c %S/Inputs/cuda-cluster-size-bad.cu -o %t.bad.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-BAD
// NVCC-BAD: error: total number of blocks in cluster computed from __cluster_dims__ exceeds __launch_bounds__ specified limit
// RUN: not %nvcc -arch=sm_90 -c %S/Inputs/cuda-cluster-size-bad-ptxas.cu -o %t.ptxas.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-PTXAS
// NVCC-PTXAS: Conflicting directives: .reqnctapercluster and .maxclusterrank
// RUN: %nvcc -arch=sm_90 -c %S/Inputs/cuda-cluster-size-good.cu -o %t.good.o
//
// RUN: not %cuda-lint --checks='-*,cuda-cluster-size' %S/Inputs/cuda-cluster-size-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-BAD --implicit-check-not='{{warning|error}}:'
// LINT-BAD: cuda-cluster-size-bad.cu:2:46: error: cluster of 4 blocks of kernel 'k' exceeds the maxBlocksPerCluster of 2 given by its __launch_bounds__ [cuda-cluster-size]
// RUN: not %cuda-lint --checks='-*,cuda-cluster-size' %S/Inputs/cuda-cluster-size-bad-ptxas.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-PTXAS --implicit-check-not='{{warning|error}}:'
// LINT-PTXAS: cuda-cluster-size-bad-ptxas.cu:3:46: error: kernel 'k' has both __cluster_dims__ and a maxBlocksPerCluster in __launch_bounds__; nvcc 13.0 rejects the combination [cuda-cluster-size]
// RUN: %cuda-lint --checks='-*,cuda-*' %S/Inputs/cuda-cluster-size-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-GOOD --implicit-check-not='{{warning|error}}:'
// LINT-GOOD: 0 findings
