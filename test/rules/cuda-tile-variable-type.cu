// RUN: %check-cuda-lint %s cuda-tile-variable-type %t
// __tile__ variables whose type has a pointer or reference sub-object (no compiler confirms the
// rule: nvcc 13.0 and clang 22 accept them). Namespace-scope declarations: both sides, one finding.

struct Node { int key; Node *next; };
struct Wrap { int n; Node first; };
struct Base { float *data; };
struct Derived : Base { int n; };
struct Plain { int a[4]; float b; };
struct Virtual { virtual int f() const { return 0; } int n; };

__tile__ int *fail1;
// CHECK-NOTES: :[[@LINE-1]]:15: error: __tile__ variable 'fail1' has type 'int *'; a __tile__ variable may not be or contain a pointer or reference [cuda-tile-variable-type]
__tile__ Node fail2;
// CHECK-NOTES: :[[@LINE-1]]:15: error: __tile__ variable 'fail2' has type 'Node', which contains the pointer or reference member 'next'; a __tile__ variable may not contain pointer or reference sub-objects [cuda-tile-variable-type]
// CHECK-NOTES: :5:30: note: 'next' declared here with type 'Node *'
__tile__ Wrap fail3[2];
// CHECK-NOTES: :[[@LINE-1]]:15: error: __tile__ variable 'fail3' has type 'Wrap[2]', which contains the pointer or reference member 'next'; {{.*}} [cuda-tile-variable-type]
// CHECK-NOTES: :5:30: note: 'next' declared here with type 'Node *'
__tile__ Derived fail4;
// CHECK-NOTES: :[[@LINE-1]]:18: error: __tile__ variable 'fail4' has type 'Derived', which contains the pointer or reference member 'data'; {{.*}} [cuda-tile-variable-type]
// CHECK-NOTES: :7:22: note: 'data' declared here with type 'float *'
__tile__ Virtual fail5;
// CHECK-NOTES: :[[@LINE-1]]:18: error: __tile__ variable 'fail5' has type 'Virtual'; a __tile__ variable may not be or contain a pointer or reference [cuda-tile-variable-type]

// Negatives: arithmetic, arrays and records of those; pointers in non-tile variables.
__tile__ int correct1;
__tile__ Plain correct2[3];
__tile__ double correct3[16];
__device__ Node correct4;
Node correct5;
