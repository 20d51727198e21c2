//===- PointerOffset.h - A pointer as a base plus a byte offset -*- C++ -*-===//
//
// The address arithmetic that cuda-restrict-alias and cuda-vector-type-alignment
// read: a pointer expression such as `p + 4 * i + 1`, `&a[k]`, `(char *)p + 8`
// or `(float4 *)(p + 1)` is decomposed into a base (the value of a pointer
// variable, or the address of a variable such as an array) plus a byte offset
// known modulo some number (ByteResidue). Pointer arithmetic scales by the
// pointee's size (C++ [expr.add]; CUDA C++ Programming Guide, "Device Memory
// Accesses" for why the alignment of that address matters).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_POINTEROFFSET_H
#define CUDA_LINT_ANALYSIS_POINTEROFFSET_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>

namespace cuda_lint {

/// An integer known modulo Mod: the value is R + Mod * t for some integer t.
/// Mod == 0 means the value is exactly R; Mod == 1 means nothing is known.
/// Values are kept small (|R|, Mod below 2^40); larger ones become unknown.
struct ByteResidue {
  int64_t R = 0;
  uint64_t Mod = 1;
  static ByteResidue exact(int64_t V) { return {V, 0}; }
  static ByteResidue unknown() { return {0, 1}; }
  bool isExact() const { return Mod == 0; }
  /// Whether no value it may have is a multiple of \p A (in bytes): R is
  /// not 0 modulo gcd(Mod, A). An address this far from an A-aligned base is
  /// certainly not A-aligned (16k + 4 is never a multiple of 8 or of 32).
  bool certainlyNotMultipleOf(uint64_t A) const;
  ByteResidue operator+(const ByteResidue &O) const;
  ByteResidue operator-(const ByteResidue &O) const;
  ByteResidue operator*(const ByteResidue &O) const;
  ByteResidue scaled(int64_t Factor) const { return *this * exact(Factor); }
};

/// What an integer expression is known to be: a constant, a sum, difference
/// or product of known parts, a shift by a constant; anything else is
/// unknown (Mod 1). `4 * i + 1` is 1 modulo 4.
ByteResidue integerResidue(const clang::Expr *E, const clang::ASTContext &Ctx);

/// A pointer expression as Base + Bytes.
struct PointerOffset {
  /// The variable the address derives from.
  const clang::ValueDecl *Base = nullptr;
  /// True when the address is that of the variable itself (an array that
  /// decays, `&v`); false when it is the value of a pointer variable.
  bool AddressOfBase = false;
  ByteResidue Bytes;
};

/// Decomposes the pointer expression \p E through parentheses, casts between
/// pointer types, array-to-pointer decay, `p + i`, `i + p`, `p - i`, `&a[i]`,
/// `&*p` and `&v`. \p Follow, when given, may return the initializer of a
/// local pointer variable that is never changed, to continue through it.
/// std::nullopt where the base is not a variable or the expression has side
/// effects (`p++`).
std::optional<PointerOffset> decomposePointer(
    const clang::Expr *E, const clang::ASTContext &Ctx,
    llvm::function_ref<const clang::Expr *(const clang::VarDecl *)> Follow =
        nullptr);

/// Whether the pointer expressions \p A and \p B (arguments of one call) may
/// point into the same object: the same base (decomposePointer) at any
/// offsets, or, where they do not decompose, structurally the same
/// expression. A null pointer constant points into nothing.
bool mayPointIntoSameObject(const clang::Expr *A, const clang::Expr *B,
                            clang::ASTContext &Ctx);

} // namespace cuda_lint

#endif
