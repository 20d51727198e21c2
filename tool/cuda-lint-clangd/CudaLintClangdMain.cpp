//===- CudaLintClangdMain.cpp - clangd 22 with the cuda-* checks inside ---===//
//
// cuda-lint-clangd is clangd 22 (clangdMain from Debian's libclangdMain.a)
// linked with the cuda-lint clang-tidy module. clangd cannot load plugins, so
// the module is linked whole into this program, and three defaults of clangd
// are adjusted so that the checks work with no configuration at all:
//
//  1. the clang resource directory: clangd looks for it beside its own
//     executable (build/lib/clang/22 here, which does not exist), so unless
//     the user passes --resource-dir (on the command line or in
//     $CLANGD_FLAGS), `--resource-dir=<CUDA_LINT_RESOURCE_DIR>` is added;
//  2. the clang-tidy checks: clangd's provideDefaultChecks() (the last word
//     on `Checks` after .clang-tidy files and `.clangd` `Diagnostics:
//     ClangTidy:`) is wrapped so that `cuda-*` comes first in the glob list:
//     our checks are on for CUDA files without any `.clangd` file, and a user
//     who writes `Remove: [cuda-*]` (or `-cuda-*` in .clang-tidy) still turns
//     them off, because later globs win;
//  3. clangd's FastCheckFilter (default Strict: only checks that clangd's
//     built-in table calls fast run): isFastTidyCheck() is wrapped to answer
//     "fast" for cuda-* checks and clangd's own answer for the others.
//
// (2) and (3) use the static linker's --wrap: every call from clangd's
// objects to clang::clangd::provideDefaultChecks() and
// clang::clangd::isFastTidyCheck(llvm::StringRef) lands in the __wrap_
// functions below, which call the originals through __real_. The signatures
// are those of clangd 22's TidyProvider.h (not installed by Debian).
//
//===----------------------------------------------------------------------===//
#include "Attributes.h"
#include "ClangTidyOptions.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

/// Defined in CudaTidyModule.cpp; referencing it keeps the module.
extern volatile int CudaLintModuleAnchorSource;

namespace {
/// clangd's TidyProvider (TidyProvider.h): adjusts the clang-tidy options of
/// the file named by the second argument.
using TidyProvider = llvm::unique_function<void(
    clang::tidy::ClangTidyOptions &, llvm::StringRef) const>;

/// The glob put first in clangd's clang-tidy `Checks`.
constexpr const char *CudaChecksGlob = "cuda-*";

bool mentionsResourceDir(llvm::StringRef Args) {
  return Args.contains("-resource-dir");
}
} // namespace

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"
#endif
extern "C" {
// clang::clangd::provideDefaultChecks()
TidyProvider __real__ZN5clang6clangd20provideDefaultChecksEv();
TidyProvider __wrap__ZN5clang6clangd20provideDefaultChecksEv() {
  return [Default = __real__ZN5clang6clangd20provideDefaultChecksEv()](
             clang::tidy::ClangTidyOptions &Opts, llvm::StringRef File) {
    // clangd's defaults apply when nothing configured any check; ours go
    // first either way, so that any configuration can still remove them.
    Default(Opts, File);
    std::string Checks = CudaChecksGlob;
    if (Opts.Checks && !Opts.Checks->empty())
      Checks += "," + *Opts.Checks;
    Opts.Checks = std::move(Checks);
  };
}

// clang::clangd::isFastTidyCheck(llvm::StringRef)
std::optional<bool>
__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(llvm::StringRef);
std::optional<bool>
__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(
    llvm::StringRef Check) {
  if (Check.starts_with("cuda-"))
    return true;
  return __real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(Check);
}
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

int main(int argc, char **argv) {
  cuda_lint::linkCudaAttributes();
  (void)CudaLintModuleAnchorSource;

  std::vector<char *> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (int I = 1; I < argc; ++I)
    HasResourceDir |= mentionsResourceDir(argv[I]);
  if (const char *EnvFlags = std::getenv("CLANGD_FLAGS"))
    HasResourceDir |= mentionsResourceDir(EnvFlags);
  static std::string ResourceDirFlag =
      std::string("--resource-dir=") + CUDA_LINT_RESOURCE_DIR;
  // Before the user's arguments, so that anything after `--` stays as is.
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1, ResourceDirFlag.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
