#include "driver/InputFiles.h"
#include "llvm/Support/FileSystem.h"

namespace cuda_lint {

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readRegularFile(llvm::StringRef Path,
                                                                    uint64_t MaxBytes) {
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Path, St))
    return llvm::createStringError(EC, EC.message());
  if (St.type() == llvm::sys::fs::file_type::directory_file)
    return llvm::createStringError("it is a directory");
  if (St.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::createStringError("it is not a regular file");
  if (St.getSize() > MaxBytes)
    return llvm::createStringError("it is larger than " + std::to_string(MaxBytes) + " bytes");
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), Buf.getError().message());
  if ((*Buf)->getBufferSize() > MaxBytes)
    return llvm::createStringError("it is larger than " + std::to_string(MaxBytes) + " bytes");
  return std::move(*Buf);
}

llvm::Expected<llvm::json::Value> parseBoundedJson(llvm::StringRef Text) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character, '"' included
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxJsonDepth) {
        llvm::StringRef Before = Text.take_front(I);
        size_t LineStart = Before.rfind('\n');
        size_t Line = 1 + Before.count('\n');
        size_t Col = 1 + I - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1);
        return llvm::createStringError("[" + std::to_string(Line) + ":" + std::to_string(Col) +
                                       ", byte=" + std::to_string(I) +
                                       "]: arrays and objects nest more than " +
                                       std::to_string(MaxJsonDepth) + " levels deep");
      }
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return llvm::json::parse(Text);
}

} // namespace cuda_lint
