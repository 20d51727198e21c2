#include "driver/SidePlan.h"
#include "driver/CompatHeader.h"
#include "driver/Toolchain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <mutex>

namespace cuda_lint {

bool isCudaFileName(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext.equals_insensitive(".cu") || Ext.equals_insensitive(".cuh");
}

bool isHeaderFileName(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return llvm::any_of(std::initializer_list<llvm::StringRef>{".cuh", ".h", ".hpp", ".hh", ".hxx",
                                                             ".inl", ".inc"},
                      [&](llvm::StringRef E) { return Ext.equals_insensitive(E); });
}

bool isCudaLanguage(llvm::StringRef Lang) { return Lang == "cuda" || Lang == "cu"; }

llvm::StringRef donorOf(llvm::StringRef Heuristic) {
  return Heuristic.consume_front("command of ") ? Heuristic : llvm::StringRef();
}

static void addUnique(std::vector<std::string> &V, llvm::StringRef S) {
  if (!S.empty() && !llvm::is_contained(V, S))
    V.push_back(S.str());
}

std::vector<std::string> gpuArchsInFlags(const std::vector<std::string> &Flags) {
  std::vector<std::string> Archs;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef F = Flags[I];
    for (llvm::StringRef Prefix : {"--cuda-gpu-arch", "--offload-arch"}) {
      if (F == Prefix && I + 1 < Flags.size()) {
        addUnique(Archs, Flags[++I]);
      } else if (F.consume_front(Prefix) && F.consume_front("=")) {
        llvm::SmallVector<llvm::StringRef, 4> Parts;
        F.split(Parts, ',');
        for (llvm::StringRef P : Parts)
          addUnique(Archs, P);
      }
    }
  }
  return Archs;
}

/// Flags that the side planner owns: stripped from the command.
static bool isSideFlag(llvm::StringRef F, bool &TakesNext) {
  TakesNext = false;
  if (F == "--cuda-gpu-arch" || F == "--offload-arch" || F == "-o") {
    TakesNext = true;
    return true;
  }
  // "-o<file>", but not the clang flags that merely start with -o (-objcmt-...).
  if (F.starts_with("-o") && F.size() > 2 && !F.starts_with("-obj"))
    return true;
  return F.starts_with("--cuda-gpu-arch=") || F.starts_with("--offload-arch=") ||
         F == "--cuda-host-only" || F == "--cuda-device-only" ||
         F == "--offload-host-only" || F == "--offload-device-only" ||
         F == "-fsyntax-only" || F == "-c" || F == "-S" || F == "-E";
}

static bool hasFlagWithPrefix(const std::vector<std::string> &Flags,
                              llvm::StringRef Prefix) {
  return llvm::any_of(Flags, [&](const std::string &F) {
    return llvm::StringRef(F).starts_with(Prefix);
  });
}

std::vector<std::string> nvccMacroFlags(llvm::StringRef CudaPath) {
  static std::mutex M;
  static std::map<std::string, std::vector<std::string>> Cache;
  std::lock_guard<std::mutex> L(M);
  auto It = Cache.find(CudaPath.str());
  if (It != Cache.end())
    return It->second;
  // Not __NVCC__: CCCL (and libraries built on it) read it as "the CUDA
  // compiler is nvcc" and take nvcc-only paths that clang rejects; with
  // -DNDEBUG, cuda/std/__cccl/assert.h then redeclares __assert_fail as
  // __host__ __device__ against clang's device-only one (a compiler error on
  // ggml's Release build). The version macros carry no such choice.
  std::vector<std::string> Flags;
  if (std::optional<NvccVersion> V = readNvccVersion(CudaPath)) {
    Flags.push_back("-D__CUDACC_VER_MAJOR__=" + std::to_string(V->Major));
    Flags.push_back("-D__CUDACC_VER_MINOR__=" + std::to_string(V->Minor));
    Flags.push_back("-D__CUDACC_VER_BUILD__=" + std::to_string(V->Build));
    Flags.push_back("-D__CUDA_API_VER_MAJOR__=" + std::to_string(V->Major));
    Flags.push_back("-D__CUDA_API_VER_MINOR__=" + std::to_string(V->Minor));
  }
  Flags.push_back("-D__NVCC_DIAG_PRAGMA_SUPPORT__=1");
  Flags.push_back("-DCUDA_DOUBLE_MATH_FUNCTIONS");
  Cache[CudaPath.str()] = Flags;
  return Flags;
}

std::vector<std::string> nvccArchMacroFlags(llvm::StringRef ClangArch, bool FamilyOnly) {
  llvm::StringRef Number = ClangArch;
  if (!Number.consume_front("sm_") || !Number.consume_back("a"))
    return {};
  unsigned N = 0;
  if (Number.getAsInteger(10, N))
    return {};
  std::string Value = std::to_string(N * 10);
  if (FamilyOnly)
    return {"-U__CUDA_ARCH_FEAT_SM" + Number.str() + "_ALL",
            "-D__CUDA_ARCH_FAMILY_SPECIFIC__=" + Value};
  return {"-D__CUDA_ARCH_SPECIFIC__=" + Value, "-D__CUDA_ARCH_FAMILY_SPECIFIC__=" + Value};
}

std::vector<AnalysisSide> planSides(const ClangCommand &Cmd,
                                    const SidePlanOptions &Opts) {
  std::vector<std::string> Base;
  Base.push_back("clang++");
  for (size_t I = 0; I < Cmd.Flags.size(); ++I) {
    bool TakesNext;
    if (isSideFlag(Cmd.Flags[I], TakesNext)) {
      I += TakesNext;
      continue;
    }
    Base.push_back(Cmd.Flags[I]);
  }
  if (!hasFlagWithPrefix(Base, "-resource-dir"))
    Base.push_back("-resource-dir=" + Opts.ResourceDir);

  if (!Cmd.IsCuda) {
    Base.push_back(Cmd.File);
    return {AnalysisSide{"host", false, std::move(Base)}};
  }

  bool HasLanguage = llvm::any_of(Base, [](const std::string &F) {
    return F == "-x" || llvm::StringRef(F).starts_with("-x");
  });
  if (!HasLanguage && !llvm::sys::path::extension(Cmd.File).equals_insensitive(".cu"))
    Base.insert(Base.begin() + 1, {"-x", "cuda"});
  if (!hasFlagWithPrefix(Base, "--cuda-path"))
    Base.push_back("--cuda-path=" + Opts.CudaPath);
  // nvcc adds the CCCL directory (CUB, Thrust, libcu++) itself; clang does not.
  llvm::SmallString<256> Cccl(Opts.CudaPath);
  llvm::sys::path::append(Cccl, "include", "cccl");
  Base.push_back("-isystem");
  Base.push_back(std::string(Cccl));
  // Not -nocudalib: with it the driver skips the toolkit version and the
  // device side falls back to the pre-9.2 launch API (cudaConfigureCall).
  // CUDA 13 is newer than clang 22 knows; the toolkit works.
  Base.push_back("-Wno-unknown-cuda-version");
  // What nvcc's headers declare and clang's wrapper does not (CompatHeader.h),
  // before the command's own -include files, as nvcc includes its runtime
  // headers before them: a `__managed__` variable in a forced include is then
  // a managed variable (the compatibility header defines `__managed__`).
  std::vector<std::string> Leading = {"-include", compatHeaderPath().str()};
  if (Cmd.Nvcc) {
    // Before the command's own flags, so that its -U and -D win, as they do
    // over nvcc's predefined macros.
    std::vector<std::string> Macros = nvccMacroFlags(Opts.CudaPath);
    Leading.insert(Leading.begin(), Macros.begin(), Macros.end());
    Leading.push_back("-include");
    Leading.push_back(nvccCompatHeaderPath().str());
  }
  Base.insert(Base.begin() + 1, Leading.begin(), Leading.end());

  std::vector<std::string> Archs = Cmd.GpuArchs;
  if (Archs.empty())
    Archs = gpuArchsInFlags(Cmd.Flags);
  if (Archs.empty())
    Archs.push_back(Opts.DefaultArch);
  std::vector<std::string> Selected;
  switch (Opts.Devices.Mode) {
  case DeviceArchSelection::All:
    Selected = Archs;
    break;
  case DeviceArchSelection::First:
    Selected = {Archs.front()};
    break;
  case DeviceArchSelection::List:
    for (const std::string &A : Opts.Devices.Archs)
      addUnique(Selected, A);
    break;
  }
  if (Selected.empty())
    Selected = {Archs.front()};

  std::vector<AnalysisSide> Sides;
  if (Opts.HostSide) {
    AnalysisSide Host{"host", false, Base, Cmd.Nvcc};
    Host.SkipsDeviceBodies = !Selected.empty(); // always: Selected keeps one
    Host.CommandLine.push_back("--cuda-host-only");
    for (const std::string &Arch : Archs)
      Host.CommandLine.push_back("--cuda-gpu-arch=" + Arch);
    Host.CommandLine.push_back(Cmd.File);
    Sides.push_back(std::move(Host));
  }
  for (const std::string &Arch : Selected) {
    AnalysisSide Dev{Arch, true, Base, Cmd.Nvcc};
    Dev.CommandLine.push_back("--cuda-device-only");
    Dev.CommandLine.push_back("--cuda-gpu-arch=" + Arch);
    if (Cmd.Nvcc)
      for (std::string &F : nvccArchMacroFlags(Arch, llvm::is_contained(Cmd.FamilyOnlyArchs, Arch)))
        Dev.CommandLine.push_back(std::move(F));
    Dev.CommandLine.push_back(Cmd.File);
    Sides.push_back(std::move(Dev));
  }
  return Sides;
}

} // namespace cuda_lint
