//===- FindingSources.h - Source text behind findings -----------*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_FINDINGSOURCES_H
#define CUDA_LINT_DRIVER_FINDINGSOURCES_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include <memory>

namespace cuda_lint {

/// Findings outlive the ASTs that produced them: they carry a file path and a
/// byte offset. This re-opens the files (once each) in a fresh SourceManager so
/// that outputs can print source lines, carets, line/column pairs and SARIF
/// locations. Line and column are 1-based; columns count bytes, as clang's do.
class FindingSources {
public:
  /// Files below \p BaseDir are opened by their path relative to it, so that
  /// printed locations read as the user typed them.
  explicit FindingSources(std::string BaseDir = "");

  /// The location of byte \p Offset of \p File; invalid when the file cannot be
  /// read or the offset lies past its end.
  clang::SourceLocation location(llvm::StringRef File, unsigned Offset);

  /// 1-based line and byte column of \p Offset in \p File ({0, 0} if unknown).
  std::pair<unsigned, unsigned> lineColumn(llvm::StringRef File, unsigned Offset);

  /// The text of line \p Line (1-based) of \p File, without its newline.
  llvm::StringRef lineText(llvm::StringRef File, unsigned Line);

  clang::SourceManager &sourceManager() { return *SM; }
  clang::DiagnosticsEngine &diagnostics() { return *Diags; }

private:
  clang::FileID fileId(llvm::StringRef File);

  clang::DiagnosticOptions DiagOpts;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::FileManager> Files;
  std::unique_ptr<clang::SourceManager> SM;
  llvm::StringMap<clang::FileID> Ids;
  std::string BaseDir;
};

} // namespace cuda_lint

#endif
