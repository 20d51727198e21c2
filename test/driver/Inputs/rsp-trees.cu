// Which response files cuda-lint-clangd read: each defines one macro, and each
// macro plants one cuda-launch-bounds-with-maxnreg finding.
#ifdef FROM_DATABASE_TREE
__global__ void __launch_bounds__(64) __maxnreg__(32) from_database_tree() {}
#endif
#ifdef FROM_ALLOWED_TREE
__global__ void __launch_bounds__(64) __maxnreg__(32) from_allowed_tree() {}
#endif
#ifdef FROM_OUTSIDE
__global__ void __launch_bounds__(64) __maxnreg__(32) from_outside() {}
#endif
__global__ void always() {}
