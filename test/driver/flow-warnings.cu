// clang's flow-analysis warnings (-Wuninitialized, -Wreturn-type,
// -Wmissing-noreturn, -Winfinite-recursion: a CFG per function body) and
// -Wsign-compare (reported where reachable, which takes the CFG) are not
// computed where cuda-lint would drop them, and are reported exactly as
// before wherever they are reported: as an enabled clang-diagnostic check, as
// an error through -Werror=<flag> or -Werror.
//
// Not asked for: no finding, no compiler error, exit 0.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/w.cu
// RUN: cd %t && %cuda-lint --no-cache w.cu -- -Wall -Wextra -Wmissing-noreturn > %t/default.txt 2>&1
// RUN: FileCheck %s --check-prefix=DEFAULT --implicit-check-not='warning:' --implicit-check-not='error:' < %t/default.txt
// DEFAULT: 0 findings (0 errors, 0 warnings), 0 compiler errors
//
// Enabled as clang-tidy checks: each one reported.
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='clang-diagnostic-*' w.cu -- -Wall -Wextra -Wmissing-noreturn > %t/all.txt 2>&1
// RUN: FileCheck %s --check-prefix=ALL < %t/all.txt
// ALL-DAG: w.cu:[[@LINE+25]]:{{[0-9]+}}: warning: variable 'y' is uninitialized when used here [clang-diagnostic-uninitialized]
// ALL-DAG: w.cu:[[@LINE+30]]:{{[0-9]+}}: warning: non-void function does not return a value in all control paths [clang-diagnostic-return-type]
// ALL-DAG: w.cu:[[@LINE+31]]:{{[0-9]+}}: warning: all paths through this function will call itself [clang-diagnostic-infinite-recursion]
// ALL-DAG: w.cu:[[@LINE+34]]:{{[0-9]+}}: warning: function 'fail' could be declared with attribute 'noreturn' [clang-diagnostic-missing-noreturn]
// ALL-DAG: w.cu:[[@LINE+31]]:{{[0-9]+}}: warning: comparison of integers of different signs: 'int' and 'unsigned int' [clang-diagnostic-sign-compare]
//
// One of them enabled: that one only.
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='cuda-*,clang-diagnostic-return-type' w.cu -- -Wall > %t/one.txt 2>&1
// RUN: FileCheck %s --check-prefix=ONE --implicit-check-not='warning:' < %t/one.txt
// ONE: w.cu:[[@LINE+22]]:{{[0-9]+}}: warning: non-void function does not return a value in all control paths [clang-diagnostic-return-type]
// ONE: 0 findings (0 errors, 0 warnings), 0 compiler errors, 1 compiler warning, 0 tool failures
//
// Made an error by the command: a compiler error, with or without the check.
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache w.cu -- -Wall -Werror=uninitialized > %t/werror-one.txt 2>&1
// RUN: FileCheck %s --check-prefix=WERROR-ONE --implicit-check-not='error:' < %t/werror-one.txt
// WERROR-ONE: w.cu:[[@LINE+10]]:{{[0-9]+}}: error: variable 'y' is uninitialized when used here [clang-diagnostic-uninitialized]
// WERROR-ONE: 1 compiler error
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache w.cu -- -Wall -Werror > %t/werror.txt 2>&1
// RUN: FileCheck %s --check-prefix=WERROR < %t/werror.txt
// WERROR-DAG: w.cu:[[@LINE+6]]:{{[0-9]+}}: error: variable 'y' is uninitialized when used here
// WERROR-DAG: w.cu:[[@LINE+11]]:{{[0-9]+}}: error: non-void function does not return a value in all control paths
// WERROR-DAG: w.cu:[[@LINE+12]]:{{[0-9]+}}: error: all paths through this function will call itself

__global__ void k(int *p) {
  int y;
  p[0] = y;
}

int f(int x) {
  if (x)
    return 1;
}

int g(int x) { return g(x + 1); }

bool less(int a, unsigned b) { return a < b; }

void fail() { throw 1; }

bool overlap(int x) { return x > 2 || x < 3; }
bool bitwise(int x) { return (x | 4) == 0; }
bool negation(int x) { return x && !x; }

// The comparisons clang's CFG builder proves always true or false
// (-Wtautological-overlap-compare, -Wtautological-bitwise-compare,
// -Wtautological-negation-compare, all in -Wall: a CFG per function body, only
// to look for them): not computed where all are dropped (the DEFAULT run
// above: the CFG is not built), each reported where it is asked for, alone.
// ALL-DAG: w.cu:[[@LINE-9]]:{{[0-9]+}}: warning: overlapping comparisons always evaluate to true [clang-diagnostic-tautological-overlap-compare]
// ALL-DAG: w.cu:[[@LINE-9]]:{{[0-9]+}}: warning: bitwise comparison always evaluates to false [clang-diagnostic-tautological-bitwise-compare]
// ALL-DAG: w.cu:[[@LINE-9]]:{{[0-9]+}}: warning: '&&' of a value and its negation always evaluates to false [clang-diagnostic-tautological-negation-compare]
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='cuda-*,clang-diagnostic-tautological-bitwise-compare' w.cu -- -Wall > %t/bitwise.txt 2>&1
// RUN: FileCheck %s --check-prefix=BITWISE --implicit-check-not='warning:' < %t/bitwise.txt
// BITWISE: w.cu:[[@LINE-13]]:{{[0-9]+}}: warning: bitwise comparison always evaluates to false [clang-diagnostic-tautological-bitwise-compare]
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache w.cu -- -Wall -Werror=tautological-overlap-compare > %t/werror-overlap.txt 2>&1
// RUN: FileCheck %s --check-prefix=WERROR-OVERLAP --implicit-check-not='error:' < %t/werror-overlap.txt
// WERROR-OVERLAP: w.cu:[[@LINE-17]]:{{[0-9]+}}: error: overlapping comparisons always evaluate to true [clang-diagnostic-tautological-overlap-compare]
// WERROR-OVERLAP: 1 compiler error
