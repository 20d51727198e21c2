#include "driver/FindingSources.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileSystemOptions.h"

using namespace clang;

namespace cuda_lint {

FindingSources::FindingSources(std::string BaseDir)
    : Diags(std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(), DiagOpts,
                                                new IgnoringDiagConsumer())),
      Files(std::make_unique<FileManager>(FileSystemOptions())),
      SM(std::make_unique<SourceManager>(*Diags, *Files)), BaseDir(std::move(BaseDir)) {}

FileID FindingSources::fileId(llvm::StringRef File) {
  auto It = Ids.find(File);
  if (It != Ids.end())
    return It->second;
  FileID Id;
  llvm::StringRef Name = File;
  std::string Rel;
  if (!BaseDir.empty() && Name.starts_with(BaseDir) &&
      Name.drop_front(BaseDir.size()).starts_with("/")) {
    Rel = Name.drop_front(BaseDir.size() + 1).str();
    Name = Rel;
  }
  if (auto FE = Files->getOptionalFileRef(Name))
    Id = SM->getOrCreateFileID(*FE, SrcMgr::C_User);
  Ids[File] = Id;
  return Id;
}

SourceLocation FindingSources::location(llvm::StringRef File, unsigned Offset) {
  FileID Id = fileId(File);
  if (Id.isInvalid())
    return {};
  bool Invalid = false;
  llvm::StringRef Buf = SM->getBufferData(Id, &Invalid);
  if (Invalid || Offset > Buf.size())
    return {};
  return SM->getComposedLoc(Id, Offset);
}

std::pair<unsigned, unsigned> FindingSources::lineColumn(llvm::StringRef File,
                                                         unsigned Offset) {
  SourceLocation Loc = location(File, Offset);
  if (Loc.isInvalid())
    return {0, 0};
  return {SM->getSpellingLineNumber(Loc), SM->getSpellingColumnNumber(Loc)};
}

llvm::StringRef FindingSources::lineText(llvm::StringRef File, unsigned Line) {
  FileID Id = fileId(File);
  if (Id.isInvalid() || Line == 0)
    return "";
  bool Invalid = false;
  SourceLocation Start = SM->translateLineCol(Id, Line, 1);
  if (Start.isInvalid())
    return "";
  llvm::StringRef Buf = SM->getBufferData(Id, &Invalid);
  unsigned Off = SM->getFileOffset(Start);
  if (Invalid || Off > Buf.size())
    return "";
  return Buf.substr(Off).split('\n').first.rtrim('\r');
}

} // namespace cuda_lint
