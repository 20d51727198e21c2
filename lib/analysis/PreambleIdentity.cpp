#include "analysis/PreambleIdentity.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Serialization/ModuleFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/xxhash.h"
#include <mutex>
#include <string>
#include <vector>

using namespace clang;

namespace cuda_lint {
namespace {

uint64_t fullIdentity(llvm::StringRef Bytes) {
  return llvm::xxh3_64bits(Bytes) ^ Bytes.size();
}

/// The hash of the first and last 4 KiB of \p Bytes (the whole buffer when
/// it is shorter than 8 KiB).
uint64_t edgesHash(llvm::StringRef Bytes) {
  constexpr size_t Edge = 4096;
  if (Bytes.size() <= 2 * Edge)
    return llvm::xxh3_64bits(Bytes);
  return llvm::xxh3_64bits(Bytes.take_front(Edge)) ^
         (llvm::xxh3_64bits(Bytes.take_back(Edge)) * 0x9E3779B97F4A7C15ULL);
}

struct Registered {
  const char *Data;
  std::string FileName;
  size_t Size;
  uint64_t Edges;
  uint64_t Identity;
};

std::mutex RegistryMutex;
std::vector<Registered> Registry; // most recent last
constexpr size_t RegistrySize = 16;

} // namespace

void registerPreambleBytes(llvm::StringRef Bytes, llvm::StringRef FileName) {
  // A file is known by its name only: the buffer it was read into for
  // hashing is gone once the caller returns, and a later mapping of another
  // file may take its address.
  Registered R{FileName.empty() ? Bytes.data() : nullptr, FileName.str(), Bytes.size(),
               edgesHash(Bytes), fullIdentity(Bytes)};
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  llvm::erase_if(Registry, [&](const Registered &E) {
    return (R.Data && E.Data == R.Data) || (!R.FileName.empty() && E.FileName == R.FileName);
  });
  if (Registry.size() >= RegistrySize)
    Registry.erase(Registry.begin());
  Registry.push_back(std::move(R));
}

uint64_t preambleBytesIdentity(llvm::StringRef Bytes, llvm::StringRef FileName) {
  {
    std::lock_guard<std::mutex> Lock(RegistryMutex);
    // The most recent registration first.
    auto It = llvm::find_if(llvm::reverse(Registry), [&](const Registered &E) {
      return E.Size == Bytes.size() &&
             ((E.Data && E.Data == Bytes.data()) ||
              (!FileName.empty() && E.FileName == FileName));
    });
    if (It != Registry.rend()) {
      if (It->Edges == edgesHash(Bytes))
        return It->Identity;
      Registry.erase(std::next(It).base()); // stale: the address or name is another's now
    }
  }
  return fullIdentity(Bytes);
}

std::optional<uint64_t> preambleIdentity(ASTContext &Ctx, Preprocessor *PP) {
  if (!PP || !Ctx.getExternalSource() || !PP->getExternalSource())
    return std::nullopt;
  // The preprocessor's and the AST's external sources are one ASTReader
  // when the unit was read from an AST file (ASTReader is the only class of
  // clang that is both; LLVM is built without RTTI).
  auto *Reader = static_cast<ASTReader *>(PP->getExternalSource());
  if (static_cast<ExternalASTSource *>(Reader) != Ctx.getExternalSource())
    return std::nullopt;
  std::vector<uint64_t> Ids;
  for (const serialization::ModuleFile &MF : Reader->getModuleManager()) {
    if ((MF.Kind != serialization::MK_Preamble && MF.Kind != serialization::MK_PCH) ||
        !MF.Buffer)
      return std::nullopt; // preambles, nothing else
    Ids.push_back(preambleBytesIdentity(MF.Buffer->getBuffer(), MF.FileName));
  }
  if (Ids.empty())
    return std::nullopt;
  return chainedPreambleIdentity(Ids);
}

uint64_t chainedPreambleIdentity(llvm::ArrayRef<uint64_t> Ids) {
  if (Ids.size() == 1)
    return Ids.front();
  std::vector<uint64_t> Sorted(Ids.begin(), Ids.end());
  llvm::sort(Sorted);
  return llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Sorted.data()), Sorted.size() * sizeof(uint64_t)));
}

} // namespace cuda_lint
