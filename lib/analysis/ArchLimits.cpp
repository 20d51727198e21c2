#include "analysis/ArchLimits.h"

namespace cuda_lint {
namespace {
constexpr uint64_t KiB = 1024;
// CUDA C++ Programming Guide, "Compute Capabilities", "Technical
// Specifications per Compute Capability". Keep sorted by Arch.
constexpr ArchLimits Table[] = {
    {50, 2048, 48 * KiB},  {52, 2048, 48 * KiB},  {53, 2048, 48 * KiB},
    {60, 2048, 48 * KiB},  {61, 2048, 48 * KiB},  {62, 2048, 48 * KiB},
    {70, 2048, 96 * KiB},  {72, 2048, 96 * KiB},  {75, 1024, 64 * KiB},
    {80, 2048, 163 * KiB}, {86, 1536, 99 * KiB},  {87, 2048, 163 * KiB},
    {89, 1536, 99 * KiB},  {90, 2048, 227 * KiB}, {100, 2048, 227 * KiB},
    {101, 2048, 227 * KiB}, {103, 2048, 227 * KiB}, {110, 2048, 227 * KiB},
    {120, 1536, 99 * KiB}, {121, 1536, 99 * KiB},
};
} // namespace

std::optional<ArchLimits> archLimits(unsigned Arch) {
  const ArchLimits *Best = nullptr;
  for (const ArchLimits &Row : Table)
    if (Row.Arch <= Arch && Row.Arch / 10 == Arch / 10)
      Best = &Row;
  if (!Best)
    return std::nullopt;
  return *Best;
}

} // namespace cuda_lint
