// Constant evaluation that takes minutes: a stand-in for a pathological unit.
constexpr long spin(long n) { long s = 0; for (long i = 0; i < n; ++i) s += i % 7; return s; }
constexpr long v = spin(100000000000L);
