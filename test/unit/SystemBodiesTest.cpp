// Unit tests of lib/analysis/SystemBodies.h: which function bodies in system
// headers a side leaves unparsed, and the audit that checks the choice.
//
// Each test parses CUDA (host side) against an in-memory file tree: a toolkit
// include directory (recognised by its cuda_runtime_api.h and cuda_fp16.h),
// its crt/ directory, one of clang's wrapper headers, a C++ library directory
// and another -isystem library, then asks the policy about each function.
#include "analysis/SystemBodies.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <list>
#include <map>

#ifndef CUDA_LINT_RESOURCE_DIR
#define CUDA_LINT_RESOURCE_DIR "/usr/lib/llvm-22/lib/clang/22"
#endif

using namespace clang;
using namespace cuda_lint;

namespace {

const char *const Attrs = "#pragma once\n"
                          "#define __global__ __attribute__((global))\n"
                          "#define __device__ __attribute__((device))\n"
                          "#define __host__ __attribute__((host))\n";

/// \p Code parsed as CUDA (host side) with \p SystemDirs as -isystem and
/// \p Files in memory.
std::unique_ptr<ASTUnit> parseWith(const std::string &Code,
                                   const std::vector<std::string> &SystemDirs,
                                   const tooling::FileContentMappings &Mapped) {
  // buildASTFromCodeWithArgs does not copy the mapped files' contents
  // (MemoryBuffer::getMemBuffer): the AST reads them again after this returns
  // (line numbers are computed on first use), so they must outlive it. A
  // temporary list here was freed memory by then, and a test saw the line
  // numbers of a reused allocation now and then (1 run in 100).
  static std::list<tooling::FileContentMappings> KeptAlive;
  const tooling::FileContentMappings &Files = KeptAlive.emplace_back(Mapped);
  std::vector<std::string> Args = {"-x", "cuda", "--cuda-host-only", "-nocudainc",
                                   "-nocudalib", "-std=c++17", "-Wno-unknown-cuda-version",
                                   "-resource-dir=" CUDA_LINT_RESOURCE_DIR};
  for (const std::string &D : SystemDirs) {
    Args.push_back("-isystem");
    Args.push_back(D);
  }
  return tooling::buildASTFromCodeWithArgs(Code, Args, "/project/input.cu", "clang-tool",
                                           std::make_shared<PCHContainerOperations>(),
                                           tooling::getClangStripDependencyFileAdjuster(),
                                           Files);
}

std::unique_ptr<ASTUnit> parse(const std::string &Code) {
  tooling::FileContentMappings Files = {
      {"/sdk/include/attrs.h", Attrs},
      {"/sdk/include/cuda_runtime_api.h", "#pragma once\n"},
      {"/sdk/include/cuda_fp16.h", "#pragma once\n"},
      {"/sdk/include/cuda_fp16.hpp",
       "#include <attrs.h>\n"
       "__device__ inline int half_add(int a, int b) { return a + b; }\n"
       "template <typename T> __device__ T half_generic(T a) { return a; }\n"
       "struct half_box {\n"
       "  __device__ half_box() {}\n"
       "  __device__ ~half_box() {}\n"
       "  __device__ int get() const { return 1; }\n"
       "};\n"},
      {"/sdk/include/crt/math_functions.hpp",
       "#include <attrs.h>\n"
       "__device__ inline float crt_sqrt(float x) { return x; }\n"
       "__global__ void crt_kernel(float *p) { p[0] = 0; }\n"},
      {"/sdk/include/cooperative_groups.h",
       "#include <attrs.h>\n"
       "__device__ inline void cg_sync_helper() {}\n"},
      {"/sdk/include/sm_20_intrinsics.hpp",
       "#include <attrs.h>\n"
       "__device__ inline int sm20_helper(int x) { return x; }\n"},
      {"/sdk/include/sm_32_intrinsics.hpp",
       "#include <attrs.h>\n"
       "__device__ inline int sm32_helper(int x) { return x; }\n"},
      {"/res/__clang_cuda_wrapper_part.h",
       "#include <attrs.h>\n"
       "__device__ inline int wrapper_helper(int x) { return x; }\n"},
      {"/cxx/c++/12/bits/c++config.h", ""},
      {"/notlib/c++/include/notlib.h",
       "#include <attrs.h>\n"
       "__device__ inline int notlib_helper(int x) { return x; }\n"},
      {"/cxx/c++/12/algo.h",
       "inline int cxx_helper(int x) { return x; }\n"
       "template <typename F> void cxx_each(F f) { f(1); }\n"},
      {"/otherlib/include/otherlib.h",
       "#include <attrs.h>\n"
       "__device__ inline int other_helper(int x) { return x; }\n"},
  };
  return parseWith(Code,
                   {"/sdk/include", "/res", "/cxx", "/otherlib/include", "/notlib/c++/include"},
                   Files);
}

/// The policy's answer for every defined function, by name (a function
/// template's instantiations as "name<inst>").
std::map<std::string, bool> decisions(ASTUnit &AST) {
  struct Collect : RecursiveASTVisitor<Collect> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    SystemBodyPolicy *Policy;
    std::map<std::string, bool> *Out;
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (!FD->doesThisDeclarationHaveABody())
        return true;
      std::string Name = FD->getNameAsString();
      if (FD->getTemplateInstantiationPattern())
        Name += "<inst>";
      (*Out)[Name] = Policy->canSkip(*FD);
      return true;
    }
  };
  SystemBodyPolicy Policy(AST.getSourceManager());
  std::map<std::string, bool> Out;
  Collect C;
  C.Policy = &Policy;
  C.Out = &Out;
  C.TraverseDecl(AST.getASTContext().getTranslationUnitDecl());
  return Out;
}

TEST(SystemBodiesTest, SkipsNonTemplateBodiesOfLeafHeadersOnly) {
  std::unique_ptr<ASTUnit> AST = parse(
      "#include <cuda_fp16.hpp>\n"
      "#include <crt/math_functions.hpp>\n"
      "#include <cooperative_groups.h>\n"
      "#include <sm_20_intrinsics.hpp>\n"
      "#include <sm_32_intrinsics.hpp>\n"
      "#include <__clang_cuda_wrapper_part.h>\n"
      "#include <c++/12/algo.h>\n"
      "#include <otherlib.h>\n"
      "#include <notlib.h>\n"
      "__device__ int own(int x) { return half_generic(x); }\n"
      "void host_own() { cxx_each([](auto v) { (void)v; }); }\n");
  ASSERT_TRUE(AST);
  std::map<std::string, bool> D = decisions(*AST);
  for (const char *Name : {"half_add", "get", "crt_sqrt", "sm32_helper", "wrapper_helper",
                           "cxx_helper", "half_generic", "half_generic<inst>", "cxx_each",
                           "cxx_each<inst>", "crt_kernel", "cg_sync_helper", "sm20_helper",
                           "other_helper", "own", "host_own", "half_box", "~half_box",
                           "notlib_helper"})
    EXPECT_EQ(D.count(Name), 1u) << Name << " was not parsed";
  // Leaves: clang's wrapper, the C++ library, the toolkit's crt/ and its
  // arithmetic and intrinsic headers.
  EXPECT_TRUE(D["half_add"]);
  EXPECT_TRUE(D["get"]); // a member of a non-template class
  EXPECT_TRUE(D["crt_sqrt"]);
  EXPECT_TRUE(D["sm32_helper"]);
  EXPECT_TRUE(D["wrapper_helper"]);
  EXPECT_TRUE(D["cxx_helper"]);
  // Kept: templates and their instantiations, kernels, the headers that are
  // not leaves (cooperative groups, sm_20_intrinsics.hpp, another library),
  // the project's own code.
  EXPECT_FALSE(D["half_generic"]);
  EXPECT_FALSE(D["half_generic<inst>"]);
  EXPECT_FALSE(D["cxx_each"]);
  EXPECT_FALSE(D["cxx_each<inst>"]);
  EXPECT_FALSE(D["crt_kernel"]);
  EXPECT_FALSE(D["cg_sync_helper"]);
  EXPECT_FALSE(D["sm20_helper"]);
  EXPECT_FALSE(D["other_helper"]);
  EXPECT_FALSE(D["notlib_helper"]); // a c++ directory without the library's marker
  EXPECT_FALSE(D["half_box"]);      // constructors and destructors: their
  EXPECT_FALSE(D["~half_box"]);     // emptiness is read from the body
  EXPECT_FALSE(D["own"]);
  EXPECT_FALSE(D["host_own"]);
}

TEST(SystemBodiesTest, AToolkitHeaderOutsideTheToolkitIsNotALeaf) {
  // cuda_fp16.hpp in a directory without cuda_runtime_api.h: not the toolkit.
  std::unique_ptr<ASTUnit> AST = parseWith(
      "#include <cuda_fp16.hpp>\n", {"/fake"},
      {{"/fake/attrs.h", Attrs},
       {"/fake/cuda_fp16.hpp",
        "#include <attrs.h>\n__device__ inline int half_add(int a, int b) { return a + b; }\n"}});
  ASSERT_TRUE(AST);
  std::map<std::string, bool> D = decisions(*AST);
  ASSERT_EQ(D.count("half_add"), 1u);
  EXPECT_FALSE(D["half_add"]);
}

TEST(SystemBodiesTest, AuditNamesSkippedBodiesThatReachTheTable) {
  std::unique_ptr<ASTUnit> AST = parse(
      "#include <attrs.h>\n"
      "extern \"C\" __device__ void __syncthreads();\n"
      "#include <cuda_fp16.hpp>\n"
      "#include <crt/math_functions.hpp>\n"
      "#include <sm_32_intrinsics.hpp>\n");
  ASSERT_TRUE(AST);
  BodySkipAudit Clean = auditBodySkipping(AST->getASTContext());
  EXPECT_EQ(Clean.Skippable, 4u); // half_add, get, crt_sqrt, sm32_helper
  EXPECT_TRUE(Clean.Violations.empty());

  // A leaf's helper that reaches a barrier through another helper is named;
  // a leaf function that is itself in the table (__shfl_sync) is not.
  std::unique_ptr<ASTUnit> Bad = parseWith(
      "#include <c++/12/leaf.hpp>\n", {"/cxx"},
      {{"/cxx/attrs.h", Attrs},
       {"/cxx/c++/12/bits/c++config.h", ""},
       {"/cxx/c++/12/leaf.hpp",
        "#include <attrs.h>\n"
        "extern \"C\" __device__ void __syncthreads();\n"
        "__device__ inline int __shfl_sync(unsigned m, int v, int l) { __syncthreads(); return v; }\n"
        "__device__ inline void inner() { __syncthreads(); }\n"
        "__device__ inline void outer() { inner(); }\n"
        "__device__ inline int plain(int x) { return x; }\n"}});
  ASSERT_TRUE(Bad);
  BodySkipAudit A = auditBodySkipping(Bad->getASTContext());
  EXPECT_EQ(A.Skippable, 4u);
  ASSERT_EQ(A.Violations.size(), 2u);
  EXPECT_EQ(A.Violations[0], "inner (leaf.hpp:4)");
  EXPECT_EQ(A.Violations[1], "outer (leaf.hpp:5)");
}

} // namespace
