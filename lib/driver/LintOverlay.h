//===- LintOverlay.h - Linting a side of a file that lives in memory -*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_LINTOVERLAY_H
#define CUDA_LINT_DRIVER_LINTOVERLAY_H

#include "driver/LintRunner.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace cuda_lint {

/// lintSide (LintRunner.h), with \p Overlay read before the real file system:
/// files that exist only in memory. The fuzzer (tool/cuda-lint-fuzzer)
/// analyses its input buffer as \p File this way, without writing it.
/// \p Directory must exist on disk (the real file system under the overlay
/// moves its working directory there); \p File should be absolute.
SideResult lintSideWithOverlay(const std::string &File, const std::string &Directory,
                               const AnalysisSide &Side, const LintSettings &Settings,
                               const clang::tidy::ClangTidyOptions::OptionMap &FactOptions,
                               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay);

} // namespace cuda_lint

#endif
