//===- TypeLayout.h - A type's memory layout as comparable data -*- C++ -*-===//
//
// The layout of a type as one compilation lays it out (clang's
// ASTRecordLayout: size, alignment, the bit offset of every field, base and
// bit-field), flattened into JSON so that two compilations' layouts can be
// compared after the fact: cuda-host-device-layout-mismatch records the
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

/// The layout of \p T in \p Ctx as JSON:
///   {"type": "S", "size": bytes, "align": bytes, "loc": N,
///    "fields": [{"name": "in.x", "bit": offset in bits from the start of T,
///                "bits": size in bits (a bit-field's width), "loc": N}, ...]}
/// Fields are flattened depth first: a record-typed field (or base, named
/// "base 'B'") is an entry followed by its own fields with its name as prefix
/// ("in.x"); an array of records recurses into its first element ("a[0].x").
/// "loc" indexes \p Locs, to which the declaration of the type and of each
/// field is appended. A type that is not a complete object type (or
/// dependent, or invalid) gives nullopt.
std::optional<llvm::json::Value> describeLayout(const clang::ASTContext &Ctx,
                                                clang::QualType T,
                                                std::vector<clang::SourceLocation> &Locs);

/// Where two layouts of one type first differ (describeLayout's form).
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

/// The first difference of \p Host and \p Device (two describeLayout
/// values; a record-typed entry that differs in size only is reported at the
/// first difference inside it, if any), or nullopt when they have the same size, alignment and fields
/// (names, offsets and sizes; the types' names are not compared). A value
/// not in describeLayout's form compares as no difference.
std::optional<LayoutDifference> compareLayouts(const llvm::json::Value &Host,
                                               const llvm::json::Value &Device);

} // namespace cuda_lint

#endif
