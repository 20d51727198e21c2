#include "driver/Toolchain.h"
#include "driver/InputFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace cuda_lint {

static bool hasFile(llvm::StringRef Dir, llvm::StringRef Rel) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Rel);
  return llvm::sys::fs::exists(P);
}

/// What clang needs of a CUDA toolkit to analyse both sides, relative to its
/// root: the runtime headers the CUDA wrapper includes, cuda.h (clang reads
/// the toolkit's version from it when there is no version.json/version.txt)
/// and libdevice, which every device side links.
static constexpr llvm::StringLiteral ToolkitFiles[] = {
    "include/cuda_runtime.h", "include/cuda_runtime_api.h", "include/cuda.h",
    "include/crt/host_defines.h", "nvvm/libdevice/libdevice.10.bc"};

/// The files of ToolkitFiles that \p Root lacks, comma-separated ("" when none).
static std::string missingToolkitFiles(llvm::StringRef Root) {
  std::string Missing;
  for (llvm::StringRef F : ToolkitFiles)
    if (!hasFile(Root, F))
      Missing += (Missing.empty() ? "" : ", ") + F.str();
  return Missing;
}

llvm::Expected<std::string> findCudaToolkit(llvm::StringRef Explicit) {
  std::string Searched;
  llvm::raw_string_ostream OS(Searched);
  auto Try = [&](llvm::StringRef How, llvm::StringRef Dir) -> std::optional<std::string> {
    if (Dir.empty())
      return std::nullopt;
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::fs::make_absolute(Abs);
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Abs, Real) || !llvm::sys::fs::is_directory(Real)) {
      OS << "\n  " << How << ": " << Dir << " (no such directory)";
      return std::nullopt;
    }
    std::string Missing = missingToolkitFiles(Real);
    if (Missing.empty())
      return std::string(Real);
    OS << "\n  " << How << ": " << Dir << " (missing " << Missing << ")";
    return std::nullopt;
  };
  if (!Explicit.empty()) {
    if (auto P = Try("--cuda-path", Explicit))
      return *P;
    // An explicit path that is wrong is an error, not a reason to guess.
    return llvm::createStringError("no usable CUDA toolkit at --cuda-path:" + Searched);
  }
  if (auto Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
    if (auto P = Try("$CUDA_PATH", *Env))
      return *P;
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    llvm::StringRef Bin = llvm::sys::path::parent_path(Real);
    if (auto P = Try("nvcc on PATH", llvm::sys::path::parent_path(Bin)))
      return *P;
  } else {
    OS << "\n  nvcc on PATH: not found";
  }
  if (auto P = Try("default", "/usr/local/cuda"))
    return *P;
  return llvm::createStringError(
      "no CUDA toolkit found; searched:" + Searched +
      "\n  (give one with --cuda-path=DIR or $CUDA_PATH)");
}

llvm::Expected<std::string> findClangResourceDir(llvm::StringRef Explicit) {
  std::string Dir = Explicit.empty() ? std::string(CUDA_LINT_RESOURCE_DIR) : Explicit.str();
  if (hasFile(Dir, "include/__clang_cuda_runtime_wrapper.h"))
    return Dir;
  return llvm::createStringError(
      "clang resource directory '" + Dir +
      "' lacks include/__clang_cuda_runtime_wrapper.h (install clang-22 or "
      "pass --resource-dir)");
}

/// "13.0.88" (or "13.0") as a version; nullopt if it is not one.
static std::optional<NvccVersion> parseVersion(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Text.trim().split(Parts, '.');
  NvccVersion V;
  if (Parts.size() < 2 || Parts[0].getAsInteger(10, V.Major) ||
      Parts[1].getAsInteger(10, V.Minor) ||
      (Parts.size() > 2 && Parts[2].getAsInteger(10, V.Build)))
    return std::nullopt;
  return V;
}

std::optional<NvccVersion> readNvccVersion(llvm::StringRef CudaPath) {
  llvm::SmallString<256> P(CudaPath);
  llvm::sys::path::append(P, "version.json");
  if (auto Buf = llvm::MemoryBuffer::getFile(P)) {
    if (auto J = parseBoundedJson((*Buf)->getBuffer())) {
      if (const auto *O = J->getAsObject())
        if (const auto *Nvcc = O->getObject("cuda_nvcc"))
          if (auto V = Nvcc->getString("version"))
            if (auto R = parseVersion(*V))
              return R;
    } else {
      llvm::consumeError(J.takeError());
    }
  }
  P = CudaPath;
  llvm::sys::path::append(P, "dist-info");
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(P, EC), End; !EC && It != End; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.consume_front("nvidia_cuda_nvcc-") && Name.consume_back(".dist-info"))
      if (auto R = parseVersion(Name))
        return R;
  }
  P = CudaPath;
  llvm::sys::path::append(P, "include", "cuda.h");
  if (auto Buf = llvm::MemoryBuffer::getFile(P)) {
    llvm::StringRef Text = (*Buf)->getBuffer();
    size_t Pos = Text.find("#define CUDA_VERSION ");
    unsigned N;
    if (Pos != llvm::StringRef::npos &&
        !Text.substr(Pos + 21).take_until([](char C) { return C == '\n'; }).trim().getAsInteger(10, N))
      return NvccVersion{N / 1000, (N % 1000) / 10, 0};
  }
  return std::nullopt;
}

llvm::StringRef cudaLintVersion() { return CUDA_LINT_VERSION; }

} // namespace cuda_lint
