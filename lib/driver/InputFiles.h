//===- InputFiles.h - Reading files that come with untrusted input -*- C++ -*-===//
//
// Compile databases, configuration files and baselines arrive with cloned
// repositories, and the files they name may be anything: a FIFO (reading it
// blocks forever), /dev/zero (reading it never ends), a directory, a huge
// file. cuda-lint reads such files only through readRegularFile.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_INPUTFILES_H
#define CUDA_LINT_DRIVER_INPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <memory>

namespace cuda_lint {

/// Reads \p Path (symbolic links followed) when it is a regular file of at
/// most \p MaxBytes bytes. The file's type and size are checked before it is
/// opened, so a FIFO or a device is refused without blocking. Errors (plain
/// messages, without the path): "it is a directory", "it is not a regular
/// file", "it is larger than N bytes", or the system's message.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readRegularFile(llvm::StringRef Path,
                                                                    uint64_t MaxBytes);

/// The deepest nesting of JSON arrays and objects that parseBoundedJson
/// accepts. A compile database or a baseline is 3 to 4 levels deep.
constexpr unsigned MaxJsonDepth = 256;

/// llvm::json::parse of \p Text after a check that its arrays and objects
/// nest at most MaxJsonDepth levels: the parser recurses once per level, and
/// 100,000 nested `[` in a compile database or a baseline overflowed the
/// stack. Errors: llvm::json's own ("[3:4, byte=20]: Expected ..."), or
/// "[L:C, byte=B]: arrays and objects nest more than 256 levels deep", with
/// the position of the bracket that goes too deep.
llvm::Expected<llvm::json::Value> parseBoundedJson(llvm::StringRef Text);

/// Size bounds for readRegularFile, in bytes.
constexpr uint64_t MaxDatabaseBytes = uint64_t(1) << 30;   ///< compile_commands.json
constexpr uint64_t MaxConfigBytes = uint64_t(16) << 20;    ///< .cuda-lint.yaml
constexpr uint64_t MaxBaselineBytes = uint64_t(1) << 30;   ///< baselines
constexpr uint64_t MaxSourceBytes = uint64_t(256) << 20;   ///< sources cuda-lint reads itself

} // namespace cuda_lint

#endif
