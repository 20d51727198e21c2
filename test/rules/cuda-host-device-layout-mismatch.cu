// RUN: %check-cuda-lint -check-suffixes=,ONE %s cuda-host-device-layout-mismatch %t
// RUN: %check-cuda-lint -check-suffixes=,TWO %s cuda-host-device-layout-mismatch %t -- --device-archs=sm_80,sm_90
// The rule compares the host side with each device side: every finding needs both, so this
// file reports nothing if only one side runs (test/rules/cuda-host-device-layout-mismatch-one-side.cu
// runs each side alone). Offsets in notes are those of clang's layout (ASTRecordLayout) on each
// side: host x86-64, device nvptx64.
#include <cuda_runtime.h>

// A member that only the device compilation has.
struct WithDeviceMember {
  int a;
#ifdef __CUDA_ARCH__
  int device_only;
#endif
  float b;
};
__global__ void fail1(WithDeviceMember s) {}
// CHECK-NOTES: :[[@LINE-1]]:40: error: the layout of 'WithDeviceMember', type of parameter 's' of kernel 'fail1', differs between the host and the device side (host: 8 bytes, alignment 4; device: 12 bytes, alignment 4): the kernel reads the argument in another layout than the host wrote it [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :13:7: note: field 'device_only' (byte offset 4) exists on the device side only
// CHECK-SIDES: :[[@LINE-3]]:40: {{.*}} sides={{(sm_80,)?}}sm_90{{$}}

// A member that only the host compilation has (!__CUDA_ARCH__), second parameter.
struct WithHostMember {
  char tag;
#ifndef __CUDA_ARCH__
  double host_only;
#endif
  int value;
};
__global__ void fail2(int n, WithHostMember s) {}
// CHECK-NOTES: :[[@LINE-1]]:45: error: the layout of 'WithHostMember', type of parameter 's' of kernel 'fail2', differs between the host and the device side (host: 24 bytes, alignment 8; device: 8 bytes, alignment 4): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :26:10: note: field 'host_only' (byte offset 8) exists on the host side only

// A packing pragma that only one side sees: same fields, other offsets.
#ifdef __CUDA_ARCH__
#pragma pack(push, 1)
#endif
struct Packed {
  char c;
  int i;
};
#ifdef __CUDA_ARCH__
#pragma pack(pop)
#endif
__global__ void fail3(Packed p) {}
// CHECK-NOTES: :[[@LINE-1]]:30: error: the layout of 'Packed', {{.*}} (host: 8 bytes, alignment 4; device: 5 bytes, alignment 1): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :40:7: note: field 'i' is at byte offset 4 on the host side and at byte offset 1 on the device side

// A bit-field whose width depends on the side.
#ifdef __CUDA_ARCH__
#define FLAG_BITS 3
#else
#define FLAG_BITS 5
#endif
struct Flags {
  unsigned kind : 4;
  unsigned flag : FLAG_BITS;
  unsigned rest : 7;
};
__global__ void fail4(Flags f) {}
// CHECK-NOTES: :[[@LINE-1]]:29: error: the layout of 'Flags', {{.*}} (host: 4 bytes, alignment 4; device: 4 bytes, alignment 4): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :57:12: note: field 'flag' at bit offset 4 is 5 bits on the host side and 3 bits on the device side

// A nested member, a scalar typedef and a template instantiation.
struct Inner {
  short s;
#ifdef __CUDA_ARCH__
  short pad;
#endif
  int x;
};
struct Outer {
  int before;
  Inner in;
};
__global__ void fail5(Outer o) {}
// The device-only member fills padding: same size, but the kernel reads 'in.pad' where the host
// wrote nothing.
// CHECK-NOTES: :[[@LINE-3]]:29: error: the layout of 'Outer', {{.*}} (host: 12 bytes, alignment 4; device: 12 bytes, alignment 4): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :68:9: note: field 'in.pad' (byte offset 6) exists on the device side only

#ifdef __CUDA_ARCH__
typedef int index_t;
#else
typedef long index_t;
#endif
__global__ void fail6(index_t n) {}
// CHECK-NOTES: :[[@LINE-1]]:31: error: the layout of 'index_t', {{.*}} (host: 8 bytes, alignment 8; device: 4 bytes, alignment 4): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :[[@LINE-2]]:31: note: 'index_t' has the same fields at the same offsets on both sides, but another size or alignment

template <typename T> __global__ void fail7(T v) {}
// CHECK-NOTES: :[[@LINE-1]]:47: error: the layout of 'WithDeviceMember', type of parameter 'v' of kernel 'fail7<WithDeviceMember>', {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :13:7: note: field 'device_only' (byte offset 4) exists on the device side only
void launch7() { fail7<<<1, 1>>>(WithDeviceMember{}); }

// alignas only on the device side: fields agree, size and alignment differ.
#ifdef __CUDA_ARCH__
#define ALIGN16 alignas(16)
#else
#define ALIGN16
#endif
struct ALIGN16 Aligned {
  float v[3];
};
__global__ void fail8(Aligned a) {}
// CHECK-NOTES: :[[@LINE-1]]:31: error: the layout of 'Aligned', {{.*}} (host: 12 bytes, alignment 4; device: 16 bytes, alignment 16): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :102:16: note: 'Aligned' has the same fields at the same offsets on both sides, but another size or alignment

// Only the sm_90 side has the member: with sm_80 and sm_90, the finding is sm_90's alone.
struct ArchMember {
  int a;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  int hopper_only;
#endif
};
__global__ void fail9(ArchMember m) {}
// CHECK-NOTES-ONE: :[[@LINE-1]]:34: error: the layout of 'ArchMember', {{.*}}alignment 4): the kernel reads the argument in another layout than the host wrote it [cuda-host-device-layout-mismatch]
// CHECK-NOTES-TWO: :[[@LINE-2]]:34: error: the layout of 'ArchMember', {{.*}} [sm_90] [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :113:7: note: field 'hopper_only' (byte offset 4) exists on the device side only

// long double: 16 bytes (x87) on the host, 8 bytes on the device; the members after it move
// (nvcc 13.0's PTX reads 'x' at byte offset 8 as well, the host writes it at 16).
struct WithLongDouble {
  long double ld;
  int x;
};
__global__ void fail10(WithLongDouble s, long double d) {}
// CHECK-NOTES: :[[@LINE-1]]:39: error: the layout of 'WithLongDouble', {{.*}} (host: 32 bytes, alignment 16; device: 16 bytes, alignment 8): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :124:15: note: field 'ld' at byte offset 0 is 16 bytes on the host side and 8 bytes on the device side
// CHECK-NOTES: :[[@LINE-3]]:54: error: the layout of 'long double', {{.*}} (host: 16 bytes, alignment 16; device: 8 bytes, alignment 8): {{.*}} [cuda-host-device-layout-mismatch]
// CHECK-NOTES: :[[@LINE-4]]:54: note: 'long double' has the same fields at the same offsets on both sides, but another size or alignment

// Negatives: layouts that agree on both sides.
// long, size_t, pointers and enums: host x86-64 and the device (nvptx64) are both LP64, and
// clang lays out the device side with the host's sizes of these types.
struct Scalars {
  long l;
  unsigned long long u;
  size_t z;
  void *p;
  enum E { A, B } e;
  wchar_t w;
  double d;
  __int128 big;
};
__global__ void correct1(Scalars s, long n, size_t m, unsigned long long u) {}

// Code under __CUDA_ARCH__ that does not change the layout: member functions, static members,
// a member type, a differently named alias of the same type.
struct SameLayout {
  int a;
  float b;
#ifdef __CUDA_ARCH__
  __device__ int get() const { return a; }
  static const int kSide = 1;
  typedef int device_int;
#else
  int get() const { return a; }
  static const int kSide = 0;
#endif
};
__global__ void correct2(SameLayout s) {}

// Packing, bit-fields and alignas that both sides see alike.
#pragma pack(push, 2)
struct PackedBoth {
  char c;
  int i;
  unsigned f : 3;
};
#pragma pack(pop)
struct alignas(16) AlignedBoth {
  float v[3];
};
struct Base { int b; };
struct Derived : Base { double d; };
__global__ void correct3(PackedBoth p, AlignedBoth a, Derived x, int4 v, double2 d2) {}

// Pointers to types whose layout differs are not parameters of that type (not compared).
__global__ void correct4(WithDeviceMember *p, const Packed *q) {}

// An uninstantiated template and a kernel used with a type whose layout agrees.
template <typename T> __global__ void correct5(T v) {}
void launch5() { correct5<<<1, 1>>>(SameLayout{}); }
