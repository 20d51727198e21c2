#include "checks/SharedInitializerCheck.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
using Reason = SharedInitializerCheck::Reason;
namespace {


/// Whether \p CD is an empty constructor (CUDA C++ Programming Guide, the
/// restrictions on __device__/__shared__ variable initialization; clang's
/// SemaCUDA::isEmptyConstructor): trivial, or defined with no parameters, an
/// empty body, no virtual functions or bases, and only empty constructors of
/// bases and members. On failure, \p Why says where it is not.
bool isEmptyConstructor(const CXXConstructorDecl *CD, Reason &Why) {
  if (CD->isTrivial())
    return true;
  const CXXRecordDecl *RD = CD->getParent();
  if (RD->isDynamicClass()) {
    Why = {RD->getLocation(),
           "%0 has virtual functions or virtual bases: the constructor sets "
           "its vtable pointer",
           RD};
    return false;
  }
  const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(CD->getDefinition());
  if (!Def || !Def->hasTrivialBody() || Def->getNumParams() != 0) {
    Why = {CD->getLocation(), "the default constructor of %0 is not empty", RD};
    return false;
  }
  if (RD->isUnion())
    return true;
  for (const CXXCtorInitializer *CI : Def->inits()) {
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(CI->getInit());
    if (CE && isEmptyConstructor(CE->getConstructor(), Why))
      continue;
    if (!CE) {
      if (const FieldDecl *F = CI->getMember();
          F && isa<CXXDefaultInitExpr>(CI->getInit()))
        Why = {F->getLocation(),
               "member '" + F->getName().str() +
                   "' of %0 has a default member initializer",
               RD};
      else
        Why = {CI->getSourceLocation().isValid() ? CI->getSourceLocation()
                                                 : CD->getLocation(),
               CI->getMember() ? "the default constructor of %0 initializes "
                                 "member '" +
                                     CI->getMember()->getName().str() + "'"
                               : std::string("the default constructor of %0 "
                                             "initializes a base"),
               RD};
    }
    return false;
  }
  return true;
}

/// Whether \p DD is an empty destructor (clang's SemaCUDA::isEmptyDestructor):
/// absent, trivial, or defined with an empty body in a class without virtual
/// functions whose bases and members have empty destructors.
bool isEmptyDestructor(const CXXDestructorDecl *DD, Reason &Why) {
  if (!DD || DD->isTrivial())
    return true;
  const CXXRecordDecl *RD = DD->getParent();
  if (!DD->hasTrivialBody() || RD->isDynamicClass()) {
    Why = {DD->getLocation(), "the destructor of %0 is not empty", RD};
    return false;
  }
  if (RD->isUnion())
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *BR = B.getType()->getAsCXXRecordDecl())
      if (!isEmptyDestructor(BR->getDestructor(), Why))
        return false;
  for (const FieldDecl *F : RD->fields())
    if (const CXXRecordDecl *FR =
            F->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
      if (!isEmptyDestructor(FR->getDestructor(), Why))
        return false;
  return true;
}

/// Whether default-constructing a \p RD is empty when no constructor call is
/// in the AST to look at (a variable clang rejected, or one in a template):
/// a trivial or declared default constructor is judged as above; a defaulted
/// one that was never defined is judged from what it would do (virtual
/// functions, default member initializers, bases and members).
bool isEmptyDefaultConstruction(const CXXRecordDecl *RD, Reason &Why,
                                unsigned Depth = 0) {
  if (!RD || !RD->hasDefinition() || RD->hasTrivialDefaultConstructor() ||
      Depth > 16)
    return true;
  for (const CXXConstructorDecl *C : RD->ctors())
    if (C->isDefaultConstructor() && !(C->isDefaulted() && !C->hasBody()))
      return isEmptyConstructor(C, Why);
  if (RD->isDynamicClass()) {
    Why = {RD->getLocation(),
           "%0 has virtual functions or virtual bases: the constructor sets "
           "its vtable pointer",
           RD};
    return false;
  }
  if (RD->isUnion())
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!isEmptyDefaultConstruction(B.getType()->getAsCXXRecordDecl(), Why,
                                    Depth + 1))
      return false;
  for (const FieldDecl *F : RD->fields()) {
    if (F->hasInClassInitializer()) {
      Why = {F->getLocation(),
             "member '" + F->getName().str() +
                 "' of %0 has a default member initializer",
             RD};
      return false;
    }
    if (!isEmptyDefaultConstruction(
            F->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(), Why,
            Depth + 1))
      return false;
  }
  return true;
}

/// Whether the initializer of \p VD is one the source spells (`= x`, `(x)`,
/// `{...}`), as opposed to the implicit default construction of its type.
bool hasWrittenInitializer(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return false;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
    return CE->getParenOrBraceRange().isValid() || CE->getNumArgs() != 0 ||
           CE->isListInitialization();
  return true;
}

/// Whether \p RD is a libcu++ class (namespace `cuda`, `cuda::std`, ...).
bool isLibcudacxxType(const CXXRecordDecl *RD) {
  const DeclContext *Outer = nullptr;
  for (const DeclContext *DC = RD->getDeclContext(); DC && !DC->isTranslationUnit();
       DC = DC->getParent())
    if (DC->isNamespace())
      Outer = DC;
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(Outer);
  return NS && NS->getName() == "cuda";
}

} // namespace

void SharedInitializerCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(varDecl(hasAttr(attr::CUDAShared)).bind("var"), this);
}

void SharedInitializerCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *VD = Result.Nodes.getNodeAs<VarDecl>("var");
  ASTContext &Ctx = *Result.Context;
  // `extern __shared__` is dynamic shared memory: never initialized, never
  // constructed (cuda-dynamic-shared-declaration checks its form).
  if (VD->hasExternalStorage() || isa<ParmVarDecl>(VD))
    return;
  const auto *InFunction = dyn_cast<FunctionDecl>(VD->getDeclContext());
  // A variable of a template is checked in the template when its type does
  // not depend on the template's parameters (clang checks it only in each
  // instantiation, and drops the body of an instantiation it rejects, so the
  // instantiated variable is often not in the AST). A dependent type spelled
  // as a template parameter of the enclosing function template is checked
  // with each of its template arguments; other dependent types are left to
  // clang's own diagnostic, which this rule owns.
  QualType T = VD->getType();
  const FunctionDecl *Instantiated = nullptr;
  if (InFunction && InFunction->isTemplateInstantiation())
    Instantiated = InFunction;
  auto Once = [&] {
    return reportOnce(VD->getLocation().getPtrEncoding());
  };

  if (hasWrittenInitializer(VD)) {
    if (!Once())
      return;
    report(VD->getLocation(),
           "__shared__ variable '%0' has an initializer; shared memory is not "
           "initialized: assign it in the kernel and synchronize before "
           "reading it")
        << VD->getName();
    noteInstantiation(Instantiated);
    return;
  }

  if (T->isDependentType() && !Ctx.getBaseElementType(T)->isDependentType()) {
    // `__shared__ Elem buf[N]` with a dependent extent: the element type
    // decides.
    const CXXRecordDecl *ERD =
        Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
    if (!ERD || !ERD->hasDefinition())
      return;
    reportIfConstructed(VD, Ctx, T, ERD, T->isArrayType(), nullptr);
    return;
  }
  if (T->isDependentType()) {
    const FunctionTemplateDecl *FTD =
        InFunction ? InFunction->getDescribedFunctionTemplate() : nullptr;
    const auto *Parm = dyn_cast<TemplateTypeParmType>(
        Ctx.getBaseElementType(T).getCanonicalType());
    if (!FTD || !Parm ||
        Parm->getDepth() != FTD->getTemplateParameters()->getDepth())
      return;
    for (const FunctionDecl *Spec : FTD->specializations()) {
      const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
      if (!Args || Parm->getIndex() >= Args->size() ||
          Args->get(Parm->getIndex()).getKind() != TemplateArgument::Type)
        continue;
      QualType Arg = Args->get(Parm->getIndex()).getAsType();
      const CXXRecordDecl *ARD =
          Ctx.getBaseElementType(Arg)->getAsCXXRecordDecl();
      if (!ARD || !ARD->hasDefinition())
        continue;
      // Arrays of the parameter (`__shared__ T buf[N]`) keep their extent
      // out of this: only whether the element type is constructed matters.
      if (reportIfConstructed(VD, Ctx, Arg, ARD, T->isArrayType(), Spec))
        return;
    }
    return;
  }

  const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return;
  reportIfConstructed(VD, Ctx, T, RD, T->isArrayType(), Instantiated,
                      dyn_cast_or_null<CXXConstructExpr>(
                          VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr));
}

bool SharedInitializerCheck::reportIfConstructed(const VarDecl *VD, const ASTContext &Ctx,
                                                 QualType T, const CXXRecordDecl *RD,
                                                 bool IsArray,
                                                 const FunctionDecl *Instantiated,
                                                 const CXXConstructExpr *Init) {
  Reason CtorWhy, DtorWhy;
  bool CtorEmpty = Init ? isEmptyConstructor(Init->getConstructor(), CtorWhy)
                        : isEmptyDefaultConstruction(RD, CtorWhy);
  bool DtorEmpty = isEmptyDestructor(RD->getDestructor(), DtorWhy);
  if (CtorEmpty && DtorEmpty)
    return false;
  reportType(VD, Ctx, T, IsArray, CtorEmpty, CtorWhy, DtorWhy, Instantiated);
  return true;
}

void SharedInitializerCheck::reportType(const VarDecl *VD, const ASTContext &Ctx,
                                        QualType T, bool IsArray,
                                        bool CtorEmpty, const Reason &CtorWhy,
                                        const Reason &DtorWhy,
                                        const FunctionDecl *Instantiated) {
  QualType Elem = Ctx.getBaseElementType(T);
  const CXXRecordDecl *RD = Elem->getAsCXXRecordDecl();
  bool DtorEmpty = DtorWhy.Class == nullptr;
  if (isLibcudacxxType(RD)) {
    // Built to live in shared memory and be set up with init() or
    // make_pipeline() afterwards; nvcc accepts it (warning #20054, which the
    // CUDA samples silence). Only clang 22 rejects it, and only where its own
    // test fails: a non-empty constructor, or a non-empty destructor of a
    // variable that is not an array.
    // On a project built with nvcc that is correct code: no finding, and
    // clang's error at the line is dropped (portabilityApplies).
    bool ClangRejects = !CtorEmpty || (!IsArray && !DtorEmpty);
    if (!ClangRejects ||
        !portabilityApplies(CudaCompiler::Clang, VD->getLocation()) ||
        !reportOnce(VD->getLocation().getPtrEncoding()))
      return;
    report(VD->getLocation(),
           "clang rejects __shared__ variable '%0' of libcu++ type %1, which "
           "nvcc accepts: the type is meant to be declared without construction "
           "and set up afterwards (init(), make_pipeline()); portability only",
           Severity::Portability)
        << VD->getName() << Elem;
    noteInstantiation(Instantiated);
    return;
  }
  if (!reportOnce(VD->getLocation().getPtrEncoding()))
    return;
  const Reason &Why = CtorEmpty ? DtorWhy : CtorWhy;
  if (!CtorEmpty)
    report(VD->getLocation(),
           "__shared__ variable '%0' of type %1 needs dynamic initialization, "
           "which shared memory does not have: its constructor never runs")
        << VD->getName() << T;
  else
    report(VD->getLocation(),
           "__shared__ variable '%0' of type %1 has a destructor that is not "
           "empty; it never runs")
        << VD->getName() << T;
  if (Why.Loc.isValid() && Why.Class)
    note(Why.Loc, Why.Text) << Why.Class;
  noteInstantiation(Instantiated);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(SharedInitializerCheck)

} // namespace cuda_lint
