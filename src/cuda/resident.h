/* Resident blocks of a kernel on the current device: SMs times the blocks of
   `threads` threads and `smem` bytes of dynamic shared memory one SM holds (the
   kernel's shared-memory limit is raised to smem on the way). Asked once per
   device and kernel (the same answer every time); -1 on an error. C++ (CUDA). */
#ifndef GTSV_CUDA_RESIDENT_H
#define GTSV_CUDA_RESIDENT_H

#include <atomic>
#include <cuda_runtime.h>

template <auto kernel> int gtsv__resident_blocks(int threads, int smem)
{
  static std::atomic<int> cache[64];
  int dev = 0, sms = 0, per = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return -1;
  int v = dev >= 0 && dev < 64 ? cache[dev].load(std::memory_order_relaxed) : 0;
  if (v > 0) return v;
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) !=
          cudaSuccess ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, threads, smem) !=
          cudaSuccess ||
      per < 1) {
    (void)cudaGetLastError();
    return -1;
  }
  v = sms * per;
  if (dev >= 0 && dev < 64) cache[dev].store(v, std::memory_order_relaxed);
  return v;
}

#endif /* GTSV_CUDA_RESIDENT_H */
