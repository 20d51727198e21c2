//===- WmmaFragmentTest.cpp - Unit tests of analysis/WmmaFragment ---------===//
//
// A small stand-in of crt/mma.h (the namespaces and tags of nvcuda::wmma, a
// primary `fragment` template and a few specializations) parsed as C++: the
// decoder reads the template arguments, so the real header is not needed.
// Each variable `vN` is one type to decode; each call `probe(...)` one call.
//
//===----------------------------------------------------------------------===//
#include "analysis/WmmaFragment.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace cuda_lint;

namespace {

const char *const Header = R"cpp(
  struct __half {};
  typedef __half half;
  struct __nv_bfloat16 {};
  namespace nvcuda { namespace wmma {
    struct row_major; struct col_major;
    struct matrix_a; struct matrix_b; struct accumulator;
    namespace precision { struct tf32; }
    namespace experimental { namespace precision { struct u4; struct s4; struct b1; } }
    enum layout_t { mem_row_major, mem_col_major };
    template <typename Use, int m, int n, int k, typename T, typename Layout = void> class fragment;
    template <> class fragment<matrix_a, 16, 16, 16, __half, row_major> {};
    template <> class fragment<accumulator, 16, 16, 16, float> {};
    template <> class fragment<accumulator, 8, 8, 4, double> {};
    void load_matrix_sync(fragment<matrix_a, 16, 16, 16, __half, row_major> &, const __half *, unsigned);
    void load_matrix_sync(fragment<accumulator, 16, 16, 16, float> &, const float *, unsigned, layout_t);
  } }
  namespace other { template <typename Use, int m, int n, int k, typename T, typename L = void> class fragment {}; }
)cpp";

std::unique_ptr<ASTUnit> parse(llvm::StringRef Code) {
  std::string All = std::string(Header) + Code.str();
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(All, {"-std=c++17", "-fsyntax-only"}, "input.cc");
  EXPECT_TRUE(AST);
  return AST;
}

/// The variables named v<digits> of the main file, in order.
std::vector<const VarDecl *> vars(ASTUnit &AST) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    std::vector<const VarDecl *> Out;
    bool VisitVarDecl(VarDecl *VD) {
      if (VD->getIdentifier() && VD->getName().starts_with("v"))
        Out.push_back(VD);
      return true;
    }
  } V;
  V.TraverseDecl(AST.getASTContext().getTranslationUnitDecl());
  return V.Out;
}

TEST(WmmaFragment, DecodesTheTemplateArguments) {
  auto AST = parse(R"cpp(
    using namespace nvcuda;
    namespace wm = nvcuda::wmma;
    typedef wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> TF;
    void f() {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> v1;
      TF *v2;
      wm::fragment<wm::accumulator, 8, 8, 4, double> v3[2];
      extern const wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> &v4;
      other::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> v5;
      (void)v4;
      int v6;
    }
  )cpp");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  auto V = vars(*AST);
  ASSERT_EQ(V.size(), 6u);
  const WmmaFragment *F1 = decodeWmmaFragment(Ctx, V[0]->getType());
  ASSERT_TRUE(F1);
  EXPECT_EQ(F1->Use, WmmaUse::MatrixA);
  EXPECT_EQ(F1->Shape, (WmmaShape{16, 16, 16}));
  EXPECT_EQ(F1->Elem, WmmaElem::Half);
  EXPECT_EQ(F1->Layout, WmmaLayout::RowMajor);
  EXPECT_TRUE(F1->isSupported());
  EXPECT_EQ(F1->str(), "fragment<matrix_a, 16, 16, 16, half, row_major>");
  // Cached: the same object for the same canonical type.
  EXPECT_EQ(decodeWmmaFragment(Ctx, V[0]->getType()), F1);
  // A pointer is not a fragment; its pointee is.
  EXPECT_FALSE(decodeWmmaFragment(Ctx, V[1]->getType()));
  const WmmaFragment *F2 = decodeWmmaFragment(Ctx, V[1]->getType()->getPointeeType());
  ASSERT_TRUE(F2);
  EXPECT_EQ(F2->Elem, WmmaElem::TF32);
  EXPECT_EQ(F2->Use, WmmaUse::MatrixB);
  EXPECT_EQ(F2->Layout, WmmaLayout::ColMajor);
  const WmmaFragment *F3 = decodeWmmaFragment(Ctx, V[2]->getType()); // an array
  ASSERT_TRUE(F3);
  EXPECT_EQ(F3->Use, WmmaUse::Accumulator);
  EXPECT_EQ(F3->Elem, WmmaElem::Double);
  EXPECT_EQ(F3->Layout, WmmaLayout::Void);
  EXPECT_TRUE(F3->isSupported());
  const WmmaFragment *F4 = decodeWmmaFragment(Ctx, V[3]->getType()); // a reference
  ASSERT_TRUE(F4);
  EXPECT_EQ(F4->Elem, WmmaElem::B1);
  EXPECT_EQ(F4->Shape, (WmmaShape{8, 8, 128}));
  EXPECT_TRUE(F4->isSupported());
  EXPECT_FALSE(decodeWmmaFragment(Ctx, V[4]->getType())); // another namespace
  EXPECT_FALSE(decodeWmmaFragment(Ctx, V[5]->getType()));
}

TEST(WmmaFragment, SupportedCombinations) {
  WmmaFragment F;
  F.Use = WmmaUse::MatrixA;
  F.Elem = WmmaElem::Half;
  F.Layout = WmmaLayout::ColMajor;
  for (WmmaShape S : {WmmaShape{16, 16, 16}, WmmaShape{32, 8, 16}, WmmaShape{8, 32, 16}}) {
    F.Shape = S;
    EXPECT_TRUE(F.isSupported()) << S.str();
  }
  F.Shape = {16, 16, 8};
  EXPECT_FALSE(F.isSupported());
  F.Layout = WmmaLayout::Void; // a multiplicand needs a layout
  F.Shape = {16, 16, 16};
  EXPECT_FALSE(F.isSupported());
  // Sub-byte: matrix_a row_major only.
  F.Elem = WmmaElem::U4;
  F.Shape = {8, 8, 32};
  F.Layout = WmmaLayout::ColMajor;
  EXPECT_FALSE(F.isSupported());
  F.Layout = WmmaLayout::RowMajor;
  EXPECT_TRUE(F.isSupported());
  // Accumulators.
  EXPECT_TRUE(isSupportedAccumulator({16, 16, 16}, WmmaElem::Half));
  EXPECT_TRUE(isSupportedAccumulator({16, 16, 8}, WmmaElem::Float));
  EXPECT_FALSE(isSupportedAccumulator({16, 16, 8}, WmmaElem::Half));
  EXPECT_TRUE(isSupportedAccumulator({8, 8, 128}, WmmaElem::Int));
  EXPECT_FALSE(isSupportedAccumulator({8, 8, 4}, WmmaElem::Float));
  EXPECT_EQ(accumulatorsFor(WmmaElem::BFloat16).size(), 1u);
  EXPECT_EQ(accumulatorsFor(WmmaElem::BFloat16)[0], WmmaElem::Float);
  EXPECT_EQ(minArchFor(WmmaElem::TF32), 80u);
  EXPECT_EQ(minArchFor(WmmaElem::SChar), 72u);
  EXPECT_EQ(minArchFor(WmmaElem::B1), 75u);
  EXPECT_EQ(minArchFor(WmmaElem::Half), 70u);
  EXPECT_EQ(elemBits(WmmaElem::S4), 4u);
  EXPECT_EQ(elemBits(WmmaElem::TF32), 32u);
}

TEST(WmmaFragment, DecodesCallsResolvedOrNot) {
  auto AST = parse(R"cpp(
    using namespace nvcuda;
    void probe(int);
    void f(const half *p, const float *q) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
      wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
      wmma::load_matrix_sync(a, p, 16);
      wmma::load_matrix_sync(c, q, 16);
      probe(1);
    }
  )cpp");
  ASSERT_TRUE(AST);
  struct Visitor : RecursiveASTVisitor<Visitor> {
    std::vector<WmmaCall> Calls;
    int Others = 0;
    bool VisitExpr(Expr *E) {
      if (!isa<CallExpr, RecoveryExpr>(E))
        return true;
      if (auto C = decodeWmmaCall(E))
        Calls.push_back(*C);
      else
        ++Others;
      return true;
    }
  } V;
  V.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  ASSERT_EQ(V.Calls.size(), 2u);
  EXPECT_EQ(V.Calls[0].Fn, WmmaFunction::Load);
  EXPECT_TRUE(V.Calls[0].Callee);
  EXPECT_EQ(V.Calls[0].Args.size(), 3u);
  // The accumulator load without a layout matched no overload.
  EXPECT_FALSE(V.Calls[1].Callee);
  EXPECT_TRUE(isa<RecoveryExpr>(V.Calls[1].E));
  EXPECT_EQ(V.Calls[1].Args.size(), 3u);
  EXPECT_EQ(V.Calls[1].name(), "load_matrix_sync");
  EXPECT_EQ(V.Others, 1); // probe(1)
}

TEST(WmmaFragment, DependentTypesPerSpecialization) {
  auto AST = parse(R"cpp(
    using namespace nvcuda;
    template <int M, typename T> void g() {
      wmma::fragment<wmma::matrix_a, M, 16, 16, T, wmma::row_major> vdep;
    }
    template void g<16, half>();
  )cpp");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const VarDecl *Pattern = nullptr;
  for (const VarDecl *VD : vars(*AST))
    if (VD->getType()->isDependentType())
      Pattern = VD;
  ASSERT_TRUE(Pattern);
  const auto *FD = cast<FunctionDecl>(Pattern->getDeclContext());
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  ASSERT_TRUE(FTD);
  unsigned Specs = 0;
  for (const FunctionDecl *Spec : FTD->specializations()) {
    auto F = decodeWmmaFragmentIn(Ctx, Pattern->getType(), Spec);
    ASSERT_TRUE(F);
    EXPECT_EQ(F->Shape, (WmmaShape{16, 16, 16}));
    EXPECT_EQ(F->Elem, WmmaElem::Half);
    EXPECT_EQ(F->Layout, WmmaLayout::RowMajor);
    EXPECT_TRUE(F->isSupported());
    ++Specs;
  }
  EXPECT_EQ(Specs, 1u);
}

} // namespace
