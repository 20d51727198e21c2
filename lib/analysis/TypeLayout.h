//===- TypeLayout.h - A type's memory layout as comparable data -*- C++ -*-===//
//
// The layout of a type as one compilation lays it out (clang's
// ASTRecordLayout: size, alignment, the bit offset of every field, base and
// bit-field), recorded as data (and as compact JSON) so that two compilations' layouts
// can be compared after the fact: cuda-host-device-layout-mismatch records the
// layout of every kernel parameter type on the host side and on each device
// side, and the driver compares them (analysis/CrossSide.h).
//
// The CUDA C++ Programming Guide requires kernel arguments to have the same
// layout on both sides ("__global__ function parameters", section
// "Function Parameters" of the C++ language support chapter:
// https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#global-function-argument-processing):
// the host copies the argument's bytes and the kernel reads them with its own
// layout.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_TYPELAYOUT_H
#define CUDA_LINT_ANALYSIS_TYPELAYOUT_H

#include "clang/AST/ASTContext.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace cuda_lint {

/// At most this many entries (fields, bases, array elements' fields) are
/// recorded per type; a deeper or larger type is compared on its first
/// MaxLayoutEntries entries (and its size and alignment).
constexpr unsigned MaxLayoutEntries = 512;

/// One entry of a flattened layout: a field, a base or a bit-field.
struct LayoutEntry {
  std::string Name; ///< "in.x", "base 'B'", "a[0].x"
  int64_t Bit = 0;  ///< offset in bits from the start of the described type
  int64_t Bits = 0; ///< size in bits (a bit-field's width)
  unsigned Loc = 0; ///< index of its declaration in the locations vector
  bool operator==(const LayoutEntry &O) const {
    return Name == O.Name && Bit == O.Bit && Bits == O.Bits && Loc == O.Loc;
  }
};

/// A type's layout as one compilation lays it out.
struct TypeLayout {
  std::string Type;                ///< the type as written for diagnostics
  int64_t Size = 0, Align = 0;     ///< bytes
  unsigned Loc = 0;                ///< index of the type's declaration
  std::vector<LayoutEntry> Fields; ///< flattened depth first
  bool operator==(const TypeLayout &O) const {
    return Type == O.Type && Size == O.Size && Align == O.Align && Loc == O.Loc &&
           Fields == O.Fields;
  }
};

/// The layout of \p T in \p Ctx. Fields are flattened depth first: a
/// record-typed field (or base, named "base 'B'") is an entry followed by its
/// own fields with its name as prefix ("in.x"); an array of records recurses
/// into its first element ("a[0].x"). Each entry's Loc (and the type's)
/// indexes \p Locs, to which the declaration of the type and of each field is
/// appended. A type that is not a complete object type (or dependent, or
/// invalid) gives nullopt.
std::optional<TypeLayout> describeLayout(const clang::ASTContext &Ctx, clang::QualType T,
                                         std::vector<clang::SourceLocation> &Locs);

/// The layout as compact JSON, for a side fact that travels between
/// processes: [type, size, align, loc, [[name, bit, bits, loc], ...]].
/// Arrays, not objects: a kernel template's specializations record one
/// layout per parameter each, and a json::Object costs kilobytes however few
/// its keys (llvm::DenseMap's smallest table has 64 buckets).
llvm::json::Value layoutToJSON(const TypeLayout &L);

/// layoutToJSON's form back; nullopt for a value not in that form.
std::optional<TypeLayout> layoutFromJSON(const llvm::json::Value &V);

/// Where two layouts of one type first differ.
struct LayoutDifference {
  int64_t HostSize = 0, DeviceSize = 0;   ///< bytes
  int64_t HostAlign = 0, DeviceAlign = 0; ///< bytes
  /// The first field entry that differs, with its values on each side; an
  /// entry that only one side has leaves the other side's index unset.
  /// Both unset: the fields agree and only the size or alignment differs.
  std::optional<size_t> HostField, DeviceField;
  std::string Field;                      ///< its name
  int64_t HostBit = 0, DeviceBit = 0;     ///< its bit offset on each side
  int64_t HostBits = 0, DeviceBits = 0;   ///< its size in bits on each side
};

/// The first difference of \p Host and \p Device (a record-typed entry that
/// differs in size only is reported at the first difference inside it, if
/// any), or nullopt when they have the same size, alignment and fields
/// (names, offsets and sizes; the types' names are not compared).
std::optional<LayoutDifference> compareLayouts(const TypeLayout &Host,
                                               const TypeLayout &Device);

} // namespace cuda_lint

#endif
