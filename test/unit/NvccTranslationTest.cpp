//===- NvccTranslationTest.cpp - nvcc command translation ------------------===//
#include "driver/NvccTranslation.h"
#include "driver/CompileCommands.h"
#include "driver/SidePlan.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "gtest/gtest.h"
#include "gmock/gmock.h"

using namespace cuda_lint;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Contains;
using ::testing::Not;
using ::testing::Eq;
using ::testing::HasSubstr;

namespace {

const char *const Nvcc = "/usr/local/cuda/bin/nvcc";

/// Translates `nvcc <Flags> -c <File> -o x.o` run in /build.
TranslatedCommand nvcc(std::vector<std::string> Flags,
                       std::string File = "/src/a.cu",
                       llvm::vfs::FileSystem *FS = nullptr) {
  std::vector<std::string> Line = {Nvcc};
  Line.insert(Line.end(), Flags.begin(), Flags.end());
  Line.insert(Line.end(), {"-c", File, "-o", "x.o"});
  return translateCompileCommand(
      clang::tooling::CompileCommand("/build", File, Line, "x.o"), FS);
}

/// The dropped flags of a translation, as spelled (or where they are, for
/// flags from response files).
std::vector<std::string> dropped(const TranslatedCommand &R) {
  std::vector<std::string> Out;
  for (const DroppedFlag &D : R.DroppedFlags)
    Out.push_back(D.Origin.empty() ? D.Flag : D.Origin);
  return Out;
}

/// The flags of a translation: Args without the compiler and the source.
std::vector<std::string> flags(const TranslatedCommand &R) {
  if (R.Args.size() < 2)
    return {};
  return std::vector<std::string>(R.Args.begin() + 1, R.Args.end() - 1);
}

/// Whether \p Seq occurs in \p Args, consecutively.
bool hasSeq(const std::vector<std::string> &Args, std::vector<std::string> Seq) {
  return std::search(Args.begin(), Args.end(), Seq.begin(), Seq.end()) != Args.end();
}

//===--- A real CMake command (NVIDIA/cuda-samples, CMake 3.25, nvcc 13.0) ---===//

TEST(NvccTranslation, CMakeGeneratedCommand) {
  std::string File = "/work/cuda-samples/Samples/0_Introduction/clock/clock.cu";
  clang::tooling::CompileCommand Cmd(
      "/work/cs-build", File,
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-I/work/cuda-samples/Samples/0_Introduction/clock/../../../Common",
       "-isystem=/usr/local/cuda/include", "-Wno-deprecated-gpu-targets",
       "-lineinfo", "--extended-lambda", "-Wno-deprecated-gpu-targets",
       "-lineinfo",
       "--generate-code=arch=compute_75,code=[compute_75,sm_75]",
       "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
       "-Xcompiler=-fPIE", "--extended-lambda", "-std=c++17", "-x", "cu",
       "-rdc=true", "-c", File, "-o",
       "Samples/0_Introduction/clock/CMakeFiles/clock.dir/clock.cu.o"},
      "clock.cu.o");
  TranslatedCommand R = translateCompileCommand(Cmd);
  EXPECT_THAT(R.Args,
              ElementsAre("clang++", "-fPIE", "-fgpu-rdc", "-D__CUDACC_RDC__",
                          "-I/work/cuda-samples/Samples/0_Introduction/clock/../../../Common",
                          "-isystem", "/usr/local/cuda/include", "-std=c++17",
                          "-x", "cuda", File));
  EXPECT_THAT(R.GpuArchs, ElementsAre("sm_75", "sm_80", "sm_90"));
  EXPECT_TRUE(R.IsCuda);
  EXPECT_TRUE(R.Facts.FromNvcc);
  EXPECT_TRUE(R.Facts.ExtendedLambda);
  EXPECT_TRUE(R.Facts.RelocatableDeviceCode);
  EXPECT_FALSE(R.Facts.RelaxedConstexpr);
  EXPECT_FALSE(R.Facts.MaxRRegCount);
  EXPECT_THAT(dropped(R), IsEmpty());
}

//===--- Architectures ---===//

TEST(NvccTranslation, ArchForms) {
  EXPECT_THAT(nvcc({"-arch=sm_80"}).GpuArchs, ElementsAre("sm_80"));
  EXPECT_THAT(nvcc({"-arch", "sm_86"}).GpuArchs, ElementsAre("sm_86"));
  EXPECT_THAT(nvcc({"--gpu-architecture=sm_90a"}).GpuArchs, ElementsAre("sm_90a"));
  EXPECT_THAT(nvcc({"--gpu-architecture", "sm_89"}).GpuArchs, ElementsAre("sm_89"));
  // A virtual architecture alone: PTX for compute_80, __CUDA_ARCH__ == 800.
  EXPECT_THAT(nvcc({"-arch=compute_80"}).GpuArchs, ElementsAre("sm_80"));
  // -code only says what ptxas emits: the front end runs once, for -arch.
  EXPECT_THAT(nvcc({"-arch=compute_80", "-code=sm_80,sm_90"}).GpuArchs,
              ElementsAre("sm_80"));
  EXPECT_THAT(nvcc({"-arch", "sm_80", "-code", "sm_80,compute_80"}).GpuArchs,
              ElementsAre("sm_80"));
  EXPECT_THAT(nvcc({"-code=sm_86"}).GpuArchs, ElementsAre("sm_86"));
  // No GPU to ask: the caller's default.
  EXPECT_THAT(nvcc({"-arch=native"}).GpuArchs, IsEmpty());
  EXPECT_THAT(dropped(nvcc({"-arch=native"})), IsEmpty());
  EXPECT_THAT(nvcc({}).GpuArchs, IsEmpty());
  EXPECT_THAT(nvcc({"-arch=all"}).GpuArchs,
              ElementsAre("sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89",
                          "sm_90", "sm_100", "sm_103", "sm_110", "sm_120", "sm_121"));
  EXPECT_THAT(nvcc({"-arch=all-major"}).GpuArchs,
              ElementsAre("sm_75", "sm_80", "sm_90", "sm_100", "sm_110", "sm_120"));
  // Family-specific targets map to the architecture-specific one clang knows.
  EXPECT_THAT(nvcc({"-arch=sm_100f"}).GpuArchs, ElementsAre("sm_100a"));
  TranslatedCommand Bad = nvcc({"-arch=sm_999", "-arch=sm_90"});
  EXPECT_THAT(Bad.GpuArchs, ElementsAre("sm_90"));
  EXPECT_THAT(dropped(Bad), ElementsAre("-arch=sm_999"));
}

// A family-specific target (sm_100f) is analysed as clang's sm_100a and
// recorded as family-only, unless the command also names sm_100a itself; the
// side then defines nvcc's family macro alone (nvccArchMacroFlags).
TEST(NvccTranslation, FamilyOnlyArchs) {
  TranslatedCommand F = nvcc({"-gencode", "arch=compute_100f,code=sm_100f"});
  EXPECT_THAT(F.GpuArchs, ElementsAre("sm_100a"));
  EXPECT_THAT(F.FamilyOnlyArchs, ElementsAre("sm_100a"));
  TranslatedCommand Both = nvcc({"-gencode", "arch=compute_100f,code=sm_100f", "-gencode",
                                 "arch=compute_100a,code=sm_100a"});
  EXPECT_THAT(Both.GpuArchs, ElementsAre("sm_100a"));
  EXPECT_THAT(Both.FamilyOnlyArchs, IsEmpty());
  EXPECT_THAT(nvcc({"-arch=sm_90a"}).FamilyOnlyArchs, IsEmpty());
}

TEST(NvccTranslation, GencodeForms) {
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_80,code=sm_80"}).GpuArchs,
              ElementsAre("sm_80"));
  EXPECT_THAT(nvcc({"-gencode=arch=compute_90a,code=sm_90a"}).GpuArchs,
              ElementsAre("sm_90a"));
  EXPECT_THAT(nvcc({"--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                    "--generate-code", "arch=compute_90,code=[sm_90]"})
                  .GpuArchs,
              ElementsAre("sm_80", "sm_90"));
  // Quotes survive from Makefiles: code="sm_80,compute_80".
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_80,code=\"sm_80,compute_80\"",
                    "-gencode", "\"arch=compute_86,code=[sm_86]\""})
                  .GpuArchs,
              ElementsAre("sm_80", "sm_86"));
  // The front end runs for the virtual architecture, not for each code.
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_80,code=[sm_80,sm_86,sm_90]"}).GpuArchs,
              ElementsAre("sm_80"));
  // Repeated and mixed with -arch: distinct, in command order.
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_90,code=sm_90", "-arch=sm_80",
                    "-gencode", "arch=compute_80,code=sm_80"})
                  .GpuArchs,
              ElementsAre("sm_90", "sm_80"));
  TranslatedCommand R = nvcc({"-gencode", "arch=compute_80,code=sm_80"});
  EXPECT_THAT(dropped(R), IsEmpty());
  for (const std::string &A : R.Args)
    EXPECT_EQ(llvm::StringRef(A).find("arch"), llvm::StringRef::npos) << A;
}

TEST(NvccTranslation, ArchsOnlyForCuda) {
  TranslatedCommand R = nvcc({"-arch=sm_80"}, "/src/host.cpp");
  EXPECT_FALSE(R.IsCuda);
  EXPECT_THAT(R.GpuArchs, IsEmpty());
}

//===--- Language ---===//

TEST(NvccTranslation, Language) {
  TranslatedCommand R = nvcc({"-x", "cu"}, "/src/k.cpp");
  EXPECT_TRUE(R.IsCuda);
  EXPECT_THAT(R.Args, ElementsAre("clang++", "-x", "cuda", "/src/k.cpp"));
  EXPECT_TRUE(nvcc({"-x=cu"}, "/src/k.cpp").IsCuda);
  EXPECT_TRUE(nvcc({"--x", "cu"}, "/src/k.cpp").IsCuda);
  EXPECT_TRUE(nvcc({}, "/src/k.cu").IsCuda);
  TranslatedCommand Cxx = nvcc({"-x", "c++"}, "/src/k.cu");
  EXPECT_FALSE(Cxx.IsCuda);
  EXPECT_THAT(Cxx.Args, ElementsAre("clang++", "-x", "c++", "/src/k.cu"));
  TranslatedCommand Host = nvcc({"-rdc=true", "--extended-lambda"}, "/src/main.cpp");
  EXPECT_FALSE(Host.IsCuda);
  EXPECT_THAT(Host.Args, ElementsAre("clang++", "/src/main.cpp"));
  EXPECT_THAT(nvcc({}, "/src/util.c").Args, ElementsAre("clang", "/src/util.c"));
}

//===--- Host compiler flags ---===//

TEST(NvccTranslation, Xcompiler) {
  EXPECT_THAT(flags(nvcc({"-Xcompiler", "-Wall,-Wextra"})),
              ElementsAre("-Wall", "-Wextra", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-Xcompiler=-fPIC,-fvisibility=hidden"})),
              ElementsAre("-fPIC", "-fvisibility=hidden", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"--compiler-options", "-fno-strict-aliasing"})),
              ElementsAre("-fno-strict-aliasing", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"--compiler-options=-O2 -g"})),
              ElementsAre("-O2", "-g", "-x", "cuda"));
  // A host flag with a separate value, split over two -Xcompiler.
  EXPECT_THAT(flags(nvcc({"-Xcompiler", "-include", "-Xcompiler", "pre.h"})),
              ElementsAre("-include", "pre.h", "-x", "cuda"));
}

TEST(NvccTranslation, UnknownHostFlagsAreDropped) {
  TranslatedCommand R = nvcc({"-Xcompiler=-Wall,-Wlogical-op,-fconcepts,/W4",
                              "-Xcompiler", "-Wno-class-memaccess"});
  EXPECT_THAT(flags(R), ElementsAre("-Wall", "-x", "cuda"));
  EXPECT_THAT(dropped(R), ElementsAre("-Wlogical-op", "-fconcepts", "/W4",
                                          "-Wno-class-memaccess"));
}

TEST(NvccTranslation, HostLinkAndOutputFlagsAreConsumed) {
  TranslatedCommand R = nvcc({"-Xcompiler", "-pthread,-Wl,-rpath,-lm,-shared,-MD"});
  EXPECT_THAT(flags(R), ElementsAre("-pthread", "-x", "cuda"));
  // `-Wl -rpath` are what nvcc's comma split makes of `-Wl,-rpath`: clang
  // knows -rpath as a linker option.
  EXPECT_THAT(dropped(R), ElementsAre("-Wl"));
}

TEST(NvccTranslation, ForwardUnknownToHostCompiler) {
  TranslatedCommand R =
      nvcc({"-forward-unknown-to-host-compiler", "-fPIC", "-Wall", "-isysroot",
            "/sysroot", "-fconcepts"});
  EXPECT_THAT(flags(R), ElementsAre("-fPIC", "-Wall", "-isysroot", "/sysroot",
                                    "-x", "cuda"));
  EXPECT_THAT(dropped(R), ElementsAre("-fconcepts"));
  // Position does not matter: nvcc's switches are global.
  EXPECT_THAT(flags(nvcc({"-fPIC", "--forward-unknown-to-host-compiler"})),
              ElementsAre("-fPIC", "-x", "cuda"));
  // Without it, nvcc would reject an unknown flag: drop it.
  TranslatedCommand NoFwd = nvcc({"-fPIC", "--frobnicate", "--frobnicate"});
  EXPECT_THAT(flags(NoFwd), ElementsAre("-x", "cuda"));
  EXPECT_THAT(dropped(NoFwd), ElementsAre("-fPIC", "--frobnicate"));
}

//===--- nvcc facts and the macros nvcc defines for them ---===//

TEST(NvccTranslation, RelocatableDeviceCode) {
  for (std::vector<std::string> F :
       {std::vector<std::string>{"-rdc=true"}, {"-rdc", "true"},
        {"--relocatable-device-code=true"}, {"--relocatable-device-code", "true"},
        {"-dc"}, {"--device-c"}}) {
    TranslatedCommand R = nvcc(F);
    EXPECT_TRUE(R.Facts.RelocatableDeviceCode) << F[0];
    EXPECT_TRUE(hasSeq(R.Args, {"-fgpu-rdc", "-D__CUDACC_RDC__"})) << F[0];
  }
  TranslatedCommand Off = nvcc({"-rdc=true", "-rdc=false"});
  EXPECT_FALSE(Off.Facts.RelocatableDeviceCode);
  EXPECT_THAT(Off.Args, Not(Contains("-fgpu-rdc")));
  EXPECT_FALSE(nvcc({}).Facts.RelocatableDeviceCode);
}

TEST(NvccTranslation, LambdaAndConstexprFlags) {
  TranslatedCommand R = nvcc({"--expt-relaxed-constexpr", "--extended-lambda"});
  EXPECT_TRUE(R.Facts.RelaxedConstexpr);
  EXPECT_TRUE(R.Facts.ExtendedLambda);
  EXPECT_THAT(flags(R), ElementsAre("-D__CUDACC_RELAXED_CONSTEXPR__", "-x", "cuda"));
  EXPECT_TRUE(nvcc({"--expt-extended-lambda"}).Facts.ExtendedLambda);
  EXPECT_TRUE(nvcc({"-expt-extended-lambda"}).Facts.ExtendedLambda);
  EXPECT_TRUE(nvcc({"-extended-lambda"}).Facts.ExtendedLambda);
  EXPECT_TRUE(nvcc({"-expt-relaxed-constexpr"}).Facts.RelaxedConstexpr);
  EXPECT_FALSE(nvcc({}).Facts.ExtendedLambda);
}

TEST(NvccTranslation, MaxRRegCount) {
  EXPECT_EQ(nvcc({"-maxrregcount", "64"}).Facts.MaxRRegCount, 64u);
  EXPECT_EQ(nvcc({"-maxrregcount=32"}).Facts.MaxRRegCount, 32u);
  EXPECT_EQ(nvcc({"--maxrregcount=40"}).Facts.MaxRRegCount, 40u);
  EXPECT_EQ(nvcc({"--maxrregcount", "48"}).Facts.MaxRRegCount, 48u);
  EXPECT_EQ(nvcc({"-Xptxas", "--maxrregcount=24"}).Facts.MaxRRegCount, 24u);
  EXPECT_EQ(nvcc({"-Xptxas=-v,-maxrregcount,96"}).Facts.MaxRRegCount, 96u);
  EXPECT_EQ(nvcc({"-maxrregcount=32", "-maxrregcount=128"}).Facts.MaxRRegCount, 128u);
  EXPECT_FALSE(nvcc({}).Facts.MaxRRegCount);
  TranslatedCommand Bad = nvcc({"-maxrregcount=lots"});
  EXPECT_FALSE(Bad.Facts.MaxRRegCount);
  EXPECT_THAT(dropped(Bad), ElementsAre("-maxrregcount=lots"));
  EXPECT_THAT(flags(nvcc({"-maxrregcount=32"})), ElementsAre("-x", "cuda"));
}

TEST(NvccTranslation, FastMath) {
  EXPECT_THAT(flags(nvcc({"--use_fast_math"})),
              ElementsAre("-fgpu-approx-transcendentals",
                          "-fgpu-flush-denormals-to-zero", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-use_fast_math"})),
              Contains("-fgpu-approx-transcendentals"));
  EXPECT_THAT(flags(nvcc({"--ftz=true", "--prec-div=false", "-fmad=true"})),
              ElementsAre("-fgpu-flush-denormals-to-zero", "-x", "cuda"));
}

TEST(NvccTranslation, DeviceDebugAndDefaultStream) {
  TranslatedCommand R = nvcc({"-G", "-g", "--default-stream", "per-thread"});
  EXPECT_THAT(flags(R), ElementsAre("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1",
                                    "-D__CUDACC_DEBUG__", "-g", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-default-stream=legacy"})), ElementsAre("-x", "cuda"));
}

//===--- Flags with no meaning for the analysis ---===//

TEST(NvccTranslation, ConsumedSilently) {
  TranslatedCommand R = nvcc(
      {"-lineinfo", "-ccbin", "/usr/bin/g++-12", "-ccbin=g++", "--threads", "4",
       "-t", "2", "-t4", "--threads=0", "-MD", "-MF", "x.d", "-MT", "y",
       "--keep", "-keep-dir", "/tmp", "-Wno-deprecated-gpu-targets",
       "--resource-usage", "-res-usage", "-Xptxas", "-v", "-Xptxas=-O3",
       "-Xcudafe", "--diag_suppress=177", "-Xlinker", "-rpath,/opt/lib",
       "--diag-suppress", "20012,20013", "-diag-suppress=177",
       "--diag-warn=550", "-Wreorder", "-Wmissing-launch-bounds", "-m64",
       "-cudart", "static", "--cudadevrt=static", "-lcublas", "-L/opt/lib",
       "-allow-unsupported-compiler", "-Xnvlink", "--suppress-stack-size-warning",
       "--generate-line-info", "--prec-sqrt=true", "-src-in-ptx", "-restrict",
       "-o", "other.o", "--output-file=third.o"});
  EXPECT_THAT(flags(R), ElementsAre("-Wreorder", "-x", "cuda"));
  EXPECT_THAT(dropped(R), IsEmpty());
}

TEST(NvccTranslation, WerrorForms) {
  TranslatedCommand R = nvcc({"-Werror", "all-warnings",
                              "-Werror=cross-execution-space-call,reorder",
                              "--Werror", "deprecated-declarations"});
  // Never as errors; where clang has the warning, enabled.
  EXPECT_THAT(flags(R), ElementsAre("-Wreorder", "-Wdeprecated-declarations",
                                    "-x", "cuda"));
  EXPECT_THAT(dropped(R), IsEmpty());
  // The host compiler's forms.
  TranslatedCommand Host =
      nvcc({"-Xcompiler=-Werror,-Werror=unused-variable,-Wno-error=shadow,"
            "-Werror=logical-op,-pedantic-errors"});
  EXPECT_THAT(flags(Host), ElementsAre("-Wunused-variable", "-Wno-error=shadow",
                                       "-x", "cuda"));
  EXPECT_THAT(dropped(Host), ElementsAre("-Werror=logical-op"));
  // `-Werror` followed by a flag: the host's -Werror, not nvcc's.
  TranslatedCommand Alone = nvcc({"-forward-unknown-to-host-compiler", "-Werror",
                                  "-Wall"});
  EXPECT_THAT(flags(Alone), ElementsAre("-Wall", "-x", "cuda"));
}

//===--- Paths, macros, standard, optimization ---===//

TEST(NvccTranslation, IncludesAndMacros) {
  TranslatedCommand R = nvcc(
      {"-Ia", "-I", "b", "-I=c", "--include-path", "d", "--include-path=e,f",
       "-isystem", "g", "-isystem=h", "--system-include=i", "-DX", "-D", "Y=1",
       "-DZ=a,W", "--define-macro=V", "-UQ", "-U", "P", "--undefine-macro=O",
       "-include", "pre.h", "--pre-include=p2.h"});
  EXPECT_THAT(flags(R),
              ElementsAre("-Ia", "-Ib", "-Ic", "-Id", "-Ie", "-If", "-isystem",
                          "g", "-isystem", "h", "-isystem", "i", "-DX", "-DY=1",
                          "-DZ=a", "-DW", "-DV", "-UQ", "-UP", "-UO", "-include",
                          "pre.h", "-include", "p2.h", "-x", "cuda"));
  EXPECT_THAT(dropped(R), IsEmpty());
}

TEST(NvccTranslation, StandardAndOptimization) {
  EXPECT_THAT(flags(nvcc({"-std=c++17"})), ElementsAre("-std=c++17", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"--std", "c++20"})), ElementsAre("-std=c++20", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-std", "c++14"})), ElementsAre("-std=c++14", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"--std=c++17"})), ElementsAre("-std=c++17", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-O3"})), ElementsAre("-O3", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-O", "2"})), ElementsAre("-O2", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"--optimize=1"})), ElementsAre("-O1", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-Ofc", "max"})), ElementsAre("-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-noeh", "-ftemplate-depth", "512", "-w"})),
              ElementsAre("-fno-exceptions", "-ftemplate-depth=512", "-w", "-x",
                          "cuda"));
}

//===--- Response files ---===//

TEST(NvccTranslation, ResponseFiles) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/build/inc.rsp", 0,
              llvm::MemoryBuffer::getMemBuffer("-I/opt/inc \"-I/path with space\""));
  FS->addFile("/build/sub/flags.txt", 0,
              llvm::MemoryBuffer::getMemBuffer("--extended-lambda\n-arch=sm_80 @nested.rsp"));
  FS->addFile("/build/sub/nested.rsp", 0,
              llvm::MemoryBuffer::getMemBuffer("-DNESTED"));
  FS->addFile("/build/opts.txt", 0,
              llvm::MemoryBuffer::getMemBuffer("-maxrregcount=32 --options-file inc.rsp"));
  TranslatedCommand R = nvcc({"@inc.rsp", "@sub/flags.txt"}, "/src/a.cu", FS.get());
  EXPECT_THAT(flags(R), ElementsAre("-I/opt/inc",
                                    "-I/path with space", "-DNESTED", "-x", "cuda"));
  EXPECT_THAT(R.GpuArchs, ElementsAre("sm_80"));
  EXPECT_TRUE(R.Facts.ExtendedLambda);

  TranslatedCommand Optf = nvcc({"--options-file", "opts.txt"}, "/src/a.cu", FS.get());
  EXPECT_EQ(Optf.Facts.MaxRRegCount, 32u);
  EXPECT_THAT(flags(Optf),
              ElementsAre("-I/opt/inc", "-I/path with space", "-x", "cuda"));
  EXPECT_THAT(flags(nvcc({"-optf=inc.rsp"}, "/src/a.cu", FS.get())),
              ElementsAre("-I/opt/inc", "-I/path with space", "-x", "cuda"));

  // A response file not written yet (CMake writes some at build time).
  TranslatedCommand Missing = nvcc({"@missing.rsp", "-DX"}, "/src/a.cu", FS.get());
  EXPECT_THAT(flags(Missing), ElementsAre("-DX", "-x", "cuda"));
  EXPECT_THAT(dropped(Missing), ElementsAre("@missing.rsp"));
}

//===--- Source selection and launchers ---===//

TEST(NvccTranslation, SourceFile) {
  // Relative in the command, absolute in the database entry.
  clang::tooling::CompileCommand Cmd(
      "/build", "/build/src/k.cu",
      {"nvcc", "-c", "src/k.cu", "-o", "src/k.cu.o"}, "src/k.cu.o");
  TranslatedCommand R = translateCompileCommand(Cmd);
  EXPECT_THAT(R.Args, ElementsAre("clang++", "-x", "cuda", "src/k.cu"));
  EXPECT_THAT(dropped(R), IsEmpty());
  // A launcher in front of nvcc.
  clang::tooling::CompileCommand Ccache(
      "/build", "/src/k.cu", {"/usr/bin/ccache", "/opt/cuda/bin/nvcc", "-arch=sm_90",
                              "-c", "/src/k.cu"},
      "");
  TranslatedCommand C = translateCompileCommand(Ccache);
  EXPECT_TRUE(C.Facts.FromNvcc);
  EXPECT_THAT(C.GpuArchs, ElementsAre("sm_90"));
  EXPECT_TRUE(isNvccCompiler("C:\\CUDA\\bin\\nvcc.exe"));
  EXPECT_TRUE(isNvccCompiler("nvcc"));
  EXPECT_FALSE(isNvccCompiler("/usr/bin/clang++"));
}

//===--- Headers: a unit's command interpolated by clang (`... -- h.cuh`) ---===//

TEST(NvccTranslation, InterpolatedHeaderCommand) {
  std::string Error;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      R"([{"directory": "/build", "file": "/src/scale.cu",
           "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DBLOCK=128 -I/src/include -isystem=/usr/local/cuda/include --generate-code=arch=compute_80,code=[compute_80,sm_80] --generate-code=arch=compute_90,code=[compute_90,sm_90] --extended-lambda -Xcompiler=-Wall -maxrregcount=64 -std=c++17 -x cu -c /src/scale.cu -o scale.cu.o"}])",
      Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  ASSERT_TRUE(DB) << Error;
  auto Inferred = clang::tooling::inferMissingCompileCommands(std::move(DB));
  auto Cmds = Inferred->getCompileCommands("/src/include/common.cuh");
  ASSERT_EQ(Cmds.size(), 1u);
  TranslatedCommand R = translateCompileCommand(Cmds[0]);
  EXPECT_TRUE(R.IsCuda);
  EXPECT_EQ(R.Args.back(), "/src/include/common.cuh");
  EXPECT_THAT(R.Args, Contains("-DBLOCK=128"));
  EXPECT_THAT(R.Args, Contains("-Wall"));
  EXPECT_THAT(R.Args, Not(Contains("--")));
  EXPECT_THAT(R.Args, Not(Contains("/src/scale.cu")));
  EXPECT_THAT(R.GpuArchs, ElementsAre("sm_80", "sm_90"));
  EXPECT_EQ(R.Facts.MaxRRegCount, 64u);
  EXPECT_THAT(dropped(R), IsEmpty());
}

TEST(NvccTranslation, DashDashEndsOptions) {
  clang::tooling::CompileCommand Cmd("/build", "/src/-odd.cu",
                                     {"nvcc", "-DX", "--", "/src/-odd.cu"}, "");
  EXPECT_THAT(translateCompileCommand(Cmd).Args,
              ElementsAre("clang++", "-DX", "-x", "cuda", "/src/-odd.cu"));
  clang::tooling::CompileCommand Clang("/build", "/src/h.cuh",
                                       {"clang++", "-DX", "--", "/src/h.cuh"}, "");
  TranslatedCommand R = translateCompileCommand(Clang);
  EXPECT_TRUE(R.IsCuda);
  EXPECT_THAT(R.Args, ElementsAre("clang++", "-DX", "-x", "cuda", "/src/h.cuh"));
}

//===--- A compile database is untrusted input (issue 18) ---===//

/// Translates `clang++ -x cuda <Flags> -c /src/a.cu` run in /build.
TranslatedCommand clangCmd(std::vector<std::string> Flags, llvm::vfs::FileSystem *FS = nullptr,
                           const ResponseFilePolicy &Policy = {}) {
  std::vector<std::string> Line = {"clang++", "-x", "cuda"};
  Line.insert(Line.end(), Flags.begin(), Flags.end());
  Line.insert(Line.end(), {"-c", "/src/a.cu"});
  return translateCompileCommand(
      clang::tooling::CompileCommand("/build", "/src/a.cu", Line, ""), FS, Policy);
}

TEST(UntrustedDatabase, FlagsThatWriteFilesOrLoadCodeAreDropped) {
  TranslatedCommand R = clangCmd({"--serialize-diagnostics", "/tmp/d.dia", "-fplugin=/p.so",
                                  "-Xclang", "-load", "-Xclang", "/p.so", "-mllvm", "-stats",
                                  "-fmodules-cache-path=/m", "-ftime-trace", "-dependency-file",
                                  "/d", "-Wp,-MD,/d", "-Xarch_device", "-fplugin=/q.so",
                                  "-include-pch", "/x.pch", "--config=/c.cfg", "-DKEEP"});
  EXPECT_THAT(flags(R), ElementsAre("-DKEEP", "-x", "cuda"));
  EXPECT_THAT(dropped(R),
              ElementsAre("--serialize-diagnostics /tmp/d.dia", "-fplugin=/p.so", "-Xclang -load",
                          "-Xclang /p.so", "-mllvm -stats", "-fmodules-cache-path=/m",
                          "-ftime-trace", "-dependency-file /d", "-Wp,-MD,/d",
                          "-Xarch_device -fplugin=/q.so", "-include-pch /x.pch",
                          "--config=/c.cfg"));
  for (const DroppedFlag &D : R.DroppedFlags)
    EXPECT_THAT(D.Reason, HasSubstr("may write files or load code")) << D.Flag;

  // The same flags forwarded by nvcc to its host compiler.
  TranslatedCommand H = nvcc({"-Xcompiler=-fplugin=/p.so,-ftime-trace", "-DKEEP"});
  EXPECT_THAT(flags(H), ElementsAre("-DKEEP", "-x", "cuda"));
  EXPECT_THAT(dropped(H), ElementsAre("-fplugin=/p.so", "-ftime-trace"));
  TranslatedCommand F = nvcc({"-forward-unknown-to-host-compiler", "--serialize-diagnostics",
                              "/tmp/d.dia"});
  EXPECT_THAT(dropped(F), ElementsAre("--serialize-diagnostics /tmp/d.dia"));
}

TEST(UntrustedDatabase, SafeFlagsAreKept) {
  std::vector<std::string> Safe = {"-Xclang", "-fcuda-allow-variadic-functions", "-Wall",
                                   "-Werror=return-type", "-fPIC", "-march=native", "-O2",
                                   "-g", "-std=c++17", "-isystem", "/opt/inc", "-include",
                                   "pre.h", "-fno-threadsafe-statics",
                                   "-fmacro-prefix-map=/a=/b", "-pthread"};
  TranslatedCommand R = clangCmd(Safe);
  EXPECT_THAT(dropped(R), IsEmpty());
  EXPECT_TRUE(hasSeq(flags(R), {"-Xclang", "-fcuda-allow-variadic-functions", "-Wall"}));
  EXPECT_THAT(flags(R), Contains("-Wreturn-type")); // warnings, never errors
  EXPECT_THAT(flags(R), Contains("-march=native"));
}

TEST(UntrustedDatabase, ResponseFileFlagsAreNeverPrinted) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/build/a.rsp", 0,
              llvm::MemoryBuffer::getMemBuffer("-DA --secret-unknown=hunter2 @b.rsp"));
  FS->addFile("/build/b.rsp", 0, llvm::MemoryBuffer::getMemBuffer("-fplugin=/p.so"));
  FS->addFile("/etc/outside.rsp", 0, llvm::MemoryBuffer::getMemBuffer("-DOUTSIDE"));
  FS->addFile("/build/big.rsp", 0, llvm::MemoryBuffer::getMemBuffer(std::string(64, 'x')));
  FS->addFile("/buildx/a.rsp", 0, llvm::MemoryBuffer::getMemBuffer("-DBESIDE"));
  ResponseFilePolicy Policy;
  Policy.RestrictToTrees = true;
  Policy.AllowedTrees = {"/build"};
  Policy.MaxFileBytes = 40;
  TranslatedCommand R =
      clangCmd({"@a.rsp", "@/etc/outside.rsp", "@big.rsp", "@/buildx/a.rsp"}, FS.get(), Policy);
  EXPECT_THAT(flags(R), ElementsAre("-DA", "-x", "cuda"));
  // Response files are refused while they are expanded, before any flag.
  EXPECT_THAT(dropped(R), ElementsAre("@/etc/outside.rsp", "@big.rsp", "@/buildx/a.rsp",
                                      "argument 2 of response file 'a.rsp'",
                                      "argument 1 of the response file named by argument 3 of "
                                      "response file 'a.rsp'"));
  for (const DroppedFlag &D : R.DroppedFlags) {
    EXPECT_THAT(D.describe(), Not(HasSubstr("hunter2")));
    EXPECT_THAT(D.describe(), Not(HasSubstr("plugin")));
  }
  EXPECT_THAT(R.DroppedFlags[0].describe(), Eq("response file '@/etc/outside.rsp'"));
  EXPECT_THAT(R.DroppedFlags[0].Reason, HasSubstr("outside the compilation database's"));
  EXPECT_THAT(R.DroppedFlags[1].Reason, HasSubstr("larger than 40 bytes"));
  EXPECT_THAT(R.DroppedFlags[2].Reason, HasSubstr("outside the compilation database's"));
  EXPECT_THAT(R.DroppedFlags[4].Reason, HasSubstr("may write files or load code"));
  // Without the restriction (cuda-lint restricts; the default does not).
  EXPECT_THAT(flags(clangCmd({"@/etc/outside.rsp"}, FS.get())),
              ElementsAre("-DOUTSIDE", "-x", "cuda"));
  // A file that names itself is read once per nesting chain.
  FS->addFile("/build/self.rsp", 0, llvm::MemoryBuffer::getMemBuffer("-DSELF @self.rsp"));
  TranslatedCommand Self = clangCmd({"@self.rsp"}, FS.get(), Policy);
  EXPECT_THAT(flags(Self), ElementsAre("-DSELF", "-x", "cuda"));
  ASSERT_EQ(Self.DroppedFlags.size(), 1u);
  EXPECT_THAT(Self.DroppedFlags[0].Reason, HasSubstr("includes itself"));
}

//===--- clang and gcc commands ---===//

TEST(ClangCommandTranslation, ClangCuda) {
  clang::tooling::CompileCommand Cmd(
      "/build", "/src/k.cu",
      {"/usr/bin/clang++-22", "-x", "cuda", "--cuda-gpu-arch=sm_80",
       "--offload-arch=sm_90,sm_80", "-fgpu-rdc", "-Xcuda-ptxas",
       "--maxrregcount=64", "--cuda-path=/usr/local/cuda", "-I/inc", "-MD", "-MF",
       "k.d", "-c", "/src/k.cu", "-o", "k.o"},
      "k.o");
  TranslatedCommand R = translateCompileCommand(Cmd);
  EXPECT_THAT(R.Args, ElementsAre("/usr/bin/clang++-22", "-fgpu-rdc",
                                  "--cuda-path=/usr/local/cuda", "-I/inc", "-x",
                                  "cuda", "/src/k.cu"));
  EXPECT_THAT(R.GpuArchs, ElementsAre("sm_80", "sm_90"));
  EXPECT_TRUE(R.IsCuda);
  EXPECT_FALSE(R.Facts.FromNvcc);
  EXPECT_TRUE(R.Facts.RelocatableDeviceCode);
  EXPECT_EQ(R.Facts.MaxRRegCount, 64u);
  EXPECT_THAT(dropped(R), IsEmpty());
}

TEST(ClangCommandTranslation, GccCommands) {
  clang::tooling::CompileCommand Cxx(
      "/build", "/src/main.cpp",
      {"/usr/bin/c++", "-DFOO", "-isystem", "/usr/local/cuda/include", "-O3",
       "-fPIE", "-Wall", "-Wlogical-op", "-Werror", "-std=gnu++17", "-c",
       "/src/main.cpp", "-o", "main.o"},
      "main.o");
  TranslatedCommand R = translateCompileCommand(Cxx);
  EXPECT_THAT(R.Args, ElementsAre("/usr/bin/c++", "-DFOO", "-isystem",
                                  "/usr/local/cuda/include", "-O3", "-fPIE",
                                  "-Wall", "-std=gnu++17", "/src/main.cpp"));
  EXPECT_FALSE(R.IsCuda);
  EXPECT_THAT(dropped(R), ElementsAre("-Wlogical-op"));

  clang::tooling::CompileCommand C("/build", "/src/u.c",
                                   {"/usr/bin/cc", "-std=gnu11", "-c", "/src/u.c"}, "");
  EXPECT_THAT(translateCompileCommand(C).Args,
              ElementsAre("/usr/bin/cc", "-std=gnu11", "/src/u.c"));
  // A .cu compiled by clang without -x is CUDA too.
  clang::tooling::CompileCommand Cu("/build", "/src/k.cu",
                                    {"clang++", "-c", "/src/k.cu"}, "");
  TranslatedCommand K = translateCompileCommand(Cu);
  EXPECT_TRUE(K.IsCuda);
  EXPECT_THAT(K.Args, ElementsAre("clang++", "-x", "cuda", "/src/k.cu"));
}

/// Whether a unit is CUDA decides whether it is analysed at all (a C or C++
/// unit is left out): clang's spellings of the language, and a header
/// compiled as the unit whose command it borrows.
TEST(ClangCommandTranslation, LanguageSpellings) {
  auto Clang = [](std::vector<std::string> Flags) {
    std::vector<std::string> Line = {"clang++"};
    Line.insert(Line.end(), Flags.begin(), Flags.end());
    Line.insert(Line.end(), {"-c", "/src/k.cpp"});
    return translateCompileCommand(clang::tooling::CompileCommand("/build", "/src/k.cpp", Line, ""));
  };
  EXPECT_TRUE(Clang({"-x", "cu"}).IsCuda);
  EXPECT_TRUE(Clang({"-xcu"}).IsCuda);
  EXPECT_TRUE(Clang({"--language=cu"}).IsCuda);
  EXPECT_TRUE(Clang({"--language", "cuda"}).IsCuda);
  EXPECT_THAT(Clang({"-x", "cu"}).Args, ElementsAre("clang++", "-x", "cuda", "/src/k.cpp"));
  EXPECT_FALSE(Clang({}).IsCuda);
  EXPECT_FALSE(Clang({"-x", "c++"}).IsCuda);
}

TEST(ClangCommandTranslation, HeaderIsCompiledAsItsDonor) {
  // commandsFor: the donor's command verbatim, the header in place of its
  // source, "command of DONOR".
  auto Borrowed = [](std::string Compiler, std::string Donor, std::string Header) {
    clang::tooling::CompileCommand Cmd("/build", Header, {Compiler, "-c", Header}, "");
    Cmd.Heuristic = "command of " + Donor;
    return translateCompileCommand(Cmd);
  };
  EXPECT_TRUE(Borrowed(Nvcc, "/src/user.cu", "/src/kern.h").IsCuda);
  EXPECT_TRUE(Borrowed("clang++", "/src/user.cu", "/src/kern.hpp").IsCuda);
  EXPECT_FALSE(Borrowed(Nvcc, "/src/main.cpp", "/src/kern.h").IsCuda);
  EXPECT_FALSE(Borrowed("g++", "/src/main.cpp", "/src/kern.h").IsCuda);
  EXPECT_EQ(donorOf("command of /src/user.cu"), "/src/user.cu");
  EXPECT_EQ(donorOf("inferred from /src/user.cu"), "");
}

TEST(CommandLineFlags, LanguageAndHeaders) {
  EXPECT_TRUE(fromCommandLineFlags("/src/k.cpp", {"-x", "cu"}).Command.IsCuda);
  EXPECT_TRUE(fromCommandLineFlags("/src/k.cpp", {"--language=cuda"}).Command.IsCuda);
  EXPECT_TRUE(fromCommandLineFlags("/src/k.cpp", {"--x=cu"}).Command.IsCuda); // nvcc's spelling
  EXPECT_FALSE(fromCommandLineFlags("/src/k.cpp", {"-x", "cuda", "-x", "c++"}).Command.IsCuda);
  EXPECT_FALSE(fromCommandLineFlags("/src/k.cpp", {}).Command.IsCuda);
  EXPECT_TRUE(fromCommandLineFlags("/src/k.cu", {}).Command.IsCuda);
  // No database says how a header is compiled: it is analysed as CUDA,
  // with clang's flags or nvcc's, unless `-x` says otherwise.
  EXPECT_TRUE(fromCommandLineFlags("/src/k.h", {"-I/inc"}).Command.IsCuda);
  EXPECT_TRUE(fromCommandLineFlags("/src/k.hpp", {"-arch=sm_80"}).Command.IsCuda);
  EXPECT_FALSE(fromCommandLineFlags("/src/k.h", {"-x", "c++"}).Command.IsCuda);
}

TEST(NvccTranslation, ClangGpuArchNames) {
  EXPECT_EQ(clangGpuArch("sm_80"), std::optional<std::string>("sm_80"));
  EXPECT_EQ(clangGpuArch("compute_90"), std::optional<std::string>("sm_90"));
  EXPECT_EQ(clangGpuArch("sm_90a"), std::optional<std::string>("sm_90a"));
  EXPECT_EQ(clangGpuArch("sm_100f"), std::optional<std::string>("sm_100a"));
  EXPECT_EQ(clangGpuArch(" sm_86 "), std::optional<std::string>("sm_86"));
  EXPECT_EQ(clangGpuArch("bogus"), std::nullopt);
  EXPECT_EQ(clangGpuArch("sm_9x"), std::nullopt);
  EXPECT_EQ(clangGpuArch("sm_"), std::nullopt);
}

} // namespace

#include "driver/NvccTolerance.h"

namespace {
/// The asm operand-comma tolerance recognises exactly a constraint string
/// right after an operand's `)` inside an asm statement's operand lists.
TEST(NvccTolerance, MissingAsmOperandComma) {
  auto At = [](llvm::StringRef Text) {
    return cuda_lint::isMissingAsmOperandComma(Text, Text.find("\"l\""));
  };
  EXPECT_TRUE(At(R"(asm volatile("st [%1], %0;" ::"r"(v) "l"(p) : "memory");)"));
  EXPECT_TRUE(At(R"(__asm__ __volatile__("st [%1], %0;" : "=r"(x) "l"(p));)"));
  EXPECT_TRUE(At(R"(asm("a" "b" : "=r"(f(x, (y))) "l"(p));)"));
  EXPECT_TRUE(At(R"x(asm("st [%1], %0;" ::"r"(v)"l"(p));)x")); // no blank between
  // A comma is there, or the string is not an operand constraint.
  EXPECT_FALSE(At(R"(asm("st;" :: "r"(v), "l"(p));)"));
  EXPECT_FALSE(At(R"(puts(("x") "l"(p));)"));
  EXPECT_FALSE(At(R"(asm("st;"); g(f(x) "l"(p));)"));
  EXPECT_FALSE(At(R"(asm(f(x) "l"(p));)")); // no ':' before it
}
} // namespace

namespace {
/// Inserting `typename ` and mapping offsets back round-trip: every byte of
/// the original keeps its offset, and the inserted words map to the name
/// after them.
TEST(NvccTolerance, TypenameInsertionOffsets) {
  llvm::StringRef Text = "f<A::t, B::u>(); g<C::v>();";
  std::vector<unsigned> At = {unsigned(Text.find("A::t")), unsigned(Text.find("B::u")),
                              unsigned(Text.find("C::v"))};
  std::string Out = cuda_lint::insertMissingKeywords(Text, {At[2], At[0], At[1], At[0]});
  EXPECT_EQ(Out, "f<typename A::t, typename B::u>(); g<typename C::v>();");
  EXPECT_EQ(cuda_lint::insertMissingKeywords("o.get<R>(x); p->f<1>();", {2, 16}, {2, 16}),
            "o.template get<R>(x); p->template f<1>();");
  for (unsigned I = 0; I < Out.size(); ++I) {
    unsigned O = cuda_lint::originalOffset(I, At);
    ASSERT_LE(O, Text.size());
    // Outside the inserted words, the same byte; inside one, its name's.
    if (Out.compare(I, 9, "typename ") == 0) {
      EXPECT_TRUE(llvm::is_contained(At, O)) << I;
    }
    EXPECT_TRUE(Out[I] == Text[O] || llvm::is_contained(At, O)) << I;
  }
  EXPECT_EQ(cuda_lint::originalOffset(Out.find("();"), At), Text.find("();"));
  EXPECT_EQ(cuda_lint::originalOffset(Out.rfind("();"), At), Text.rfind("();"));
  EXPECT_EQ(cuda_lint::originalOffset(Out.size(), At), Text.size());
}
} // namespace
