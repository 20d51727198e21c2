// nvcc 13.0 and cuda-lint agree. nvcc rejects initializers and a file-scope
// variable that needs a constructor; for a function-scope variable it only
// warns (#20054) and drops the constructor, and for default member
// initializers and virtual functions it says nothing: cuda-lint reports all
// of them as errors. The good file is accepted without warning #20054 and
// not reported. The libcu++ file is accepted by nvcc (with #20054): on a
// project built with nvcc (a file without a compile database counts as one)
// it gets no finding and no compiler error; on a project built with clang
// (its compile command, or CudaLint.Compilers) portability warnings only.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-INIT
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-bad-global.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-GLOBAL
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-bad-ctor.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-CTOR
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-bad-silent.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-shared-initializer-portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-PORTABLE

// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-INIT --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-bad-global.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-GLOBAL --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-bad-ctor.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-CTOR --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-bad-silent.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-SILENT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-shared-initializer' %S/Inputs/cuda-shared-initializer-portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-with-maxnreg' %S/Inputs/cuda-shared-initializer-portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// A project built with clang: its compile database says so...
// RUN: rm -rf %t && mkdir -p %t/db %t/cfg
// RUN: cp %S/Inputs/cuda-shared-initializer-portable.cu %t/db/portable.cu
// RUN: printf '[{"directory": "%t/db", "file": "portable.cu", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -std=c++17 -c portable.cu"}]' > %t/db/compile_commands.json
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' -p %t/db %t/db/portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-PORTABLE --implicit-check-not='{{warning|error}}:'
// ...or CudaLint.Compilers does, for a file built without a database.
// RUN: cp %S/Inputs/cuda-shared-initializer-portable.cu %t/cfg/portable.cu
// RUN: printf 'CheckOptions:\n  CudaLint.Compilers: nvcc,clang\n' > %t/cfg/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %t/cfg/portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-PORTABLE --implicit-check-not='{{warning|error}}:'
// The option overrides the command: nvcc alone, and the clang database is quiet.
// RUN: printf 'CheckOptions:\n  CudaLint.Compilers: nvcc\n' > %t/db/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-shared-initializer' -p %t/db %t/db/portable.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// An unknown compiler is a configuration error.
// RUN: printf 'CheckOptions:\n  CudaLint.Compilers: gcc\n' > %t/cfg/.cuda-lint.yaml
// RUN: not %cuda-lint %t/cfg/portable.cu 2>&1 | FileCheck %s --check-prefix=BAD-COMPILERS
// BAD-COMPILERS: .cuda-lint.yaml:2:3: error: invalid value 'gcc' of CudaLint.Compilers: expected 'nvcc', 'clang' or 'nvcc,clang'

// NVCC-INIT: bad.cu(3): error: initializer not allowed for __shared__ variable
// NVCC-INIT: bad.cu(4): error: initializer not allowed for __shared__ variable
// NVCC-GLOBAL: bad-global.cu(4): error: dynamic initialization is not supported for a __shared__ variable
// NVCC-CTOR: bad-ctor.cu(7): warning #20054-D: dynamic initialization is not supported
// NVCC-CTOR: bad-ctor.cu(8): warning #20054-D
// NVCC-CTOR: bad-ctor.cu(9): warning #20054-D
// NVCC-PORTABLE: portable.cu(8): warning #20054-D
// NVCC-PORTABLE: portable.cu(9): warning #20054-D

// LINT-INIT: bad.cu:3:{{[0-9]+}}: error: __shared__ variable 'total' has an initializer
// LINT-INIT: bad.cu:4:{{[0-9]+}}: error: __shared__ variable 'tile' has an initializer
// LINT-GLOBAL: bad-global.cu:4:{{[0-9]+}}: error: __shared__ variable 'per_block' of type 'Counter' needs dynamic initialization
// LINT-CTOR: bad-ctor.cu:7:{{[0-9]+}}: error: __shared__ variable 'c' of type 'Counter' needs dynamic initialization
// LINT-CTOR: bad-ctor.cu:8:{{[0-9]+}}: error: __shared__ variable 'cs' of type 'Counter[32]' needs dynamic initialization
// LINT-CTOR: bad-ctor.cu:9:{{[0-9]+}}: error: __shared__ variable 't' of type 'Tracked' has a destructor that is not empty
// LINT-SILENT: bad-silent.cu:8:{{[0-9]+}}: error: __shared__ variable 'd' of type 'Defaults' needs dynamic initialization
// LINT-SILENT: bad-silent.cu:9:{{[0-9]+}}: error: __shared__ variable 's' of type 'Shape' needs dynamic initialization
// LINT-PORTABLE: portable.cu:8:{{[0-9]+}}: warning: clang rejects __shared__ variable 'bar' of libcu++ type
// LINT-PORTABLE: portable.cu:9:{{[0-9]+}}: warning: clang rejects __shared__ variable 'state' of libcu++ type

// NVCC-QUIET-NOT: {{warning|error}}
// QUIET: cuda-lint: {{[0-9]+}} file{{s?}}, 0 findings
