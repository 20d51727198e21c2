// A project header whose __constant__ data depends on a macro that the
// including file may define first.
#pragma once
__constant__ float HeaderTable[8192];   // 32768 bytes
#ifdef WITH_EXTRA_TABLE
__constant__ float ExtraTable[4096];    // 16384 bytes
#endif
