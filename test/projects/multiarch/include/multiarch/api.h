// Host entry points of the multiarch example (sizes in elements).
#pragma once
#include <cstddef>

void scaleOnDevice(float *Data, std::size_t N, float Factor);
float sumOnDevice(const float *Data, std::size_t N);
void clampOnDevice(float *Data, std::size_t N);
