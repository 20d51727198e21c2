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

} // namespace cuda_lint
