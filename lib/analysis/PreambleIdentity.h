//===- PreambleIdentity.h - Which precompiled preamble a unit reads -*- C++ -*-===//
//
// Facts about the declarations of a precompiled preamble can outlive one AST:
// clangd builds a new AST of the file on the same preamble after every edit,
// and cuda-lint's shared preamble (driver/Preamble.h) serves every unit whose
// flags match. A cache of such facts needs the preamble's identity, and a
// declaration id is only meaningful on the PCH it came from, so the identity
// is the hash of the PCH's bytes (xxh3, xor its size in bytes).
//
// Hashing costs a pass over the whole PCH: about 12 M instructions on a
// 40 MB editor preamble, on every edit. A front end that builds preambles
// (cuda-lint-clangd) hashes each one once, when it is built
// (registerPreambleBytes), and preambleIdentity() takes the recorded hash for
// a PCH read from the same place: the same in-memory buffer (address and
// size), or the same file (a preamble stored on disk, mapped again for each
// AST). That is safe when every buffer or file that will ever be read as a
// PCH at a registered address or path is itself registered when it is built:
// a newer entry for the same address or path replaces the older one. Each
// entry also keeps a hash of the first and last 4 KiB, checked at every
// look-up, so a stale entry is not taken for bytes that merely reuse its
// address or path and size.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_PREAMBLEIDENTITY_H
#define CUDA_LINT_ANALYSIS_PREAMBLEIDENTITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace cuda_lint {

/// The identity of the bytes of a PCH or preamble, \p Bytes, read from the
/// file \p FileName (empty: from memory): the xxh3 hash of the bytes xor
/// their size. Taken from the registry when a registered preamble has the
/// same size, the same first and last 4 KiB, and the same address or file
/// name; computed otherwise. Thread-safe.
uint64_t preambleBytesIdentity(llvm::StringRef Bytes, llvm::StringRef FileName = "");

/// Records the identity of \p Bytes, the PCH of a preamble that was just
/// built: in memory (\p FileName empty), whose bytes stay at this address
/// for as long as the preamble lives; or on disk in the file \p FileName,
/// which stays unchanged while the preamble lives and is then known by its
/// name only (\p Bytes may be a copy). Keeps the 16 most recent
/// registrations; a look-up tries the most recent first. Thread-safe.
void registerPreambleBytes(llvm::StringRef Bytes, llvm::StringRef FileName = "");

/// The identity of a chain of PCH files (a preamble chained on another):
/// the identities of its files, \p Ids, in any order. For one file, its own
/// identity.
uint64_t chainedPreambleIdentity(llvm::ArrayRef<uint64_t> Ids);

/// The identity of the precompiled preamble or PCH, or the chain of them
/// (chainedPreambleIdentity), that the unit of \p Ctx was read on by clang's
/// ASTReader (\p PP is the unit's preprocessor); std::nullopt when it was
/// read on none, on a module, or not by an ASTReader.
std::optional<uint64_t> preambleIdentity(clang::ASTContext &Ctx, clang::Preprocessor *PP);

} // namespace cuda_lint

#endif
