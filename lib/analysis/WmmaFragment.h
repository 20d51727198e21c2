//===- WmmaFragment.h - Decoding nvcuda::wmma fragments and calls -*- C++ -*-===//
//
// The one place that knows the WMMA API of CUDA 13.0's crt/mma.h (CUDA C++
// Programming Guide, "Warp Matrix Functions",
// https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#wmma):
//   - decodeWmmaFragment: a QualType naming
//     `nvcuda::wmma::fragment<Use, m, n, k, T, Layout = void>` (through
//     typedefs, aliases, `using namespace nvcuda;`, namespace aliases,
//     references, cv and arrays of fragments) as its template arguments,
//     decoded once per canonical type and translation unit;
//   - decodeWmmaCall: a call of load_matrix_sync / store_matrix_sync /
//     fill_fragment / mma_sync / bmma_sync, resolved or not (clang keeps a
//     call that matched no overload as a RecoveryExpr);
//   - the tables of the supported shapes, element types, accumulators and
//     architecture floors ("Element Types and Matrix Sizes").
// All WMMA checks (cuda-wmma-*) use it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_WMMAFRAGMENT_H
#define CUDA_LINT_ANALYSIS_WMMAFRAGMENT_H

#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace cuda_lint {

/// The first template argument of a fragment: its role in D = A * B + C.
enum class WmmaUse : uint8_t { MatrixA, MatrixB, Accumulator, Other };

/// The element type argument T of a fragment. Sub-byte and tf32 types are the
/// tag structs of `precision` / `experimental::precision`.
enum class WmmaElem : uint8_t {
  Half,     ///< __half (half)
  BFloat16, ///< __nv_bfloat16
  TF32,     ///< wmma::precision::tf32
  Double,
  Float,
  SChar, ///< signed char
  UChar, ///< unsigned char
  Int,
  U4, ///< wmma::experimental::precision::u4
  S4, ///< wmma::experimental::precision::s4
  B1, ///< wmma::experimental::precision::b1
  Other, ///< anything else (char, short, a user type...)
};

/// The Layout argument of a fragment.
enum class WmmaLayout : uint8_t { Void, RowMajor, ColMajor, Other };

/// An (m, n, k) shape.
struct WmmaShape {
  int M = 0, N = 0, K = 0;
  bool operator==(const WmmaShape &O) const {
    return M == O.M && N == O.N && K == O.K;
  }
  bool operator!=(const WmmaShape &O) const { return !(*this == O); }
  /// "16x16x16".
  std::string str() const;
};

/// A decoded `nvcuda::wmma::fragment<Use, m, n, k, T, Layout>`.
struct WmmaFragment {
  WmmaUse Use = WmmaUse::Other;
  WmmaShape Shape;
  WmmaElem Elem = WmmaElem::Other;
  WmmaLayout Layout = WmmaLayout::Void;
  clang::QualType ElemType; ///< T as written in the specialization
  /// Whether crt/mma.h defines this fragment (a complete type): the shape
  /// and element type are supported for its Use, and the layout fits.
  bool isSupported() const;
  /// "fragment<matrix_a, 16, 16, 16, half, row_major>" (layout void left out).
  std::string str() const;
};

/// The fragment \p T names, or null: not a fragment, or one whose arguments
/// are still dependent (a template pattern). References, cv qualifiers and
/// array types are looked through (`fragment<...> a[2]`, `const fragment<...>&`).
/// The result is cached per canonical type in \p Ctx's translation unit and
/// stays valid while \p Ctx lives.
const WmmaFragment *decodeWmmaFragment(clang::ASTContext &Ctx, clang::QualType T);

/// The fragment that the dependent type \p T of a function template's body
/// (`fragment<matrix_a, M, 16, 16, T, L>`) names in its specialization
/// \p Spec: the template parameters of \p Spec's template substituted by
/// \p Spec's arguments. For bodies clang dropped: it drops the body of an
/// instantiation it rejects, the usual fate of an undefined fragment.
/// nullopt when \p T is not a fragment spelled with those parameters (or
/// constants) alone.
std::optional<WmmaFragment>
decodeWmmaFragmentIn(clang::ASTContext &Ctx, clang::QualType T,
                     const clang::FunctionDecl *Spec);

/// Whether \p D is declared in `nvcuda::wmma` (or a namespace nested in it,
/// such as `nvcuda::wmma::experimental`), by its canonical declaration.
bool isInWmmaNamespace(const clang::Decl *D);

/// The warp-collective functions of the API.
enum class WmmaFunction : uint8_t { Load, Store, Fill, Mma, Bmma };

/// A call of a WMMA function: resolved (Callee set) or one that matched no
/// overload (Callee null; a RecoveryExpr, or a dependent call in a template).
struct WmmaCall {
  WmmaFunction Fn;
  const clang::Expr *E = nullptr;              ///< the call
  const clang::FunctionDecl *Callee = nullptr; ///< null when unresolved
  llvm::SmallVector<const clang::Expr *, 6> Args;
  /// "load_matrix_sync", ...
  llvm::StringRef name() const;
};

/// Decodes \p E as a call of a WMMA function: a CallExpr whose callee is one
/// (direct or through an UnresolvedLookupExpr), or a RecoveryExpr whose first
/// sub-expression names one. nullopt otherwise.
std::optional<WmmaCall> decodeWmmaCall(const clang::Expr *E);

/// "half", "__nv_bfloat16", "precision::tf32", ... (for messages).
llvm::StringRef toString(WmmaElem E);
/// "matrix_a", "matrix_b", "accumulator".
llvm::StringRef toString(WmmaUse U);
/// "row_major", "col_major", "void".
llvm::StringRef toString(WmmaLayout L);

/// Whether \p E may be the element type of a matrix_a / matrix_b fragment.
bool isMultiplicandElem(WmmaElem E);
/// Whether \p E is a sub-byte type (u4, s4, b1).
bool isSubByte(WmmaElem E);
/// The (m, n, k) shapes crt/mma.h defines for multiplicands of type \p E
/// (empty for a type that is not a multiplicand type).
llvm::ArrayRef<WmmaShape> shapesFor(WmmaElem E);
/// The accumulator element types allowed with multiplicands of type \p E
/// (half: half or float; bf16, tf32: float; 8-bit and sub-byte: int; double:
/// double).
llvm::ArrayRef<WmmaElem> accumulatorsFor(WmmaElem E);
/// Whether (\p Shape, \p Acc) is an accumulator fragment crt/mma.h defines.
bool isSupportedAccumulator(WmmaShape Shape, WmmaElem Acc);
/// The lowest compute capability (70, 72, 75, 80) at which fragments of
/// element type \p E exist (Programming Guide: bf16, tf32 and double need
/// 8.0; the 8-bit integer types 7.2; sub-byte types 7.5; half 7.0).
unsigned minArchFor(WmmaElem E);
/// The size of one element of type \p E in bits as the matrix in memory
/// holds it (half 16, tf32 32 (stored as float), u4/s4 4, b1 1...).
unsigned elemBits(WmmaElem E);

} // namespace cuda_lint

#endif
