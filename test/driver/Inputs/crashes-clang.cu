// Crashes the compiler on purpose: the checker must recover, report a tool
// failure for this file only, and go on with the others.
#pragma clang __debug crash
__global__ void k() {}
