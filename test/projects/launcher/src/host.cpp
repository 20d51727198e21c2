// A host-only C++ unit: the CXX launcher compiles it without linting it.
int host_only(int x) { return 2 * x; }
